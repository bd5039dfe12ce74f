import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Issue 10 item 4: the inbound transfers calls (002 §7), the transaction search by transfer batch, the transaction
 * detail of transfers and sales (by IT-/IS- and by CT-/CS-), and the serial detail's committed-sale serials.
 */
let t: TestApp;
let lead: { token: string; username: string; id: number };
let viewer: { token: string; username: string; id: number };
let bare: { token: string };
let fridge: CreatedProduct;
let tv: CreatedProduct;

const get = (url: string, token = viewer.token) => injectAs(t.app, token, { method: 'GET', url });
const post = (url: string, payload: object, token = lead.token) =>
  injectAs(t.app, token, { method: 'POST', url, payload });
const commit = async (body: object) => {
  const res = await post('/api/ims/committed-transfers', {
    model: fridge.modelNumber,
    requestedQuantity: 1,
    scanningRequired: false,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { ims_transaction_reference_id: string; id: number };
};
const transact = async (ref: string) => {
  const res = await post(`/api/ims/committed-transfers/${ref}/transact`, {
    transferredById: lead.username,
    transferNotes: 'Arrived',
  });
  expect(res.statusCode, res.body).toBe(200);
};

const BATCH = 'Truck 7 from Ruby';
let committedIn: string;
let transactedIn: string;
let transactedOut: string;
let notInbound: string;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'RUBY', { city: 'Ruby', stateOrProvince: 'AK' });
  await createLocation(t.services, 'KY01');
  lead = await createSignedInUser(t, { role: 'warehouse-lead' });
  viewer = await createSignedInUser(t, { role: 'warehouse-1' });
  bare = await createSignedInUser(t, { role: 'user' });
  [fridge, tv] = (await createProducts(t.db, [
    { modelNumber: 'INB-FRIDGE', upc: nextUpc() },
    { modelNumber: 'INB-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
  ])) as [CreatedProduct, CreatedProduct];
  await receiveStock(t.services, fridge, 'RUBY', { units: 6 });
  await receiveStock(t.services, tv, 'KY01', { serials: [['INB-TV-1'], ['INB-TV-2']] });

  const inbound = {
    fromBucket: 'RUBY',
    toBucket: 'RUBY_FBA_INBOUND',
    posTransferBatchName: BATCH,
    posTransferBatchRefId: 'SHIP-77',
    senderSku: 'SKU-F',
  };
  transactedIn = (await commit(inbound)).ims_transaction_reference_id;
  await transact(transactedIn);
  committedIn = (await commit({ ...inbound, commitNotes: 'Second pallet' })).ims_transaction_reference_id;
  transactedOut = (
    await commit({
      ...inbound,
      fromBucket: 'RUBY_FBA_INBOUND',
      toBucket: 'RUBY',
      posTransferBatchName: BATCH.toUpperCase(),
    })
  ).ims_transaction_reference_id;
  await transact(transactedOut);
  notInbound = (await commit({ fromBucket: 'RUBY', toBucket: 'RUBY_DAMAGED', posTransferBatchName: BATCH }))
    .ims_transaction_reference_id;
});
afterAll(() => t?.close());

describe('GET /api/ims/{committed,transacted}-transfers/inbound', () => {
  it('lists committed and transacted transfers of an _INBOUND bucket by batch name (any case), newest reference first', async () => {
    const committed = await get(
      `/api/ims/committed-transfers/inbound?posTransferBatchNames[]=${encodeURIComponent(BATCH.toLowerCase())}`,
    );
    expect(committed.statusCode, committed.body).toBe(200);
    expect(
      committed.json().data.map((x: { ims_transaction_reference_id: string }) => x.ims_transaction_reference_id),
    ).toEqual([committedIn]);
    expect(committed.json().data[0]).toMatchObject({
      pos_transfer_batch_name: BATCH,
      pos_transfer_batch_ref_id: 'SHIP-77',
      committed_quantity: 1,
      transferred_quantity: null,
      sender_sku: 'SKU-F',
      receiver_sku: 'SKU-F',
      from_bucket: 'RUBY',
      to_bucket: 'RUBY_FBA_INBOUND',
      transferred_at: null,
      committed_by_name: lead.username,
      committed_notes: 'Second pallet',
      ledger_references: [],
      product: { model: 'INB-FRIDGE' },
    });
    const transacted = await get(
      `/api/ims/transacted-transfers/inbound?posTransferBatchNames[]=${encodeURIComponent(BATCH)}`,
    );
    expect(transacted.statusCode, transacted.body).toBe(200);
    const rows = transacted.json().data as {
      ims_transaction_reference_id: string;
      transferred_quantity: number;
      transferred_by_name: string;
      transfer_notes: string;
      ledger_references: string[];
    }[];
    expect(rows.map((x) => x.ims_transaction_reference_id)).toEqual([transactedOut, transactedIn]);
    expect(rows[1]).toMatchObject({
      transferred_quantity: 1,
      transferred_by_name: lead.username,
      transfer_notes: 'Arrived',
    });
    expect(rows[1]!.ledger_references).toEqual([expect.stringMatching(/^IT-/), expect.stringMatching(/^IT-/)]);
  });

  it('takes references and batch ref ids, several values, with or without brackets; never a transfer outside _INBOUND', async () => {
    const byRefs = await get(
      `/api/ims/transacted-transfers/inbound?imsTransactionReferenceIds[]=${transactedIn.toLowerCase()}&imsTransactionReferenceIds[]=${notInbound}&imsTransactionReferenceIds[]=${transactedOut}`,
    );
    expect(
      byRefs.json().data.map((x: { ims_transaction_reference_id: string }) => x.ims_transaction_reference_id),
    ).toEqual([transactedOut, transactedIn]);
    const byShip = await get('/api/ims/committed-transfers/inbound?posTransferBatchRefIds=ship-77');
    expect(
      byShip.json().data.map((x: { ims_transaction_reference_id: string }) => x.ims_transaction_reference_id),
    ).toEqual([committedIn]);
    const nothing = await get('/api/ims/committed-transfers/inbound?posTransferBatchNames[]=No%20such%20batch');
    expect(nothing.json()).toEqual({ data: [] });
  });

  it('answers 400 naming the query without exactly one key, and 403 without inventory:view', async () => {
    for (const query of [
      '',
      '?posTransferBatchNames[]=A&posTransferBatchRefIds[]=B',
      '?posTransferBatchNames[]=',
      '?model=INB-FRIDGE',
    ]) {
      const res = await get(`/api/ims/committed-transfers/inbound${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      // The whole query (no key, two keys) or the parameter itself (an empty name), without a location prefix.
      expect(Object.keys(res.json().errors ?? {}).join(), query).toMatch(/^(query|posTransferBatchNames\[\]|model)$/);
    }
    expect(
      (
        await get(
          `/api/ims/transacted-transfers/inbound?posTransferBatchNames[]=${encodeURIComponent(BATCH)}`,
          bare.token,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/ims/inventory-transactions (batch search)', () => {
  it('finds every transfer of a batch name or batch ref id, committed or transacted, inbound or not', async () => {
    const byName = await get(
      `/api/ims/inventory-transactions?searchType=posTransferBatchName&id=${encodeURIComponent(BATCH)}`,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    expect(
      byName.json().data.map((x: { ims_transaction_reference_id: string }) => x.ims_transaction_reference_id),
    ).toEqual([notInbound, transactedOut, committedIn, transactedIn]);
    const byRef = await get('/api/ims/inventory-transactions?searchType=posTransferBatchRefId&id=SHIP-77');
    expect(byRef.json().data).toHaveLength(3);
    expect(
      (await get('/api/ims/inventory-transactions?searchType=imsTransactionReferenceId&id=CT-0000001')).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/ims/inventory-transactions/{id} for transfers and sales', () => {
  it('a transacted transfer by CT-: its ledger row into the destination, with the transfer transaction', async () => {
    const res = await get(`/api/ims/inventory-transactions/${transactedIn.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ims_transaction_reference_id: expect.stringMatching(/^IT-/),
      type: 'INVENTORY_TRANSFER',
      bucket: 'RUBY_FBA_INBOUND',
      quantity_delta: 1,
      transfer: {
        ims_transaction_reference_id: transactedIn,
        from_bucket: 'RUBY',
        to_bucket: 'RUBY_FBA_INBOUND',
        transferred_quantity: 1,
        pos_transfer_batch_name: BATCH,
      },
      sale: null,
    });
    // The row out of the source carries the same transfer.
    const out = await get(`/api/ims/inventory-transactions/${body.transfer.ledger_references[0]}`);
    expect(out.json()).toMatchObject({
      quantity_delta: -1,
      bucket: 'RUBY',
      transfer: { ims_transaction_reference_id: transactedIn },
    });
  });

  it('a committed transfer by CT-: the commitment alone (nothing moved); 404 for an unknown CT-', async () => {
    const res = await get(`/api/ims/inventory-transactions/${committedIn}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ims_transaction_reference_id: committedIn,
      type: 'INVENTORY_TRANSFER',
      quantity_delta: 0,
      transfer: { transferred_at: null, committed_notes: 'Second pallet' },
    });
    expect((await get('/api/ims/inventory-transactions/CT-9999999')).statusCode).toBe(404);
    expect((await get('/api/ims/inventory-transactions/CS-9999999')).statusCode).toBe(404);
    expect((await get('/api/ims/inventory-transactions/CX-0000001')).statusCode).toBe(400);
  });

  it('a sale by CS- (open, then transacted) and by IS-; the serial detail shows its committed-sale serial', async () => {
    const intake = await post('/api/ims/committed-sales', {
      legacyPosInvoiceId: 'INB-INV-1',
      model: tv.modelNumber,
      quantity: 1,
      sourceBucket: 'KY01',
      serials: ['INB-TV-1'],
      scannedUpc: tv.upc,
      salesChannel: 'amazon',
    });
    expect(intake.statusCode, intake.body).toBe(201);
    const ref = intake.json().ims_transaction_reference_id as string;
    const serialId = intake.json().serials[0].fk_inventory_serial_id as number;

    const open = await get(`/api/ims/inventory-transactions/${ref}`);
    // 001 §3 INVENTORY_SALE: a point-of-sale line has no work order; its sale type is the channel it sold on.
    expect(open.json()).toMatchObject({
      ims_transaction_reference_id: ref,
      type: 'INVENTORY_SALE',
      quantity_delta: 0,
      sale: {
        legacy_pos_invoice_id: 'INB-INV-1',
        transacted_at: null,
        pos_work_order_id: null,
        sale_type_code: 'amazon',
      },
    });
    const before = await get(`/api/ims/inventory-serials/${serialId}`);
    expect(before.json().committed_sale_serials).toEqual([
      expect.objectContaining({
        serial_number: 'INB-TV-1',
        scanned_upc: tv.upc,
        qc_complete: false,
        packed: false,
        sale: expect.objectContaining({
          ims_transaction_reference_id: ref,
          legacy_pos_invoice_id: 'INB-INV-1',
          ledger_reference: null,
          pos_work_order_id: null,
        }),
      }),
    ]);

    const done = await post(`/api/ims/committed-sales/${ref}/transact`, {
      invoicedByName: 'pos-user',
      finishNotes: 'Picked up',
    });
    expect(done.statusCode, done.body).toBe(200);
    const sold = await get(`/api/ims/inventory-transactions/${ref}`);
    const body = sold.json();
    expect(body).toMatchObject({
      ims_transaction_reference_id: expect.stringMatching(/^IS-/),
      type: 'INVENTORY_SALE',
      quantity_delta: -1,
      bucket: 'KY01',
      serials: [expect.objectContaining({ scanned_serial_number: 'INB-TV-1', new_disposition_code: 'SOLD' })],
      sale: {
        ims_transaction_reference_id: ref,
        legacy_pos_invoice_id: 'INB-INV-1',
        finish_notes: 'Picked up',
        transacted_at: expect.any(String),
        pos_work_order_id: null,
        sale_type_code: 'amazon',
      },
      transfer: null,
    });
    expect(
      (await get(`/api/ims/inventory-transactions/${body.ims_transaction_reference_id}`)).json().sale
        .ims_transaction_reference_id,
    ).toBe(ref);
    const after = await get(`/api/ims/inventory-serials/${serialId}`);
    expect(after.json().committed_sale_serials[0].sale).toMatchObject({
      transacted_at: expect.any(String),
      ledger_reference: body.ims_transaction_reference_id,
    });
  });
});
