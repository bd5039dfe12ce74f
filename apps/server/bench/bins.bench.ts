// `npm run bench:bins -w apps/server`: the bins list at scale in PostgreSQL. 10,000 bins in KY01 (and
// 10,000 more across TX01 and AZ02), a quarter of KY01's holding 1-3 products, then GET /api/ims/bins for KY01 as the
// bins page asks (newest first and by name, pages of 10, a search, includeItems), each timed over many calls.
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database.js';
import { openBenchDatabase, report } from './bench-database.js';
import { buildBenchApp } from './bench-kit.js';

const BINS = Number(process.env.BENCH_BINS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

async function main() {
  const database = await openBenchDatabase('keystone_bench_bins');
  const db = database.db;
  const { app, services, config } = await buildBenchApp(db);
  await services.users.ensureRoles();
  for (const code of ['KY01', 'TX01', 'AZ02'])
    await services.locations.createLocationWithBuckets({
      locationCode: code,
      address1: '1 Bench Way',
      city: 'Louisville',
      stateOrProvince: 'KY',
      postalCode: '40213',
    });
  await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });
  await db.execute(
    sql`insert into products (model_number, upc, description) select 'BIN' || g, '7' || lpad(g::text, 11, '0'), 'Bench product ' || g from generate_series(1, 2000) g`,
  );
  // Names R##-B##-S## are unique per location: 100 rows x 100 bays x 100 shelves hold a million; take the first BINS.
  for (const [location, count] of [
    ['KY01', BINS],
    ['TX01', BINS / 2],
    ['AZ02', BINS / 2],
  ] as const) {
    await db.execute(sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf, created_at)
      select 'R' || lpad((g / 10000)::text, 2, '0') || '-B' || lpad(((g / 100) % 100)::text, 2, '0') || '-S' || lpad((g % 100)::text, 2, '0'),
             ${location}, 'NEW', ${location}, g / 10000, (g / 100) % 100, g % 100, now() - (g || ' seconds')::interval
      from generate_series(0, ${count - 1}) g`);
  }
  // Contents straight into the tables (the bench measures reads; the ledger check is not run here).
  await db.execute(sql`insert into bin_items (bin_id, product_id, quantity)
    select b.id, 1 + (b.id + k * 500) % 2000, 1 + k from bins b cross join generate_series(1, 3) k where b.location_code = 'KY01' and b.id % 4 = 0 and k <= 1 + b.id % 3`);
  await db.execute(sql`analyze`);
  const [counts] = await queryRows<{ bins: number; items: number }>(
    db,
    sql`select (select count(*) from bins)::int bins, (select count(*) from bin_items)::int items`,
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
  const time = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms;
  };
  const runs = async (url: (i: number) => string) => {
    for (let i = 0; i < 20; i++) await time(url(i));
    const out: number[] = [];
    for (let i = 0; i < CALLS; i++) out.push(await time(url(i)));
    return out;
  };
  const pages = Math.floor(BINS / 10);
  console.log(`bins: ${counts!.bins} (${BINS} in KY01), bin_items: ${counts!.items}; ${CALLS} calls each`);
  const results = [
    report(
      'KY01 newest first, page of 10 (the default)',
      await runs((i) => `/api/ims/bins?locationCode=KY01&perPage=10&page=${1 + ((i * 37) % pages)}`),
    ),
    report(
      'KY01 by name, page of 10',
      await runs(
        (i) =>
          `/api/ims/bins?locationCode=KY01&orderBy=bin_name&sortDirection=asc&perPage=10&page=${1 + ((i * 37) % pages)}`,
      ),
    ),
    report(
      'KY01 search "B4" (contains), page of 25',
      await runs(() => `/api/ims/bins?locationCode=KY01&searchTerm=B4&perPage=25`),
    ),
    report(
      'KY01 one bin by name with its items',
      await runs(
        (i) =>
          `/api/ims/bins?locationCode=KY01&searchTerm=R00-B${String((i * 7) % 100).padStart(2, '0')}-S12&includeItems=1`,
      ),
    ),
  ];
  const ok = results.every((p) => p.p95 < 50);
  console.log(ok ? 'target met: every bins list p95 < 50 ms' : 'TARGET MISSED');
  await app.close();
  await database.drop();
  if (!ok) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
