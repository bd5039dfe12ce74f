import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVING_MESSAGES } from '@keystone/contracts';
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

let t: TestApp;
let receiver: string;
let unreceiver: string;
let admin: string;
let tracked: CreatedProduct;
let plain: CreatedProduct;
let twoSerials: CreatedProduct;
const UPC = { tracked: nextUpc(), trackedAlt: nextUpc(), plain: nextUpc(), two: nextUpc() };

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

function receive(
  token: string,
  line: { poId: number; lineId: number },
  product: CreatedProduct,
  upc: string,
  serials: string[] | string | undefined,
  extra: object = {},
) {
  return post(token, '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: upc,
    model: product.modelNumber,
    poApiPoId: line.poId,
    poApiPoItemId: line.lineId,
    receivingBucket: 'KY01',
    ...(serials === undefined ? {} : { scannedSerialNumbers: serials }),
    ...extra,
  });
}

async function expectLedgerClean() {
  expect(await checkLedger(t.db)).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  receiver = (await createSignedInUser(t, { role: 'warehouse-2' })).token;
  unreceiver = (await createSignedInUser(t, { role: 'warehouse-admin' })).token;
  admin = (await createSignedInUser(t, { role: 'admin' })).token;
  [tracked, plain, twoSerials] = (await createProducts(t.db, [
    {
      modelNumber: 'RCV-TV55',
      partNumber: 'TV55-MPN',
      upc: UPC.tracked,
      alternateUpc: UPC.trackedAlt,
      serialNumberTracked: true,
      numOfSerialsPerItem: 1,
    },
    { modelNumber: 'RCV-KIT', upc: UPC.plain, serialNumberTracked: false },
    { modelNumber: 'RCV-PAIR', upc: UPC.two, serialNumberTracked: true, numOfSerialsPerItem: 2 },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];
});
afterAll(() => t?.close());

describe('receiving by scan', () => {
  it('receives a serial-tracked unit: ledger row, serial, on-hand, line count, PO status, all at once', async () => {
    const line = await createPoLine(t.services, tracked, { qty: 3, cost: 250 });
    const res = await receive(receiver, line, tracked, UPC.trackedAlt, ['SN-A-0001']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Success',
      errors: [],
      qty_received: 1,
      qty_ordered: 3,
      transactionReferenceId: expect.stringMatching(/^IR-\d{7}$/),
    });
    const full = (await get(admin, `/api/purchase/getFull/${line.poId}`)).json().data;
    expect(full.PO_LINES[0].qty_received).toBe(1);
    expect(full.PO.purchase_order_status.status_name).toBe('Partially Received');
    expect(full.PO.total_received).toBe(250);
    const serials = (await get(admin, `/api/ims/transacted-receipts/poItem/serials/${line.lineId}`)).json().data;
    expect(serials).toEqual([
      expect.objectContaining({
        serial_number: 'SN-A-0001',
        disposition_code: 'LIVE',
        location_code: 'KY01',
        condition_code: 'NEW',
        // The transacted receipt's serial fields (001 §3).
        scanned_serial_number: 'SN-A-0001',
        scanned_upc: UPC.trackedAlt,
        scanned_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        receiving_disposition_code: 'LIVE',
        notes: null,
        fk_inventory_serial_id: expect.any(Number),
      }),
    ]);
    await expectLedgerClean();
  });

  it('answers every serial message of 001 §5 and changes nothing', async () => {
    const line = await createPoLine(t.services, tracked, { qty: 5, cost: 250 });
    expect((await receive(receiver, line, tracked, UPC.tracked, ['SN-B-0001'])).statusCode).toBe(200);
    const cases: [string[] | undefined, string][] = [
      [undefined, RECEIVING_MESSAGES.serialBlank],
      [['  '], RECEIVING_MESSAGES.serialBlank],
      [['sn-b-0001'], RECEIVING_MESSAGES.serialRescanned],
      [[UPC.tracked], RECEIVING_MESSAGES.serialIsUpc],
      [['rcv-tv55'], RECEIVING_MESSAGES.serialIsPartNumber],
      [['tv55-mpn'], RECEIVING_MESSAGES.serialIsPartNumber],
    ];
    for (const [serials, message] of cases) {
      const res = await receive(receiver, line, tracked, UPC.tracked, serials);
      expect(res.statusCode, JSON.stringify(serials)).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const wrongUpc = await receive(receiver, line, tracked, UPC.plain, ['SN-B-0002']);
    expect(wrongUpc.json()).toMatchObject({
      statusCode: 422,
      message: RECEIVING_MESSAGES.upcMismatch,
      errors: { scannedUpc: [RECEIVING_MESSAGES.upcMismatch] },
    });
    const full = (await get(admin, `/api/purchase/getFull/${line.poId}`)).json().data;
    expect(full.PO_LINES[0].qty_received).toBe(1);
    await expectLedgerClean();
  });

  it('takes a non-serialized product by UPC alone, and two serials joined by :=: for a pair', async () => {
    const kit = await createPoLine(t.services, plain, { qty: 2, cost: 250 });
    expect((await receive(receiver, kit, plain, UPC.plain, undefined)).statusCode).toBe(200);
    const pair = await createPoLine(t.services, twoSerials, { qty: 1, cost: 250 });
    const one = await receive(receiver, pair, twoSerials, UPC.two, 'P-1');
    expect(one.json().message).toBe(RECEIVING_MESSAGES.serialBlank);
    const both = await receive(receiver, pair, twoSerials, UPC.two, 'P-1:=:P-2');
    expect(both.statusCode, both.body).toBe(200);
    await expectLedgerClean();
  });

  it('never receives more than ordered', async () => {
    const line = await createPoLine(t.services, plain, { qty: 1, cost: 250 });
    expect((await receive(receiver, line, plain, UPC.plain, undefined)).statusCode).toBe(200);
    const over = await receive(receiver, line, plain, UPC.plain, undefined);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(RECEIVING_MESSAGES.nothingLeftToReceive);
    expect(
      (await get(admin, `/api/purchase/getFull/${line.poId}`)).json().data.PO.purchase_order_status.status_name,
    ).toBe('Received');
  });

  it('applies a retried scan id once and answers the same', async () => {
    const line = await createPoLine(t.services, tracked, { qty: 4, cost: 250 });
    const clientScanId = randomUUID();
    const first = await receive(receiver, line, tracked, UPC.tracked, ['SN-R-0001'], { clientScanId });
    const again = await receive(receiver, line, tracked, UPC.tracked, ['SN-R-0001'], { clientScanId });
    expect(again.statusCode).toBe(200);
    expect(again.json().transactionReferenceId).toBe(first.json().transactionReferenceId);
    expect((await get(admin, `/api/purchase/getFull/${line.poId}`)).json().data.PO_LINES[0].qty_received).toBe(1);
    await expectLedgerClean();
  });

  it('refuses a bucket of another location, and a line of another PO', async () => {
    const line = await createPoLine(t.services, plain, { qty: 2, cost: 250 });
    const bucket = await receive(receiver, line, plain, UPC.plain, undefined, { receivingBucket: 'TX01' });
    expect(bucket.statusCode).toBe(422);
    expect(Object.keys(bucket.json().errors)).toEqual(['receivingBucket']);
    const other = await receive(receiver, { poId: line.poId + 1000, lineId: line.lineId }, plain, UPC.plain, undefined);
    expect(other.statusCode).toBe(404);
  });

  it('is refused to a role without purchase-order:receive', async () => {
    const viewer = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
    const line = await createPoLine(t.services, plain, { qty: 1, cost: 250 });
    expect((await receive(viewer, line, plain, UPC.plain, undefined)).statusCode).toBe(403);
  });
});

describe('un-receiving', () => {
  it('reverses a receipt with a new ledger row; the serial leaves; notes and matching serials are required', async () => {
    const line = await createPoLine(t.services, tracked, { qty: 2, cost: 250 });
    const received = (await receive(receiver, line, tracked, UPC.tracked, ['SN-U-0001'])).json();
    await receive(receiver, line, tracked, UPC.tracked, ['SN-U-0002']);
    const list = (
      await get(unreceiver, `/api/transacted-receipts/can-be-unreceived?poApiPoItemId=${line.lineId}`)
    ).json().data;
    expect(
      list.map((r: { serials: { scanned_serial_number: string }[] }) => r.serials[0]!.scanned_serial_number),
    ).toEqual(['SN-U-0001', 'SN-U-0002']);
    const url = `/api/transacted-receipts/${received.transactionReferenceId}/unreceive`;
    expect(
      (
        await post(unreceiver, url, {
          lineItemId: line.lineId,
          notes: ' ',
          scannedUpc: UPC.tracked,
          scannedSerialNumbers: ['SN-U-0001'],
        })
      ).json().message,
    ).toBe(RECEIVING_MESSAGES.notesEmpty);
    expect(
      (
        await post(unreceiver, url, {
          lineItemId: line.lineId,
          notes: 'Damaged box',
          scannedUpc: UPC.tracked,
          scannedSerialNumbers: ['SN-U-0002'],
        })
      ).json().message,
    ).toBe(RECEIVING_MESSAGES.serialMismatch);
    expect(
      (
        await post(unreceiver, url, {
          lineItemId: line.lineId,
          notes: 'Damaged box',
          scannedUpc: UPC.plain,
          scannedSerialNumbers: ['SN-U-0001'],
        })
      ).json().message,
    ).toBe(RECEIVING_MESSAGES.upcMismatch);
    const done = await post(unreceiver, url, {
      lineItemId: line.lineId,
      notes: 'Damaged box',
      scannedUpc: UPC.tracked,
      scannedSerialNumbers: ['sn-u-0001'],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().transactionReferenceId).toMatch(/^IU-\d{7}$/);
    expect(done.json().remaining_transacted_receipts).toHaveLength(1);
    const again = await post(unreceiver, url, {
      lineItemId: line.lineId,
      notes: 'twice',
      scannedUpc: UPC.tracked,
      scannedSerialNumbers: ['SN-U-0001'],
    });
    expect(again.statusCode).toBe(409);
    // The serial is no longer live: it can be received again.
    expect((await receive(receiver, line, tracked, UPC.tracked, ['SN-U-0001'])).statusCode).toBe(200);
    await expectLedgerClean();
  });

  it('lets admin:override un-receive without scanning', async () => {
    const line = await createPoLine(t.services, plain, { qty: 1, cost: 250 });
    const ref = (await receive(receiver, line, plain, UPC.plain, undefined)).json().transactionReferenceId;
    const byWarehouseAdmin = await post(unreceiver, `/api/transacted-receipts/${ref}/unreceive`, {
      lineItemId: line.lineId,
      notes: 'no scan',
    });
    expect(byWarehouseAdmin.statusCode).toBe(422);
    const byAdmin = await post(admin, `/api/transacted-receipts/${ref}/unreceive`, {
      lineItemId: line.lineId,
      notes: 'no scan',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(
      (await get(admin, `/api/purchase/getFull/${line.poId}`)).json().data.PO.purchase_order_status.status_name,
    ).toBe('Order Confirmed');
    await expectLedgerClean();
  });

  it('an un-receipt with a clientScanId is applied once: a replay answers the first answer; the id with another receipt is a 409 naming clientScanId', async () => {
    const line = await createPoLine(t.services, plain, { qty: 2, cost: 250 });
    const [first, second] = [
      (await receive(receiver, line, plain, UPC.plain, undefined)).json().transactionReferenceId as string,
      (await receive(receiver, line, plain, UPC.plain, undefined)).json().transactionReferenceId as string,
    ];
    const clientScanId = randomUUID();
    const body = { lineItemId: line.lineId, notes: 'Damaged box', scannedUpc: UPC.plain, clientScanId };
    const done = await post(unreceiver, `/api/transacted-receipts/${first}/unreceive`, body);
    expect(done.statusCode, done.body).toBe(200);
    // The answer was lost on its way back: the outbox sends the same request again.
    const replay = await post(unreceiver, `/api/transacted-receipts/${first}/unreceive`, body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(done.json());
    const full = async () =>
      (await get(admin, `/api/purchase/getFull/${line.poId}`)).json().data.PO_LINES[0].qty_received as number;
    expect(await full()).toBe(1);
    // The id on another receipt, or with other notes: refused, naming clientScanId; nothing more is un-received.
    for (const [ref, payload] of [
      [second, body],
      [first, { ...body, notes: 'Other notes' }],
    ] as const) {
      const res = await post(unreceiver, `/api/transacted-receipts/${ref}/unreceive`, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(Object.keys(res.json().errors)).toEqual(['clientScanId']);
    }
    expect(await full()).toBe(1);
    const open = (
      await get(unreceiver, `/api/transacted-receipts/can-be-unreceived?poApiPoItemId=${line.lineId}`)
    ).json().data as { ims_transaction_reference_id: string }[];
    expect(open.map((r) => r.ims_transaction_reference_id)).toEqual([second]);
    // A refused un-receipt stores nothing: the same id sent again once the refusal is fixed is applied.
    const retryId = randomUUID();
    const refused = await post(unreceiver, `/api/transacted-receipts/${second}/unreceive`, {
      ...body,
      scannedUpc: UPC.tracked,
      clientScanId: retryId,
    });
    expect(refused.json().message).toBe(RECEIVING_MESSAGES.upcMismatch);
    const fixed = await post(unreceiver, `/api/transacted-receipts/${second}/unreceive`, {
      ...body,
      clientScanId: retryId,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await full()).toBe(0);
    const bad = await post(unreceiver, `/api/transacted-receipts/${second}/unreceive`, {
      ...body,
      clientScanId: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toContain('clientScanId');
    await expectLedgerClean();
  });
});

describe('scan setup', () => {
  it('stores the untracked one of box quantity and serials per item as null, and refuses bad codes', async () => {
    const [p] = await createProducts(t.db, [{ modelNumber: 'SETUP-1', upc: nextUpc() }]);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/ims/scan-setup/updateProductManagerProduct',
        headers: bearer(receiver),
        payload,
      });
    const ok = await put({ model: 'setup-1', serialNumberTracked: 1, numOfSerialsPerItem: 2, masterBoxQty: 6 });
    expect(ok.json()).toEqual({ message: 'Updated!' });
    const product = (await get(admin, `/api/product/${p!.id}`)).json();
    expect(product).toMatchObject({ serial_number_tracked: 1, num_of_serials_per_item: 2, master_box_qty: null });
    const taken = await put({ model: 'SETUP-1', serialNumberTracked: 0, upc: UPC.tracked });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.upc[0]).toMatch(/RCV-TV55/);
    const notBarcode = await put({ model: 'SETUP-1', serialNumberTracked: 0, alternateUpc: '12AB' });
    expect(Object.keys(notBarcode.json().errors)).toEqual(['alternateUpc']);
  });
});

describe('the model PO reconciliation after receipts', () => {
  it('shows the received count and the date of the last receipt', async () => {
    const line = await createPoLine(t.services, plain, { qty: 3, cost: 250 });
    await receive(receiver, line, plain, UPC.plain, undefined);
    await receive(receiver, line, plain, UPC.plain, undefined);
    const recon = (await get(admin, `/api/reports/model-po-reconciliation?model=${plain.modelNumber}`)).json();
    const row = recon.purchase_orders.find((p: { id: number }) => p.id === line.poId);
    expect(row).toMatchObject({
      qty_ordered: 3,
      qty_received: 2,
      status: 'Partially Received',
      last_received: new Date().toISOString().slice(0, 10),
    });
  });
});

describe('serials by proxy (the product detail serial dialog)', () => {
  it('lists the live serials of a model in a location and condition, not the un-received ones', async () => {
    const [proxy] = await createProducts(t.db, [
      { modelNumber: 'PROXY-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ]);
    const upc = (await get(admin, `/api/product/${proxy!.id}`)).json().upc as string;
    const line = await createPoLine(t.services, proxy!, { qty: 4, cost: 250 });
    const refs = [];
    for (const serial of ['PX-1', 'PX-2', 'PX-3'])
      refs.push((await receive(receiver, line, proxy!, upc, [serial])).json().transactionReferenceId);
    await receive(receiver, line, proxy!, upc, ['PX-B'], { receivingBucket: 'KY01_B_STOCK' });
    await post(admin, `/api/transacted-receipts/${refs[1]}/unreceive`, {
      lineItemId: line.lineId,
      notes: 'proxy test',
    });
    const list = (
      await get(
        receiver,
        '/api/ims/inventory-serials/search-by-proxy?model=proxy-tv&conditionCode=NEW&locationCode=ky01',
      )
    ).json().data;
    expect(list.map((s: { serial_number: string }) => s.serial_number)).toEqual(['PX-1', 'PX-3']);
    const bStock = (
      await get(
        receiver,
        '/api/ims/inventory-serials/search-by-proxy?model=PROXY-TV&conditionCode=B_STOCK&locationCode=KY01',
      )
    ).json().data;
    expect(bStock.map((s: { serial_number: string; bucket: string }) => [s.serial_number, s.bucket])).toEqual([
      ['PX-B', 'KY01_B_STOCK'],
    ]);
  });
});
