// `npm run bench:simulation -w apps/server`: the inventory events simulation at scale in PostgreSQL (docs/decisions.md, "Inventory events simulation"). One
// model with 100,000 ledger events (receipts, un-receipts, transfer pairs, sales and audit adjustments over three
// buckets) interleaved with 1,000,000 rows of 10,000 other products, then GET /api/ims/inventory/product/history/
// paged from page 1 until done (pages of 5,000, each keyed on the page before), timed page by page, several runs.
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database.js';
import { openBenchDatabase, report } from './bench-database.js';
import { buildBenchApp } from './bench-kit.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 1_000_000);
const OTHER_PRODUCTS = Number(process.env.BENCH_OTHER_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MODEL = 'SIMBENCH-100K';

async function main() {
  const database = await openBenchDatabase('keystone_bench_simulation');
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
  const adminId = await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });
  await db.execute(
    sql`insert into products (model_number, upc, description) values (${MODEL}, '799999999993', 'Simulation bench product')`,
  );
  await db.execute(sql`insert into products (model_number, upc, description)
    select 'SIMO' || lpad(g::text, 6, '0'), '7' || lpad(g::text, 11, '0'), 'Other product ' || g from generate_series(1, ${OTHER_PRODUCTS}) g`);
  const [{ id: productId }] = (await queryRows<{ id: number }>(
    db,
    sql`select id from products where model_number = ${MODEL}`,
  )) as [{ id: number }];

  // Every (OTHER_ROWS / EVENTS + 1)-th row is the model's; its k-th event follows a cycle of ten that keeps every
  // bucket at or above 0: receipts into KY01, TX01, AZ02, a transfer pair KY01 → TX01, sales, an un-receipt and an
  // audit adjustment. The others are receipts of the other products.
  const every = Math.floor(OTHER_ROWS / EVENTS) + 1;
  const total = EVENTS * every;
  const seedStart = performance.now();
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, notes, details, created_at)
    select 'IB-' || lpad(g::text, 9, '0'),
           case when g % ${every} <> 0 then 'INVENTORY_RECEIPT'
                else (array['INVENTORY_RECEIPT','INVENTORY_RECEIPT','INVENTORY_TRANSFER','INVENTORY_TRANSFER','INVENTORY_SALE','INVENTORY_UNRECEIPT','INVENTORY_AUDIT_ADJUSTMENT','INVENTORY_SALE','INVENTORY_RECEIPT','INVENTORY_SALE'])[1 + (g / ${every}) % 10] end,
           case when g % ${every} <> 0 then (select min(id) from products) + 1 + g % ${OTHER_PRODUCTS} else ${productId} end,
           case when g % ${every} <> 0 then 'KY01'
                else (array['KY01','TX01','KY01','TX01','TX01','KY01','AZ02','KY01','AZ02','TX01'])[1 + (g / ${every}) % 10] end,
           case when g % ${every} <> 0 then 1 + g % 3
                else (array[3, 2, -1, 1, -1, -1, 1, -1, 1, -1])[1 + (g / ${every}) % 10] end,
           ${adminId},
           case when g % ${every} = 0 and (g / ${every}) % 10 = 6 then 'Counted at audit' end,
           case when g % ${every} = 0 and (g / ${every}) % 10 in (2, 3) then jsonb_build_object('movement', 'IB-' || lpad((g - ((g / ${every}) % 10 - 2) * ${every})::text, 9, '0'), 'reference_id', 'CT-' || lpad((g / ${every} / 10)::text, 7, '0')) end,
           now() - interval '730 days' + (g::float8 / ${total}) * interval '730 days'
    from generate_series(1, ${total}) g`);
  await db.execute(
    sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
  );
  // As autovacuum leaves a table that has settled: statistics and the visibility map (index-only scans).
  await db.execute(sql`vacuum analyze`);
  const [counts] = await queryRows<{ ledger: number; model: number }>(
    db,
    sql`select (select count(*) from inventory_transactions)::int as ledger, (select count(*) from inventory_transactions where product_id = ${productId})::int as model`,
  );
  console.log(
    `seeded ${counts!.ledger.toLocaleString('en-US')} ledger rows (${counts!.model.toLocaleString('en-US')} of ${MODEL}) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
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

  /** One simulation paged to done, as the screen pages it: page n keyed on page n − 1's next_after. */
  async function simulate(keyed: boolean) {
    const pages: number[] = [];
    let after: number | null = null;
    let events = 0;
    let bytes = 0;
    let last:
      | {
          done: boolean;
          next_after: number | null;
          inventory_history: unknown[];
          final_inventory_history: { matches: boolean }[] | null;
        }
      | undefined;
    for (let page = 1; ; page++) {
      const query: string = `model=${MODEL}&page=${page}${keyed && after !== null ? `&after=${after}` : ''}`;
      const t0 = performance.now();
      const res: Awaited<ReturnType<typeof app.inject>> = await app.inject({
        method: 'GET',
        url: `/api/ims/inventory/product/history/?${query}`,
        headers,
      });
      pages.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes += res.rawPayload.length;
      last = res.json();
      events += last!.inventory_history.length;
      if (last!.done) break;
      after = last!.next_after;
    }
    if (events !== EVENTS) throw new Error(`paged ${events} events, expected ${EVENTS}`);
    if (!last!.final_inventory_history!.every((f) => f.matches)) throw new Error('the replay differs from on-hand');
    return { pages, total: pages.reduce((a, b) => a + b, 0), bytes };
  }

  await simulate(true); // warm-up
  const totals: number[] = [];
  const perPage: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const r = await simulate(true);
    totals.push(r.total);
    perPage.push(...r.pages);
    bytes = r.bytes;
  }
  console.log(
    `\n${MODEL}: ${EVENTS.toLocaleString('en-US')} events in ${Math.ceil(EVENTS / 5000)} pages of 5,000, ${(bytes / 1e6).toFixed(1)} MB of JSON per simulation`,
  );
  report('simulation paged to done (all pages, keyed on id)', totals);
  report('one page of 5,000 events (keyed on id)', perPage);
  const byNumber = await simulate(false);
  report('simulation by page number alone (the spec form), one run', [byNumber.total]);
  await app.close();
  await database.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
