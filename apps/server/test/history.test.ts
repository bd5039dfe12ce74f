import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THistoryPage } from '@keystone/contracts';
import { createLocation, createProducts, createSignedInUser, type CreatedProduct, type TestUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

type Signed = TestUser & { token: string };

let t: TestApp;
let buyer: Signed;
let developer: Signed;
let cs: Signed;
let plain: Signed;
let product: CreatedProduct;
let vendorId: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const historyOf = async (entity: string, id: number | string, token = developer.token, query = '') => {
  const res = await call(token, 'GET', `/api/history/${entity}/${id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as THistoryPage;
};

/** The changes without ids and times, for exact comparison. */
const fieldsOf = (page: THistoryPage) =>
  page.data.map(({ field, before, after, username, note }) => ({ field, before, after, username, note }));

async function newPo() {
  const res = await call(buyer.token, 'POST', '/api/purchase', {
    vendorId,
    location_code: 'KY01',
    purchaseOrderType: 'Default',
    shippingRequirements: 'Default',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  const line = await call(buyer.token, 'POST', '/api/purchase/orderItem', {
    productId: product.id,
    cost: 10.5,
    qty: 2,
    purchaseOrderId: id,
  });
  expect(line.statusCode, line.body).toBe(201);
  return { id, lineId: (line.json().data.PO_LINES as { id: number }[])[0]!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  [buyer, developer, cs, plain] = await Promise.all([
    createSignedInUser(t, { role: 'purchasing-admin' }),
    createSignedInUser(t, { role: 'developer' }),
    createSignedInUser(t, { role: 'customer-service-1' }),
    createSignedInUser(t, { role: 'user' }),
  ]);
  product = (await createProducts(t.db, [{ modelNumber: 'HIST100' }]))[0]!;
  vendorId = (await t.services.vendors.create({ company_name: 'History Supply', vendor_type: 'sales' })).id;
});
afterAll(() => t?.close());

describe('a PO update', () => {
  it('records exactly the changed fields with before, after and the user, newest first', async () => {
    const po = await newPo();
    const res = await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, {
      carrier_name: 'UPS',
      notes: 'Dock 4',
      vendor_id: vendorId, // sent unchanged: no row
      paid: false, // unchanged
    });
    expect(res.statusCode, res.body).toBe(200);
    const first = await historyOf('purchase-order', po.id);
    expect(fieldsOf(first).sort((a, b) => a.field!.localeCompare(b.field!))).toEqual([
      { field: 'carrier_name', before: null, after: 'UPS', username: buyer.username, note: null },
      { field: 'notes', before: null, after: 'Dock 4', username: buyer.username, note: null },
    ]);
    expect(first.total).toBe(2);
    expect(first.data[0]!.user_id).toBe(buyer.id);
    expect(first.data[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, { carrier_name: 'FedEx' });
    const second = await historyOf('purchase-order', po.id);
    expect(fieldsOf(second)[0]).toMatchObject({ field: 'carrier_name', before: 'UPS', after: 'FedEx' });
    expect(second.total).toBe(3);
  });

  it("keeps a line's changes on its PO, money as exact dollars", async () => {
    const po = await newPo();
    const res = await call(buyer.token, 'PUT', `/api/purchase/orderItem/${po.lineId}`, {
      invoice_cost: '12.30',
      qty: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fieldsOf(await historyOf('purchase-order', po.id))).toEqual([
      {
        field: `line ${po.lineId} invoice_cost`,
        before: '10.50',
        after: '12.30',
        username: buyer.username,
        note: null,
      },
    ]);
  });

  it('records nothing when the update is refused', async () => {
    const po = await newPo();
    const refused = await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, { notes: 'never', vendor_id: 999_999 });
    expect(refused.statusCode).toBe(422);
    const line = await call(buyer.token, 'PUT', `/api/purchase/orderItem/${po.lineId}`, {
      qty: 5,
      invoice_cost: '1.234',
    });
    expect(line.statusCode).toBe(422);
    expect((await historyOf('purchase-order', po.id)).total).toBe(0);
    // Refused by permission before anything runs.
    expect((await call(cs.token, 'PUT', `/api/purchase/${po.id}`, { notes: 'no' })).statusCode).toBe(403);
    expect((await historyOf('purchase-order', po.id)).total).toBe(0);
  });
});

describe('vendor and product updates', () => {
  it("records a vendor's changed fields", async () => {
    const res = await call(buyer.token, 'PUT', `/api/vendor/${vendorId}`, { rep: 'Dana', city: 'Louisville' });
    expect(res.statusCode, res.body).toBe(200);
    const page = await historyOf('vendor', vendorId);
    expect(
      fieldsOf(page)
        .map((c) => [c.field, c.before, c.after])
        .sort(),
    ).toEqual([
      ['city', null, 'Louisville'],
      ['rep', null, 'Dana'],
    ]);
  });

  it("records a product's changed fields by the developer who made them", async () => {
    const res = await call(developer.token, 'PUT', `/api/product/${product.id}`, {
      description: 'Stand mixer',
      model_number: 'HIST100',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fieldsOf(await historyOf('product', product.id))).toEqual([
      {
        field: 'description',
        before: expect.anything(),
        after: 'Stand mixer',
        username: developer.username,
        note: null,
      },
    ]);
  });
});

describe('notes and access', () => {
  it('stores a note by anyone who can read the record, and pages newest first', async () => {
    const po = await newPo();
    const note = await call(cs.token, 'POST', `/api/history/purchase-order/${po.id}`, { note: 'x' });
    expect(note.statusCode).toBe(403); // customer service cannot read POs
    for (const text of ['Called the vendor.', 'Vendor confirmed Friday.']) {
      const res = await call(buyer.token, 'POST', `/api/history/purchase-order/${po.id}`, { note: ` ${text} ` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ note: text, field: null, username: buyer.username, user_id: buyer.id });
    }
    const page = await historyOf('purchase-order', po.id, buyer.token, '?per_page=1&page=2');
    expect(page).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(page.data.map((c) => c.note)).toEqual(['Called the vendor.']);
  });

  it('refuses bad input with a 4xx naming the field', async () => {
    const po = await newPo();
    const empty = await call(buyer.token, 'POST', `/api/history/purchase-order/${po.id}`, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['note']);
    const entity = await call(buyer.token, 'GET', '/api/history/widget/1');
    expect(entity.statusCode).toBe(400);
    expect(Object.keys(entity.json().errors)).toEqual(['entity']);
    const missing = await call(buyer.token, 'POST', '/api/history/purchase-order/99999999', { note: 'hello' });
    expect(missing.statusCode).toBe(404);
    const perPage = await call(buyer.token, 'GET', `/api/history/purchase-order/${po.id}?per_page=0`);
    expect(perPage.statusCode).toBe(400);
    expect((await call(plain.token, 'GET', `/api/history/purchase-order/${po.id}`)).statusCode).toBe(403);
    expect((await call(cs.token, 'GET', `/api/history/product/${product.id}`)).statusCode).toBe(200);
  });
});
