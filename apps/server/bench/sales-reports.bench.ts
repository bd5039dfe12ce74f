// `npm run bench:sales-reports -w apps/server`: the sales and brand reports (docs/decisions.md, "Sales figures and brand reports") with their default parameters on
// PostgreSQL at scale: 100,000 products over 20 brands, 1,000,000 live serials (one receipt ledger row each, spread
// over the last year, with on-hand to match), 20,000 POs of 5 lines over the year, and a year of sales (1,000 sale
// lines a day, one order in ten a two-line bundle), all seeded in SQL. Each report is called through the API
// (Fastify inject) several times; the budget is 2 s each. BENCH_REUSE_SEED=1 keeps the seeded database for reruns.
import { sql } from 'drizzle-orm';
import { queryRows, type OpenDatabase } from '../src/db/database.js';
import { openSeededBenchDatabase, report } from './bench-database.js';
import { buildBenchApp } from './bench-kit.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const SALES_PER_DAY = Number(process.env.BENCH_SALES_PER_DAY ?? 1_000);
const POS = Number(process.env.BENCH_POS ?? 20_000);
const BRANDS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 2_000;

async function seed({ db }: OpenDatabase) {
  const { app, services } = await buildBenchApp(db);
  await services.users.ensureRoles();
  for (const code of ['KY01', 'TX01', 'AZ02'])
    await services.locations.createLocationWithBuckets({
      locationCode: code,
      address1: '1 Bench Way',
      city: 'Louisville',
      stateOrProvince: 'KY',
      postalCode: '40213',
    });
  await services.users.create({ username: 'bench-reports', password: 'bench-password', role: 'developer' }); // every permission, dev-route:view (Sales Reports) included
  await app.close();
  const started = performance.now();
  await db.execute(
    sql`insert into brands (brand_name, brand_code) select 'Bench Brand ' || g, 'BB' || g from generate_series(1, ${BRANDS}) g`,
  );
  await db.execute(sql`insert into products (model_number, upc, description, fk_brand_id, serial_number_tracked, num_of_serials_per_item, current_cost_cents)
    select 'SRB' || lpad(g::text, 6, '0'), '6' || lpad(g::text, 11, '0'), 'Bench product ' || g,
           (select min(id) from brands) + g % ${BRANDS}, true, 1, 10000 + (g % 50) * 1000
    from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`insert into vendors (company_name, vendor_type) values ('Bench vendor', 'sales')`);
  // POs over the last year, 5 lines each; received in full a week after they were created.
  await db.execute(sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id, created_at)
    select 'PB-' || g, 'KY01', (select min(id) from vendors), case when g % 50 = 0 then 8 else 7 end, now() - interval '365 days' + (g::float8 / ${POS}) * interval '365 days'
    from generate_series(1, ${POS}) g`);
  await db.execute(sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered, qty_received, created_at)
    select po.id, (select min(id) from products) + (po.id * 5 + k) % ${PRODUCTS}, 10000 + k * 500, 10, 10, po.created_at
    from purchase_orders po cross join generate_series(0, 4) k`);
  // 1,000,000 live serials, one receipt ledger row each (on a PO line where the product has one), over the year.
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, disposition_code)
    select 'SN' || lpad(g::text, 8, '0'), (select min(id) from products) + g % ${PRODUCTS}, (array['KY01','TX01','AZ02'])[1 + g % 3], (array['KY01','TX01','AZ02'])[1 + g % 3], 'LIVE'
    from generate_series(1, ${SERIALS}) g`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, purchase_order_id, purchase_order_item_id, created_at)
    select 'IR-B' || s.id, 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, i.purchase_order_id, i.id,
           now() - interval '365 days' + ((s.id % 100000)::float8 / 100000) * interval '365 days'
    from inventory_serials s left join lateral (select id, purchase_order_id from purchase_order_items where product_id = s.product_id limit 1) i on true`);
  // A year of sales: SALES_PER_DAY lines a day, transacted; one order in ten a bundle of two lines.
  const lines = SALES_PER_DAY * 365;
  await db.execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity,
      created_at, transacted_at, unit_price_cents, sales_channel, ship_to_state, item_group_ref_id, item_member_ref_id)
    select 'CS-B' || g, 'WPOS-B' || (g / 2), (select min(id) from products) + ((g::bigint * 7919) % ${PRODUCTS})::int, (array['KY01','TX01','AZ02'])[1 + g % 3], 1 + g % 2,
           now() - interval '365 days' + (g::float8 / ${lines}) * interval '365 days', now() - interval '365 days' + (g::float8 / ${lines}) * interval '365 days',
           15000 + (g % 90) * 1000, (array['amazon','amazon_home','walmart','walts','store'])[1 + g % 5], (array['KY','TX','AZ','CA','NY','FL'])[1 + g % 6],
           'ORD-B' || (g / 2), case when (g / 2) % 10 = 0 then 'BNDL-' || ((g / 2) % 500) else 'LINE-' || g end
    from generate_series(1, ${lines}) g`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, created_at)
    select 'IS-B' || id, 'INVENTORY_SALE', product_id, source_bucket, -committed_quantity, transacted_at from committed_sales`);
  await db.execute(
    sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
  );
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const database = await openSeededBenchDatabase('keystone_bench_sales_reports', seed);
  const db = database.db;
  const [counts] = await queryRows<{ products: number; serials: number; sales: number; ledger: number }>(
    db,
    sql`select (select count(*) from products)::int as products, (select count(*) from inventory_serials)::int as serials,
               (select count(*) from committed_sales)::int as sales, (select count(*) from inventory_transactions)::int as ledger`,
  );
  console.log(`${JSON.stringify(counts)}${database.seeded ? '' : ' (reused seed)'}`);
  const { app, config } = await buildBenchApp(db);
  const token = (
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'bench-reports',
        password: 'bench-password',
        client_id: config.oauthClientId,
        client_secret: config.oauthClientSecret,
      },
    })
  ).json().access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const brands = Array.from({ length: 5 }, (_, i) => `brands[]=BB${i + 1}`).join('&');
  const calls: [string, string][] = [
    ['brand sell-thru (one brand, last 30 days)', '/api/report/brand-sell-thru?brand=BB1'],
    ['sellout threat (5 brands)', `/api/ims/reporting/sellout-threat?${brands}`],
    ['bundle sales CSV (all, last 30 days)', '/api/report/bundle-sales?reportType=getAllBundleSales'],
    [
      'bundle sales CSV (by bundle SKU, last 30 days)',
      '/api/report/bundle-sales?reportType=getBundleSalesByBundleSku&sku=BNDL-10',
    ],
    ['brand purchasing (one brand, last 30 days)', '/api/brandPurchasingReport?brand=BB1'],
    ['sales summary (last 30 days)', '/api/report/sales'],
    ['sales CSV (last 30 days)', '/api/report/sales/csv'],
  ];
  let over = 0;
  for (const [name, url] of calls) {
    const samples: number[] = [];
    let size = 0;
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      size = res.rawPayload.length;
      if (run > 0) samples.push(ms); // the first run warms the caches
    }
    const p = report(`${name} [${(size / 1024).toFixed(0)} kB]`, samples, 62);
    if (p.max > BUDGET_MS) over++;
  }
  console.log(over ? `\n${over} report(s) over ${BUDGET_MS} ms` : `\nevery report under ${BUDGET_MS} ms`);
  await app.close();
  await database.drop();
  if (over) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
