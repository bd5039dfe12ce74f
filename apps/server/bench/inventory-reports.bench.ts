// `npm run bench:inventory-reports -w apps/server`: the named inventory reports (docs/decisions.md, "Inventory reports") on PostgreSQL over the
// 1M-serial set of ledger.bench.ts (100,000 products, 1,000,000 serials, 2,000,000 ledger rows over 700 days), here
// with a PO line per product that the receipts point at (their cost), 1,000 POs of which 500 carry an AP invoice,
// 20,000 open committed sales and a transfer of 50,000 units after the as-of date. Each report is called whole through
// the app (Fastify inject, the CSV read to its end). Targets: the as-of inventory accounting for 100,000 products under
// 5 s; each report with its default parameters under 2 s. BENCH_REUSE_SEED=1 keeps the seeded database for reruns.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { queryRows, type OpenDatabase } from '../src/db/database.js';
import { createServices } from '../src/modules/services.js';
import { openSeededBenchDatabase, report } from './bench-database.js';
import { buildBenchApp } from './bench-kit.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 2_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 5);
const POS = 1_000;
const OPEN_SALES = 20_000;

async function seed({ db }: OpenDatabase) {
  const services = createServices(db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  for (const code of ['KY01', 'TX01', 'AZ02', 'RUBY'])
    await services.locations.createLocationWithBuckets({
      locationCode: code,
      address1: '1 Bench Way',
      city: 'Louisville',
      stateOrProvince: 'KY',
      postalCode: '40213',
    });
  const adminId = await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });
  await db.execute(sql`insert into manufacturers (name) values ('GE Appliances'), ('Bench Works')`);
  await db.execute(sql`insert into products (model_number, part_number, upc, description, serial_number_tracked, num_of_serials_per_item, current_cost_cents, status, fk_manufacturer_id)
    select 'BM' || lpad(g::text, 6, '0') || (array['SS','WW','BB'])[1 + g % 3], 'P' || g, '8' || lpad(g::text, 11, '0'), 'Bench product ' || g,
           g % 4 <> 0, case when g % 4 <> 0 then 1 end, 1000 + g % 90000, case when g % 20 = 0 then 'INACTIVE' else 'ACTIVE' end,
           (select id from manufacturers where name = case when g % 10 = 0 then 'GE Appliances' else 'Bench Works' end)
    from generate_series(1, ${PRODUCTS}) g`);
  // 1,000 vendors' POs, one line per product (the receipts' cost), ordered far more than received.
  await db.execute(
    sql`insert into vendors (company_name, vendor_type) select 'Bench vendor ' || g, 'sales' from generate_series(1, 100) g`,
  );
  await db.execute(sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id)
    select 'BPO' || g, (array['KY01','TX01','AZ02','RUBY'])[1 + g % 4], 1 + g % 100, 4 from generate_series(1, ${POS}) g`);
  await db.execute(sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered)
    select 1 + g % ${POS}, g, 900 + g % 80000, 1000 from generate_series(1, ${PRODUCTS}) g`);
  const [misplaced] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from purchase_order_items where id <> product_id`,
  );
  if (misplaced!.n)
    throw new Error('the PO lines were not numbered as their products: the receipts point at lines by product id');
  await db.execute(sql`insert into accounts_payable_invoices (invoice_number, invoice_amount_cents, invoice_date, vendor_id, purchase_order_id)
    select 'BINV' || po.id, 500000 + po.id, current_date, po.vendor_id, po.id from purchase_orders po where po.id % 2 = 0`);
  const buckets = ['KY01', 'TX01', 'AZ02', 'RUBY', 'KY01_B_STOCK', 'TX01_B_STOCK'];
  const bucketArray = sql.raw(buckets.map((b) => `'${b}'`).join(','));
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
    select 'SN' || upper(substr(md5(g::text), 1, 10)) || g, 1 + (g * 7) % ${PRODUCTS}, (array[${bucketArray}])[1 + g % ${buckets.length}],
           split_part((array[${bucketArray}])[1 + g % ${buckets.length}], '_', 1), case when g % ${buckets.length} >= 4 then 'B_STOCK' else 'NEW' end, 'LIVE'
    from generate_series(1, ${SERIALS}) g`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, created_at, purchase_order_item_id)
    select 'IR-' || lpad(s.id::text, 8, '0'), 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, ${adminId}, now() - ((s.id % 700) || ' days')::interval, s.product_id
    from inventory_serials s order by s.id`);
  await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
    select t.id, s.id, s.serial_number, s.location_code, s.condition_code, 'LIVE'
    from inventory_serials s join inventory_transactions t on t.ims_transaction_reference_id = 'IR-' || lpad(s.id::text, 8, '0')`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, created_at, purchase_order_item_id)
    select 'IR-N' || lpad(g::text, 8, '0'), 'INVENTORY_RECEIPT', 4 * (1 + g % (${PRODUCTS} / 4)), (array['KY01','TX01','AZ02','RUBY'])[1 + g % 4], 1 + g % 3, ${adminId},
           now() - ((g % 700) || ' days')::interval, 4 * (1 + g % (${PRODUCTS} / 4))
    from generate_series(1, ${LEDGER_ROWS - SERIALS}) g`);
  // After the as-of date (today - 30): 50,000 transfers of one unit each, KY01 -> TX01 (a pair of rows each).
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, created_at)
    select 'IT-B' || lpad(g::text, 7, '0') || x.side, 'INVENTORY_TRANSFER', 4 * g, x.bucket, x.delta, ${adminId}, now() - ((g % 20) || ' days')::interval
    from generate_series(1, 25000) g cross join (values ('A', 'KY01', -1), ('B', 'TX01', 1)) as x(side, bucket, delta)`);
  await db.execute(sql`insert into inventory (product_id, bucket, quantity, last_updated_at)
    select product_id, bucket, sum(quantity_delta), max(created_at) from inventory_transactions group by product_id, bucket`);
  await db.execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity, ship_by_date)
    select 'CS-B' || lpad(g::text, 7, '0'), 'BPOS' || g, 4 * (1 + g % (${PRODUCTS} / 4)), (array['KY01','TX01','AZ02','RUBY'])[1 + g % 4], 1, current_date + (g % 14)
    from generate_series(1, ${OPEN_SALES}) g`);
  await db.execute(sql`analyze`);
}

async function main() {
  const t0 = performance.now();
  const database = await openSeededBenchDatabase('kt_bench_inventory_reports', seed);
  const db = database.db;
  const { app, config } = await buildBenchApp(db);
  // The visibility map, as autovacuum keeps it on a live database: index-only scans need it (untimed).
  await db.execute(sql`vacuum analyze inventory_transactions`);
  try {
    const [counts] = await queryRows<{ products: number; serials: number; ledger: number }>(
      db,
      sql`select (select count(*) from products)::int products, (select count(*) from inventory_serials)::int serials, (select count(*) from inventory_transactions)::int ledger`,
    );
    console.log(
      `Inventory reports: ${counts!.products} products, ${counts!.serials} serials, ${counts!.ledger} ledger rows (${database.seeded ? 'seeded' : 'copied'} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    const token = (
      await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'password',
          username: 'bench-admin',
          password: 'bench-password',
          client_id: config.oauthClientId,
          client_secret: config.oauthClientSecret,
        },
      })
    ).json().access_token as string;
    const headers = { authorization: `Bearer ${token}` };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    async function time(url: string) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { ms, bytes: res.rawPayload.length, lines: res.body.split('\n').length - 2 };
    }
    const cases: [string, string, number][] = [
      [
        'inventory accounting as of today - 30 (CSV, 100k products)',
        `/api/ims/reporting/inventory/accounting?date=${day(-30)}`,
        5_000,
      ],
      ['inventory accounting, default date (today)', '/api/ims/reporting/inventory/accounting', 5_000],
      ['GE on-hand export, default date', '/api/ims/reporting/inventory/ge-on-hand-export', 2_000],
      ['GE on-hand totals, default date', '/api/ims/reporting/inventory/ge-on-hand-export/totals', 2_000],
      ['daily received, default (today)', '/api/ims/transacted-receipts/daily-received', 2_000],
      [
        'daily received, last 31 days',
        `/api/ims/transacted-receipts/daily-received?startDate=${day(-30)}&endDate=${day(0)}`,
        2_000,
      ],
      ['unreceived invoice report', '/api/unreceived-invoice-report', 2_000],
      ['inactive inventory (90 days)', '/api/ims/reporting/inventory/inactive', 2_000],
      ['peak days fulfillment (today)', `/api/report/peak-days-fulfillment/${day(0)}`, 2_000],
      ['FBA pending orders in dollars', '/api/ims/reporting/fba-pending-orders-in-dollars', 2_000],
    ];
    let failed = false;
    const only = process.env.BENCH_ONLY;
    for (const [name, url, target] of cases.filter(([name]) => !only || name.includes(only))) {
      const first = await time(url);
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i++) samples.push((await time(url)).ms);
      const p = report(
        `${name} [${first.lines.toLocaleString('en-US')} rows, ${(first.bytes / 1024 / 1024).toFixed(1)} MB]`,
        samples,
        92,
      );
      if (p.p50 > target) {
        failed = true;
        console.log(`  over the target of ${target} ms`);
      }
    }
    if (failed) process.exitCode = 1;
  } finally {
    await app.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
