import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  BUNDLE_SALES_COLUMNS,
  LOW_STOCK_RED_AT,
  LOW_STOCK_YELLOW_AT,
  SALES_CSV_COLUMNS,
  SALES_REPORT_MESSAGES,
  SELLOUT_RATE_DAYS,
} from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import {
  createBrand,
  createLocation,
  createProducts,
  createSignedInUser,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { readCsv } from './csv-read.js';

/**
 * Sales figures and the brand reports (issue 15): the committed sale's price, channel and ship-to state, and each
 * named report on known data. Every expected figure is computed here from the events this file makes (`stock` and
 * `sales` below), by the definitions of docs/decisions.md "Sales figures and brand reports (issue 15)".
 * History: the reports read dates, so some receipts and POs are dated back here (test setup only: the product
 * itself never changes a ledger row) and the sales are dated through the committed-sales service's setSoldAt.
 */
let t: TestApp;
let clerk: { token: string };
let buyer: { token: string };
let stocker: { token: string };
let a1: CreatedProduct, a2: CreatedProduct, a3: CreatedProduct, b1: CreatedProduct;

const TODAY = new Date().toISOString().slice(0, 10);
const day = (n: number) => addDays(TODAY, -n);
const at = (n: number) => new Date(`${day(n)}T12:00:00Z`);

interface Sale {
  product: () => CreatedProduct;
  brand: 'TBA' | 'TBB';
  quantity: number;
  price: number | null;
  channel: string | null;
  state: string | null;
  daysAgo: number;
  group?: string;
  member?: string;
  ref?: string;
  invoice?: string;
}
/** Receipts: units of a product received `daysAgo` days ago. */
const stock: { product: () => CreatedProduct; units: number; daysAgo: number }[] = [
  { product: () => a1, units: 20, daysAgo: 60 },
  { product: () => a1, units: 10, daysAgo: 0 },
  { product: () => a2, units: 12, daysAgo: 60 },
  { product: () => a3, units: 5, daysAgo: 0 },
  { product: () => b1, units: 40, daysAgo: 60 },
];
/** POs: a3's PO is dated 10 days back though received today; the others as their receipts. */
const poDaysAgo = (i: number) => (i === 3 ? 10 : stock[i]!.daysAgo);
const sales: Sale[] = [
  { product: () => a1, brand: 'TBA', quantity: 2, price: 10_000, channel: 'walts', state: 'TX', daysAgo: 3 },
  { product: () => a1, brand: 'TBA', quantity: 3, price: 9_500, channel: 'amazon', state: 'CA', daysAgo: 45 },
  { product: () => a2, brand: 'TBA', quantity: 1, price: 25_000, channel: 'store', state: 'KY', daysAgo: 10 },
  { product: () => a2, brand: 'TBA', quantity: 1, price: null, channel: null, state: null, daysAgo: 5 },
  {
    product: () => b1,
    brand: 'TBB',
    quantity: 4,
    price: 5_000,
    channel: 'amazon',
    state: 'NY',
    daysAgo: 1,
    group: 'ORD-2',
    member: 'ORD-2-1',
  },
  // One bundle: two lines of order ORD-1 under the bundle SKU BNDL-X.
  {
    product: () => a1,
    brand: 'TBA',
    quantity: 1,
    price: 8_000,
    channel: 'walmart',
    state: 'FL',
    daysAgo: 2,
    group: 'ORD-1',
    member: 'BNDL-X',
  },
  {
    product: () => b1,
    brand: 'TBB',
    quantity: 1,
    price: 2_000,
    channel: 'walmart',
    state: 'FL',
    daysAgo: 2,
    group: 'ORD-1',
    member: 'BNDL-X',
  },
];

const get = (url: string, token = buyer.token) => injectAs(t.app, token, { method: 'GET', url });
const inRange = (daysAgo: number, from: number, to = 0) => daysAgo <= from && daysAgo >= to;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  clerk = await createSignedInUser(t, { role: 'sales-1' });
  buyer = await createSignedInUser(t, { role: 'purchasing-admin' });
  stocker = await createSignedInUser(t, { role: 'fulfillment-1' });
  const tba = await createBrand(t.db, 'Test Brand Alpha', 'TBA');
  const tbb = await createBrand(t.db, 'Test Brand Beta', 'TBB');
  [a1, a2, a3, b1] = (await createProducts(t.db, [
    { modelNumber: 'SR-A1', brandId: tba },
    { modelNumber: 'SR-A2', brandId: tba },
    { modelNumber: 'SR-A3', brandId: tba },
    { modelNumber: 'SR-B1', brandId: tbb },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct, CreatedProduct];
  await createProducts(t.db, [{ modelNumber: 'SR-A4', brandId: tba }]); // no stock, no sales: in no report
  for (const [i, s] of stock.entries()) {
    const before = (
      await queryRows<{ id: number }>(t.db, sql`select coalesce(max(id), 0)::int as id from purchase_orders`)
    )[0]!.id;
    await receiveStock(t.services, s.product(), 'KY01', { units: s.units }, { at: at(s.daysAgo) });
    await t.db.execute(
      sql`update purchase_orders set created_at = ${at(poDaysAgo(i)).toISOString()}::timestamptz where id > ${before}`,
    );
  }
  for (const [i, s] of sales.entries()) {
    s.invoice = `SR-INV-${s.group ?? i}`;
    const res = await injectAs(t.app, clerk.token, {
      method: 'POST',
      url: '/api/ims/committed-sales',
      payload: {
        legacyPosInvoiceId: s.invoice,
        model: s.product().modelNumber,
        quantity: s.quantity,
        sourceBucket: 'KY01',
        ...(s.price === null ? {} : { unitPriceCents: s.price }),
        ...(s.channel === null ? {} : { salesChannel: s.channel }),
        ...(s.state === null ? {} : { shipToState: s.state }),
        ...(s.group ? { itemGroupRefId: s.group, itemMemberRefId: s.member } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    s.ref = res.json().ims_transaction_reference_id;
  }
  for (const invoice of new Set(sales.map((s) => s.invoice!))) {
    const res = await injectAs(t.app, clerk.token, {
      method: 'POST',
      url: '/api/ims/legacy-wpos/finishInvoice/',
      payload: { legacyPosInvoiceId: invoice },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const s of sales) expect(await t.services.committedSales.setSoldAt([s.ref!], at(s.daysAgo))).toBe(1);
});
afterAll(() => t?.close());

describe('committed sale prices, channels and ship-to states', () => {
  it('takes them optionally and answers them', async () => {
    const res = await injectAs(t.app, clerk.token, {
      method: 'POST',
      url: '/api/ims/committed-sales',
      payload: {
        legacyPosInvoiceId: 'SR-OPEN-1',
        model: b1.modelNumber,
        quantity: 1,
        sourceBucket: 'KY01',
        unitPriceCents: 0,
        salesChannel: 'Amazon_Home',
        shipToState: 'dc',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ unit_price_cents: 0, sales_channel: 'amazon_home', ship_to_state: 'DC' });
    const plain = await injectAs(t.app, clerk.token, {
      method: 'POST',
      url: '/api/ims/committed-sales',
      payload: { legacyPosInvoiceId: 'SR-OPEN-2', model: b1.modelNumber, quantity: 1, sourceBucket: 'KY01' },
    });
    expect(plain.json()).toMatchObject({ unit_price_cents: null, sales_channel: null, ship_to_state: null });
  });

  it.each([
    ['unitPriceCents', -1],
    ['unitPriceCents', 1.5],
    ['unitPriceCents', 2_147_483_648],
    ['salesChannel', 'ebay'],
    ['shipToState', 'ZZ'],
    ['shipToState', 'PR'],
  ])('refuses %s %s with a 400 naming it', async (field, value) => {
    const res = await injectAs(t.app, clerk.token, {
      method: 'POST',
      url: '/api/ims/committed-sales',
      payload: {
        legacyPosInvoiceId: 'SR-BAD',
        model: b1.modelNumber,
        quantity: 1,
        sourceBucket: 'KY01',
        [field]: value,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });
});

describe('brand sell-thru', () => {
  /** The expected row of a model over [from, to] days ago, by the definition. */
  function expected(product: CreatedProduct, from: number, to: number) {
    const onHandNow =
      stock.filter((s) => s.product() === product).reduce((n, s) => n + s.units, 0) -
      sales.filter((s) => s.product() === product).reduce((n, s) => n + s.quantity, 0);
    const receivedSince = stock
      .filter((s) => s.product() === product && s.daysAgo <= from)
      .reduce((n, s) => n + s.units, 0);
    const soldSince = sales
      .filter((s) => s.product() === product && s.daysAgo <= from)
      .reduce((n, s) => n + s.quantity, 0);
    const inRangeSales = sales.filter((s) => s.product() === product && inRange(s.daysAgo, from, to));
    const onHandStart = Math.max(0, onHandNow - receivedSince + soldSince);
    const received = stock
      .filter((s) => s.product() === product && inRange(s.daysAgo, from, to))
      .reduce((n, s) => n + s.units, 0);
    const sold = inRangeSales.reduce((n, s) => n + s.quantity, 0);
    const available = onHandStart + received;
    return {
      model: product.modelNumber,
      on_hand_now: onHandNow,
      on_hand_start: onHandStart,
      received,
      available,
      units_sold: sold,
      revenue_cents: inRangeSales.reduce((n, s) => n + s.quantity * (s.price ?? 0), 0),
      sell_thru_percent: available ? Number(((sold / available) * 100).toFixed(1)) : null,
    };
  }

  it('answers True (with sales) and False (without) per model over the last 30 days by default', async () => {
    const res = await get('/api/report/brand-sell-thru?brand=tba');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      brand: { brand_code: 'TBA', brand_name: 'Test Brand Alpha' },
      startDate: day(29),
      endDate: TODAY,
    });
    const withSales = [a1, a2]
      .map((p) => expected(p, 29, 0))
      .sort((x, y) => y.sell_thru_percent! - x.sell_thru_percent!);
    expect(body.True).toMatchObject(withSales);
    expect(body.False).toMatchObject([expected(a3, 29, 0)]);
    expect(body.counts).toEqual({ True: 2, False: 1 });
    // The figures are not trivial: a1 sold before the range and was received in it.
    expect(withSales.find((r) => r.model === a1.modelNumber)).toMatchObject({ on_hand_start: 17, received: 10 });
  });

  it('takes a range by its dates and a brand by name', async () => {
    const res = await get(
      `/api/report/brand-sell-thru?brand=${encodeURIComponent('Test Brand Alpha')}&startDate=${day(50)}&endDate=${day(40)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const a1Row = expected(a1, 50, 40);
    expect(a1Row.units_sold).toBeGreaterThan(0);
    expect(res.json().True).toMatchObject([a1Row]);
    expect(res.json().False).toMatchObject([expected(a2, 50, 40)]);
  });

  it.each([
    ['', 'brand', SALES_REPORT_MESSAGES.brandRequired],
    ['?brand=', 'brand', SALES_REPORT_MESSAGES.brandRequired],
    ['?brand=NOPE', 'brand', SALES_REPORT_MESSAGES.unknownBrand('NOPE')],
    ['?brand=TBA&startDate=2026-02-30', 'startDate', 'must be a real date'],
    ['?brand=TBA&startDate=2026-03-02&endDate=2026-03-01', 'endDate', SALES_REPORT_MESSAGES.endBeforeStart],
  ])('refuses %s with a 400 naming the field', async (query, field, message) => {
    const res = await get(`/api/report/brand-sell-thru${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('sellout threat', () => {
  it('answers on hand, the daily rate and days of cover with the 002 §9 level, fewest days first', async () => {
    const res = await get('/api/ims/reporting/sellout-threat?brands[]=TBA&brands[]=tbb');
    expect(res.statusCode, res.body).toBe(200);
    const rows = [a1, a2, a3, b1]
      .map((p) => {
        const onHand =
          stock.filter((s) => s.product() === p).reduce((n, s) => n + s.units, 0) -
          sales.filter((s) => s.product() === p).reduce((n, s) => n + s.quantity, 0);
        const sold = sales
          .filter((s) => s.product() === p && s.daysAgo < SELLOUT_RATE_DAYS)
          .reduce((n, s) => n + s.quantity, 0);
        const rate = sold / SELLOUT_RATE_DAYS;
        return {
          model: p.modelNumber,
          on_hand: onHand,
          units_sold: sold,
          daily_rate: Number(rate.toFixed(2)),
          days_of_cover: sold ? Number((onHand / rate).toFixed(1)) : null,
          level: onHand <= LOW_STOCK_RED_AT ? 'red' : onHand <= LOW_STOCK_YELLOW_AT ? 'yellow' : null,
        };
      })
      .sort((x, y) => (x.days_of_cover ?? Number.MAX_VALUE) - (y.days_of_cover ?? Number.MAX_VALUE));
    expect(res.json().data).toMatchObject(rows);
    expect(new Set(rows.map((r) => r.level))).toEqual(new Set(['red', 'yellow', null]));
    expect(res.json().brands.map((b: { brand_code: string }) => b.brand_code)).toEqual(['TBA', 'TBB']);
  });

  it('needs at least one brand (400 naming brands[]) and a known one', async () => {
    for (const query of ['', '?brands[]=', '?brands[]=%20']) {
      const res = await get(`/api/ims/reporting/sellout-threat${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors['brands[]']).toEqual([SALES_REPORT_MESSAGES.brandsRequired]);
    }
    const unknown = await get('/api/ims/reporting/sellout-threat?brands[]=NOPE');
    expect(unknown.statusCode).toBe(400);
  });
});

describe('bundle sales', () => {
  const bundle = () => sales.filter((s) => s.member === 'BNDL-X');
  const csvOf = async (query: string) => {
    const res = await get(`/api/report/bundle-sales${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/report-\d{2}-\d{2}-\d{4}\.csv/);
    const [header, ...rows] = readCsv(res.body);
    expect(header).toEqual(BUNDLE_SALES_COLUMNS.map((c) => c.header));
    return rows.map((r) => Object.fromEntries(BUNDLE_SALES_COLUMNS.map((c, i) => [c.key, r[i]])));
  };
  const expectedRows = () =>
    bundle().map((s) => ({
      sale_date: day(s.daysAgo),
      order: s.group,
      bundle_sku: s.member,
      invoice: s.invoice,
      reference: s.ref,
      model: s.product().modelNumber,
      brand: s.brand,
      quantity: String(s.quantity),
      unit_price: (s.price! / 100).toFixed(2),
      line_total: ((s.price! * s.quantity) / 100).toFixed(2),
    }));

  it('lists the member lines of every bundle sale (lines sharing order and bundle SKU), not single lines', async () => {
    expect(await csvOf('?fromDate=&toDate=&sku=&reportType=getAllBundleSales')).toMatchObject(expectedRows());
  });
  it('filters by bundle SKU and by included model', async () => {
    expect(await csvOf('?reportType=getBundleSalesByBundleSku&sku=bndl-x')).toMatchObject(expectedRows());
    expect(await csvOf(`?reportType=getBundleSalesByIncludedModel&sku=${b1.modelNumber}`)).toMatchObject(
      expectedRows(),
    );
    expect(await csvOf(`?reportType=getBundleSalesByIncludedModel&sku=${a2.modelNumber}`)).toEqual([]);
    expect(await csvOf(`?reportType=getAllBundleSales&fromDate=${day(60)}&toDate=${day(3)}`)).toEqual([]);
  });
  it('refuses a filtered report type without sku, and a bad type', async () => {
    const res = await get('/api/report/bundle-sales?reportType=getBundleSalesByBundleSku');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.sku).toEqual([SALES_REPORT_MESSAGES.skuRequired]);
    expect((await get('/api/report/bundle-sales?reportType=everything')).json().errors.reportType).toBeDefined();
  });
});

describe('brand purchasing', () => {
  it('answers numOfDays and, per 7-day period, units and dollars ordered and received', async () => {
    const lines = await queryRows<{
      product_id: number;
      qty_ordered: number;
      invoice_cost_cents: number;
      created_at: string;
    }>(
      t.db,
      sql`select i.product_id, i.qty_ordered, i.invoice_cost_cents, ((po.created_at at time zone 'UTC')::date)::text as created_at
          from purchase_order_items i join purchase_orders po on po.id = i.purchase_order_id`,
    );
    const cost = (p: CreatedProduct) => lines.find((l) => l.product_id === p.id)!.invoice_cost_cents;
    const from = day(13);
    const res = await injectAs(t.app, stocker.token, {
      method: 'GET',
      url: `/api/brandPurchasingReport?givenFromDate=${from}&givenToDate=${TODAY}&brand=TBA`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.numOfDays).toBe(14);
    const periods = [
      { from: day(13), to: day(7) },
      { from: day(6), to: TODAY },
    ];
    expect(Object.keys(body.data)).toEqual(periods.map((p) => `${p.from} - ${p.to}`));
    const tba = [a1, a2, a3];
    periods.forEach((p, i) => {
      const days = (d: number) => day(d) >= p.from && day(d) <= p.to;
      const ordered = stock
        .map((s, k) => ({ ...s, k }))
        .filter((s) => tba.includes(s.product()) && days(poDaysAgo(s.k)));
      const received = stock.filter((s) => tba.includes(s.product()) && days(s.daysAgo));
      expect(body.data[`${p.from} - ${p.to}`], `period ${i}`).toEqual({
        ...p,
        po_count: ordered.length,
        ordered_units: ordered.reduce((n, s) => n + s.units, 0),
        ordered_cents: ordered.reduce((n, s) => n + s.units * cost(s.product()), 0),
        received_units: received.reduce((n, s) => n + s.units, 0),
        received_cents: received.reduce((n, s) => n + s.units * cost(s.product()), 0),
      });
    });
    expect(body.totals.received_units).toBeGreaterThan(0);
    expect(body.data[`${periods[0]!.from} - ${periods[0]!.to}`].ordered_units).toBeGreaterThan(0);
  });

  it('needs a brand (400 naming brand)', async () => {
    const res = await injectAs(t.app, stocker.token, {
      method: 'GET',
      url: '/api/brandPurchasingReport?givenFromDate=&givenToDate=&brand=',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.brand).toEqual([SALES_REPORT_MESSAGES.brandRequired]);
    const bad = await injectAs(t.app, stocker.token, {
      method: 'GET',
      url: '/api/brandPurchasingReport?givenFromDate=2026-13-01&brand=TBA',
    });
    expect(Object.keys(bad.json().errors)).toEqual(['givenFromDate']);
  });
});

describe('sales summary', () => {
  let developer: { token: string };
  beforeAll(async () => {
    developer = await createSignedInUser(t, { role: 'developer' });
  });
  const figures = (list: Sale[]) => ({
    lines: list.length,
    invoices: new Set(list.map((s) => s.invoice)).size,
    units: list.reduce((n, s) => n + s.quantity, 0),
    revenue_cents: list.reduce((n, s) => n + s.quantity * (s.price ?? 0), 0),
    unpriced_units: list.filter((s) => s.price === null).reduce((n, s) => n + s.quantity, 0),
  });

  it('answers totals, every day and every channel of the range', async () => {
    const res = await get('/api/report/sales', developer.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const inWindow = sales.filter((s) => s.daysAgo <= 29);
    expect(body.totals).toEqual(figures(inWindow));
    expect(body.by_day).toHaveLength(30);
    for (let n = 0; n < 30; n++)
      expect(body.by_day.find((d: { date: string }) => d.date === day(n))).toEqual({
        date: day(n),
        ...figures(inWindow.filter((s) => s.daysAgo === n)),
      });
    const channels = [...new Set(inWindow.map((s) => s.channel ?? 'none'))];
    expect(body.by_channel.map((c: { channel: string }) => c.channel).sort()).toEqual(channels.sort());
    for (const c of body.by_channel)
      expect(c).toMatchObject(figures(inWindow.filter((s) => (s.channel ?? 'none') === c.channel)));
  });

  it('filters by channel and streams the lines as CSV', async () => {
    const amazon = await get(`/api/report/sales?channel=amazon&startDate=${day(60)}&endDate=${TODAY}`, developer.token);
    expect(amazon.json().totals).toEqual(figures(sales.filter((s) => s.channel === 'amazon')));
    const csv = await get(`/api/report/sales/csv?startDate=${day(60)}`, developer.token);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = readCsv(csv.body);
    expect(header).toEqual(SALES_CSV_COLUMNS.map((c) => c.header));
    const oldestFirst = [...sales].sort((x, y) => y.daysAgo - x.daysAgo || sales.indexOf(x) - sales.indexOf(y));
    expect(rows.map((r) => r[2])).toEqual(oldestFirst.map((s) => s.ref));
    expect(rows.map((r) => r[7])).toEqual(
      oldestFirst.map((s) => (s.price === null ? '' : ((s.price * s.quantity) / 100).toFixed(2))),
    );
  });

  it('refuses an unknown channel and a range past five years', async () => {
    expect(Object.keys((await get('/api/report/sales?channel=ebay', developer.token)).json().errors)).toEqual([
      'channel',
    ]);
    expect(
      Object.keys(
        (await get('/api/report/sales?startDate=2000-01-01&endDate=2026-01-01', developer.token)).json().errors,
      ),
    ).toEqual(['endDate']);
  });
});
