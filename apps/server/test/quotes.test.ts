import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backorderWaitsMessage,
  QUOTE_MESSAGES,
  quoteLockedMessage,
  workOrderNumber,
  type TContact,
  type TQuote,
  type TQuoteFull,
  type TWorkOrder,
} from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { createLocation, createProducts, createSignedInUser, receiveStock, type CreatedProduct } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/**
 * Quotes, labor lines and work orders (issue 16, 002 §7 "Quotes"): every call, totals in exact cents with tax and
 * labor, the lock after convert, convert to order (idempotent, concurrent, committed sales), permissions, bad input.
 */

let t: TestApp;
let sales: { token: string; id: number; username: string };
let warehouse: { token: string };
let ky: TContact;
let oregon: TContact;
let other: TContact;
let fridge: CreatedProduct;
let range: CreatedProduct;
let scarce: CreatedProduct;

type Res = Awaited<ReturnType<typeof injectAs>>;
const post = (url: string, payload: object, token = sales.token) =>
  injectAs(t.app, token, { method: 'POST', url, payload });
const get = (url: string, token = sales.token) => injectAs(t.app, token, { method: 'GET', url });
const del = (url: string, token = sales.token) => injectAs(t.app, token, { method: 'DELETE', url });
const ok = (res: Res, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as TQuoteFull;
};

async function newQuote(fields: object = {}): Promise<TQuoteFull> {
  return ok(await post('/api/quote/store', { sold_contact_id: ky.id, ...fields }), 201);
}
const addItem = async (quoteId: number, product: CreatedProduct, fields: object = {}) =>
  ok(await post('/api/quote/item', { quote_id: quoteId, productId: product.id, ...fields }), 201);
const addLabor = async (quoteId: number, fields: object) =>
  ok(await post('/api/quote/laborLines', { quote_id: quoteId, ...fields }), 201);

async function tableCounts() {
  const [row] = await queryRows<{ quotes: number; items: number; labor: number; orders: number; sales: number }>(
    t.db,
    sql`select (select count(*)::int from quotes) as quotes, (select count(*)::int from quote_items) as items,
      (select count(*)::int from quote_labor_lines) as labor, (select count(*)::int from work_orders) as orders,
      (select count(*)::int from committed_sales) as sales`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  sales = await createSignedInUser(t, { role: 'sales-1' });
  warehouse = await createSignedInUser(t, { role: 'warehouse-admin' });
  ky = await t.services.contacts.create(
    {
      first_name: 'Quinn',
      last_name: 'Quoteworthy',
      address: '1 Main St',
      city: 'Louisville',
      state: 'KY',
      zip: '40202',
    },
    null,
  );
  oregon = await t.services.contacts.create(
    { first_name: 'Orla', last_name: 'Quoteworthy', city: 'Portland', state: 'OR' },
    null,
  );
  other = await t.services.contacts.create({ first_name: 'Zed', last_name: 'Elsewhere', state: 'TX' }, null);
  await t.services.taxMap.set('walts', 'KY', 1, null);
  await t.services.taxMap.set('walts', 'TX', 0, null);
  [fridge, range, scarce] = (await createProducts(t.db, [
    { modelNumber: 'QT-FRIDGE', adjCartPriceCents: 129_999 },
    { modelNumber: 'QT-RANGE', mapCents: 89_900 },
    { modelNumber: 'QT-SCARCE' },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];
  await receiveStock(t.services, fridge, 'KY01', { units: 10 });
  await receiveStock(t.services, range, 'KY01_B_STOCK', { units: 10 });
  await receiveStock(t.services, scarce, 'KY01', { units: 1 });
});
afterAll(() => t?.close());

describe('quote/store, quote/update, quote/getFull', () => {
  it('creates an OPEN quote for the sold contact, ship and bill defaulting to it, the caller as primary sales', async () => {
    const full = await newQuote({ notes: ' Kitchen remodel ', lead_source: 'Walk-in' });
    expect(full.quote).toMatchObject({
      quote_number: expect.stringMatching(/^Q-\d{6}$/),
      sold_contact_id: ky.id,
      ship_contact_id: ky.id,
      bill_contact_id: ky.id,
      quote_status: 'OPEN',
      approval_status: 'PENDING',
      quote_type: 'RETAIL',
      quote_class: 'STANDARD',
      primary_sales_id: sales.id,
      primary_sales_name: sales.username,
      notes: 'Kitchen remodel',
      lead_source: 'Walk-in',
      total: 0,
      locked: false,
      sold_contact_name: 'Quinn Quoteworthy',
    });
    expect(full.ship_contact.id).toBe(ky.id);
    const again = ok(await get(`/api/quote/getFull/${full.quote.id}`));
    expect(again).toEqual(full);
  });

  it('updates header fields (status, approval, contacts, every §3 text field) and keeps what is left out', async () => {
    const full = await newQuote({ notes: 'keep me' });
    const updated = ok(
      await post('/api/quote/update', {
        id: full.quote.id,
        ship_contact_id: oregon.id,
        bill_contact_id: other.id,
        quote_status: 'SENT',
        approval_status: 'APPROVED',
        approval_status_notes: 'Manager ok',
        quote_type: 'INSTALLATION',
        quote_class: 'PROJECT',
        sold_account_id: 7788,
        second_sales_id: sales.id,
        primary_development: 'Riverside',
        primary_product_interest: 'Refrigeration',
        primary_feature_interest: 'French door',
        demo_affinity: 'High',
      }),
    );
    expect(updated.quote).toMatchObject({
      ship_contact_id: oregon.id,
      bill_contact_id: other.id,
      quote_status: 'SENT',
      approval_status: 'APPROVED',
      approval_status_notes: 'Manager ok',
      quote_type: 'INSTALLATION',
      quote_class: 'PROJECT',
      sold_account_id: 7788,
      second_sales_id: sales.id,
      primary_development: 'Riverside',
      primary_product_interest: 'Refrigeration',
      primary_feature_interest: 'French door',
      demo_affinity: 'High',
      notes: 'keep me',
    });
    expect(updated.ship_contact.state).toBe('OR');
    expect(updated.bill_contact.id).toBe(other.id);
  });

  it('answers 404 for an unknown quote', async () => {
    expect((await get('/api/quote/getFull/999999')).statusCode).toBe(404);
    expect((await post('/api/quote/update', { id: 999999, notes: 'x' })).statusCode).toBe(404);
  });
});

describe('totals: exact cents with tax and labor', () => {
  it('product = Σ units × price; labor = Σ hours × rate (half-up) or flat; tax on products + labor at the KY rate; total', async () => {
    const q = (await newQuote()).quote.id;
    await addItem(q, fridge, { number_units: 2, unit_price: 499.99 });
    const withRange = await addItem(q, range, { number_units: 3, unit_price: 19.95, condition: 'B_STOCK' });
    expect(withRange.quote.product_total).toBe(1059.83);
    await addLabor(q, { description: 'Install range', labor_type: 'HOURLY', hours: 1.25, rate: 10.1 }); // 12.625 → 12.63
    await addLabor(q, { description: 'Haul away', labor_type: 'FLAT', rate: 50 });
    const tiny = await addLabor(q, { description: 'Half-up check', labor_type: 'HOURLY', hours: 0.5, rate: 0.01 }); // 0.005 → 0.01
    expect(tiny.labor_lines.map((l) => l.amount)).toEqual([12.63, 50, 0.01]);
    expect(tiny.labor_lines[1]).toMatchObject({ labor_type: 'FLAT', hours: null, rate: 50 });
    const full = ok(await post('/api/quote/update', { id: q, shipping_total: 25 }));
    // base 1059.83 + 62.64 = 1122.47; × 6% = 67.3482 → 67.35; total 1059.83 + 62.64 + 25 + 67.35 = 1214.82.
    expect(full.quote).toMatchObject({
      product_total: 1059.83,
      labor_total: 62.64,
      shipping_total: 25,
      tax_state: 'KY',
      tax_rate: 6,
      tax_total: 67.35,
      total: 1214.82,
    });
    const [row] = await queryRows<{ total_cents: number; tax_total_cents: number }>(
      t.db,
      sql`select total_cents, tax_total_cents from quotes where id = ${q}`,
    );
    expect(row).toEqual({ total_cents: 121_482, tax_total_cents: 6_735 });
  });

  it('charges no tax when the ship-to state is not collected for walts (OR), and tax again when shipped to KY', async () => {
    const q = (await newQuote({ ship_contact_id: oregon.id })).quote.id;
    const full = await addItem(q, fridge, { number_units: 1, unit_price: 100 });
    expect(full.quote).toMatchObject({ product_total: 100, tax_total: 0, tax_state: null, total: 100 });
    const toKy = ok(await post('/api/quote/update', { id: q, ship_contact_id: ky.id }));
    expect(toKy.quote).toMatchObject({ tax_total: 6, tax_state: 'KY', total: 106 });
    // TX has a rate but the map does not collect for walts there.
    const toTx = ok(await post('/api/quote/update', { id: q, ship_contact_id: other.id }));
    expect(toTx.quote).toMatchObject({ tax_total: 0, total: 100 });
  });

  it('recomputes on item update and delete, and on labor update and delete', async () => {
    const q = (await newQuote()).quote.id;
    const one = await addItem(q, fridge);
    expect(one.items[0]).toMatchObject({ condition: 'NEW', number_units: 1, unit_price: 1299.99, model: 'QT-FRIDGE' });
    const itemId = one.items[0]!.id;
    const changed = ok(
      await post('/api/quote/item/update', {
        id: itemId,
        quote_id: q,
        condition: 'B_STOCK',
        number_units: 4,
        unit_price: 10.01,
      }),
    );
    expect(changed.items[0]).toMatchObject({
      condition: 'B_STOCK',
      number_units: 4,
      unit_price: 10.01,
      line_total: 40.04,
    });
    expect(changed.quote).toMatchObject({ product_total: 40.04, tax_total: 2.4, total: 42.44 });
    const labored = await addLabor(q, { description: 'Install', labor_type: 'HOURLY', hours: 2, rate: 80 });
    const laborId = labored.labor_lines[0]!.id;
    const flat = ok(await post('/api/quote/laborLines/update', { id: laborId, labor_type: 'FLAT', rate: 99.99 }));
    expect(flat.labor_lines[0]).toMatchObject({
      labor_type: 'FLAT',
      hours: null,
      amount: 99.99,
      description: 'Install',
    });
    const hourly = ok(
      await post('/api/quote/laborLines/update', {
        id: laborId,
        quote_id: q,
        labor_type: 'HOURLY',
        hours: 0.75,
        rate: 66.67,
        description: 'Install (3/4 h)',
      }),
    );
    expect(hourly.labor_lines[0]).toMatchObject({ hours: 0.75, amount: 50, description: 'Install (3/4 h)' }); // 50.0025 → 50.00
    expect(hourly.quote.labor_total).toBe(50);
    const noLabor = ok(await get(`/api/quote/laborLines/delete/${laborId}`));
    expect(noLabor.labor_lines).toEqual([]);
    expect(noLabor.quote.labor_total).toBe(0);
    const empty = ok(await del(`/api/quote/item/${itemId}`));
    expect(empty.items).toEqual([]);
    expect(empty.quote).toMatchObject({ product_total: 0, tax_total: 0, total: 0 });
    expect((await del(`/api/quote/item/${itemId}`)).statusCode).toBe(404);
    expect((await get(`/api/quote/laborLines/delete/${laborId}`)).statusCode).toBe(404);
  });
});

describe('searches', () => {
  let mine: TQuote;
  beforeAll(async () => {
    mine = (await newQuote({ ship_contact_id: other.id })).quote;
    await post('/api/quote/update', { id: mine.id, quote_status: 'ACCEPTED' });
  });
  const search = async (searchKey: string, searchValue: string) => {
    const res = await post('/api/quote/search', { searchKey, searchValue });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as TQuote[]).map((q) => q.id);
  };

  it('quote/search by number (Q-000012, 12), status, sold contact name and contact id', async () => {
    expect(await search('quote_number', mine.quote_number)).toEqual([mine.id]);
    expect(await search('quote_number', String(mine.id))).toEqual([mine.id]);
    expect(await search('quote_number', 'nonsense')).toEqual([]);
    expect(await search('status', 'accepted')).toContain(mine.id);
    expect(await search('status', 'OPEN')).not.toContain(mine.id);
    const byName = await search('name', 'Quinn Quote');
    expect(byName).toContain(mine.id);
    expect(byName).toEqual([...byName].sort((a, b) => b - a));
    expect(await search('name', 'Quoteworthy, Quinn')).toContain(mine.id);
    expect(await search('name', 'Zed')).not.toContain(mine.id);
    expect(await search('contact_id', String(other.id))).toContain(mine.id);
  });

  it('contact/quotes lists the quotes where the contact is sold, ship or bill; contact/quotes/name by names', async () => {
    const res = await post('/api/contact/quotes', { contact_id: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as TQuote[]).map((q) => q.id)).toContain(mine.id);
    expect((await post('/api/contact/quotes', { contact_id: 999999 })).statusCode).toBe(404);
    const byName = await post('/api/contact/quotes/name', { firstName: 'qui', lastName: 'quote' });
    expect(byName.statusCode).toBe(200);
    expect((byName.json().data as TQuote[]).every((q) => q.sold_contact_name === 'Quinn Quoteworthy')).toBe(true);
    expect((byName.json().data as TQuote[]).map((q) => q.id)).toContain(mine.id);
    const none = await post('/api/contact/quotes/name', { firstName: '', lastName: '' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['firstName', 'lastName']);
  });

  it('quote/item/search answers the quote items, optionally by model prefix', async () => {
    await addItem(mine.id, fridge);
    await addItem(mine.id, range);
    const all = await post('/api/quote/item/search', { quote_id: mine.id });
    expect(all.json().data.map((i: { model: string }) => i.model)).toEqual(['QT-FRIDGE', 'QT-RANGE']);
    const some = await post('/api/quote/item/search', { quote_id: mine.id, model: 'qt-r' });
    expect(some.json().data.map((i: { model: string }) => i.model)).toEqual(['QT-RANGE']);
  });
});

describe('bad input: 4xx naming the fields, nothing changed', () => {
  it('refuses unknown contacts, products, users and bad values', async () => {
    const q = (await newQuote()).quote.id;
    await addItem(q, fridge, { unit_price: 10 });
    const before = await tableCounts();
    const full = ok(await get(`/api/quote/getFull/${q}`));
    const cases: [string, object, string[]][] = [
      ['/api/quote/store', { sold_contact_id: 999999 }, ['sold_contact_id']],
      [
        '/api/quote/store',
        { sold_contact_id: ky.id, ship_contact_id: 999998, primary_sales_id: 999997 },
        ['ship_contact_id', 'primary_sales_id'],
      ],
      ['/api/quote/store', {}, ['sold_contact_id']],
      ['/api/quote/update', { id: q, quote_status: 'CONVERTED' }, ['quote_status']],
      ['/api/quote/update', { id: q, shipping_total: 1.234 }, ['shipping_total']],
      ['/api/quote/update', { id: q, shipping_total: -1 }, ['shipping_total']],
      ['/api/quote/update', { id: q, bill_contact_id: 999999, notes: 'not saved' }, ['bill_contact_id']],
      ['/api/quote/item', { quote_id: q, productId: 999999 }, ['productId']],
      ['/api/quote/item', { quote_id: q, productId: fridge.id, condition: 'SHINY' }, ['condition']],
      ['/api/quote/item', { quote_id: q, productId: fridge.id, number_units: 0 }, ['number_units']],
      ['/api/quote/item/update', { id: full.items[0]!.id, quote_id: q, unit_price: 'ten' }, ['unit_price']],
      ['/api/quote/item/update', { id: full.items[0]!.id, quote_id: q + 1000, number_units: 2 }, ['quote_id']],
      [
        '/api/quote/item',
        { quote_id: q, productId: fridge.id, number_units: 100_000, unit_price: 21_474_836.47 },
        ['number_units'],
      ],
      ['/api/quote/laborLines', { quote_id: q, description: 'x', labor_type: 'HOURLY', rate: 10 }, ['hours']],
      ['/api/quote/laborLines', { quote_id: q, description: 'x', labor_type: 'FLAT', hours: 2, rate: 10 }, ['hours']],
      [
        '/api/quote/laborLines',
        { quote_id: q, description: '', labor_type: 'OVERTIME', hours: 1.001, rate: 10 },
        ['description', 'labor_type', 'hours'],
      ],
    ];
    for (const [url, body, fields] of cases) {
      const res = await post(url, body);
      expect([400, 422], `${url} ${JSON.stringify(body)}: ${res.body}`).toContain(res.statusCode);
      // Shape errors (400) and rule errors (422) both name `<field>`.
      const named = Object.keys(res.json().errors ?? {});
      expect(named.sort(), `${url} ${JSON.stringify(body)}`).toEqual([...fields].sort());
    }
    expect(await tableCounts()).toEqual(before);
    expect(ok(await get(`/api/quote/getFull/${q}`))).toEqual(full);
  });

  it('answers 403 to a role without sales-desk:manage, on every quote call', async () => {
    const q = (await newQuote()).quote.id;
    const calls: Res[] = await Promise.all([
      post('/api/quote/store', { sold_contact_id: ky.id }, warehouse.token),
      post('/api/quote/update', { id: q, notes: 'x' }, warehouse.token),
      post('/api/quote/search', { searchKey: 'status', searchValue: 'OPEN' }, warehouse.token),
      post('/api/quote/item', { quote_id: q, productId: fridge.id }, warehouse.token),
      post('/api/quote/item/search', { quote_id: q }, warehouse.token),
      get(`/api/quote/getFull/${q}`, warehouse.token),
      get(`/api/quote/convertToOrder/${q}`, warehouse.token),
      get(`/api/quote/${q}/pdf`, warehouse.token),
      post('/api/contact/quotes', { contact_id: ky.id }, warehouse.token),
      post('/api/contact/quotes/name', { firstName: 'Q', lastName: '' }, warehouse.token),
      post('/api/quote/laborLines', { quote_id: q, description: 'x', labor_type: 'FLAT', rate: 1 }, warehouse.token),
    ]);
    expect(calls.map((r) => r.statusCode)).toEqual(calls.map(() => 403));
    expect(ok(await get(`/api/quote/getFull/${q}`)).items).toEqual([]);
  });
});

describe('quote PDF', () => {
  it('answers a PDF with the quote number, contacts, units, labor and totals', async () => {
    const q = (await newQuote()).quote;
    await addItem(q.id, fridge, { number_units: 2, unit_price: 10 });
    await addLabor(q.id, { description: 'Install fridge', labor_type: 'HOURLY', hours: 1.5, rate: 40 });
    const res = await get(`/api/quote/${q.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`quote-${q.quote_number}.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text, total, pages } = await parser.getText();
    await parser.destroy();
    for (const expected of [
      q.quote_number,
      'Quinn Quoteworthy',
      'QT-FRIDGE',
      'Install fridge',
      '$20.00',
      '$60.00',
      '$84.80',
    ])
      expect(text).toContain(expected);
    // One page, no blank one after it (issue 31: the footer in the bottom margin used to add a page).
    expect(total).toBe(1);
    expect(pages.map((p) => p.text)).toEqual([expect.stringContaining(`Quote ${q.quote_number} \u00b7 Page 1 of 1`)]);
  });

  it('prints a 600-character product description whole, wrapped, on one page (issue 31: it was cut with "…")', async () => {
    let description = '';
    for (let i = 1; description.length < 600; i += 1)
      description += `Part ${i} of a long catalogue description, French door, 36 inch, stainless. `;
    description = description.slice(0, 600);
    const [long] = await createProducts(t.db, [{ modelNumber: 'QT-LONGDESC', description }]);
    const q = (await newQuote()).quote;
    await addItem(q.id, long!, { number_units: 1, unit_price: 10 });
    await addItem(q.id, fridge, { number_units: 1, unit_price: 10 });
    const res = await get(`/api/quote/${q.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text, total, pages } = await parser.getText();
    await parser.destroy();
    expect(total).toBe(1);
    expect(pages[0]!.text.replace(/Quote Q-\d+ \u00b7 Page 1 of 1/, '').trim()).not.toBe('');
    const squeezed = (s: string) => s.replace(/\s+/g, '');
    expect(squeezed(text)).toContain(squeezed(description));
    expect(text).not.toContain('\u2026');
  });
});

describe('convert to order', () => {
  const convert = (id: number, query = '') => get(`/api/quote/convertToOrder/${id}${query}`);

  it('creates one work order and commits each unit line as a committed sale (quantities, buckets, prices); idempotent', async () => {
    const q = (await newQuote()).quote.id;
    await addItem(q, fridge, { number_units: 2, unit_price: 1000 });
    await addItem(q, range, { number_units: 3, unit_price: 500, condition: 'B_STOCK' });
    await addLabor(q, { description: 'Install', labor_type: 'FLAT', rate: 150 });
    const before = await tableCounts();
    const res = await convert(q);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as TWorkOrder;
    expect(order).toMatchObject({
      work_order_number: workOrderNumber(order.id),
      quote_id: q,
      location_code: 'KY01',
      created_by_name: sales.username,
    });
    expect(order.quote).toMatchObject({ quote_status: 'CONVERTED', locked: true, work_order_id: order.id });
    expect(order.items.map((i) => [i.model, i.number_units, i.source_bucket, i.state])).toEqual([
      ['QT-FRIDGE', 2, 'KY01', 'COMMITTED'],
      ['QT-RANGE', 3, 'KY01_B_STOCK', 'COMMITTED'],
    ]);
    expect(order.labor_lines.map((l) => l.amount)).toEqual([150]);
    const salesRows = await queryRows<{
      model_number: string;
      committed_quantity: number;
      source_bucket: string;
      unit_price_cents: number;
      transacted_at: Date | null;
    }>(
      t.db,
      sql`select p.model_number, s.committed_quantity, s.source_bucket, s.unit_price_cents, s.transacted_at from committed_sales s join products p on p.id = s.product_id
        where s.legacy_pos_invoice_id = ${order.work_order_number} order by s.id`,
    );
    expect(salesRows).toEqual([
      {
        model_number: 'QT-FRIDGE',
        committed_quantity: 2,
        source_bucket: 'KY01',
        unit_price_cents: 100_000,
        transacted_at: null,
      },
      {
        model_number: 'QT-RANGE',
        committed_quantity: 3,
        source_bucket: 'KY01_B_STOCK',
        unit_price_cents: 50_000,
        transacted_at: null,
      },
    ]);
    // They reach the committed-sales board (and so picking), open.
    const board = await injectAs(t.app, sales.token, {
      method: 'GET',
      url: `/api/ims/committed-sales?search=${order.work_order_number}`,
    });
    expect(board.json().data.map((s: { legacy_pos_invoice_id: string }) => s.legacy_pos_invoice_id)).toEqual([
      order.work_order_number,
      order.work_order_number,
    ]);
    // Each sale's transaction names its work order (001 §3 pos_work_order_id) and its sale type (the store channel).
    for (const sale of board.json().data as { ims_transaction_reference_id: string }[]) {
      const tx = await injectAs(t.app, sales.token, {
        method: 'GET',
        url: `/api/ims/inventory-transactions/${sale.ims_transaction_reference_id}`,
      });
      expect(tx.statusCode, tx.body).toBe(200);
      expect(tx.json().sale).toMatchObject({
        legacy_pos_invoice_id: order.work_order_number,
        pos_work_order_id: order.id,
        sale_type_code: 'store',
      });
    }
    const after = await tableCounts();
    expect(after).toMatchObject({ orders: before.orders + 1, sales: before.sales + 2 });

    const second = await convert(q);
    expect(second.statusCode).toBe(200);
    expect((second.json() as TWorkOrder).id).toBe(order.id);
    expect(await tableCounts()).toEqual(after);
    const wo = await get(`/api/work-order/${order.id}`);
    expect(wo.statusCode).toBe(200);
    expect((wo.json() as TWorkOrder).items).toHaveLength(2);
  });

  it('locks the converted quote: every change is refused with 409 and nothing changes', async () => {
    const q = (await newQuote()).quote.id;
    const withItem = await addItem(q, fridge, { unit_price: 5 });
    const withLabor = await addLabor(q, { description: 'Install', labor_type: 'FLAT', rate: 10 });
    const order = (await convert(q)).json() as TWorkOrder;
    const locked = ok(await get(`/api/quote/getFull/${q}`));
    const before = await tableCounts();
    const itemId = withItem.items[0]!.id;
    const laborId = withLabor.labor_lines[0]!.id;
    const attempts = [
      await post('/api/quote/update', { id: q, notes: 'late change' }),
      await post('/api/quote/item', { quote_id: q, productId: range.id }),
      await post('/api/quote/item/update', { id: itemId, quote_id: q, number_units: 5 }),
      await del(`/api/quote/item/${itemId}`),
      await post('/api/quote/laborLines', { quote_id: q, description: 'More', labor_type: 'FLAT', rate: 1 }),
      await post('/api/quote/laborLines/update', { id: laborId, rate: 1 }),
      await get(`/api/quote/laborLines/delete/${laborId}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(quoteLockedMessage(q, order.id));
    }
    expect(await tableCounts()).toEqual(before);
    expect(ok(await get(`/api/quote/getFull/${q}`))).toEqual(locked);
  });

  it('two concurrent converts answer the same work order and create one', async () => {
    const q = (await newQuote()).quote.id;
    await addItem(q, fridge, { number_units: 1 });
    const before = await tableCounts();
    const [a, b] = await Promise.all([convert(q), convert(q)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect((a.json() as TWorkOrder).id).toBe((b.json() as TWorkOrder).id);
    expect(await tableCounts()).toMatchObject({ orders: before.orders + 1, sales: before.sales + 1 });
  });

  it('refuses an unknown location and an empty quote, creating nothing and leaving the quote open', async () => {
    const q = (await newQuote()).quote.id;
    expect((await convert(q)).statusCode).toBe(422);
    await addItem(q, fridge, { number_units: 2 });
    const before = await tableCounts();
    const nowhere = await convert(q, '?location=NOPE');
    expect(nowhere.statusCode).toBe(422);
    expect(Object.keys(nowhere.json().errors)).toEqual(['location']);
    expect(await tableCounts()).toEqual(before);
    expect(ok(await get(`/api/quote/getFull/${q}`)).quote).toMatchObject({
      quote_status: 'OPEN',
      locked: false,
      work_order_id: null,
    });
    expect((await convert(999999)).statusCode).toBe(404);
  });

  it('converts short stock with the short units on backorder: reserved only what is there, no pick item, transacted once stock has arrived (issue 32)', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const openSales = (invoice: string) =>
      queryRows<{ ref: string; committed_quantity: number; backordered: boolean; transacted: boolean }>(
        t.db,
        sql`select ims_transaction_reference_id as ref, committed_quantity, backordered, transacted_at is not null as transacted
            from committed_sales where legacy_pos_invoice_id = ${invoice} order by id`,
      );
    const reservedAndOnHand = async () =>
      (
        await queryRows<{ reserved: number; on_hand: number }>(
          t.db,
          sql`select (select coalesce(sum(committed_quantity), 0)::int from committed_sales
                      where product_id = ${scarce.id} and source_bucket = 'KY01' and transacted_at is null and not backordered) as reserved,
                     (select coalesce(sum(quantity), 0)::int from inventory where product_id = ${scarce.id} and bucket = 'KY01') as on_hand`,
        )
      )[0]!;
    // QT-SCARCE has 1 unit in KY01: a quote of 3 converts with 1 committed and 2 on backorder; QT-RANGE has none
    // in KY01 (its stock is B-stock): the whole line goes on backorder.
    const q = (await newQuote()).quote.id;
    await addItem(q, scarce, { number_units: 3, unit_price: 20 });
    await addItem(q, range, { number_units: 1, unit_price: 30 });
    const res = await convert(q);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as TWorkOrder;
    const rows = await openSales(order.work_order_number);
    expect(rows.map((r) => [r.committed_quantity, r.backordered, r.transacted])).toEqual([
      [1, false, false],
      [2, true, false],
      [1, true, false],
    ]);
    expect(
      order.items.map((i) => [
        i.model,
        i.number_units,
        i.state,
        i.backordered_units,
        i.committed_sale_reference,
        i.backorder_reference,
      ]),
    ).toEqual([
      ['QT-SCARCE', 3, 'COMMITTED', 2, rows[0]!.ref, rows[1]!.ref],
      ['QT-RANGE', 1, 'BACKORDERED', 1, rows[2]!.ref, rows[2]!.ref],
    ]);
    // Nothing is reserved beyond the stock there is.
    expect(await reservedAndOnHand()).toEqual({ reserved: 1, on_hand: 1 });
    const backorder = rows[1]!.ref;
    // No pick item: not on the unprinted board, and refused when printed.
    const board = await injectAs(t.app, warehouse.token, {
      method: 'GET',
      url: '/api/picklist/unprinted?warehouse=KY01',
    });
    expect(board.statusCode, board.body).toBe(200);
    const boardRefs = (board.json().unprinted_pick_list as { transactionReferenceId: string }[]).map(
      (p) => p.transactionReferenceId,
    );
    expect(boardRefs).toContain(rows[0]!.ref);
    expect(boardRefs).not.toContain(backorder);
    const print = await injectAs(t.app, warehouse.token, {
      method: 'POST',
      url: '/api/picklist/items',
      payload: { items: [{ imsTransactionReferenceId: backorder }] },
    });
    expect(print.statusCode, print.body).toBe(422);
    expect(JSON.stringify(print.json().errors)).toContain(`${backorder} is backordered`);

    // Transacting the backorder before stock arrives: 409, nothing moves (the one unit there is reserved for the other sale).
    const transact = (ref: string) =>
      injectAs(t.app, admin.token, { method: 'POST', url: `/api/ims/committed-sales/${ref}/transact`, payload: {} });
    const early = await transact(backorder);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe(backorderWaitsMessage(backorder, 2, 'QT-SCARCE', 'KY01', 0));
    expect(await reservedAndOnHand()).toEqual({ reserved: 1, on_hand: 1 });

    // Stock arrives: the backorder is transacted, and the unit reserved for the other sale stays.
    await receiveStock(t.services, scarce, 'KY01', { units: 2 });
    const done = await transact(backorder);
    expect(done.statusCode, done.body).toBe(200);
    expect(await reservedAndOnHand()).toEqual({ reserved: 1, on_hand: 1 });
    const wo = await get(`/api/work-order/${order.id}`);
    expect(wo.statusCode).toBe(200);
    const after = wo.json() as TWorkOrder;
    expect(after.items[0]).toMatchObject({ state: 'COMMITTED', backordered_units: 0, backorder_reference: backorder });
    expect(await transact(rows[0]!.ref).then((r) => r.statusCode)).toBe(200);
    expect(await reservedAndOnHand()).toEqual({ reserved: 0, on_hand: 0 });
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('the client messages of 002 §4 are quoted verbatim', () => {
    expect(QUOTE_MESSAGES).toMatchObject({
      created: 'New Quote Created!',
      updatedSuccessfully: 'Quote Updated Successfully!',
      updated: 'Quote Updated!',
      itemAdded: 'New Item Added to Quote!',
      deleteItemFailed: 'Delete Item Failed!',
    });
  });
});
