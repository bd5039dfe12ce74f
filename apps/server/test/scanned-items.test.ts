import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVING_MESSAGES } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import {
  createLocation,
  createPoLine,
  createProducts,
  createSignedInUser,
  nextUpc,
  type CreatedProduct,
} from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/** The staged-scan calls of 001 §7: scanned-item/submit (many scans, one transaction) and DELETE scanned-item. */
let t: TestApp;
let receiver: string;
let otherReceiver: string;
let admin: string;
let tracked: CreatedProduct;
let plain: CreatedProduct;
const UPC = { tracked: nextUpc(), plain: nextUpc() };

const submit = (token: string, scannedItems: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/scanner/receipt/scanned-item/submit',
    headers: bearer(token),
    payload: { scannedItems },
  });
const remove = (token: string, ref: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/scanner/receipt/scanned-item/${ref}`, headers: bearer(token) });
const getFull = async (poId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/purchase/getFull/${poId}`, headers: bearer(admin) })).json().data;

type Line = Awaited<ReturnType<typeof createPoLine<CreatedProduct>>>;
const item = (line: Line, serials?: string[], extra: object = {}) => ({
  scannedUpc: line.product.upc!,
  model: line.product.modelNumber,
  poApiPoId: line.poId,
  poApiPoItemId: line.lineId,
  receivingBucket: 'KY01',
  ...(serials ? { scannedSerialNumbers: serials } : {}),
  clientScanId: randomUUID(),
  ...extra,
});

async function ledgerCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory_transactions`);
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  receiver = (await createSignedInUser(t, { role: 'warehouse-2' })).token;
  otherReceiver = (await createSignedInUser(t, { role: 'warehouse-2' })).token;
  admin = (await createSignedInUser(t, { role: 'admin' })).token;
  [tracked, plain] = (await createProducts(t.db, [
    { modelNumber: 'STG-TV65', upc: UPC.tracked, serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'STG-CABLE', upc: UPC.plain, serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct];
});
afterAll(() => t?.close());

describe('POST scanner/receipt/scanned-item/submit', () => {
  it('receives every staged scan across lines and POs in one go, PO statuses following', async () => {
    const tv = await createPoLine(t.services, tracked, { qty: 3, cost: 40 });
    const cable = await createPoLine(t.services, plain, { qty: 2, cost: 40 });
    const res = await submit(receiver, [item(tv, ['STG-A1']), item(cable), item(tv, ['STG-A2']), item(cable)]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'Success', received: 4 });
    expect(body.items.map((i: { transactionReferenceId: string }) => i.transactionReferenceId)).toEqual(
      Array.from({ length: 4 }, () => expect.stringMatching(/^IR-\d{7}$/)),
    );
    expect(body.items.map((i: { qty_received: number }) => i.qty_received)).toEqual([1, 1, 2, 2]);
    expect((await getFull(tv.poId)).PO.purchase_order_status.status_name).toBe('Partially Received');
    expect((await getFull(cable.poId)).PO.purchase_order_status.status_name).toBe('Received');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('receives none when one item is refused, and names that item and its field', async () => {
    const tv = await createPoLine(t.services, tracked, { qty: 5, cost: 40 });
    const before = await ledgerCount();
    const res = await submit(receiver, [item(tv, ['STG-B1']), item(tv, ['STG-B2']), item(tv, ['stg-b1'])]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`Item 3 (STG-TV65 stg-b1): ${RECEIVING_MESSAGES.serialRescanned}`);
    expect(res.json().errors).toEqual({ 'scannedItems.2.scannedSerialNumbers': [RECEIVING_MESSAGES.serialRescanned] });
    expect(await ledgerCount()).toBe(before);
    expect((await getFull(tv.poId)).PO_LINES[0].qty_received).toBe(0);
    const upc = await submit(receiver, [item(tv, ['STG-B3'], { scannedUpc: UPC.plain })]);
    expect(upc.json()).toMatchObject({
      statusCode: 422,
      errors: { 'scannedItems.0.scannedUpc': [RECEIVING_MESSAGES.upcMismatch] },
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses more than the line still needs, all or nothing', async () => {
    const cable = await createPoLine(t.services, plain, { qty: 2, cost: 40 });
    const res = await submit(receiver, [item(cable), item(cable), item(cable)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Item 3 (STG-CABLE): ${RECEIVING_MESSAGES.nothingLeftToReceive}`);
    expect((await getFull(cable.poId)).PO_LINES[0].qty_received).toBe(0);
  });

  it('refuses an unknown line or bucket with its 4xx and leaves no on-hand row behind', async () => {
    const [fresh] = await createProducts(t.db, [
      { modelNumber: `STG-NEW-${randomUUID().slice(0, 6)}`, upc: nextUpc(), serialNumberTracked: false },
    ]);
    const line = await createPoLine(t.services, fresh!, { qty: 3, cost: 40 });
    const onHandRows = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from inventory where product_id = ${fresh!.id}`,
        )
      )[0]!.n;
    const badBucket = await submit(receiver, [item(line), item(line, undefined, { receivingBucket: 'NOWHERE' })]);
    expect(badBucket.statusCode).toBe(422);
    expect(Object.keys(badBucket.json().errors)).toEqual(['scannedItems.1.receivingBucket']);
    const badLine = await submit(receiver, [item(line), item(line, undefined, { poApiPoItemId: 99_999_999 })]);
    expect(badLine.statusCode).toBe(404);
    expect(await onHandRows()).toBe(0);
    expect((await submit(receiver, [item(line)])).statusCode).toBe(200);
    expect(await onHandRows()).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('applies a retried submit once and answers the same references', async () => {
    const cable = await createPoLine(t.services, plain, { qty: 4, cost: 40 });
    const items = [item(cable), item(cable)];
    const first = await submit(receiver, items);
    const again = await submit(receiver, items);
    expect(again.statusCode).toBe(200);
    expect(again.json().items.map((i: { transactionReferenceId: string }) => i.transactionReferenceId)).toEqual(
      first.json().items.map((i: { transactionReferenceId: string }) => i.transactionReferenceId),
    );
    expect((await getFull(cable.poId)).PO_LINES[0].qty_received).toBe(2);
  });

  it('answers 400 naming the fields of a malformed item, and 403 without purchase-order:receive', async () => {
    const cable = await createPoLine(t.services, plain, { qty: 1, cost: 40 });
    const bad = await submit(receiver, [item(cable), { ...item(cable), poApiPoItemId: 'x' }]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['scannedItems.1.poApiPoItemId']);
    expect((await submit(receiver, [])).statusCode).toBe(400);
    const viewer = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
    expect((await submit(viewer, [item(cable)])).statusCode).toBe(403);
  });
});

describe('DELETE scanner/receipt/scanned-item/{id}', () => {
  it("takes back the receiver's own scan with a reversing transaction; the serial can be scanned again", async () => {
    const tv = await createPoLine(t.services, tracked, { qty: 2, cost: 40 });
    const ref = (await submit(receiver, [item(tv, ['STG-C1'])])).json().items[0].transactionReferenceId as string;
    expect((await getFull(tv.poId)).PO.purchase_order_status.status_name).toBe('Partially Received');
    const res = await remove(receiver, ref);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Success',
      removed: ref,
      transactionReferenceId: expect.stringMatching(/^IU-\d{7}$/),
      qty_received: 0,
      qty_ordered: 2,
    });
    const reversal = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ims/inventory-transactions/${res.json().transactionReferenceId}`,
        headers: bearer(admin),
      })
    ).json();
    expect(JSON.stringify(reversal)).toContain('Scan removed from the receiving list');
    expect((await getFull(tv.poId)).PO.purchase_order_status.status_name).toBe('Order Confirmed');
    expect((await remove(receiver, ref)).statusCode).toBe(409);
    expect((await submit(receiver, [item(tv, ['STG-C1'])])).statusCode).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("refuses someone else's scan, a scan older than the window, and an unknown reference", async () => {
    const cable = await createPoLine(t.services, plain, { qty: 3, cost: 40 });
    const [mine, old] = (await submit(receiver, [item(cable), item(cable)]))
      .json()
      .items.map((i: { transactionReferenceId: string }) => i.transactionReferenceId) as [string, string];
    const other = await remove(otherReceiver, mine);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(RECEIVING_MESSAGES.scannedItemNotYours);
    // Deliberately written around the ledger: the API takes no time of receipt, so the scan is made 16 minutes old.
    await queryRows(
      t.db,
      sql`update inventory_transactions set created_at = now() - interval '16 minutes' where ims_transaction_reference_id = ${old}`,
    );
    const late = await remove(receiver, old);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RECEIVING_MESSAGES.scannedItemTooOld);
    expect((await remove(receiver, 'IR-9999999')).statusCode).toBe(404);
    expect((await remove(receiver, 'not-a-ref')).statusCode).toBe(400);
    expect((await getFull(cable.poId)).PO_LINES[0].qty_received).toBe(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
