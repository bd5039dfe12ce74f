// `npm run bench:quotes -w apps/server`: GET /api/quote/getFull/{id} of a quote with 200 unit lines and 20 labor lines
// (built through the quotes service, totals and all) on PostgreSQL, among 20,000 other quotes of 10 lines each (200,000
// items) over 2,000 contacts and 10,000 products, seeded in SQL. Called through the API (Fastify inject) RUNS times after
// a warm-up; the budget is 30 ms at p95. BENCH_REUSE_SEED=1 keeps the seeded database for reruns.
import { sql } from 'drizzle-orm';
import { queryRows, type OpenDatabase } from '../src/db/database.js';
import { openSeededBenchDatabase, report } from './bench-database.js';
import { buildBenchApp } from './bench-kit.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 2_000);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 20_000);
const LINES = Number(process.env.BENCH_LINES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 30;

async function seed({ db }: OpenDatabase) {
  const { app, services } = await buildBenchApp(db);
  await services.users.ensureRoles();
  const userId = await services.users.create({ username: 'bench-quotes', password: 'bench-password', role: 'sales-1' });
  await services.taxMap.set('walts', 'KY', 1, null);
  const started = performance.now();
  await db.execute(sql`insert into products (model_number, upc, description, current_cost_cents, adj_cart_price_cents)
    select 'QB' || lpad(g::text, 6, '0'), '7' || lpad(g::text, 11, '0'), 'Bench product ' || g, 10000, 15000 + (g % 97) * 100
    from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`insert into contacts (first_name, last_name, city, state, zip)
    select 'First' || g, 'Last' || g, 'Louisville', (array['KY','TX','OR'])[1 + g % 3], '40202' from generate_series(1, ${CONTACTS}) g`);
  await db.execute(sql`insert into quotes (sold_contact_id, ship_contact_id, bill_contact_id, quote_type, quote_class, quote_status)
    select c, c, c, 'RETAIL', 'STANDARD', (array['OPEN','SENT','ACCEPTED','DECLINED'])[1 + g % 4]
    from generate_series(1, ${QUOTES}) g, lateral (select (select min(id) from contacts) + g % ${CONTACTS} as c) x`);
  await db.execute(sql`insert into quote_items (quote_id, product_id, condition, number_units, unit_price_cents)
    select q.id, (select min(id) from products) + (q.id * 10 + k) % ${PRODUCTS}, 'NEW', 1 + k % 3, 15000 + k * 100
    from quotes q cross join generate_series(0, 9) k`);
  await db.execute(sql`vacuum analyze`);
  // The measured quote, through the service: every line recomputes the totals.
  const [contact] = await queryRows<{ id: number }>(
    db,
    sql`select id from contacts where state = 'KY' order by id limit 1`,
  );
  const full = await services.quotes.store({ sold_contact_id: contact!.id, shipping_total: 99 }, { id: userId });
  const [first] = await queryRows<{ id: number }>(db, sql`select min(id)::int as id from products`);
  for (let i = 0; i < LINES; i++) {
    await services.quotes.addItem({
      quote_id: full.quote.id,
      productId: first!.id + i * 7,
      number_units: 1 + (i % 4),
      condition: i % 5 === 0 ? 'B_STOCK' : 'NEW',
    });
  }
  for (let i = 0; i < 20; i++) {
    await services.quotes.addLaborLine({
      quote_id: full.quote.id,
      description: `Labor ${i}`,
      labor_type: i % 2 ? 'FLAT' : 'HOURLY',
      hours: i % 2 ? null : 1.25,
      rate: 85.5,
    });
  }
  await db.execute(sql`vacuum analyze`);
  await app.close();
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const database = await openSeededBenchDatabase('keystone_bench_quotes', seed);
  const db = database.db;
  const [counts] = await queryRows<{ quotes: number; items: number; target: number; contact: number }>(
    db,
    sql`select (select count(*) from quotes)::int as quotes, (select count(*) from quote_items)::int as items, (select max(id) from quotes)::int as target,
      (select sold_contact_id from quotes order by id desc limit 1)::int as contact`,
  );
  console.log(`${JSON.stringify(counts)}${database.seeded ? '' : ' (reused seed)'}`);
  const { app, services, config } = await buildBenchApp(db);
  const token = (
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'bench-quotes',
        password: 'bench-password',
        client_id: config.oauthClientId,
        client_secret: config.oauthClientSecret,
      },
    })
  ).json().access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const url = `/api/quote/getFull/${counts!.target}`;
  const samples: number[] = [];
  let lines = 0;
  for (let run = 0; run < RUNS + 10; run++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const body = res.json() as { items: unknown[]; labor_lines: unknown[] };
    lines = body.items.length + body.labor_lines.length;
    if (run >= 10) samples.push(ms); // ten warm-up calls
  }
  const p = report(`quote getFull (${lines} lines)`, samples);
  // The same path for one contact: what a call costs here before the quote's own work (the machine's load included).
  const baseline: number[] = [];
  for (let run = 0; run < RUNS + 10; run++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/contact/${counts!.contact}`, headers });
    if (res.statusCode !== 200) throw new Error(`contact: ${res.statusCode}`);
    if (run >= 10) baseline.push(performance.now() - t0);
  }
  report('baseline: GET /api/contact/{id}', baseline);
  // The service alone (its four reads), without HTTP, auth and serialization.
  const service: number[] = [];
  for (let run = 0; run < RUNS + 10; run++) {
    const t0 = performance.now();
    await services.quotes.full(counts!.target);
    if (run >= 10) service.push(performance.now() - t0);
  }
  report('QuotesService.full alone', service);
  console.log(p.p95 > BUDGET_MS ? `\nover the ${BUDGET_MS} ms budget at p95` : `\nunder ${BUDGET_MS} ms at p95`);
  await app.close();
  await database.drop();
  if (p.p95 > BUDGET_MS) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
