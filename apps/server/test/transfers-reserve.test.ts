import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forcePushOtherProductMessage,
  forcePushSoldMessage,
  forcePushSplitItemMessage,
  serialInSaleMessage,
  serialInTransferMessage,
} from '@keystone/contracts';
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
import { createTestApp, injectAs, type TestApp } from './harness.js';

/**
 * Issue 10 items 2 and 3: committing reserves (a bucket's available = on-hand less open commitments; serials of
 * open commitments are reserved), and force push (an audited correction through the ledger, then the scan).
 */
let t: TestApp;
let lead: { token: string; username: string; id: number };
let admin: { token: string; username: string; id: number };
let kit: CreatedProduct;
let tv: CreatedProduct;
let radio: CreatedProduct;
let pair: CreatedProduct;

const SOURCE = 'KY01_B_STOCK';
const DEST = 'KY01_DAMAGED';
const post = (token: string, url: string, payload: object) => injectAs(t.app, token, { method: 'POST', url, payload });
const commit = (product: CreatedProduct, body: object, token = lead.token) =>
  post(token, '/api/ims/committed-transfers', {
    fromBucket: SOURCE,
    toBucket: DEST,
    model: product.modelNumber,
    scanningRequired: false,
    ...body,
  });
const ref = async (res: Awaited<ReturnType<typeof commit>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ims_transaction_reference_id as string;
};
const scan = (reference: string, body: object, token = lead.token) =>
  post(token, `/api/ims/committed-transfers/${reference}/addScannedItem`, body);
const transact = (reference: string, body: object = {}, token = lead.token) =>
  post(token, `/api/ims/committed-transfers/${reference}/transact`, { transferredById: 'x', ...body });
const remove = (reference: string) =>
  injectAs(t.app, lead.token, { method: 'DELETE', url: `/api/ims/committed-transfers/${reference}` });
const sale = (product: CreatedProduct, body: object) =>
  post(lead.token, '/api/ims/committed-sales', {
    model: product.modelNumber,
    sourceBucket: SOURCE,
    quantity: 1,
    legacyPosInvoiceId: 'INV-R',
    ...body,
  });

async function row(product: CreatedProduct, bucket = SOURCE) {
  const res = await injectAs(t.app, lead.token, {
    method: 'GET',
    url: `/api/ims/inventory/product/preview?model=${product.modelNumber}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const found = (
    res.json().inventory as { bucket: string; quantity: number; committed_quantity: number; available: number }[]
  ).find((r) => r.bucket === bucket);
  return found ? { quantity: found.quantity, committed: found.committed_quantity, available: found.available } : null;
}
async function serial(number: string) {
  const rows = await queryRows<{ bucket: string | null; disposition_code: string; product_id: number }>(
    t.db,
    sql`select bucket, disposition_code, product_id from inventory_serials where upper(serial_number) = upper(${number}) order by id desc limit 1`,
  );
  return rows[0] ?? null;
}
const ledgerRows = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory_transactions`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  lead = await createSignedInUser(t, { role: 'warehouse-lead' });
  admin = await createSignedInUser(t, { role: 'admin' });
  [kit, tv, radio, pair] = (await createProducts(t.db, [
    { modelNumber: 'RSV-KIT', upc: nextUpc(), serialNumberTracked: false },
    { modelNumber: 'RSV-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'RSV-RADIO', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'RSV-PAIR', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 2 },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct, CreatedProduct];
  await receiveStock(t.services, kit, SOURCE, { units: 3 });
  await receiveStock(t.services, tv, SOURCE, { serials: [['RTV-1'], ['RTV-2'], ['RTV-3'], ['RTV-4']] });
  await receiveStock(t.services, tv, 'KY01', { serials: [['RTV-9']] });
  await receiveStock(t.services, radio, SOURCE, { serials: [['RAD-1']] });
  await receiveStock(t.services, pair, SOURCE, { serials: [['PAIR-1A', 'PAIR-1B']] });
});
afterAll(() => t?.close());

describe('committing reserves a quantity', () => {
  it('a strict commit takes at most what is available; transacting or deleting releases it', async () => {
    const a = await ref(await commit(kit, { requestedQuantity: 2 }));
    const over = await commit(kit, { requestedQuantity: 2 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'Requested quantity must be 1 to 1, the quantity available in KY01_B_STOCK',
      errors: { requestedQuantity: expect.any(Array) },
    });
    const b = await ref(await commit(kit, { requestedQuantity: 1 }));
    const none = await commit(kit, { requestedQuantity: 1 });
    expect(none.json()).toMatchObject({
      message: 'There is nothing available in KY01_B_STOCK',
      errors: { requestedQuantity: expect.any(Array) },
    });
    const quick = await post(lead.token, '/api/ims/transacted-transfers/quickTransferWithoutSerials', {
      fromBucket: SOURCE,
      toBucket: DEST,
      model: kit.modelNumber,
      requestedQuantity: 1,
    });
    expect(quick.statusCode).toBe(422);
    // The sale intake refuses what is not available too (the point of sale must not sell what is promised).
    const sold = await sale(kit, { quantity: 1 });
    expect(sold.statusCode).toBe(422);
    expect(sold.json()).toMatchObject({
      message: 'There is nothing available in KY01_B_STOCK',
      errors: { quantity: expect.any(Array) },
    });
    expect(await row(kit)).toEqual({ quantity: 3, committed: 3, available: 0 });

    // An edit may not raise over what is available, its own commitment left out.
    const raise = await injectAs(t.app, lead.token, {
      method: 'PATCH',
      url: `/api/ims/committed-transfers/${b}`,
      payload: { committedQty: 2 },
    });
    expect(raise.statusCode).toBe(422);
    expect(raise.json()).toMatchObject({
      message: 'Requested quantity must be 1 to 1, the quantity available in KY01_B_STOCK',
      errors: { committedQty: expect.any(Array) },
    });

    expect((await transact(a)).statusCode).toBe(200);
    expect(await row(kit)).toEqual({ quantity: 1, committed: 1, available: 0 });
    expect((await remove(b)).statusCode).toBe(200);
    expect(await row(kit)).toEqual({ quantity: 1, committed: 0, available: 1 });
    expect(await row(kit, DEST)).toEqual({ quantity: 2, committed: 0, available: 2 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("an admin's commit with strict mode off may exceed; available then goes below zero and strict commits wait", async () => {
    const big = await ref(await commit(kit, { requestedQuantity: 5, strictMode: false }, admin.token));
    expect(await row(kit)).toEqual({ quantity: 1, committed: 5, available: -4 });
    expect((await commit(kit, { requestedQuantity: 1 })).statusCode).toBe(422);
    const refused = await transact(big, {}, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only 1 in KY01_B_STOCK.');
    expect((await remove(big)).statusCode).toBe(200);
  });
});

describe('committing reserves serials', () => {
  it('a serial scanned into an open transfer cannot be scanned into another, nor committed to a sale', async () => {
    const a = await ref(await commit(tv, { requestedQuantity: 1 }));
    const b = await ref(await commit(tv, { requestedQuantity: 1 }));
    expect((await scan(a, { scannedUpc: tv.upc, scannedSerialNumbers: 'RTV-1' })).statusCode).toBe(200);
    const second = await scan(b, { scannedUpc: tv.upc, scannedSerialNumbers: 'rtv-1' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: serialInTransferMessage('RTV-1', a),
      errors: { scannedSerialNumbers: expect.any(Array) },
    });
    expect(second.json().message).toBe(
      `Serial RTV-1 is already scanned into transfer ${a} (committed, not yet submitted)`,
    );
    for (const phrase of ['does not exist for product', 'according to records should be at'])
      expect(second.json().message).not.toContain(phrase);
    // A force push does not override a reservation, and corrects nothing.
    const rows = await ledgerRows();
    const forced = await scan(b, { scannedUpc: tv.upc, scannedSerialNumbers: 'RTV-1', forcePushSerialCorrection: 1 });
    expect(forced.statusCode).toBe(409);
    expect(forced.json().message).toBe(serialInTransferMessage('RTV-1', a));
    expect(await ledgerRows()).toBe(rows);

    const intake = await sale(tv, { serials: ['RTV-1'] });
    expect(intake.statusCode).toBe(409);
    expect(intake.json()).toMatchObject({
      message: serialInTransferMessage('RTV-1', a),
      errors: { serials: expect.any(Array) },
    });

    // A serial committed to an open sale is reserved for it.
    const committed = await sale(tv, { serials: ['RTV-2'], legacyPosInvoiceId: 'INV-77' });
    expect(committed.statusCode, committed.body).toBe(201);
    const saleRef = committed.json().ims_transaction_reference_id as string;
    const onSale = await scan(b, { scannedUpc: tv.upc, scannedSerialNumbers: 'RTV-2' });
    expect(onSale.statusCode).toBe(409);
    expect(onSale.json().message).toBe(serialInSaleMessage('RTV-2', saleRef, 'INV-77'));
    expect((await sale(tv, { serials: ['rtv-2'] })).json().message).toBe(
      serialInSaleMessage('RTV-2', saleRef, 'INV-77'),
    );

    // Deleting the transfer releases its serial; transacting it moves the serial (then the 001 §8 text applies).
    expect((await remove(a)).statusCode).toBe(200);
    expect((await scan(b, { scannedUpc: tv.upc, scannedSerialNumbers: 'RTV-1' })).statusCode).toBe(200);
    expect((await transact(b)).statusCode).toBe(200);
    const c = await ref(await commit(tv, { requestedQuantity: 1, toBucket: 'KY01_RETURN' }));
    expect((await scan(c, { scannedUpc: tv.upc, scannedSerialNumbers: 'RTV-1' })).json().message).toBe(
      'Inventory serial RTV-1 according to records should be at KY01_DAMAGED',
    );
    expect((await remove(c)).statusCode).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('force push (001 §4)', () => {
  type Posted = {
    type: string;
    bucket: string;
    quantity_delta: number;
    user_id: number;
    notes: string;
    details: Record<string, unknown>;
    id: number;
  };
  const lastRows = (n: number) =>
    queryRows<Posted>(
      t.db,
      sql`select id, type, bucket, quantity_delta, user_id, notes, details from inventory_transactions order by id desc limit ${n}`,
    ).then((r) => r.reverse());
  const movementsOf = (transactionId: number) =>
    queryRows<{
      scanned_serial_number: string;
      old_location_code: string | null;
      old_condition_code: string | null;
      old_disposition_code: string | null;
      new_location_code: string;
      new_condition_code: string;
      new_disposition_code: string;
    }>(
      t.db,
      sql`select scanned_serial_number, old_location_code, old_condition_code, old_disposition_code, new_location_code, new_condition_code, new_disposition_code
          from inventory_transaction_serials where transaction_id = ${transactionId}`,
    );

  it("'does not exist for product': creates the serial live in the source bucket (+1 on-hand), audited, then scans it", async () => {
    const before = (await row(tv))!.quantity;
    const reference = await ref(await commit(tv, { requestedQuantity: 1 }));
    const plain = await scan(reference, { scannedUpc: tv.upc, scannedSerialNumbers: 'FP-NEW-1' });
    expect(plain.json().message).toBe('Inventory serial FP-NEW-1 does not exist for product RSV-TV');
    const res = await scan(reference, {
      scannedUpc: tv.upc,
      scannedSerialNumbers: 'FP-NEW-1',
      forcePushSerialCorrection: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Success',
      updated_committed_transfer: {
        total_scanned_quantity: 1,
        serials: [
          {
            scanned_serial_number: 'FP-NEW-1',
            old_location_code: 'KY01',
            old_condition_code: 'B_STOCK',
            new_condition_code: 'DAMAGED',
          },
        ],
      },
    });
    expect(await serial('FP-NEW-1')).toEqual({ bucket: SOURCE, disposition_code: 'LIVE', product_id: tv.id });
    expect((await row(tv))!.quantity).toBe(before + 1);
    const [posted] = await lastRows(1);
    expect(posted).toMatchObject({
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      bucket: SOURCE,
      quantity_delta: 1,
      user_id: lead.id,
      details: {
        reason: 'force_push',
        correction: 'create',
        reference_id: reference,
        from_bucket: null,
        to_bucket: SOURCE,
      },
    });
    expect(await movementsOf(posted!.id)).toEqual([
      {
        scanned_serial_number: 'FP-NEW-1',
        old_location_code: null,
        old_condition_code: null,
        old_disposition_code: null,
        new_location_code: 'KY01',
        new_condition_code: 'B_STOCK',
        new_disposition_code: 'LIVE',
      },
    ]);
    const detail = await injectAs(t.app, lead.token, {
      method: 'GET',
      url: `/api/ims/inventory-transactions/IA-${String(posted!.id).padStart(7, '0')}`,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      quantity_delta: 1,
      transacted_by: lead.username,
    });
    expect((await transact(reference)).statusCode).toBe(200);
    expect(await serial('FP-NEW-1')).toMatchObject({ bucket: DEST });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("'according to records should be at': moves the serial from its recorded bucket (its old place on the movement row), then scans it", async () => {
    const [kyBefore, srcBefore] = [(await row(tv, 'KY01'))!.quantity, (await row(tv))!.quantity];
    const reference = await ref(await commit(tv, { requestedQuantity: 1 }));
    expect((await scan(reference, { scannedUpc: tv.upc, scannedSerialNumbers: 'RTV-9' })).json().message).toBe(
      'Inventory serial RTV-9 according to records should be at KY01',
    );
    const res = await scan(reference, {
      scannedUpc: tv.upc,
      scannedSerialNumbers: 'RTV-9',
      forcePushSerialCorrection: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Success');
    expect(await serial('RTV-9')).toMatchObject({ bucket: SOURCE, disposition_code: 'LIVE' });
    expect([(await row(tv, 'KY01'))!.quantity, (await row(tv))!.quantity]).toEqual([kyBefore - 1, srcBefore + 1]);
    const [out, into] = await lastRows(2);
    expect(out).toMatchObject({
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      bucket: 'KY01',
      quantity_delta: -1,
      user_id: lead.id,
      details: {
        reason: 'force_push',
        correction: 'move',
        reference_id: reference,
        from_bucket: 'KY01',
        to_bucket: SOURCE,
      },
    });
    expect(into).toMatchObject({ bucket: SOURCE, quantity_delta: 1, details: { movement: out!.details.movement } });
    expect(await movementsOf(into!.id)).toEqual([
      {
        scanned_serial_number: 'RTV-9',
        old_location_code: 'KY01',
        old_condition_code: 'NEW',
        old_disposition_code: 'LIVE',
        new_location_code: 'KY01',
        new_condition_code: 'B_STOCK',
        new_disposition_code: 'LIVE',
      },
    ]);
    expect((await remove(reference)).statusCode).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("refuses to take a sold serial or another product's serial, writing nothing; a serial that is right scans normally", async () => {
    // RTV-3 sold through a committed sale.
    const sold = await sale(tv, { serials: ['RTV-3'], legacyPosInvoiceId: 'INV-SOLD' });
    expect(
      (await post(admin.token, `/api/ims/committed-sales/${sold.json().ims_transaction_reference_id}/transact`, {}))
        .statusCode,
    ).toBe(200);
    const reference = await ref(await commit(tv, { requestedQuantity: 1 }));
    const rows = await ledgerRows();
    const soldRes = await scan(reference, {
      scannedUpc: tv.upc,
      scannedSerialNumbers: 'RTV-3',
      forcePushSerialCorrection: 1,
    });
    expect(soldRes.statusCode).toBe(409);
    expect(soldRes.json()).toMatchObject({
      message: forcePushSoldMessage('RTV-3'),
      errors: { scannedSerialNumbers: expect.any(Array) },
    });
    const other = await scan(reference, {
      scannedUpc: tv.upc,
      scannedSerialNumbers: 'RAD-1',
      forcePushSerialCorrection: 1,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(forcePushOtherProductMessage('RAD-1', 'RSV-RADIO', SOURCE));
    for (const message of [soldRes.json().message, other.json().message]) {
      for (const phrase of ['does not exist for product', 'according to records should be at'])
        expect(message).not.toContain(phrase);
    }
    expect(await ledgerRows()).toBe(rows);
    expect(await serial('RAD-1')).toEqual({ bucket: SOURCE, disposition_code: 'LIVE', product_id: radio.id });
    expect(await serial('RTV-3')).toMatchObject({ disposition_code: 'SOLD', bucket: null });

    const fine = await scan(reference, {
      scannedUpc: tv.upc,
      scannedSerialNumbers: 'RTV-4',
      forcePushSerialCorrection: 1,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await ledgerRows()).toBe(rows);
    expect((await transact(reference)).statusCode).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('corrects whole items: an item of two serials is created as one unit; one serial right and one missing is refused', async () => {
    const reference = await ref(await commit(pair, { requestedQuantity: 1 }));
    const rows = await ledgerRows();
    const split = await scan(reference, {
      scannedUpc: pair.upc,
      scannedSerialNumbers: ['PAIR-1A', 'PAIR-NEW-B'],
      forcePushSerialCorrection: 1,
    });
    expect(split.statusCode).toBe(409);
    expect(split.json().message).toBe(forcePushSplitItemMessage(['PAIR-1A', 'PAIR-NEW-B']));
    expect(await ledgerRows()).toBe(rows);
    const before = (await row(pair))!.quantity;
    const both = await scan(reference, {
      scannedUpc: pair.upc,
      scannedSerialNumbers: 'PAIR-2A:=:PAIR-2B',
      forcePushSerialCorrection: 1,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(
      both
        .json()
        .updated_committed_transfer.serials.map((x: { scanned_serial_number: string }) => x.scanned_serial_number),
    ).toEqual(['PAIR-2A', 'PAIR-2B']);
    expect((await row(pair))!.quantity).toBe(before + 1);
    expect(await ledgerRows()).toBe(rows + 1);
    expect((await transact(reference)).statusCode).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
