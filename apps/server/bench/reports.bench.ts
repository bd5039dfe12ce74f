// `npm run bench:reports -w apps/server`: the generic reports (docs/decisions.md, "Reports engine") on the 1M-serial set in PostgreSQL: 100,000
// products and 1,000,000 serials with their receipts (as audits.bench.ts builds them), a year of sales (1,000 sale
// lines a day, a tenth of them selling a serial), 20,000 purchase orders of 5 lines, shipping transactions and audit
// counts. Then every generic report with its default parameters through the API (target: each under 2 s), and the
// 1,000,000-row live-serials CSV fetched over HTTP from the server listening on a port, its RSS sampled every 50 ms
// (target: growth under 100 MB). BENCH_PRODUCTS, BENCH_SERIALS and BENCH_SALES_PER_DAY scale it down.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/database.js';
import { REPORT_DEFINITIONS } from '../src/modules/reports/definitions/index.js';
import { openSeededBenchDatabase } from './bench-database.js';
import { benchToken, BENCH_PASSWORD, seedBenchBasics, timeCalls } from './bench-kit.js';
import { startBenchServer } from './bench-server.js';
import type { OpenDatabase } from '../src/db/database.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const SALES_PER_DAY = Number(process.env.BENCH_SALES_PER_DAY ?? 1_000);
const TARGET_MS = 2_000;
const RSS_TARGET_MB = 100;

const config = { ...loadConfig({}), logLevel: 'silent', jobsEnabled: false };

async function seed({ db }: OpenDatabase) {
  const { userId: devId } = await seedBenchBasics(db, {
    locations: ['KY01', 'TX01', 'AZ02', 'RUBY'],
    username: 'bench-dev',
    role: 'developer',
  });
  await db.execute(
    sql`insert into brands (brand_name, brand_code) select 'Brand ' || g, 'B' || g from generate_series(1, 50) g`,
  );
  await db.execute(sql`insert into products (model_number, part_number, upc, description, fk_brand_id, serial_number_tracked, num_of_serials_per_item,
      current_cost_cents, map_cents, adj_map_cents, adj_cart_price_cents, msrp_cents, status)
    select 'BM' || lpad(g::text, 6, '0'), 'P' || g, '8' || lpad(g::text, 11, '0'), 'Bench product ' || g, (select min(id) from brands) + g % 50,
           g % 4 <> 0, case when g % 4 <> 0 then 1 end, 1000 + g % 90000, 2000 + g % 90000, 1900 + g % 90000, 1950 + g % 90000, 2500 + g % 90000, 'ACTIVE'
    from generate_series(1, ${PRODUCTS}) g`);
  const buckets = ['KY01', 'TX01', 'AZ02', 'RUBY', 'KY01_B_STOCK', 'TX01_B_STOCK'];
  const list = sql.raw(buckets.map((b) => `'${b}'`).join(','));
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code, created_at)
    select 'SN' || upper(substr(md5(g::text), 1, 10)) || g, 1 + (g * 7) % ${PRODUCTS}, (array[${list}])[1 + g % ${buckets.length}],
           split_part((array[${list}])[1 + g % ${buckets.length}], '_', 1), case when g % ${buckets.length} >= 4 then 'B_STOCK' else 'NEW' end, 'LIVE',
           now() - ((g % 700) || ' days')::interval
    from generate_series(1, ${SERIALS}) g`);
  // Vendors and purchase orders (5 lines each) over the last two years; the serials' receipts point at them.
  await db.execute(
    sql`insert into vendors (company_name, vendor_type) select 'Vendor ' || g, 'sales' from generate_series(1, 200) g`,
  );
  await db.execute(sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id, created_at, total_cents, total_received_cents)
    select 'PO-B' || g, (array['KY01','TX01','AZ02','RUBY'])[1 + g % 4], (select min(id) from vendors) + g % 200, 1 + g % 8,
           now() - ((g % 730) || ' days')::interval, 500000, case when g % 8 >= 5 then 500000 else 0 end
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered, qty_received, expected_arrival_date)
    select po.id, 1 + (po.id * 5 + k) % ${PRODUCTS}, 1000, 20, case when po.status_id >= 6 then 20 else (k * 3) % 20 end, (po.created_at + interval '14 days')::date
    from purchase_orders po, generate_series(1, 5) k`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, purchase_order_id, created_at)
    select 'IR-' || lpad(s.id::text, 8, '0'), 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, ${devId}, (select min(id) from purchase_orders) + s.id % 20000, s.created_at
    from inventory_serials s`);
  await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
    select t.id, s.id, s.serial_number, s.location_code, s.condition_code, 'LIVE'
    from inventory_serials s join inventory_transactions t on t.ims_transaction_reference_id = 'IR-' || lpad(s.id::text, 8, '0')`);
  // A year of sales: SALES_PER_DAY lines a day, transacted; every tenth sells a serial (INVENTORY_SALE with its serial row).
  const days = 365;
  await db.execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity,
      created_at, transacted_at, transacted_by_id)
    select 'CS-B' || g, 'INV-' || (g / 3), 1 + (g * 13) % ${PRODUCTS}, (array[${list}])[1 + g % 4], 1 + g % 3,
           now() - ((g % ${days}) || ' days')::interval - interval '1 hour', now() - ((g % ${days}) || ' days')::interval, ${devId}
    from generate_series(1, ${days * SALES_PER_DAY}) g`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, created_at, details)
    select 'IS-' || lpad(s.id::text, 8, '0'), 'INVENTORY_SALE', s.product_id, s.bucket, -1, ${devId}, now() - ((s.id % ${days}) || ' days')::interval, jsonb_build_object('serial', s.id)
    from inventory_serials s where s.id % 10 = 0`);
  await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, old_location_code, new_disposition_code)
    select t.id, (t.details->>'serial')::int, 'x', t.bucket, 'SOLD' from inventory_transactions t where t.type = 'INVENTORY_SALE'`);
  await db.execute(sql`update inventory_serials set disposition_code = 'SOLD', bucket = null where id % 10 = 0`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('inventory_transactions', 'id'), (select max(id) from inventory_transactions))`,
  );
  await db.execute(
    sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
  );
  await db.execute(sql`insert into shipping_transactions (tracking_number, ship_company, date_shipped, fulfillment_warehouse, shipping_quote_cents, reported_billed_cents,
      reconciled_difference_cents, reconciliation_result)
    select '1ZB' || g, (array['UPS','FedEx','CEVA'])[1 + g % 3], (now() - ((g % ${days}) || ' days')::interval)::date, (array['AZ02','KY01','TX01'])[1 + g % 3],
           1000, 900 + g % 300, g % 300 - 100, case when g % 300 <= 100 then 'Matched' else 'Not Matched - Outside Acceptable Threshold' end
    from generate_series(1, 200000) g`);
  await db.execute(sql`analyze`);
}

async function main() {
  const started = performance.now();
  const database = await openSeededBenchDatabase('keystone_bench_reports', seed);
  const seeded = performance.now();
  const { app } = await buildApp({ db: database.db, dbKind: 'postgres', config, logger: false, serveWeb: false });
  const token = await benchToken(app, 'bench-dev');
  const headers = { authorization: `Bearer ${token}` };
  const [{ n: liveSerials }] = (await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from inventory_serials where disposition_code = 'LIVE'`,
  )) as [{ n: number }];
  console.log(
    `seeded in ${((seeded - started) / 1000).toFixed(1)} s (${database.seeded ? 'fresh' : 'from the kept seed'}); ${liveSerials} live serials`,
  );

  const slow: string[] = [];
  for (const definition of REPORT_DEFINITIONS) {
    // One call each, timed from the first (no warm-up): a report is run once by its user.
    const { first: response, max: ms } = await timeCalls(
      1,
      () => app.inject({ method: 'GET', url: `/api/reports/generic/${definition.slug}`, headers }),
      { warmup: 0 },
    );
    if (response.statusCode !== 200) throw new Error(`${definition.slug}: ${response.statusCode} ${response.body}`);
    const { rowCount } = response.json<{ rowCount: number }>();
    if (ms > TARGET_MS) slow.push(definition.slug);
    console.log(
      `${definition.slug.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  ${String(rowCount).padStart(9)} rows${ms > TARGET_MS ? '  OVER 2 s' : ''}`,
    );
  }

  await app.close();

  // The million-row CSV from the real server: `src/main.ts` in a process of its own on this database, its RSS read
  // from /proc every 50 ms while this process reads the file over HTTP (so the client's buffers are not counted).
  const { base, rss, stop } = await startBenchServer(database.url, 3290);
  const serverToken = (
    (await (
      await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          username: 'bench-dev',
          password: BENCH_PASSWORD,
          client_id: config.oauthClientId,
          client_secret: config.oauthClientSecret,
        }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const serverHeaders = { authorization: `Bearer ${serverToken}` };
  // Warm-up: the route, the pool and the report's code paths are loaded before the baseline is read.
  await (await fetch(`${base}/api/reports/generic/live-serials?bucket=KY01`, { headers: serverHeaders })).text();
  const baseline = rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const t0 = performance.now();
  const response = await fetch(`${base}/api/reports/generic/live-serials/csv`, { headers: serverHeaders });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const csvMs = performance.now() - t0;
  const growthMb = (peak - baseline) / 1024 / 1024;
  console.log(
    `live-serials CSV: ${lines - 1} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB in ${(csvMs / 1000).toFixed(1)} s; server RSS ${(baseline / 1024 / 1024).toFixed(0)} MB -> peak ${(peak / 1024 / 1024).toFixed(0)} MB (growth ${growthMb.toFixed(0)} MB, target < ${RSS_TARGET_MB} MB)`,
  );
  await stop();
  await database.drop();
  if (lines - 1 !== liveSerials) throw new Error(`the CSV has ${lines - 1} rows, expected ${liveSerials}`);
  if (slow.length > 0) console.log(`over 2 s: ${slow.join(', ')}`);
  if (growthMb >= RSS_TARGET_MB) console.log('RSS growth over the target');
  process.exitCode = slow.length > 0 || growthMb >= RSS_TARGET_MB ? 1 : 0;
}

await main();
