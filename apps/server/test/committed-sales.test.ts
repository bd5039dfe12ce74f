import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMITTED_SALE_MESSAGES, permissionDeniedMessage } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { onHand } from './stock-kit.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/**
 * Committed sales (issue 10 item 3): the point of sale's intake, the open list with its search, manual transact and
 * finish by invoice (INVENTORY_SALE through the ledger, once; all or none per invoice), strict mode, permissions.
 */
let t: TestApp;
let clerk: { token: string; username: string; id: number };
let board: { token: string; username: string; id: number };
let admin: { token: string; username: string; id: number };
let tv: CreatedProduct;
let kit: CreatedProduct;

const post = (token: string, url: string, payload: object) => injectAs(t.app, token, { method: 'POST', url, payload });
const intake = (product: CreatedProduct, body: object, token = clerk.token) =>
  post(token, '/api/ims/committed-sales', {
    model: product.modelNumber,
    sourceBucket: 'KY01_B_STOCK',
    quantity: 1,
    ...body,
  });
const transact = (ref: string, body: object = {}, token = board.token) =>
  post(token, `/api/ims/committed-sales/${ref}/transact`, { invoicedByName: 'pos-user', ...body });
const finish = (invoice: string, body: object = {}, token = board.token) =>
  post(token, '/api/ims/legacy-wpos/finishInvoice/', {
    legacyPosInvoiceId: invoice,
    invoicedById: 'pos-user',
    ...body,
  });
const list = (query = '', token = board.token) =>
  injectAs(t.app, token, { method: 'GET', url: `/api/ims/committed-sales${query}` });

async function serialState(number: string) {
  const rows = await queryRows<{ disposition_code: string; bucket: string | null }>(
    t.db,
    sql`select disposition_code, bucket from inventory_serials where serial_number = ${number}`,
  );
  return rows[0] ?? null;
}
const ledgerRows = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory_transactions`))[0]!.n;
const ledgerClean = async () => (await t.services.ledger.check()).differences;
/** An admin's quick transfer (strict mode off): stock leaves a bucket whatever is committed from it. */
async function move(product: CreatedProduct, from: string, to: string, quantity: number) {
  const res = await post(admin.token, '/api/ims/transacted-transfers/quickTransferWithoutSerials', {
    fromBucket: from,
    toBucket: to,
    model: product.modelNumber,
    requestedQuantity: quantity,
    scanningRequired: false,
    strictMode: false,
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  clerk = await createSignedInUser(t, { role: 'sales-1' });
  board = await createSignedInUser(t, { role: 'user' });
  admin = await createSignedInUser(t, { role: 'admin' });
  [tv, kit] = (await createProducts(t.db, [
    { modelNumber: 'SALE-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'SALE-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct];
  await receiveStock(t.services, tv, 'KY01_B_STOCK', {
    serials: [['STV-1'], ['STV-2'], ['STV-3'], ['STV-4'], ['STV-5'], ['STV-6'], ['STV-7']],
  });
  await receiveStock(t.services, tv, 'KY01', { serials: [['STV-9']] });
  await receiveStock(t.services, kit, 'KY01_B_STOCK', { units: 20 });
});
afterAll(() => t?.close());

describe('intake', () => {
  it('commits one sale per line with its CS- reference and serials, reserving them', async () => {
    const res = await intake(tv, {
      legacyPosInvoiceId: 'INV-100',
      serials: ['stv-1'],
      scannedUpc: tv.upc,
      commitNotes: ' Front desk ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      ims_transaction_reference_id: expect.stringMatching(/^CS-\d{7}$/),
      legacy_pos_invoice_id: 'INV-100',
      product: { model: 'SALE-TV', serial_number_tracked: 1 },
      committed_quantity: 1,
      scanning_required: true,
      source_bucket: 'KY01_B_STOCK',
      commit_notes: 'Front desk',
      committed_by_name: clerk.username,
      serials: [
        {
          serial_number: 'stv-1',
          scanned_upc: tv.upc,
          qc_complete: false,
          packed: false,
          fk_inventory_serial_id: expect.any(Number),
        },
      ],
      transacted_at: null,
    });
    expect(await onHand(t.db, tv, 'KY01_B_STOCK')).toBe(7);
    const preview = await injectAs(t.app, clerk.token, {
      method: 'GET',
      url: `/api/ims/inventory/product/preview?model=${tv.modelNumber}`,
    });
    expect(preview.json().inventory.find((r: { bucket: string }) => r.bucket === 'KY01_B_STOCK')).toMatchObject({
      quantity: 7,
      committed_quantity: 1,
      available: 6,
    });
  });

  it('refuses an unknown model or bucket, serials of an untracked product, a wrong count or a repeat (422)', async () => {
    const refused = async (product: CreatedProduct, body: object, message: string) => {
      const res = await intake(product, { legacyPosInvoiceId: 'INV-BAD', ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
    };
    await refused({ ...kit, modelNumber: 'NO-SUCH' }, {}, 'Product NO-SUCH does not exist');
    await refused(kit, { sourceBucket: 'NOWHERE' }, 'Bucket NOWHERE does not exist');
    await refused(kit, { serials: ['X1'] }, 'Model SALE-KIT is not serial tracked: it sells without serials');
    await refused(tv, { quantity: 2, serials: ['STV-2'] }, 'Selling 2 of model SALE-TV takes 2 serial(s), not 1');
    await refused(tv, { quantity: 2, serials: ['STV-2', 'stv-2'] }, 'Serial STV-2 is listed twice');
    expect((await list('?search=inv-bad')).json().data).toEqual([]);
  });

  it('needs inventory:view (403 for the bare user role)', async () => {
    const res = await intake(kit, { legacyPosInvoiceId: 'INV-X' }, board.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('access denied');
  });
});

describe('the open list', () => {
  it('lists open sales, searching invoice and model case-insensitively (contains)', async () => {
    await intake(kit, { legacyPosInvoiceId: 'Web-5501' });
    const all = (await list()).json().data as { legacy_pos_invoice_id: string }[];
    expect(all.map((s) => s.legacy_pos_invoice_id)).toEqual(expect.arrayContaining(['INV-100', 'Web-5501']));
    expect(
      ((await list('?search=eb-55')).json().data as { legacy_pos_invoice_id: string }[]).map(
        (s) => s.legacy_pos_invoice_id,
      ),
    ).toEqual(['Web-5501']);
    const byModel = (await list('?search=le-t')).json().data as { product: { model: string } }[];
    expect(byModel.length).toBeGreaterThan(0);
    expect(byModel.every((s) => s.product.model === 'SALE-TV')).toBe(true);
    expect((await list('?search=%25')).json().data).toEqual([]);
    expect((await list('?search=nothing-like-this')).json().data).toEqual([]);
  });
});

describe('transact', () => {
  it('sells through the ledger once: on-hand down, serial SOLD, ledger clean; a second call answers the first', async () => {
    const sale = (await intake(tv, { legacyPosInvoiceId: 'INV-200', serials: 'STV-2' })).json();
    const ref = sale.ims_transaction_reference_id as string;
    const before = await onHand(t.db, tv, 'KY01_B_STOCK');
    const rows = await ledgerRows();
    const done = await transact(ref, { finishNotes: 'Picked up' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain('Success');
    expect(done.json()).toMatchObject({
      already_transacted: false,
      committed_sales: [
        {
          ims_transaction_reference_id: ref,
          transacted_at: expect.any(String),
          transacted_by_name: board.username,
          invoiced_by_name: 'pos-user',
          finish_notes: 'Picked up',
          strict_mode: true,
        },
      ],
    });
    expect(await onHand(t.db, tv, 'KY01_B_STOCK')).toBe(before - 1);
    expect(await serialState('STV-2')).toEqual({ disposition_code: 'SOLD', bucket: null });
    expect(await ledgerRows()).toBe(rows + 1);
    const [posted] = await queryRows<{
      type: string;
      quantity_delta: number;
      details: { reference_id: string };
      client_request_id: string;
    }>(
      t.db,
      sql`select type, quantity_delta, details, client_request_id from inventory_transactions order by id desc limit 1`,
    );
    expect(posted).toMatchObject({
      type: 'INVENTORY_SALE',
      quantity_delta: -1,
      details: { reference_id: ref },
      client_request_id: `${ref}/transact`,
    });
    expect(await ledgerClean()).toEqual([]);

    const again = await transact(ref, { finishNotes: 'Other' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already_transacted: true, committed_sales: [{ finish_notes: 'Picked up' }] });
    expect(await ledgerRows()).toBe(rows + 1);
    expect(
      ((await list()).json().data as { ims_transaction_reference_id: string }[]).map(
        (s) => s.ims_transaction_reference_id,
      ),
    ).not.toContain(ref);
  });

  it('strict mode refuses a tracked product without its serials, more than on hand, and a serial elsewhere', async () => {
    const noSerials = (await intake(tv, { legacyPosInvoiceId: 'INV-300' })).json()
      .ims_transaction_reference_id as string;
    let res = await transact(noSerials);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `${noSerials}: model SALE-TV is serial tracked: the sale needs 1 committed serial(s), it has 0`,
    );

    // The intake reserves: no more than is available (on-hand less open commitments); the ledger still checks on-hand
    // at transact, for stock that left meanwhile by an admin's transfer (strict mode off).
    const over = await intake(kit, { legacyPosInvoiceId: 'INV-301', quantity: 99 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'Requested quantity must be 1 to 19, the quantity available in KY01_B_STOCK',
      errors: { quantity: expect.any(Array) },
    });
    const tooMany = (await intake(kit, { legacyPosInvoiceId: 'INV-301', quantity: 9 })).json()
      .ims_transaction_reference_id as string;
    await move(kit, 'KY01_B_STOCK', 'KY01_DAMAGED', 15);
    res = await transact(tooMany);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${tooMany}: cannot sell 9, KY01_B_STOCK holds 5`);
    await move(kit, 'KY01_DAMAGED', 'KY01_B_STOCK', 15);

    const elsewhere = (await intake(tv, { legacyPosInvoiceId: 'INV-302', serials: ['STV-9'] })).json()
      .ims_transaction_reference_id as string;
    res = await transact(elsewhere);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${elsewhere}: Serial STV-9 is in KY01, not KY01_B_STOCK.`);
    expect(await serialState('STV-9')).toEqual({ disposition_code: 'LIVE', bucket: 'KY01' });
    expect(await ledgerClean()).toEqual([]);
  });

  it('strict mode off needs admin:override, then sells a tracked product without serials, never below zero', async () => {
    const ref = (await intake(tv, { legacyPosInvoiceId: 'INV-400' })).json().ims_transaction_reference_id as string;
    const denied = await transact(ref, { strictMode: false });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(permissionDeniedMessage('user', 'admin:override'));
    const before = await onHand(t.db, tv, 'KY01_B_STOCK');
    const done = await transact(ref, { strictMode: false }, admin.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().committed_sales[0].strict_mode).toBe(false);
    expect(await onHand(t.db, tv, 'KY01_B_STOCK')).toBe(before - 1);

    const over = (await intake(kit, { legacyPosInvoiceId: 'INV-401', quantity: 5 })).json()
      .ims_transaction_reference_id as string;
    await move(kit, 'KY01_B_STOCK', 'KY01_DAMAGED', 18);
    const refused = await transact(over, { strictMode: false }, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${over}: cannot sell 5, KY01_B_STOCK holds 2`);
    await move(kit, 'KY01_DAMAGED', 'KY01_B_STOCK', 18);
    expect(await ledgerClean()).toEqual([]);
  });

  it('answers 404 for an unknown reference and 400 for a malformed one', async () => {
    const missing = await transact('CS-9999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Committed sale CS-9999999 not found');
    expect((await transact('CT-0000001')).statusCode).toBe(400);
  });
});

describe('finish by invoice', () => {
  it('transacts every open sale of the invoice in one transaction, or none', async () => {
    const a = (await intake(kit, { legacyPosInvoiceId: 'INV-500', quantity: 1 })).json()
      .ims_transaction_reference_id as string;
    const b = (await intake(tv, { legacyPosInvoiceId: 'INV-500' })).json().ims_transaction_reference_id as string; // no serials: strict refuses
    const kitBefore = await onHand(t.db, kit, 'KY01_B_STOCK');
    const rows = await ledgerRows();
    const refused = await finish('inv-500');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(b);
    expect(await onHand(t.db, kit, 'KY01_B_STOCK')).toBe(kitBefore);
    expect(await ledgerRows()).toBe(rows);
    const open = ((await list('?search=INV-500')).json().data as { ims_transaction_reference_id: string }[]).map(
      (s) => s.ims_transaction_reference_id,
    );
    expect(open).toEqual([a, b]);

    const c = (await intake(tv, { legacyPosInvoiceId: 'INV-501', serials: ['STV-3'] })).json()
      .ims_transaction_reference_id as string;
    const d = (await intake(kit, { legacyPosInvoiceId: 'INV-501', quantity: 2 })).json()
      .ims_transaction_reference_id as string;
    const done = await finish('INV-501', { finishNotes: 'All out' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain('Success');
    expect(done.json()).toMatchObject({
      already_transacted: false,
      committed_sales: [
        { ims_transaction_reference_id: c, finish_notes: 'All out' },
        { ims_transaction_reference_id: d },
      ],
    });
    expect(await onHand(t.db, kit, 'KY01_B_STOCK')).toBe(kitBefore - 2);
    expect(await serialState('STV-3')).toEqual({ disposition_code: 'SOLD', bucket: null });
    expect(await ledgerRows()).toBe(rows + 2);
    expect(await ledgerClean()).toEqual([]);

    const again = await finish('INV-501');
    expect(again.statusCode).toBe(200);
    expect(again.json().already_transacted).toBe(true);
    expect(await ledgerRows()).toBe(rows + 2);
  });

  it('answers 404 for an invoice without committed sales; strict mode off needs admin:override', async () => {
    const missing = await finish('NO-SUCH-INVOICE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No committed sales for invoice NO-SUCH-INVOICE');
    const denied = await finish('INV-500', { strictMode: false });
    expect(denied.statusCode).toBe(403);
    expect(COMMITTED_SALE_MESSAGES.clientSuccess).toBe('Sale successfully trasacted!');
  });
});

describe('committing serials by scan (issue 37)', () => {
  let warehouse: { token: string; username: string; id: number };
  let scope: CreatedProduct;
  const addSerial = (ref: string, body: object, token = warehouse.token) =>
    post(token, `/api/ims/committed-sales/${ref}/addScannedItem`, body);
  const scanOf = (serial: string, extra: object = {}) => ({
    scannedUpc: tv.upc,
    scannedSerialNumbers: [serial],
    clientScanId: randomUUID(),
    ...extra,
  });
  const openSale = async (invoice: string, product = tv) =>
    (await intake(product, { legacyPosInvoiceId: invoice })).json() as {
      ims_transaction_reference_id: string;
      serials_needed: number;
      serials: unknown[];
    };

  beforeAll(async () => {
    warehouse = await createSignedInUser(t, { role: 'warehouse-1' });
    [scope] = (await createProducts(t.db, [
      { modelNumber: 'SALE-SCOPE', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ])) as [CreatedProduct];
    await receiveStock(t.services, scope, 'KY01_B_STOCK', { serials: [['SCP-1']] });
    await receiveStock(t.services, tv, 'KY01_B_STOCK', {
      serials: [['SN37-1'], ['SN37-2'], ['SN37-3'], ['SN37-4'], ['SN37-5'], ['SN37-6']],
    });
    await receiveStock(t.services, tv, 'KY01', { serials: [['SN37-K']] });
  });

  it('the list marks what a sale lacks: serials_needed against its serials', async () => {
    const sale = await openSale('INV-3700');
    expect(sale).toMatchObject({ serials_needed: 1, serials: [] });
    const untracked = await openSale('INV-3700', kit);
    expect(untracked.serials_needed).toBe(0);
    const listed = ((await list('?search=INV-3700')).json().data as { serials_needed: number }[]).map(
      (s) => s.serials_needed,
    );
    expect(listed.sort()).toEqual([0, 1]);
  });

  it('attaches a live serial of the bucket, once per client scan id; then a warehouse role transacts it', async () => {
    const sale = await openSale('INV-3701');
    const ref = sale.ims_transaction_reference_id;
    const refused = await transact(ref, {}, warehouse.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `${ref}: model SALE-TV is serial tracked: the sale needs 1 committed serial(s), it has 0`,
    );

    const scan = scanOf('sn37-1');
    const rows = await ledgerRows();
    const res = await addSerial(ref, scan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Success',
      committed_sale: {
        ims_transaction_reference_id: ref,
        serials_needed: 1,
        serials: [{ serial_number: 'SN37-1', scanned_upc: tv.upc, fk_inventory_serial_id: expect.any(Number) }],
      },
    });
    // A reservation: nothing moves, the serial stays live in its bucket.
    expect(await ledgerRows()).toBe(rows);
    expect(await serialState('SN37-1')).toEqual({ disposition_code: 'LIVE', bucket: 'KY01_B_STOCK' });

    // The outbox's replay of the same scan answers the first answer and records nothing more.
    const replay = await addSerial(ref, scan);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(res.json());
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from committed_sale_serials s join committed_sales c on c.id = s.committed_sale_id
          where c.ims_transaction_reference_id = ${ref}`,
    );
    expect(count?.n).toBe(1);
    // The id with another request is refused, naming it.
    const reused = await addSerial(ref, { ...scan, scannedSerialNumbers: ['SN37-2'] });
    expect(reused.statusCode).toBe(409);
    expect(Object.keys(reused.json().errors)).toEqual(['clientScanId']);

    // Complete: one more is refused.
    const full = await addSerial(ref, scanOf('SN37-2'));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      message: `${ref} has all its committed serials: scan nothing more for it`,
      errors: { scannedSerialNumbers: [`${ref} has all its committed serials: scan nothing more for it`] },
    });

    const before = await onHand(t.db, tv, 'KY01_B_STOCK');
    const done = await transact(ref, {}, warehouse.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ committed_sales: [{ strict_mode: true, transacted_at: expect.any(String) }] });
    expect(await onHand(t.db, tv, 'KY01_B_STOCK')).toBe(before - 1);
    expect(await serialState('SN37-1')).toEqual({ disposition_code: 'SOLD', bucket: null });
    expect(await ledgerClean()).toEqual([]);

    const late = await addSerial(ref, scanOf('SN37-2'));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`${ref} has been transacted: its serials cannot change`);
  });

  it('refuses another product, a serial in another bucket or committed elsewhere, a wrong UPC, naming the field', async () => {
    const ref = (await openSale('INV-3702')).ims_transaction_reference_id;
    const refused = async (body: object, status: number, field: string, message: string) => {
      const res = await addSerial(ref, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message, errors: { [field]: [message] } });
    };
    // Another product's live serial, and a number no live serial has: the spec's words (001 §8).
    await refused(
      scanOf('SCP-1'),
      409,
      'scannedSerialNumbers',
      'Inventory serial SCP-1 does not exist for product SALE-TV',
    );
    await refused(
      scanOf('NO-SUCH-37'),
      409,
      'scannedSerialNumbers',
      'Inventory serial NO-SUCH-37 does not exist for product SALE-TV',
    );
    await refused(
      scanOf('SN37-K'),
      409,
      'scannedSerialNumbers',
      'Inventory serial SN37-K according to records should be at KY01',
    );
    // Committed to another open sale (the intake's) or scanned into an open transfer.
    const committed = await intake(tv, { legacyPosInvoiceId: 'INV-3703', serials: ['SN37-3'] });
    expect(committed.statusCode, committed.body).toBe(201);
    const other = committed.json();
    await refused(
      scanOf('SN37-3'),
      409,
      'scannedSerialNumbers',
      `Serial SN37-3 is committed to sale ${other.ims_transaction_reference_id} of invoice INV-3703 (not yet transacted)`,
    );
    await refused(
      scanOf('SN37-2', { scannedUpc: '000000000000' }),
      422,
      'scannedUpc',
      'Scanned UPC 000000000000 does not match model SALE-TV',
    );
    await refused(
      scanOf('SN37-2', { scannedSerialNumbers: [] }),
      422,
      'scannedSerialNumbers',
      'Model SALE-TV takes 1 serial(s) per item, not 0',
    );
    const untracked = (await openSale('INV-3704', kit)).ims_transaction_reference_id;
    const kitScan = await addSerial(untracked, scanOf('SN37-2', { scannedUpc: kit.upc }));
    expect(kitScan.statusCode).toBe(422);
    expect(kitScan.json().errors).toHaveProperty('scannedSerialNumbers');
    // A malformed client scan id is a 400 naming it; an unknown sale a 404.
    const bad = await addSerial(ref, scanOf('SN37-2', { clientScanId: 'nope' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['clientScanId']);
    expect((await addSerial('CS-9999999', scanOf('SN37-2'))).statusCode).toBe(404);
    // Nothing was committed by the refusals; the serial is still free for this sale.
    expect((await addSerial(ref, scanOf('SN37-2'))).statusCode).toBe(200);
    expect(await ledgerClean()).toEqual([]);
  });

  it('needs inventory:view (403 for the bare user role)', async () => {
    const ref = (await openSale('INV-3705')).ims_transaction_reference_id;
    const res = await addSerial(ref, scanOf('SN37-9'), board.token);
    expect(res.statusCode).toBe(403);
  });
});
