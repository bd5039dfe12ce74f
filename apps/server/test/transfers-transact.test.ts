import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionDeniedMessage, TRANSFER_MESSAGES } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
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
 * The calls that move stock (issue 10): scanning into a committed transfer, submitting it (through the ledger,
 * once), and the quick transfer. Stock is received through the receiving service first.
 */
let t: TestApp;
let lead: { token: string; username: string; id: number };
let admin: { token: string; username: string; id: number };
let tv: CreatedProduct;
let pair: CreatedProduct;
let kit: CreatedProduct;

const call = (token: string, url: string, payload: object) => injectAs(t.app, token, { method: 'POST', url, payload });
const commit = (product: CreatedProduct, body: object, token = lead.token) =>
  call(token, '/api/ims/committed-transfers', {
    fromBucket: 'KY01_B_STOCK',
    toBucket: 'KY01_DAMAGED',
    model: product.modelNumber,
    ...body,
  });
const scan = (ref: string, body: object, token = lead.token) =>
  call(token, `/api/ims/committed-transfers/${ref}/addScannedItem`, body);
const transact = (ref: string, body: object = {}, token = lead.token) =>
  call(token, `/api/ims/committed-transfers/${ref}/transact`, { transferredById: 'someone', ...body });

async function serialBucket(number: string) {
  const rows = await queryRows<{ bucket: string | null }>(
    t.db,
    sql`select bucket from inventory_serials where serial_number = ${number} and disposition_code = 'LIVE'`,
  );
  return rows[0]?.bucket ?? null;
}
const ledgerRows = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory_transactions`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  lead = await createSignedInUser(t, { role: 'warehouse-lead' });
  admin = await createSignedInUser(t, { role: 'admin' });
  [tv, pair, kit] = (await createProducts(t.db, [
    { modelNumber: 'TRX-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'TRX-PAIR', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 2 },
    { modelNumber: 'TRX-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];
  await receiveStock(t.services, tv, 'KY01_B_STOCK', { serials: [['TV-1'], ['TV-2'], ['TV-3']] });
  await receiveStock(t.services, tv, 'KY01', { serials: [['TV-9']] });
  await receiveStock(t.services, pair, 'KY01_B_STOCK', { serials: [['PR-1A', 'PR-1B']] });
  await receiveStock(t.services, kit, 'KY01_B_STOCK', { units: 6 });
});
afterAll(() => t?.close());

describe('scan, then submit', () => {
  it('scans serials to completion, refusing each wrong scan with its message, then moves the stock once', async () => {
    const committed = await commit(tv, { requestedQuantity: 2 });
    expect(committed.statusCode, committed.body).toBe(201);
    const ref = committed.json().ims_transaction_reference_id as string;
    const refused = async (body: object, status: number, message: string) => {
      const res = await scan(ref, { scannedUpc: tv.upc, ...body });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused(
      { scannedUpc: pair.upc, scannedSerialNumbers: 'TV-1' },
      422,
      `Scanned UPC ${pair.upc} does not match model TRX-TV`,
    );
    await refused({ scannedSerialNumbers: [] }, 422, 'Model TRX-TV takes 1 serial(s) per item, not 0');
    await refused({ scannedSerialNumbers: 'NOPE-1' }, 409, 'Inventory serial NOPE-1 does not exist for product TRX-TV');
    await refused({ scannedSerialNumbers: 'PR-1A' }, 409, 'Inventory serial PR-1A does not exist for product TRX-TV');
    await refused(
      { scannedSerialNumbers: 'TV-9' },
      409,
      'Inventory serial TV-9 according to records should be at KY01',
    );
    expect((await transact(ref)).json().message).toBe('Scan all 2 unit(s) before submitting: 0 scanned');

    const first = await scan(ref, { scannedUpc: tv.upc, scannedSerialNumbers: 'tv-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Success',
      updated_committed_transfer: {
        total_scanned_quantity: 1,
        serials: [
          {
            scanned_serial_number: 'TV-1',
            scanned_upc: tv.upc,
            old_location_code: 'KY01',
            new_location_code: 'KY01',
            old_condition_code: 'B_STOCK',
            new_condition_code: 'DAMAGED',
          },
        ],
      },
    });
    await refused({ scannedSerialNumbers: 'TV-1' }, 422, 'Serial TV-1 has already been scanned on this transfer');
    expect(
      (await scan(ref, { scannedUpc: tv.upc, scannedSerialNumbers: 'TV-2' })).json().updated_committed_transfer
        .total_scanned_quantity,
    ).toBe(2);
    await refused({ scannedSerialNumbers: 'TV-3' }, 409, TRANSFER_MESSAGES.scanComplete);
    expect(await onHand(t.db, tv, 'KY01_B_STOCK')).toBe(3);

    const rows = await ledgerRows();
    const done = await transact(ref, { transferNotes: ' Shelf 4 ' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Transfer successfully submitted and processed!',
      already_transacted: false,
      committed_transfer: {
        ims_transaction_reference_id: ref,
        total_scanned_quantity: 2,
        transferred_at: expect.any(String),
      },
      transacted_transfer: {
        transferred_quantity: 2,
        transferred_by_name: lead.username,
        transfer_notes: 'Shelf 4',
        from_bucket: 'KY01_B_STOCK',
        to_bucket: 'KY01_DAMAGED',
      },
    });
    expect([await onHand(t.db, tv, 'KY01_B_STOCK'), await onHand(t.db, tv, 'KY01_DAMAGED')]).toEqual([1, 2]);
    expect([await serialBucket('TV-1'), await serialBucket('TV-2'), await serialBucket('TV-3')]).toEqual([
      'KY01_DAMAGED',
      'KY01_DAMAGED',
      'KY01_B_STOCK',
    ]);
    expect(await ledgerRows()).toBe(rows + 2);
    const posted = await queryRows<{ details: { reference_id: string } }>(
      t.db,
      sql`select details from inventory_transactions order by id desc limit 2`,
    );
    expect(posted.every((r) => r.details.reference_id === ref)).toBe(true);
    expect(await checkLedger(t.db)).toEqual([]);

    // Submitted twice: the first answer again, nothing moved again; no more scans, edits or deletes.
    const again = await transact(ref);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      already_transacted: true,
      transacted_transfer: { transferred_quantity: 2, transfer_notes: 'Shelf 4' },
    });
    expect(await ledgerRows()).toBe(rows + 2);
    expect(await onHand(t.db, tv, 'KY01_DAMAGED')).toBe(2);
    await refused({ scannedSerialNumbers: 'TV-3' }, 409, TRANSFER_MESSAGES.alreadyTransacted);
    const list = await injectAs(t.app, lead.token, {
      method: 'GET',
      url: '/api/ims/transacted-transfers?model=TRX-TV',
    });
    expect(
      list.json().data.map((r: { ims_transaction_reference_id: string }) => r.ims_transaction_reference_id),
    ).toContain(ref);
  });

  it('scans a product of two serials per item, and an item without serials by its UPC', async () => {
    const pairRef = (await commit(pair, { requestedQuantity: 1 })).json().ims_transaction_reference_id as string;
    expect((await scan(pairRef, { scannedUpc: pair.upc, scannedSerialNumbers: ['PR-1A'] })).json().message).toBe(
      'Model TRX-PAIR takes 2 serial(s) per item, not 1',
    );
    expect(
      (await scan(pairRef, { scannedUpc: pair.upc, scannedSerialNumbers: ['PR-1A', 'pr-1a'] })).json().message,
    ).toBe('Serial PR-1A is listed twice');
    expect((await scan(pairRef, { scannedUpc: pair.upc, scannedSerialNumbers: ['PR-1A', 'PR-1B'] })).statusCode).toBe(
      200,
    );
    expect((await transact(pairRef)).statusCode).toBe(200);
    expect([
      await serialBucket('PR-1A'),
      await serialBucket('PR-1B'),
      String(await onHand(t.db, pair, 'KY01_DAMAGED')),
    ]).toEqual(['KY01_DAMAGED', 'KY01_DAMAGED', '1']);

    const kitRef = (await commit(kit, { requestedQuantity: 2 })).json().ims_transaction_reference_id as string;
    expect((await scan(kitRef, { scannedUpc: kit.upc })).json().updated_committed_transfer).toMatchObject({
      total_scanned_quantity: 1,
      serials: [],
    });
    expect((await scan(kitRef, { scannedUpc: kit.upc })).json().updated_committed_transfer.total_scanned_quantity).toBe(
      2,
    );
    expect((await transact(kitRef)).json().transacted_transfer.transferred_quantity).toBe(2);
    expect([await onHand(t.db, kit, 'KY01_B_STOCK'), await onHand(t.db, kit, 'KY01_DAMAGED')]).toEqual([4, 2]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('submits without scanning when none is required; refuses what the source no longer holds, moving nothing', async () => {
    const a = (await commit(kit, { requestedQuantity: 3, scanningRequired: false })).json()
      .ims_transaction_reference_id as string;
    // A strict commit reserves: the second 3 of 4 is refused at commit; an admin's commit (strict mode off) may exceed.
    const refused = await commit(kit, { requestedQuantity: 3, scanningRequired: false });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Requested quantity must be 1 to 1, the quantity available in KY01_B_STOCK',
      errors: { requestedQuantity: expect.any(Array) },
    });
    const b = (
      await commit(kit, { requestedQuantity: 3, scanningRequired: false, strictMode: false }, admin.token)
    ).json().ims_transaction_reference_id as string;
    expect((await transact(a)).statusCode).toBe(200);
    const rows = await ledgerRows();
    const res = await transact(b);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Only 1 in KY01_B_STOCK.');
    expect(await ledgerRows()).toBe(rows);
    expect(
      (await injectAs(t.app, lead.token, { method: 'GET', url: `/api/ims/committed-transfers/${b}` })).json()
        .transferred_at,
    ).toBeNull();
    expect([await onHand(t.db, kit, 'KY01_B_STOCK'), await onHand(t.db, kit, 'KY01_DAMAGED')]).toEqual([1, 5]);
    expect(await checkLedger(t.db)).toEqual([]);
    expect(
      (await injectAs(t.app, lead.token, { method: 'DELETE', url: `/api/ims/committed-transfers/${b}` })).statusCode,
    ).toBe(200);
  });

  it('strict mode off (admin:override only) submits what is scanned', async () => {
    const ref = (await commit(tv, { requestedQuantity: 1 })).json().ims_transaction_reference_id as string;
    const denied = await transact(ref, { strictMode: false });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(permissionDeniedMessage('warehouse-lead', 'admin:override'));
    expect((await transact(ref, { strictMode: false }, admin.token)).json().message).toBe(
      'Scan all 1 unit(s) before submitting: 0 scanned',
    );
    expect(
      (await injectAs(t.app, lead.token, { method: 'DELETE', url: `/api/ims/committed-transfers/${ref}` })).statusCode,
    ).toBe(200);

    await receiveStock(t.services, tv, 'KY01_B_STOCK', { serials: [['TV-4']] });
    const two = (await commit(tv, { requestedQuantity: 2 })).json().ims_transaction_reference_id as string;
    expect((await scan(two, { scannedUpc: tv.upc, scannedSerialNumbers: 'TV-4' })).statusCode).toBe(200);
    const res = await transact(two, { strictMode: false }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transacted_transfer.transferred_quantity).toBe(1);
    expect(await serialBucket('TV-4')).toBe('KY01_DAMAGED');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('answers 404 for an unknown transfer', async () => {
    expect((await scan('CT-9999999', { scannedUpc: kit.upc })).statusCode).toBe(404);
    expect((await transact('CT-9999999')).json().message).toBe('Committed transfer CT-9999999 not found');
  });
});

describe('quick transfer without serials', () => {
  const quick = (body: object, token = lead.token) =>
    call(token, '/api/ims/transacted-transfers/quickTransferWithoutSerials', { scanningRequired: false, ...body });

  it('commits and submits in one step', async () => {
    await receiveStock(t.services, kit, 'KY01_B_STOCK', { units: 2 });
    const res = await quick({
      fromBucket: 'KY01_B_STOCK',
      toBucket: 'KY01_DAMAGED',
      model: kit.modelNumber,
      requestedQuantity: 2,
      commitNotes: 'Quick one',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Transfer successfully submitted and processed!',
      committed_transfer: { committed_quantity: 2, scanning_required: false, commit_notes: 'Quick one' },
      transacted_transfer: { transferred_quantity: 2, from_bucket: 'KY01_B_STOCK', to_bucket: 'KY01_DAMAGED' },
    });
    expect([await onHand(t.db, kit, 'KY01_B_STOCK'), await onHand(t.db, kit, 'KY01_DAMAGED')]).toEqual([1, 7]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses a transfer that needs scanning, and the commit rules, writing nothing', async () => {
    const rows = await ledgerRows();
    for (const body of [
      { fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_DAMAGED', model: tv.modelNumber, requestedQuantity: 1 },
      {
        fromBucket: 'KY01_B_STOCK',
        toBucket: 'KY01_DAMAGED',
        model: kit.modelNumber,
        requestedQuantity: 1,
        scanningRequired: true,
      },
    ]) {
      const res = await quick(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(TRANSFER_MESSAGES.quickNeedsScanning);
    }
    const forced = await quick({
      fromBucket: 'KY01',
      toBucket: 'KY01_DAMAGED',
      model: kit.modelNumber,
      requestedQuantity: 1,
      posTransferBatchName: 'B',
      senderSku: 'S',
    });
    expect(forced.json().message).toBe(TRANSFER_MESSAGES.quickNeedsScanning);
    const missing = await quick({ fromBucket: 'KY01_B_STOCK', model: kit.modelNumber, requestedQuantity: 1 });
    expect(missing.json().message).toBe('One or more required fields are missing');
    const tooMany = await quick({
      fromBucket: 'KY01_B_STOCK',
      toBucket: 'KY01_DAMAGED',
      model: kit.modelNumber,
      requestedQuantity: 5,
    });
    expect(tooMany.json().message).toBe('Requested quantity must be 1 to 1, the quantity available in KY01_B_STOCK');
    expect(await ledgerRows()).toBe(rows);
  });
});
