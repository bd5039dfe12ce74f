// `npm run bench`: purchase orders at scale in PostgreSQL. 100,000 POs and 500,000 lines, then the PO list
// (with the filters the screen sends) and the full-PO call, each timed over many calls; prints p50/p95/p99.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { loadDemoDataIfEmpty } from '../src/modules/demo-data/load-demo-data.js';
import { queryRows } from '../src/db/database.js';
import { openBenchDatabase, report } from './bench-database.js';

const POS = Number(process.env.BENCH_POS ?? 100_000);
const LINES_PER_PO = 5;
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase('keystone_bench_purchasing');
  const config = { ...loadConfig({}), logLevel: 'silent' };
  const { app, services } = await buildApp({
    db: database.db,
    dbKind: 'postgres',
    config,
    logger: false,
    serveWeb: false,
  });
  await services.users.ensureRoles();
  // The demo catalogue, users, vendors and locations, then bulk POs and lines generated in the database.
  await loadDemoDataIfEmpty(database.db, config);
  const db = database.db;
  await db.execute(sql`insert into purchase_orders (purchase_ref_id, legacy_po_number, created_at, created_by, ims_location_code, vendor_id, status_id,
      purchase_terms_id, carrier_name, vendor_order_id, paid, dfi_discount_percentage)
    select 'W' || lpad((1000 + g)::text, 7, '0'),
      case when g % 9 = 0 then 'L-' || (50000 + g) else null end,
      now() - ((g % 1095) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
      (select min(id) from users),
      (array['KY01','TX01','AZ02','RUBY'])[1 + g % 4],
      (select array_agg(id) from vendors where id <> 127)[1 + g % (select count(*) from vendors where id <> 127)::int],
      1 + g % 8, 1 + g % 9,
      case when g % 3 = 0 then 'UPS Freight' else null end,
      'SO-' || (200000 + g), g % 5 = 0, (g % 4)::numeric
    from generate_series(1, ${POS}) g`);
  await db.execute(sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered, qty_received, expected_arrival_date)
    select po.id, p.ids[1 + ((po.id * 7 + k * 131) % p.n)], 1000 + ((po.id * 37 + k * 11) % 250000), 1 + (po.id + k) % 12, 0, current_date + k
    from purchase_orders po, generate_series(1, ${LINES_PER_PO}) k,
      (select array_agg(id) ids, count(*)::int n from products) p
    where po.purchase_ref_id like 'W0%'`);
  await db.execute(sql`analyze`);
  const { PoFigures } = await import('../src/modules/ledger/po-figures.repository.js');
  await new PoFigures(db).recomputeAllTotals();
  await db.execute(sql`analyze`);
  const counts = await queryRows<{ pos: number; lines: number }>(
    db,
    sql`select (select count(*) from purchase_orders)::int pos, (select count(*) from purchase_order_items)::int lines`,
  );
  const seeded = performance.now();

  const token = (
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'purchasing-admin',
        password: 'demo1234',
        client_id: config.oauthClientId,
        client_secret: config.oauthClientSecret,
      },
    })
  ).json().access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const models = (
    await queryRows<{ model_number: string }>(db, sql`select model_number from products order by id limit 50`)
  ).map((r) => r.model_number);
  const vendorIds = (await queryRows<{ id: number }>(db, sql`select id from vendors where id <> 127 order by id`)).map(
    (r) => r.id,
  );
  const maxId = counts[0]!.pos;

  const listUrls = (i: number) => [
    `/api/purchase?page=${1 + (i % 20)}&perPage=25&sortBy=created_at&sortOrder=desc`,
    `/api/purchase?fromDate=2026-01-01&toDate=2026-06-30&perPage=25&sortBy=total&sortOrder=desc`,
    `/api/purchase?poNumber=W00${10 + (i % 89)}&perPage=25`,
    `/api/purchase?vendor=${vendorIds[i % vendorIds.length]}&status=${1 + (i % 8)}&perPage=50&sortBy=vendor_name&sortOrder=asc`,
    `/api/purchase?shipTo=KY01&paid=No&perPage=100&sortBy=balance_due&sortOrder=desc`,
    `/api/purchase?modelNumber=${encodeURIComponent(models[i % models.length]!.slice(0, 5))}&perPage=25`,
    `/api/purchase?vendorOrderId=SO-2${String(i % 100).padStart(2, '0')}&perPage=25`,
    `/api/purchase?legacyPoNum=L-${50000 + 9 * (1 + (i % 5000))}`,
  ];

  async function time(url: string) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms;
  }

  // Warm up the plan cache and the buffer cache, as a running server would be.
  for (let i = 0; i < 40; i++) await time(listUrls(i)[i % 8]!);
  const list: number[] = [];
  const perFilter = new Map<string, number[]>();
  for (let i = 0; i < CALLS; i++) {
    const urls = listUrls(i);
    const url = urls[i % urls.length]!;
    const ms = await time(url);
    list.push(ms);
    const key = url
      .split('?')[1]!
      .split('&')
      .map((p) => p.split('=')[0])
      .join('&');
    perFilter.set(key, [...(perFilter.get(key) ?? []), ms]);
  }
  const full: number[] = [];
  for (let i = 0; i < CALLS; i++) full.push(await time(`/api/purchase/getFull/${1 + ((i * 7919) % maxId)}`));
  const byModel: number[] = [];
  for (let i = 0; i < Math.min(CALLS, 100); i++)
    byModel.push(await time(`/api/purchaseByModel?model=${encodeURIComponent(models[i % models.length]!)}`));

  console.log(
    `\nPurchasing benchmark: ${counts[0]!.pos} POs, ${counts[0]!.lines} lines in PostgreSQL (seeded in ${((seeded - started) / 1000).toFixed(1)} s)`,
  );
  const listP = report('GET /api/purchase (all filter mixes)', list);
  for (const [key, samples] of perFilter) report(`  ${key}`, samples);
  const fullP = report('GET /api/purchase/getFull/{id}', full);
  report('GET /api/purchaseByModel', byModel);
  await app.close();
  await database.drop();
  const ok = listP.p95 < 50 && fullP.p95 < 50;
  console.log(ok ? 'target met: p95 under 50 ms for the list and the full PO' : 'TARGET MISSED: p95 of 50 ms');
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
