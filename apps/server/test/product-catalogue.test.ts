import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { purchaseOrders } from '../src/db/schema.js';
import { PRODUCT_MESSAGES, ZCommitSaleSchema, type TCatalogProduct } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import {
  createLocation,
  insertLegacySerial,
  createSignedInUser,
  createUser,
  nextUpc,
  unique,
  upcFrom,
  type TestUser,
} from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let developer: TestUser & { token: string };
let viewer: TestUser & { token: string };
let bucket: string;
let adjuster: { id: number; username: string; role: string };

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token = developer.token,
): Promise<Res> =>
  t.app.inject({ method, url, headers: bearer(token), ...(body === undefined ? {} : { payload: body as object }) });
/** A 12-digit UPC whose check digit is wrong. */
const badUpc = () => {
  const good = nextUpc();
  return `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
};
const productCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`))[0]!.n;

async function create(body: Record<string, unknown>): Promise<TCatalogProduct> {
  const res = await call('POST', '/api/product', { description: 'A test product', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Sets the product's on-hand in the test bucket through the admin adjustment (the ledger). */
async function setStock(model: string, quantity: number) {
  await t.services.adminAdjustments.adjust(
    { model, legacyBucket: bucket, notes: 'test stock', quantity } as never,
    adjuster as never,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  [developer, viewer] = await Promise.all([
    createSignedInUser(t, { role: 'developer' }),
    createSignedInUser(t, { role: 'warehouse-1' }),
  ]);
  bucket = await createLocation(t.services, 'PCT1');
  const u = await createUser(t.services, { role: 'developer' });
  adjuster = { id: u.id, username: u.username, role: u.role };
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/product', () => {
  it('creates a product with the 002 §3/§9 defaults and zero quantities', async () => {
    const model = unique('DEF');
    const p = await create({ model_number: model });
    expect(p).toMatchObject({
      model_number: model,
      description: 'A test product',
      marketing_class: 'STANDARD',
      stock_class: 'STOCK',
      box_qty: 1,
      status: 'ACTIVE',
      item_type: 'NON FREIGHT',
      spiff: 0,
      current_cost: 0,
      qty_on_hand: 0,
      qty_on_order: 0,
      qty_committed: 0,
      qty_on_quoted: 0,
      upc: null,
    });
    const again = await call('GET', `/api/product/${p.id}`, undefined, viewer.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(p);
  });

  it('round-trips every field (money as dollars, stored as cents)', async () => {
    const brand = (await call('POST', '/api/brand', { brand_name: unique('RT Brand') })).json();
    const category = (await call('POST', '/api/category', { category_name: unique('RT Category') })).json();
    const maker = (await call('POST', '/api/manufacturer', { name: unique('RT Maker') })).json();
    const upc = nextUpc();
    const body = {
      model_number: unique('RT'),
      description: 'Round trip',
      upc,
      fk_category_id: category.id,
      fk_brand_id: brand.id,
      fk_manufacturer_id: maker.id,
      part_number: 'PN-1',
      serial_number: 'SN-1',
      marketing_class: 'CLEARANCE',
      item_class: 'APPLIANCE',
      item_type: 'FREIGHT',
      stock_class: 'SPECIAL',
      box_qty: 3,
      external_data_source: 'ICECAT',
      external_data_model: 'EXT-M',
      external_data_source_id: 'EXT-42',
      external_data_source_update_status: 'SYNCED',
      status: 'INACTIVE',
      current_cost: 123.45,
      current_rebate_credit: 1.01,
      current_adj_cost: 120.0,
      current_map: 199.99,
      current_adj_map: 189.99,
      current_rebate: 5.5,
      map: 209.99,
      msrp: 249.99,
      minimum_price: 150.25,
      spiff: 7.75,
      model_code: 'MC-9',
      asin: 'B0RTASIN01',
      listing_id: 'LST-RT-1',
      sku: 'RT-SKU-1',
      qty_on_hand: 0,
      qty_on_order: 0,
      qty_committed: 0,
      qty_on_quoted: 0,
    };
    const p = await create(body);
    for (const [key, value] of Object.entries(body)) expect(p[key as keyof TCatalogProduct], key).toEqual(value);
    expect(p.brand_name).toBe(brand.brand_name);
    expect(p.category_name).toBe(category.category_name);
    expect(p.manufacturer_name).toBe(maker.name);
    const [row] = await queryRows<{ c: number; s: number; m: number }>(
      t.db,
      sql`select current_cost_cents as c, spiff_cents as s, minimum_price_cents as m from products where id = ${p.id}`,
    );
    expect(row).toEqual({ c: 12345, s: 775, m: 15025 });
  });

  it('refuses a UPC with a wrong check digit, naming upc, and creates nothing', async () => {
    const good = upcFrom('01234567890');
    const bad = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
    const before = await productCount();
    for (const upc of [bad, '12345', '4006381333932'.slice(0, 12) + '0']) {
      const res = await call('POST', '/api/product', { model_number: unique('UPC'), description: 'x', upc });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.upc).toEqual([PRODUCT_MESSAGES.upcInvalid]);
    }
    expect(await productCount()).toBe(before);
    expect(
      (await call('POST', '/api/product', { model_number: unique('EAN'), description: 'x', upc: '4006381333931' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a duplicate model number (whatever its case) with a 409 naming model_number, also when sent at once', async () => {
    const model = unique('DUP');
    await create({ model_number: model });
    const res = await call('POST', '/api/product', { model_number: model.toLowerCase(), description: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ model_number: [PRODUCT_MESSAGES.modelTaken] });

    const racing = unique('RACE');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/product', { model_number: racing, description: 'x' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((r) => r.statusCode === 409)) expect(a.json().errors.model_number).toBeDefined();
  });

  it('refuses non-zero quantities with a 422 naming each field', async () => {
    const before = await productCount();
    const res = await call('POST', '/api/product', {
      model_number: unique('QTY'),
      description: 'x',
      qty_on_hand: 5,
      qty_committed: -1,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['qty_committed', 'qty_on_hand']);
    expect(res.json().errors.qty_on_hand).toEqual([PRODUCT_MESSAGES.qtyDerived]);
    expect(await productCount()).toBe(before);
  });

  it('answers 4xx naming the fields on bad input, changing nothing', async () => {
    const before = await productCount();
    const cases: [Record<string, unknown>, number, string[]][] = [
      [{ description: 'no model' }, 400, ['model_number']],
      [{ model_number: '  ', description: '' }, 400, ['description', 'model_number']],
      [
        { model_number: unique('B'), description: 'x', item_type: 'HEAVY', status: 'GONE' },
        400,
        ['item_type', 'status'],
      ],
      [
        { model_number: unique('B'), description: 'x', box_qty: 0, spiff: 1.234, msrp: -1 },
        400,
        ['box_qty', 'msrp', 'spiff'],
      ],
      [
        { model_number: unique('B'), description: 'x', fk_brand_id: 999999, fk_manufacturer_id: 999998 },
        422,
        ['fk_brand_id', 'fk_manufacturer_id'],
      ],
    ];
    for (const [body, status, fields] of cases) {
      const res = await call('POST', '/api/product', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(Object.keys(res.json().errors).sort()).toEqual(fields);
    }
    expect(await productCount()).toBe(before);
  });

  it('needs dev-route:view to write, inventory:view to read', async () => {
    const res = await call('POST', '/api/product', { model_number: unique('PERM'), description: 'x' }, viewer.token);
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/product?page=1', undefined, viewer.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/brand', { brand_name: unique('No') }, viewer.token)).statusCode).toBe(403);
  });
});

describe('PUT /api/product/{id}', () => {
  it('changes the fields sent and keeps the others; INACTIVE retires it', async () => {
    const p = await create({ model_number: unique('UPD'), msrp: 10, part_number: 'KEEP' });
    const res = await call('PUT', `/api/product/${p.id}`, {
      description: 'Changed',
      msrp: null,
      status: 'INACTIVE',
      spiff: 2.5,
      upc: nextUpc(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json() as TCatalogProduct;
    expect(u).toMatchObject({
      description: 'Changed',
      msrp: null,
      status: 'INACTIVE',
      spiff: 2.5,
      part_number: 'KEEP',
      model_number: p.model_number,
    });
    expect((await call('GET', `/api/product/${p.id}`)).json()).toEqual(u);
  });

  it('refuses a taken model, a bad UPC and a quantity; 404 for an unknown product; nothing changes', async () => {
    const a = await create({ model_number: unique('UA') });
    const b = await create({ model_number: unique('UB') });
    const taken = await call('PUT', `/api/product/${b.id}`, { model_number: a.model_number, description: 'lost' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.model_number).toBeDefined();
    expect((await call('PUT', `/api/product/${b.id}`, { upc: badUpc() })).json().errors.upc).toBeDefined();
    const qty = await call('PUT', `/api/product/${b.id}`, { qty_on_order: 3, description: 'lost' });
    expect(qty.statusCode).toBe(422);
    expect(qty.json().errors.qty_on_order).toBeDefined();
    expect((await call('GET', `/api/product/${b.id}`)).json()).toEqual(b);
    expect((await call('PUT', '/api/product/999999', { description: 'x' })).statusCode).toBe(404);
  });
});

describe('quantities are derived from the ledger tables', () => {
  it('reports on hand, on order and committed', async () => {
    const p = await create({ model_number: unique('QD'), upc: nextUpc() });
    await setStock(p.model_number, 4);
    const vendor = await t.services.vendors.create({ company_name: unique('QD vendor'), vendor_type: 'sales' });
    const po = await t.services.purchaseOrders.create(
      { vendorId: vendor.id, location_code: 'PCT1', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
      adjuster.id,
    );
    await t.services.purchaseOrders.addLine({ productId: p.id, cost: 10, qty: 7, purchaseOrderId: po.id });
    const got = (await call('GET', `/api/product/${p.id}`)).json() as TCatalogProduct;
    expect(got).toMatchObject({ qty_on_hand: 4, qty_on_order: 7, qty_committed: 0, qty_on_quoted: 0 });
    const listed = (await call('GET', `/api/product?modelTerm=${p.model_number}`)).json().data[0];
    expect(listed).toMatchObject({ id: p.id, qty_on_hand: 4, qty_on_order: 7 });
  });

  it('reports the units on open quotes as qty_on_quoted; a declined quote no longer counts', async () => {
    const p = await create({ model_number: unique('QQ'), upc: nextUpc() });
    const contact = await t.services.contacts.create(
      { first_name: 'Quoted', last_name: unique('Buyer'), state: 'KY' },
      null,
    );
    const open = (await t.services.quotes.store({ sold_contact_id: contact.id }, adjuster)).quote;
    await t.services.quotes.addItem({ quote_id: open.id, productId: p.id, number_units: 3, unit_price: 10 });
    const declined = (await t.services.quotes.store({ sold_contact_id: contact.id }, adjuster)).quote;
    await t.services.quotes.addItem({ quote_id: declined.id, productId: p.id, number_units: 5, unit_price: 10 });
    const quoted = async () => ((await call('GET', `/api/product/${p.id}`)).json() as TCatalogProduct).qty_on_quoted;
    expect(await quoted()).toBe(8);
    await t.services.quotes.update({ id: declined.id, quote_status: 'DECLINED' });
    expect(await quoted()).toBe(3);
    // A product on a quote cannot be deleted (the quote item's foreign key; the catalogue maps it to the 409).
    const refused = await call('DELETE', `/api/product/${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await call('GET', `/api/product/${p.id}`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/product/{id}', () => {
  const refusal = async (id: number, reason: RegExp) => {
    const before = await productCount();
    const res = await call('DELETE', `/api/product/${id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(reason);
    expect(res.json().message).toMatch(/Make it inactive instead \(status INACTIVE\)/);
    expect(await productCount()).toBe(before);
  };

  it('deletes an unreferenced product and nothing else', async () => {
    const keep = await create({ model_number: unique('KEEP') });
    const p = await create({ model_number: unique('DEL') });
    const before = await productCount();
    const res = await call('DELETE', `/api/product/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: p.id, deleted: true });
    expect(await productCount()).toBe(before - 1);
    expect((await call('GET', `/api/product/${p.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/product/${keep.id}`)).json()).toEqual(keep);
    expect((await call('DELETE', `/api/product/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses a product with stock', async () => {
    const p = await create({ model_number: unique('STK') });
    await setStock(p.model_number, 2);
    await refusal(p.id, /has 2 unit\(s\) in stock/);
  });

  it('refuses a product on an open PO line', async () => {
    const p = await create({ model_number: unique('OPO') });
    const vendor = await t.services.vendors.create({ company_name: unique('OPO vendor'), vendor_type: 'sales' });
    const po = await t.services.purchaseOrders.create(
      { vendorId: vendor.id, location_code: 'PCT1', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
      adjuster.id,
    );
    await t.services.purchaseOrders.addLine({ productId: p.id, cost: 10, qty: 1, purchaseOrderId: po.id });
    await refusal(p.id, /open purchase order lines/);
  });

  it('refuses a product with ledger history and no stock', async () => {
    const p = await create({ model_number: unique('LED') });
    await setStock(p.model_number, 1);
    await setStock(p.model_number, 0);
    await refusal(p.id, /inventory ledger history/);
  });

  it('refuses a product with serials (legacy rows without ledger history)', async () => {
    const p = await create({ model_number: unique('SER') });
    // Any serial the ledger makes comes with ledger rows, refused first: only legacy data has serials alone.
    await insertLegacySerial(t.db, { serialNumber: unique('SN'), productId: p.id, dispositionCode: 'SOLD' });
    await refusal(p.id, /serial numbers/);
  });

  it('refuses a product with committed sales (and reads them as qty_committed)', async () => {
    const p = await create({ model_number: unique('CMT') });
    await setStock(p.model_number, 3);
    await t.services.committedSales.commit(
      ZCommitSaleSchema.parse({
        legacyPosInvoiceId: unique('POS'),
        model: p.model_number,
        quantity: 2,
        sourceBucket: bucket,
      }),
      adjuster as never,
    );
    expect((await call('GET', `/api/product/${p.id}`)).json()).toMatchObject({ qty_on_hand: 3, qty_committed: 2 });
    await refusal(p.id, /in stock/);
  });

  it("refuses a product on a cancelled PO's line (not on order, still referenced)", async () => {
    const p = await create({ model_number: unique('CPO') });
    const vendor = await t.services.vendors.create({ company_name: unique('CPO vendor'), vendor_type: 'sales' });
    const po = await t.services.purchaseOrders.create(
      { vendorId: vendor.id, location_code: 'PCT1', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
      adjuster.id,
    );
    await t.services.purchaseOrders.addLine({ productId: p.id, cost: 10, qty: 4, purchaseOrderId: po.id });
    await t.db.update(purchaseOrders).set({ statusId: 8 }).where(eq(purchaseOrders.id, po.id));
    expect((await call('GET', `/api/product/${p.id}`)).json()).toMatchObject({ qty_on_order: 0 });
    await refusal(p.id, /it is on purchase order lines/);
  });

  it('refuses a product any other table refers to (a foreign-key violation is a 409, not a 500)', async () => {
    const p = await create({ model_number: unique('FK') });
    await t.db.execute(
      sql`create table if not exists test_product_refs (product_id integer not null references products(id))`,
    );
    await t.db.execute(sql`insert into test_product_refs values (${p.id})`);
    await refusal(p.id, /other records refer to it/);
  });
});

describe('GET /api/product filters and paging', () => {
  it('filters by category, brand, description, model and UPC, 100 a page', async () => {
    const tag = unique('flt').toUpperCase().replace(/-/g, '');
    const brand = (await call('POST', '/api/brand', { brand_name: `Brand ${tag}` })).json();
    const category = (await call('POST', '/api/category', { category_name: `Category ${tag}` })).json();
    const upc = nextUpc();
    const made: TCatalogProduct[] = [];
    for (let i = 0; i < 105; i++) {
      made.push(
        await create({
          model_number: `${tag}-${String(i).padStart(3, '0')}`,
          description: i === 7 ? `Special Widget ${tag}` : `Plain ${tag}`,
          fk_brand_id: i % 2 === 0 ? brand.id : null,
          fk_category_id: i % 3 === 0 ? category.id : null,
          upc: i === 9 ? upc : null,
        }),
      );
    }
    const page1 = (await call('GET', `/api/product?modelTerm=${tag}`)).json();
    expect(page1).toMatchObject({ total: 105, page: 1, per_page: 100 });
    expect(page1.data).toHaveLength(100);
    const page2 = (await call('GET', `/api/product?modelTerm=${tag}&page=2`)).json();
    expect(page2.data.map((p: TCatalogProduct) => p.model_number)).toEqual(made.slice(100).map((p) => p.model_number));

    const byBrand = (await call('GET', `/api/product?brand=${brand.brand_code}&modelTerm=${tag}`)).json();
    expect(byBrand.total).toBe(53);
    expect(byBrand.data.every((p: TCatalogProduct) => p.fk_brand_id === brand.id)).toBe(true);
    const byCategory = (
      await call('GET', `/api/product?category=${encodeURIComponent(category.category_name)}`)
    ).json();
    expect(byCategory.total).toBe(35);
    const byDescription = (
      await call('GET', `/api/product?description=${encodeURIComponent(`widget ${tag.toLowerCase()}`)}`)
    ).json();
    expect(byDescription.data.map((p: TCatalogProduct) => p.id)).toEqual([made[7]!.id]);
    const byUpc = (await call('GET', `/api/product?upc=${upc}`)).json();
    expect(byUpc.data.map((p: TCatalogProduct) => p.id)).toEqual([made[9]!.id]);
    const combined = (
      await call('GET', `/api/product?brand=${brand.brand_code}&category=${category.category_code}`)
    ).json();
    expect(combined.total).toBe(18);
    expect((await call('GET', '/api/product?page=0')).statusCode).toBe(400);
  });
});

describe('brands, categories and manufacturers', () => {
  it('creates a brand, deriving its code, and refuses duplicates naming the field', async () => {
    const name = `Bell & Howell ${unique('b')}`;
    const res = await call('POST', '/api/brand', { brand_name: name });
    expect(res.statusCode).toBe(201);
    expect(res.json().brand_code).toBe(name.toUpperCase().replace(/[^A-Z0-9]+/g, '_'));
    const dup = await call('POST', '/api/brand', { brand_name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ brand_name: [PRODUCT_MESSAGES.taken] });
    // Another name with the same derived code gets _2.
    const twin = await call('POST', '/api/brand', { brand_name: name.replace('&', '+') });
    expect(twin.json().brand_code).toBe(`${res.json().brand_code}_2`);
    const codeTaken = await call('POST', '/api/brand', {
      brand_name: unique('Other'),
      brand_code: res.json().brand_code,
    });
    expect(codeTaken.statusCode).toBe(409);
    expect(codeTaken.json().errors.brand_code).toBeDefined();
    expect((await call('POST', '/api/brand', { brand_name: '' })).json().errors.brand_name).toBeDefined();
    const all = (await call('GET', '/api/brand/all', undefined, viewer.token)).json().data;
    expect(all.map((b: { brand_name: string }) => b.brand_name)).toContain(name);
  });

  it('creates a category with a given or derived code and refuses duplicates', async () => {
    const name = unique('Home Theater');
    const res = await call('POST', '/api/category', { category_name: name, category_code: 'ht-x' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ category_name: name, category_code: 'HT-X' });
    expect((await call('POST', '/api/category', { category_name: name })).statusCode).toBe(409);
    const all = (await call('GET', '/api/category/all', undefined, viewer.token)).json().data;
    expect(all.map((c: { category_code: string }) => c.category_code)).toContain('HT-X');
  });

  it('creates a manufacturer and lists it; a duplicate name is a 409 naming name', async () => {
    const name = unique('Maker');
    const res = await call('POST', '/api/manufacturer', { name });
    expect(res.statusCode).toBe(201);
    const dup = await call('POST', '/api/manufacturer', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: [PRODUCT_MESSAGES.taken] });
    expect((await call('POST', '/api/manufacturer', {})).json().errors.name).toBeDefined();
    const all = (await call('GET', '/api/manufacturer/all', undefined, viewer.token)).json().data;
    expect(all).toContainEqual(res.json());
  });
});
