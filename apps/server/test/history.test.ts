import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THistoryPage } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import {
  appUser,
  createBrand,
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveOnLine,
  receiveStock,
  roleIdOf,
  unreceiveStock,
  type CreatedProduct,
  type TestUser,
} from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

type Signed = TestUser & { token: string };

let t: TestApp;
let buyer: Signed;
let developer: Signed;
let cs: Signed;
let plain: Signed;
let product: CreatedProduct;
let vendorId: number;
const VENDOR = 'History Supply';

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
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

/** The changes as [field, before, after], newest first. */
const changesOf = (page: THistoryPage) => page.data.map((c) => [c.field, c.before, c.after]);

const LIFECYCLE = /(^| )(created|deleted)$/;

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
  vendorId = (await t.services.vendors.create({ company_name: VENDOR, vendor_type: 'sales' })).id;
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
    // Newest first: the update's two fields, then the line's addition and the creation.
    expect(
      fieldsOf(first)
        .slice(-2)
        .map((c) => c.field),
    ).toEqual([`line ${po.lineId} created`, 'created']);
    expect(
      fieldsOf({ ...first, data: first.data.slice(0, -2) }).sort((a, b) => a.field!.localeCompare(b.field!)),
    ).toEqual([
      { field: 'carrier_name', before: null, after: 'UPS', username: buyer.username, note: null },
      { field: 'notes', before: null, after: 'Dock 4', username: buyer.username, note: null },
    ]);
    expect(first.total).toBe(4);
    expect(first.data[0]!.user_id).toBe(buyer.id);
    expect(first.data[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, { carrier_name: 'FedEx' });
    const second = await historyOf('purchase-order', po.id);
    expect(fieldsOf(second)[0]).toMatchObject({ field: 'carrier_name', before: 'UPS', after: 'FedEx' });
    expect(second.total).toBe(5);
  });

  it("keeps a line's changes on its PO, money as exact dollars", async () => {
    const po = await newPo();
    const res = await call(buyer.token, 'PUT', `/api/purchase/orderItem/${po.lineId}`, {
      invoice_cost: '12.30',
      qty: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fieldsOf(await historyOf('purchase-order', po.id))[0]).toEqual({
      field: `line ${po.lineId} invoice_cost`,
      before: '10.50',
      after: '12.30',
      username: buyer.username,
      note: null,
    });
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
    const onlyCreated = (page: THistoryPage) => page.data.map((c) => c.field);
    const created = [`line ${po.lineId} created`, 'created'];
    expect(onlyCreated(await historyOf('purchase-order', po.id))).toEqual(created);
    // Refused by permission before anything runs.
    expect((await call(cs.token, 'PUT', `/api/purchase/${po.id}`, { notes: 'no' })).statusCode).toBe(403);
    expect((await call(cs.token, 'DELETE', `/api/purchase/orderItem/${po.lineId}`)).statusCode).toBe(403);
    expect(onlyCreated(await historyOf('purchase-order', po.id))).toEqual(created);
  });
});

describe('PO lines', () => {
  const addLine = async (poId: number, cost: number, qty: number) => {
    const res = await call(buyer.token, 'POST', '/api/purchase/orderItem', {
      productId: product.id,
      cost,
      qty,
      purchaseOrderId: poId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data.PO_LINES as { id: number }[]).at(-1)!.id;
  };

  it('records a line added or deleted (its model and fields) and apply to all lines per line, by the user', async () => {
    const po = await newPo();
    const second = await addLine(po.id, 3, 1);
    const body = { carrier_name: 'UPS', expected_arrival_date: '2027-03-01' };
    const all = await call(buyer.token, 'PUT', `/api/purchase/${po.id}/applyToAllLines`, body);
    expect(all.statusCode, all.body).toBe(200);
    // The same values again change nothing, and record nothing.
    expect((await call(buyer.token, 'PUT', `/api/purchase/${po.id}/applyToAllLines`, body)).statusCode).toBe(200);
    const gone = await call(buyer.token, 'DELETE', `/api/purchase/orderItem/${second}`);
    expect(gone.statusCode, gone.body).toBe(200);

    const page = await historyOf('purchase-order', po.id, buyer.token);
    expect(changesOf(page)).toEqual([
      [
        `line ${second} deleted`,
        {
          model_number: 'HIST100',
          invoice_cost: '3.00',
          qty: 1,
          shipping_cost: '0.00',
          expected_arrival_date: '2027-03-01',
          carrier_name: 'UPS',
        },
        null,
      ],
      [`line ${second} carrier_name`, null, 'UPS'],
      [`line ${second} expected_arrival_date`, null, '2027-03-01'],
      [`line ${po.lineId} carrier_name`, null, 'UPS'],
      [`line ${po.lineId} expected_arrival_date`, null, '2027-03-01'],
      [
        `line ${second} created`,
        null,
        { model_number: 'HIST100', invoice_cost: '3.00', qty: 1, shipping_cost: '0.00' },
      ],
      [
        `line ${po.lineId} created`,
        null,
        { model_number: 'HIST100', invoice_cost: '10.50', qty: 2, shipping_cost: '0.00' },
      ],
      ['created', null, expect.objectContaining({ vendor_id: `${VENDOR} (#${vendorId})` })],
    ]);
    expect(new Set(page.data.map((c) => c.user_id))).toEqual(new Set([buyer.id]));
  });

  it('records a new requested delivery date on the PO and on each line it moves', async () => {
    const po = await newPo();
    const moved = await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, { requested_delivery_date: '2027-04-02' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(changesOf(await historyOf('purchase-order', po.id)).slice(0, 2)).toEqual([
      ['requested_delivery_date', null, '2027-04-02'],
      [`line ${po.lineId} expected_arrival_date`, null, '2027-04-02'],
    ]);
  });

  it('records nothing for a refused line change, and the status a finish or a confirm sets', async () => {
    const po = await newPo();
    const sent = await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, { purchase_order_status: 3 });
    expect(sent.statusCode, sent.body).toBe(200);
    // Order Sent locks the lines' carrier.
    const locked = await call(buyer.token, 'PUT', `/api/purchase/${po.id}/applyToAllLines`, { carrier_name: 'DHL' });
    expect(locked.statusCode).toBe(409);
    const confirmed = await call(buyer.token, 'PUT', `/api/purchase/confirmOrder/${po.id}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const finished = await call(buyer.token, 'GET', `/api/purchase/finish/${po.id}`);
    expect(finished.statusCode, finished.body).toBe(200);
    // Complete locks the lines: nothing added, deleted or changed, nothing recorded.
    expect((await call(buyer.token, 'DELETE', `/api/purchase/orderItem/${po.lineId}`)).statusCode).toBe(409);
    const added = await call(buyer.token, 'POST', '/api/purchase/orderItem', {
      productId: product.id,
      cost: 1,
      qty: 1,
      purchaseOrderId: po.id,
    });
    expect(added.statusCode).toBe(409);
    const all = await call(buyer.token, 'PUT', `/api/purchase/${po.id}/applyToAllLines`, { tracking_number: '1Z' });
    expect(all.statusCode).toBe(409);

    const page = await historyOf('purchase-order', po.id);
    expect(changesOf(page).filter(([field]) => !LIFECYCLE.test(field as string))).toEqual([
      ['purchase_order_status', 'Order Confirmed', 'Complete'],
      ['purchase_order_status', 'Order Sent', 'Order Confirmed'],
      ['purchase_order_status', 'New', 'Order Sent'],
    ]);
    expect(page.data.slice(0, 3).map((c) => c.username)).toEqual(Array(3).fill(buyer.username));
    expect(page.total).toBe(5);
  });
});

describe('receipts', () => {
  it('records the status each receipt and un-receipt moves, by name, as the receiving user’s, and no entry for a unit that moves none', async () => {
    const po = await newPo();
    const confirmed = await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, { purchase_order_status: 3 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const three = await call(buyer.token, 'PUT', `/api/purchase/orderItem/${po.lineId}`, { qty: 3 });
    expect(three.statusCode, three.body).toBe(200);
    // The line's three units, each one scan (the scan's one statement; the second moves no status), then the third
    // taken back.
    const [, , third] = await receiveOnLine(t.services, { poId: po.id, lineId: po.lineId, product }, 'KY01', {
      units: 3,
    });
    await unreceiveStock(t.services, { referenceId: third!, lineId: po.lineId });
    const page = await historyOf('purchase-order', po.id);
    const moves = page.data.filter((c) => c.field === 'purchase_order_status');
    expect(moves.map((c) => [c.before, c.after])).toEqual([
      ['Received', 'Partially Received'],
      ['Partially Received', 'Received'],
      ['Order Sent', 'Partially Received'],
      ['New', 'Order Sent'],
    ]);
    // The factories' receiver (a purchasing admin) scanned, their admin took the unit back.
    const [admin, receiver] = await Promise.all([
      appUser(t.services, 'admin'),
      appUser(t.services, 'purchasing-admin'),
    ]);
    expect(moves.map((c) => c.username)).toEqual([
      admin.username,
      receiver.username,
      receiver.username,
      buyer.username,
    ]);
  });
});

describe('ids kept with their names', () => {
  it("records a PO's vendor as its name and id, its status and terms by name, and keeps them after a rename", async () => {
    const po = await newPo();
    const other = await t.services.vendors.create({ company_name: 'Other Supply', vendor_type: 'sales' });
    const [terms] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into purchase_terms (type) values ('Net 45 History') returning id`,
    );
    const res = await call(buyer.token, 'PUT', `/api/purchase/${po.id}`, {
      vendor_id: other.id,
      purchase_terms_id: terms!.id,
      purchase_order_status: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const renamed = await call(buyer.token, 'PUT', `/api/vendor/${other.id}`, { company_name: 'Renamed Supply' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const rows = changesOf(await historyOf('purchase-order', po.id)).filter(([f]) => !LIFECYCLE.test(f as string));
    expect(rows.sort()).toEqual([
      ['purchase_order_status', 'New', 'Building'],
      ['purchase_terms_id', null, 'Net 45 History'],
      ['vendor_id', `${VENDOR} (#${vendorId})`, `Other Supply (#${other.id})`],
    ]);
  });

  it("records a product's brand as its name and id", async () => {
    const [made] = await createProducts(t.db, [{ modelNumber: `HISTB${nextUpc().slice(-5)}` }]);
    const brand = await createBrand(t.db, 'History Brand', 'HISTBRAND');
    const res = await call(developer.token, 'PUT', `/api/product/${made!.id}`, {
      model_number: made!.modelNumber,
      fk_brand_id: brand,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(changesOf(await historyOf('product', made!.id))).toEqual([
      ['fk_brand_id', null, `History Brand (#${brand})`],
    ]);
  });
});

describe('vendor and product updates', () => {
  it("records a vendor's changed fields", async () => {
    const res = await call(buyer.token, 'PUT', `/api/vendor/${vendorId}`, { rep: 'Dana', city: 'Louisville' });
    expect(res.statusCode, res.body).toBe(200);
    const page = await historyOf('vendor', vendorId);
    expect(
      fieldsOf(page)
        .filter((c) => c.field !== 'created')
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

describe('creation', () => {
  it('records the creation of a PO, a product and a vendor as one row each (field created, after = its fields) by who made it', async () => {
    const po = await call(buyer.token, 'POST', '/api/purchase', {
      vendorId,
      location_code: 'ky01',
      purchaseOrderType: 'Default',
      shippingRequirements: 'Default',
    });
    expect(po.statusCode, po.body).toBe(201);
    expect(fieldsOf(await historyOf('purchase-order', po.json().id))).toEqual([
      {
        field: 'created',
        before: null,
        after: {
          vendor_id: `${VENDOR} (#${vendorId})`,
          purchase_order_status: 'New',
          ims_location_code: 'KY01',
          paid: false,
          is_ats: false,
          dfi_discount_percentage: expect.any(String),
        },
        username: buyer.username,
        note: null,
      },
    ]);

    const vendor = await call(buyer.token, 'POST', '/api/vendor/', {
      company_name: 'Created Supply',
      vendor_type: 'sales',
      city: 'Austin',
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const vendorPage = await historyOf('vendor', vendor.json().id);
    expect(fieldsOf(vendorPage)).toEqual([
      {
        field: 'created',
        before: null,
        after: expect.objectContaining({
          company_name: 'Created Supply',
          vendor_type: 'sales',
          city: 'Austin',
          program_name: 'Default',
        }),
        username: buyer.username,
        note: null,
      },
    ]);
    expect(vendorPage.data[0]!.user_id).toBe(buyer.id);

    const model = `HISTNEW${nextUpc().slice(-5)}`;
    const created = await call(developer.token, 'POST', '/api/product', { model_number: model, description: 'Kettle' });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = fieldsOf(await historyOf('product', created.json().id));
    expect(row).toMatchObject({ field: 'created', before: null, username: developer.username });
    expect(row!.after).toMatchObject({ model_number: model, description: 'Kettle' });
    expect(Object.keys(row!.after as object)).not.toContain('qty_on_hand');
    expect((await historyOf('product', created.json().id)).total).toBe(1);
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
    expect(page).toMatchObject({ total: 4, page: 2, per_page: 1 }); // the two notes, the line's addition and the creation
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

describe("contacts: one log, read by the panel and by the spec's contact history", () => {
  it('records the creation and each changed field by the user, and a refused update records nothing', async () => {
    const created = await call(cs.token, 'POST', '/api/contact/store', {
      first_name: 'Ada',
      last_name: 'Byron',
      city: 'London',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const updated = await call(cs.token, 'POST', '/api/contact/update', { id, city: 'Louisville', state: 'ky' });
    expect(updated.statusCode, updated.body).toBe(200);
    const refused = await call(cs.token, 'POST', '/api/contact/update', {
      id,
      city: 'Never',
      primary_email: 'not-mail',
    });
    expect(refused.statusCode).toBe(422);

    const page = await historyOf('contact', id, cs.token);
    expect(fieldsOf(page)).toEqual([
      { field: 'state', before: null, after: 'KY', username: cs.username, note: null },
      { field: 'city', before: 'London', after: 'Louisville', username: cs.username, note: null },
      {
        field: 'created',
        before: null,
        after: { first_name: 'Ada', last_name: 'Byron', city: 'London' },
        username: cs.username,
        note: null,
      },
    ]);

    // A note is the panel's; the spec's history answers the same changes as its events.
    const note = await call(cs.token, 'POST', `/api/history/contact/${id}`, { note: 'Prefers e-mail.' });
    expect(note.statusCode, note.body).toBe(201);
    const events = await call(cs.token, 'POST', '/api/contact/contactHistory', {
      searchKey: 'sold_contact_id',
      searchValue: id,
    });
    expect(events.statusCode, events.body).toBe(200);
    expect(
      (events.json().data as { event_type: string; changes: unknown; username: string }[]).map((e) => [
        e.event_type,
        e.changes,
        e.username,
      ]),
    ).toEqual([
      ['updated', { city: { from: 'London', to: 'Louisville' }, state: { from: null, to: 'KY' } }, cs.username],
      [
        'created',
        {
          first_name: { from: null, to: 'Ada' },
          last_name: { from: null, to: 'Byron' },
          city: { from: null, to: 'London' },
        },
        cs.username,
      ],
    ]);
    // Reading and notes need the contact's read permission (sales-desk:manage).
    expect((await call(buyer.token, 'GET', `/api/history/contact/${id}`)).statusCode).toBe(403);
    expect((await call(buyer.token, 'POST', `/api/history/contact/${id}`, { note: 'x' })).statusCode).toBe(403);
    expect((await historyOf('contact', id, cs.token)).total).toBe(4);
  });
});

describe('bins', () => {
  it('records creation, contents moved by product, deletion, and nothing for a refused change', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const upc = nextUpc();
    const [stocked] = await createProducts(t.db, [{ modelNumber: 'HISTBIN1', upc }]);
    await receiveStock(t.services, stocked!, 'KY01', { units: 3 });
    const made = await call(admin.token, 'POST', '/api/ims/bins', {
      row: 7,
      bay: 8,
      shelf: 9,
      locationCode: 'KY01',
      conditionCode: 'NEW',
    });
    expect(made.statusCode, made.body).toBe(201);
    const bin = made.json() as { id: number; binName: string };

    const add = await call(admin.token, 'PUT', `/api/ims/bins/${bin.id}/items`, {
      isAdding: true,
      items: [{ upc, updateQty: 2 }],
    });
    expect(add.statusCode, add.body).toBe(200);
    const tooMany = await call(admin.token, 'PUT', `/api/ims/bins/${bin.id}/items`, {
      isAdding: false,
      items: [{ upc, updateQty: 5 }],
    });
    expect(tooMany.statusCode).toBe(422);
    const remove = await call(admin.token, 'PUT', `/api/ims/bins/${bin.id}/items`, {
      isAdding: false,
      items: [{ upc, updateQty: 2 }],
    });
    expect(remove.statusCode, remove.body).toBe(200);
    const gone = await call(admin.token, 'DELETE', `/api/ims/bins/${bin.id}`);
    expect(gone.statusCode, gone.body).toBe(200);

    const where = { binName: bin.binName, locationCode: 'KY01', conditionCode: 'NEW' };
    // The warehouse's readers (inventory:view) read a deleted bin's history too.
    expect(fieldsOf(await historyOf('bin', bin.id, cs.token))).toEqual([
      { field: 'deleted', before: where, after: null, username: admin.username, note: null },
      { field: 'contents HISTBIN1', before: 2, after: null, username: admin.username, note: null },
      { field: 'contents HISTBIN1', before: null, after: 2, username: admin.username, note: null },
      { field: 'created', before: null, after: where, username: admin.username, note: null },
    ]);
    // A deleted bin is kept as a row for its history: it still takes a note (why it went), and an unknown one does not.
    expect((await call(admin.token, 'POST', `/api/history/bin/${bin.id}`, { note: 'Rack removed.' })).statusCode).toBe(
      201,
    );
    expect((await call(admin.token, 'POST', '/api/history/bin/99999999', { note: 'x' })).statusCode).toBe(404);
  });
});

describe('shipping rules', () => {
  it('records creation, changed fields, template mappings, publishing and deletion; a refused update records nothing', async () => {
    const st = t.services.shippingTemplates;
    const simple = await st.createTemplate({
      shippingTemplate: 'HIST-SIMPLE',
      platformCode: 'walmart',
      switchBuffer: 1,
      platformShippingTemplateId: 'WM-H',
    });
    const other = await st.createTemplate({ shippingTemplate: 'HIST-OTHER', isParentTemplate: true });
    const base = '/api/ims/shipping-templates/rule';
    const made = await call(buyer.token, 'POST', base, {
      ruleCode: 'HIST-RULE',
      fallbackShippingTemplate: simple.shipping_template,
      groupShippingTemplate: simple.shipping_template,
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const rule = made.json() as { id: number };
    const changed = await call(buyer.token, 'PUT', base, {
      ruleCode: 'HIST-RULE',
      groupShippingTemplate: other.shipping_template,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await call(buyer.token, 'PUT', base, {
      ruleCode: 'HIST-RULE',
      fallbackShippingTemplate: 'NO-SUCH',
    });
    expect(refused.statusCode).toBe(422);
    const mapped = await call(buyer.token, 'POST', `${base}/mapping`, {
      ruleCode: 'HIST-RULE',
      shippingTemplate: simple.shipping_template,
    });
    expect(mapped.statusCode, mapped.body).toBeLessThan(300);
    const unmapped = await call(buyer.token, 'DELETE', `${base}/mapping/${(mapped.json() as { id: number }).id}`);
    expect(unmapped.statusCode, unmapped.body).toBe(200);

    const rows = fieldsOf(await historyOf('shipping-rule', rule.id, buyer.token));
    expect(rows.map((r) => [r.field, r.before, r.after, r.username])).toEqual([
      ['mapping HIST-SIMPLE', 'mapped', null, buyer.username],
      ['mapping HIST-SIMPLE', null, 'mapped', buyer.username],
      ['group_shipping_template', 'HIST-SIMPLE', 'HIST-OTHER', buyer.username],
      [
        'created',
        null,
        {
          rule_code: 'HIST-RULE',
          fallback_shipping_template: 'HIST-SIMPLE',
          group_shipping_template: 'HIST-SIMPLE',
          uses_template_compositions: false,
          is_published: false,
        },
        buyer.username,
      ],
    ]);

    const published = await call(buyer.token, 'POST', `${base}/activate-compositions/${rule.id}`);
    expect(published.statusCode, published.body).toBe(200);
    const deleted = await call(buyer.token, 'DELETE', `${base}/${rule.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const last = (await historyOf('shipping-rule', rule.id, buyer.token)).data.map((c) => c.field);
    expect(last.slice(0, 3)).toEqual(['deleted', 'published_at', 'is_published']);
  });
});

describe('roles', () => {
  it("records a user's move on both roles by the role editor, and nothing for a refused change", async () => {
    const mover = await createSignedInUser(t, { role: 'user' });
    const res = await call(developer.token, 'PUT', `/api/role/${mover.id}`, {
      newRoleID: await roleIdOf(t.db, 'warehouse-1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = await call(developer.token, 'PUT', `/api/role/${developer.id}`, {
      newRoleID: await roleIdOf(t.db, 'user'),
    });
    expect(own.statusCode).toBe(403);
    const change = { field: `user ${mover.username}`, before: 'user', after: 'warehouse-1', note: null };
    expect(fieldsOf(await historyOf('role', 'warehouse-1'))).toEqual([{ ...change, username: developer.username }]);
    const left = fieldsOf(await historyOf('role', 'user'));
    expect(left).toEqual([{ ...change, username: developer.username }]);
    expect((await historyOf('role', 'developer')).total).toBe(0);

    const note = await call(developer.token, 'POST', '/api/history/role/warehouse-1', { note: 'Seasonal staff.' });
    expect(note.statusCode, note.body).toBe(201);
    expect((await call(developer.token, 'POST', '/api/history/role/no-such-role', { note: 'x' })).statusCode).toBe(404);
    expect((await call(buyer.token, 'GET', '/api/history/role/warehouse-1')).statusCode).toBe(403);
  });
});
