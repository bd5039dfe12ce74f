// `npm run bench:search -w apps/server`: search everywhere (GET /api/search) on PostgreSQL over 1,000,000 serials,
// 100,000 products, 20,000 POs from 200 vendors, 20,000 AP invoices, 50,000 contacts, 20,000 committed transfers and
// sales and 5,000 bins, all seeded set-based. A mix of queries (exact, prefix and contains keys of every kind, and
// misses) is called through the app (Fastify inject: auth, validation, every kind's query, the JSON answer) as a
// developer (every kind searched), CALLS times each after a warm-up. Target: p95 under 150 ms for every query.
// BENCH_REUSE_SEED=1 keeps the seeded database for reruns.
import { sql } from 'drizzle-orm';
import { queryRows, type OpenDatabase } from '../src/db/database.js';
import { openSeededBenchDatabase, percentiles, report } from './bench-database.js';
import { benchToken, buildBenchApp, seedBenchBasics, timeCalls } from './bench-kit.js';

const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const TARGET_MS = 150;

async function seed({ db }: OpenDatabase) {
  await seedBenchBasics(db, { locations: ['KY01'], username: 'bench-dev', role: 'developer' });
  const [b] = await queryRows<{ a: string; b: string }>(
    db,
    sql`select min(bucket) as a, max(bucket) as b from buckets where location_code = 'KY01'`,
  );
  await db.execute(sql`insert into products (model_number, upc, description)
    select (array['GE','WH','LG','SA','BO','FR'])[1 + g % 6] || lpad(g::text, 6, '0'), '8' || lpad(g::text, 11, '0'),
           (array['Stainless','French Door','Refrigerator','Gas Range','Dishwasher','Washer','Dryer'])[1 + g % 7]
             || ' ' || (array['Black','White','Slate','Smart','Convection'])[1 + (g / 7) % 5] || ' ' || g
      from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code)
    select 'SN' || lpad(g::text, 9, '0') || (array['A','B','C','D'])[1 + g % 4], 1 + g % ${PRODUCTS}, ${b!.a}, 'KY01', 'NEW'
      from generate_series(1, ${SERIALS}) g`);
  await db.execute(
    sql`insert into vendors (company_name, vendor_type) select 'Bench Vendor ' || g, 'sales' from generate_series(1, 200) g`,
  );
  await db.execute(sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id)
    select 'PO' || lpad(g::text, 7, '0'), 'KY01', 1 + g % 200, 1 + g % 8 from generate_series(1, 20000) g`);
  await db.execute(sql`insert into accounts_payable_invoices (invoice_number, invoice_amount_cents, vendor_id)
    select 'INV' || lpad(g::text, 7, '0'), 1000 + g, 1 + g % 200 from generate_series(1, 20000) g`);
  await db.execute(sql`insert into contacts (first_name, last_name, primary_phone, primary_email)
    select (array['Ann','Bob','Cara','Dev','Eli'])[1 + g % 5], 'Surname' || g, '502' || lpad(g::text, 7, '0'),
           'c' || g || '@example.com' from generate_series(1, 50000) g`);
  await db.execute(sql`insert into committed_transfers (ims_transaction_reference_id, product_id, from_bucket, to_bucket, committed_quantity)
    select 'CT-' || lpad(g::text, 7, '0'), 1 + g % ${PRODUCTS}, ${b!.a}, ${b!.b}, 1 from generate_series(1, 20000) g`);
  await db.execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity)
    select 'CS-' || lpad(g::text, 7, '0'), 'POS' || g, 1 + g % ${PRODUCTS}, ${b!.a}, 1 from generate_series(1, 20000) g`);
  await db.execute(sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf)
    select 'B' || lpad(g::text, 5, '0'), 'KY01', 'NEW', ${b!.a}, 1 + g % 50, 1 + g % 20, 1 + g % 6 from generate_series(1, 5000) g`);
  await db.execute(sql`vacuum analyze`);
}

async function main() {
  const t0 = performance.now();
  const database = await openSeededBenchDatabase('kt_bench_search', seed);
  const db = database.db;
  const { app } = await buildBenchApp(db);
  try {
    const [counts] = await queryRows<{ serials: number }>(
      db,
      sql`select count(*)::int as serials from inventory_serials`,
    );
    console.log(
      `Search: ${counts!.serials.toLocaleString('en-US')} serials (${database.seeded ? 'seeded' : 'copied'} in ${((performance.now() - t0) / 1000).toFixed(1)} s), ${CALLS} calls a query`,
    );
    const token = await benchToken(app, 'bench-dev');
    const headers = { authorization: `Bearer ${token}` };
    const queries = [
      'SN000543210C', // a serial, exact
      'sn0005432', // serials by prefix
      '5432', // serial contains (and others' prefixes miss)
      'PO0012345', // a PO, exact
      'Bench Vendor 17', // POs by vendor
      'SA012345', // a model, exact
      '800000054321', // a UPC
      'french door', // description contains, common
      'slate 4242', // description contains, rare
      'INV0001234', // an invoice
      'surname1234', // a contact by name
      '5020001234', // a contact by phone
      'CT-0001234', // a transfer reference
      'POS1234', // a sale's POS invoice
      'B00123', // a bin
      'zzzz-no-such-thing', // a miss
      'an', // two letters
    ];
    const all: number[] = [];
    let failed = 0;
    for (const q of queries) {
      const url = `/api/search?q=${encodeURIComponent(q)}`;
      const call = async () => {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return res;
      };
      const { first, samples } = await timeCalls(CALLS, call);
      const body = first.json<{ groups: { hits: unknown[] }[] }>();
      all.push(...samples);
      const hits = body.groups.reduce((n, g) => n + g.hits.length, 0);
      const p = report(`"${q}" [${hits} hits in ${body.groups.length} groups]`, samples, 56);
      if (p.p95 >= TARGET_MS) failed++;
    }
    const p = percentiles(all);
    console.log(`mix of ${queries.length} queries: p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms`);
    console.log(
      failed
        ? `${failed} query(ies) over the ${TARGET_MS} ms p95 target`
        : `every query under the ${TARGET_MS} ms p95 target`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await app.close();
    await database.drop();
  }
}

await main();
