import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMITTED_TRANSFERS_BOARD_LIMIT } from '@keystone/contracts';
import { createLocation, createProducts, createSignedInUser, receiveStock, type CreatedProduct } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/** The committed transfers board (001 §2 /committed-transfers): every open transfer across models, for every role. */
let t: TestApp;
let lead: { token: string; username: string };
let fridge: CreatedProduct;
let stove: CreatedProduct;

const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, token, { method, url, ...(payload ? { payload } : {}) });
const commit = async (model: string, body: object = {}) => {
  const res = await call(lead.token, 'POST', '/api/ims/committed-transfers', {
    model,
    fromBucket: 'KY01_B_STOCK',
    toBucket: 'KY01_DAMAGED',
    requestedQuantity: 1,
    scanningRequired: false,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ims_transaction_reference_id as string;
};
const refs = (body: { data: { ims_transaction_reference_id: string }[] }) =>
  body.data.map((d) => d.ims_transaction_reference_id);

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  lead = await createSignedInUser(t, { role: 'warehouse-lead' });
  [fridge, stove] = (await createProducts(t.db, [{ modelNumber: 'BRD-FRIDGE' }, { modelNumber: 'BRD-STOVE_50%' }])) as [
    CreatedProduct,
    CreatedProduct,
  ];
  await receiveStock(t.services, fridge, 'KY01_B_STOCK', { units: 3 });
  await receiveStock(t.services, stove, 'KY01_B_STOCK', { units: 3 });
});
afterAll(() => t?.close());

describe('GET /api/ims/committed-transfers/board', () => {
  it('lists the open transfers of every model, oldest first, without serials; a transacted one leaves it', async () => {
    const a = await commit('BRD-FRIDGE', { posTransferBatchName: 'Truck 12' });
    const b = await commit('BRD-STOVE_50%');
    const c = await commit('BRD-FRIDGE');
    const sent = await call(lead.token, 'POST', `/api/ims/committed-transfers/${c}/transact`, {
      transferredById: lead.username,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const res = await call(lead.token, 'GET', '/api/ims/committed-transfers/board');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(refs(body)).toEqual([a, b]);
    expect(body).toMatchObject({ total: 2, limit: COMMITTED_TRANSFERS_BOARD_LIMIT });
    expect(body.data[0]).toMatchObject({
      product: { model: 'BRD-FRIDGE' },
      committed_quantity: 1,
      total_scanned_quantity: 0,
      from_bucket: 'KY01_B_STOCK',
      to_bucket: 'KY01_DAMAGED',
      committed_by_name: lead.username,
      pos_transfer_batch_name: 'Truck 12',
      transferred_at: null,
    });
    expect(body.data[0]).not.toHaveProperty('serials');
  });

  it('searches case-insensitively on model, batch name and reference; LIKE wildcards match themselves', async () => {
    const get = async (search: string) =>
      (await call(lead.token, 'GET', `/api/ims/committed-transfers/board?search=${encodeURIComponent(search)}`)).json();
    expect(refs(await get('brd-fridge'))).toHaveLength(1);
    expect((await get('truck 1')).data[0].pos_transfer_batch_name).toBe('Truck 12');
    expect(refs(await get('50%'))).toHaveLength(1);
    expect(await get('%')).toMatchObject({ total: 1 });
    expect(await get('E_5')).toMatchObject({ total: 1 });
    expect(await get('E_F')).toMatchObject({ total: 0 });
    const all = await get('');
    expect(all.total).toBe(2);
    expect(refs(await get(all.data[1].ims_transaction_reference_id.toLowerCase()))).toEqual([
      all.data[1].ims_transaction_reference_id,
    ]);
    expect(await get('NOTHING-LIKE-IT')).toEqual({ data: [], total: 0, limit: COMMITTED_TRANSFERS_BOARD_LIMIT });
  });

  it('is open to every role (boards:view), not to anonymous callers; bad input is 400 naming the field', async () => {
    const plain = await createSignedInUser(t, { role: 'user' });
    const res = await call(plain.token, 'GET', '/api/ims/committed-transfers/board');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(2);
    expect((await call(null, 'GET', '/api/ims/committed-transfers/board')).statusCode).toBe(401);
    const long = await call(lead.token, 'GET', `/api/ims/committed-transfers/board?search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().errors)).toContain('search');
  });
});
