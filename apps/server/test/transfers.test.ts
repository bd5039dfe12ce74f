import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { permissionDeniedMessage, TRANSFER_MESSAGES } from '@keystone/contracts';
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
import { onHand } from './stock-kit.js';

/**
 * Committed transfers without stock movement (issue 10, first step): commit with the spec's rules, read, edit,
 * delete, the transacted list and transfer notes. Stock is received through the receiving service; nothing here
 * may change it.
 */
let t: TestApp;
let lead: { token: string; username: string; id: number };
let admin: string;
let product: CreatedProduct;
const UPC = nextUpc();

const call = (token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, token, { method, url, ...(payload ? { payload } : {}) });
const commit = (body: object, token = lead.token) =>
  call(token, 'POST', '/api/ims/committed-transfers', { model: product.modelNumber, ...body });

const BSTOCK_TO_DAMAGED = { fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_DAMAGED', requestedQuantity: 2 };

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'RUBY', { city: 'Ruby', stateOrProvince: 'AK' });
  lead = await createSignedInUser(t, { role: 'warehouse-lead' });
  admin = (await createSignedInUser(t, { role: 'admin' })).token;
  [product] = (await createProducts(t.db, [{ modelNumber: 'TRF-FRIDGE', upc: UPC }])) as [CreatedProduct];
  await receiveStock(t.services, product, 'KY01_B_STOCK', { units: 3 });
  await receiveStock(t.services, product, 'KY01', { units: 2 });
  await receiveStock(t.services, product, 'RUBY', { units: 2 });
});
afterAll(() => t?.close());
// A commit reserves (docs/decisions.md, reservation): each test starts with no open commitment of the product.
beforeEach(async () => {
  for (const open of await t.services.transfers.listCommitted({ model: product.modelNumber }))
    await t.services.transfers.delete(open.ims_transaction_reference_id);
});

describe('commit', () => {
  it('commits a transfer: a CT- reference, the committer, nothing moved', async () => {
    const res = await commit({
      ...BSTOCK_TO_DAMAGED,
      committedById: lead.username,
      commitNotes: ' Dented door ',
      scanningRequired: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ims_transaction_reference_id: expect.stringMatching(/^CT-\d{7}$/),
      product: { id: product.id, model: 'TRF-FRIDGE', upc: UPC, serial_number_tracked: 0 },
      committed_quantity: 2,
      total_scanned_quantity: 0,
      from_bucket: 'KY01_B_STOCK',
      to_bucket: 'KY01_DAMAGED',
      committed_by_name: lead.username,
      committed_by_id: lead.id,
      commit_notes: 'Dented door',
      scanning_required: false,
      strict_mode: true,
      transferred_at: null,
      serials: [],
    });
    expect(body.ims_transaction_reference_id).toBe(`CT-${String(body.id).padStart(7, '0')}`);
    expect(body.committed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await onHand(t.db, product, 'KY01_B_STOCK')).toBe(3);
    expect(await onHand(t.db, product, 'KY01_DAMAGED')).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("refuses an unselected quantity or destination: 'One or more required fields are missing'", async () => {
    for (const [body, field] of [
      [{ fromBucket: 'KY01_B_STOCK', toBucket: 'Not Selected', requestedQuantity: 1 }, 'toBucket'],
      [{ fromBucket: 'KY01_B_STOCK', requestedQuantity: 1 }, 'toBucket'],
      [
        { fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_DAMAGED', requestedQuantity: 'Not Selected' },
        'requestedQuantity',
      ],
      [{ fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_DAMAGED' }, 'requestedQuantity'],
    ] as const) {
      const res = await commit(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'One or more required fields are missing',
        errors: { [field]: expect.any(Array) },
      });
    }
  });

  it('an inbound source or destination needs a batch ref id or name and a sender SKU; the receiver SKU is copied', async () => {
    const inbound = { fromBucket: 'RUBY', toBucket: 'RUBY_FBA_INBOUND', requestedQuantity: 1 };
    for (const extra of [
      {},
      { senderSku: 'SKU-1' },
      { posTransferBatchName: 'FBA15', senderSku: '  ' },
      { posTransferBatchRefId: '', posTransferBatchName: '', senderSku: 'SKU-1' },
    ]) {
      const res = await commit({ ...inbound, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().message).toBe(TRANSFER_MESSAGES.requiredFieldsMissing);
    }
    const byName = await commit({ ...inbound, posTransferBatchName: 'FBA15', senderSku: 'SKU-1' });
    expect(byName.statusCode, byName.body).toBe(201);
    expect(byName.json()).toMatchObject({
      pos_transfer_batch_name: 'FBA15',
      pos_transfer_batch_ref_id: null,
      sender_sku: 'SKU-1',
      receiver_sku: 'SKU-1',
    });
    const byRef = await commit(
      {
        ...inbound,
        fromBucket: 'RUBY_FBA_INBOUND',
        toBucket: 'RUBY',
        posTransferBatchRefId: 'SHIP-9',
        senderSku: 'SKU-2',
        receiverSku: 'SKU-X',
        strictMode: false,
      },
      admin,
    );
    expect(byRef.statusCode, byRef.body).toBe(201);
    expect(byRef.json()).toMatchObject({ receiver_sku: 'SKU-X', strict_mode: false });
  });

  it('KY01, TX01 and AZ02 buckets force scanning and need the SKU and a shipment id or name', async () => {
    const fromKy = { fromBucket: 'KY01', toBucket: 'KY01_B_STOCK', requestedQuantity: 1 };
    const missing = await commit(fromKy);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: TRANSFER_MESSAGES.requiredFieldsMissing,
      errors: { senderSku: expect.any(Array), posTransferBatchRefId: expect.any(Array) },
    });
    const res = await commit({
      ...fromKy,
      senderSku: 'SKU-KY',
      posTransferBatchRefId: 'SHIP-1',
      scanningRequired: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().scanning_required).toBe(true);
    const intoKy = await commit({ fromBucket: 'KY01_B_STOCK', toBucket: 'KY01', requestedQuantity: 1 });
    expect(intoKy.statusCode).toBe(422);
  });

  it('strict mode keeps the quantity within the source row; only admin:override turns it off', async () => {
    const over = await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 4 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'Requested quantity must be 1 to 3, the quantity available in KY01_B_STOCK',
      errors: { requestedQuantity: expect.any(Array) },
    });
    const empty = await commit({ fromBucket: 'KY01_RETURN', toBucket: 'KY01_DAMAGED', requestedQuantity: 1 });
    expect(empty.json().message).toBe('There is nothing available in KY01_RETURN');
    const notAdmin = await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 4, strictMode: false });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().message).toBe(permissionDeniedMessage('warehouse-lead', 'admin:override'));
    const asAdmin = await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 40, strictMode: false }, admin);
    expect(asAdmin.statusCode, asAdmin.body).toBe(201);
    expect(asAdmin.json()).toMatchObject({ committed_quantity: 40, strict_mode: false });
    expect(await onHand(t.db, product, 'KY01_B_STOCK')).toBe(3);
  });

  it('refuses the same bucket, unknown buckets and unknown models with 422 naming the field', async () => {
    const same = await commit({ fromBucket: 'KY01_B_STOCK', toBucket: 'ky01_b_stock', requestedQuantity: 1 });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({
      message: TRANSFER_MESSAGES.sameBucket,
      errors: { toBucket: [TRANSFER_MESSAGES.sameBucket] },
    });
    const unknown = await commit({ fromBucket: 'KY01_B_STOCK', toBucket: 'NOPE_DAMAGED', requestedQuantity: 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('toBucket');
    const model = await commit({ ...BSTOCK_TO_DAMAGED, model: 'NO-SUCH-MODEL' });
    expect(model.statusCode).toBe(422);
    expect(model.json().errors).toHaveProperty('model');
  });
});

describe('reads', () => {
  it('answers one transfer by reference, and lists committed ones by model or reference', async () => {
    const made = (await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 1, commitNotes: 'read me' })).json();
    const ref = made.ims_transaction_reference_id as string;
    const one = await call(lead.token, 'GET', `/api/ims/committed-transfers/${ref.toLowerCase()}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(made);
    const byModel = await call(lead.token, 'GET', '/api/ims/committed-transfers?model=trf-fridge');
    expect(byModel.statusCode).toBe(200);
    const refs = byModel
      .json()
      .data.map((d: { ims_transaction_reference_id: string }) => d.ims_transaction_reference_id);
    expect(refs).toContain(ref);
    expect(refs).toEqual([...refs].sort());
    const byRef = await call(lead.token, 'GET', `/api/ims/committed-transfers?imsTransactionReferenceId=${ref}`);
    expect(byRef.json().data).toEqual([made]);
    expect((await call(lead.token, 'GET', '/api/ims/committed-transfers?model=NOTHING-LIKE-IT')).json()).toEqual({
      data: [],
    });
  });

  it('answers 400 without a reference or model, and 404 for an unknown reference', async () => {
    const none = await call(lead.token, 'GET', '/api/ims/committed-transfers');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('query');
    const missing = await call(lead.token, 'GET', '/api/ims/committed-transfers/CT-9999999');
    expect(missing.statusCode).toBe(404);
    const bad = await call(lead.token, 'GET', '/api/ims/committed-transfers/IT-0000001');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('refId');
  });

  it('lists no transacted transfers until transact exists', async () => {
    const res = await call(lead.token, 'GET', '/api/ims/transacted-transfers?model=TRF-FRIDGE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });
});

describe('edit and delete', () => {
  it('edits the quantity, batch, SKUs and notes; the receiver SKU follows the sender SKU it was copied from', async () => {
    const made = (
      await commit({
        fromBucket: 'RUBY',
        toBucket: 'RUBY_FBA_INBOUND',
        requestedQuantity: 1,
        posTransferBatchName: 'B1',
        senderSku: 'S1',
      })
    ).json();
    const url = `/api/ims/committed-transfers/${made.ims_transaction_reference_id}`;
    const res = await call(lead.token, 'PATCH', url, {
      committedQty: 2,
      posTransferBatchRefId: 'REF-7',
      senderSku: 'S2',
      commitNotes: 'now two',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      committed_quantity: 2,
      pos_transfer_batch_ref_id: 'REF-7',
      pos_transfer_batch_name: 'B1',
      sender_sku: 'S2',
      receiver_sku: 'S2',
      commit_notes: 'now two',
    });
    const own = await call(lead.token, 'PATCH', url, { receiverSku: 'R9', posTransferBatchName: null });
    expect(own.json()).toMatchObject({
      receiver_sku: 'R9',
      sender_sku: 'S2',
      pos_transfer_batch_name: null,
      pos_transfer_batch_ref_id: 'REF-7',
    });
    expect((await call(lead.token, 'GET', url)).json()).toEqual(own.json());
  });

  it('keeps the commit rules: the inbound fields, and strict mode on the quantity', async () => {
    const made = (
      await commit({
        fromBucket: 'RUBY',
        toBucket: 'RUBY_FBA_INBOUND',
        requestedQuantity: 1,
        posTransferBatchName: 'B1',
        senderSku: 'S1',
      })
    ).json();
    const url = `/api/ims/committed-transfers/${made.ims_transaction_reference_id}`;
    const cleared = await call(lead.token, 'PATCH', url, { senderSku: '' });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json()).toMatchObject({
      message: TRANSFER_MESSAGES.requiredFieldsMissing,
      errors: { senderSku: expect.any(Array) },
    });
    const over = await call(lead.token, 'PATCH', url, { committedQty: 3 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'Requested quantity must be 1 to 2, the quantity available in RUBY',
      errors: { committedQty: expect.any(Array) },
    });
    expect((await call(lead.token, 'GET', url)).json()).toEqual(made);
  });

  it("answers 404 'Failed to update: commitment not found' and 'Failed to delete: commitment not found'", async () => {
    const patch = await call(lead.token, 'PATCH', '/api/ims/committed-transfers/CT-9999999', { commitNotes: 'x' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Failed to update: commitment not found',
    });
    const del = await call(lead.token, 'DELETE', '/api/ims/committed-transfers/CT-9999999');
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Failed to delete: commitment not found',
    });
  });

  it('deletes a committed transfer; it is gone after', async () => {
    const made = (await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 1 })).json();
    const url = `/api/ims/committed-transfers/${made.ims_transaction_reference_id}`;
    const res = await call(lead.token, 'DELETE', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted', ims_transaction_reference_id: made.ims_transaction_reference_id });
    expect((await call(lead.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(lead.token, 'DELETE', url)).json().message).toBe(TRANSFER_MESSAGES.deleteNotFound);
    expect((await call(lead.token, 'PATCH', url, { commitNotes: 'x' })).json().message).toBe(
      TRANSFER_MESSAGES.updateNotFound,
    );
    expect(await onHand(t.db, product, 'KY01_B_STOCK')).toBe(3);
  });

  it("sets and clears a transfer's notes by id; an unknown id is 404 'Transfer not found'", async () => {
    const made = (await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 1 })).json();
    const res = await call(lead.token, 'POST', '/api/ims/transacted-transfers/updateTransferNotes', {
      id: made.id,
      transfer_notes: ' Pallet 4 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Success', id: made.id, transfer_notes: 'Pallet 4' });
    const cleared = await call(lead.token, 'POST', '/api/ims/transacted-transfers/updateTransferNotes', {
      id: made.id,
      transfer_notes: null,
    });
    expect(cleared.json().transfer_notes).toBeNull();
    const missing = await call(lead.token, 'POST', '/api/ims/transacted-transfers/updateTransferNotes', {
      id: 999999,
      transfer_notes: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TRANSFER_MESSAGES.transferNotFound);
  });
});

describe('permissions (001 §6: inventory-transfer:view)', () => {
  it('lets the roles holding inventory-transfer:view commit and read, and refuses the others', async () => {
    const made = (await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 1 })).json();
    const url = `/api/ims/committed-transfers/${made.ims_transaction_reference_id}`;
    for (const role of [
      'fulfillment-2',
      'fulfillment-lead',
      'warehouse-lead',
      'warehouse-admin',
      'admin',
      'developer',
    ] as const) {
      const { token } = await createSignedInUser(t, { role });
      expect((await call(token, 'GET', url)).statusCode, role).toBe(200);
      const mine = await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 1 }, token);
      expect(mine.statusCode, role).toBe(201);
      await t.services.transfers.delete(mine.json().ims_transaction_reference_id);
    }
    for (const role of [
      'user',
      'warehouse-1',
      'warehouse-2',
      'purchasing-admin',
      'finance-lead',
      'customer-service-lead',
    ] as const) {
      const { token } = await createSignedInUser(t, { role });
      for (const [method, path] of [
        ['GET', url],
        ['PATCH', url],
        ['DELETE', url],
        ['GET', '/api/ims/transacted-transfers?model=TRF-FRIDGE'],
      ] as const) {
        const res = await call(token, method, path, method === 'PATCH' ? { commitNotes: 'x' } : undefined);
        expect(res.statusCode, `${role} ${method} ${path}`).toBe(403);
      }
      expect((await commit({ ...BSTOCK_TO_DAMAGED, requestedQuantity: 1 }, token)).statusCode, role).toBe(403);
    }
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(lead.token, 'GET', url)).json().commit_notes).toBeNull();
  });

  it('leaves stock and the ledger as they were', async () => {
    expect(await onHand(t.db, product, 'KY01_B_STOCK')).toBe(3);
    expect(await onHand(t.db, product, 'KY01')).toBe(2);
    expect(await onHand(t.db, product, 'RUBY')).toBe(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
