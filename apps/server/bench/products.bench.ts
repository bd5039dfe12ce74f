// `npm run bench:products -w apps/server`: the product list (GET /api/product) on PostgreSQL over 100,000
// products in 60 brands and 40 categories, with on-hand for every third product, a PO line for every fifth and an
// open committed sale for every seventh (the page's derived quantities read them). Each filter of the list screen
// (category, brand, description contains, model prefix, UPC) and the unfiltered first and last pages are called
// through the app (Fastify inject: validation, the page, its count and its quantities, the JSON answer), 50 times
// each after a warm-up. Target: p95 under 50 ms each. BENCH_REUSE_SEED=1 keeps the seeded database for reruns.
import { sql } from 'drizzle-orm';
import { queryRows, type OpenDatabase } from '../src/db/database.js';
import { openSeededBenchDatabase, report } from './bench-database.js';
import { benchToken, buildBenchApp, seedBenchBasics, timeCalls } from './bench-kit.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const TARGET_MS = 50;

const WORDS = [
  'Stainless',
  'French Door',
  'Refrigerator',
  'Gas Range',
  'Dishwasher',
  'Front Load',
  'Washer',
  'Dryer',
  'Microwave',
  'Wall Oven',
  'Cooktop',
  'Range Hood',
  'Freezer',
  'Wine Cooler',
  'Smart',
  'Counter Depth',
  'Black',
  'White',
  'Slate',
  'Convection',
];

async function seed({ db }: OpenDatabase) {
  await seedBenchBasics(db, { locations: ['KY01'], username: 'bench-viewer', role: 'warehouse-1' });
  await db.execute(
    sql`insert into brands (brand_name, brand_code) select 'Bench Brand ' || g, 'BB' || g from generate_series(1, 60) g`,
  );
  await db.execute(
    sql`insert into categories (category_name, category_code) select 'Bench Category ' || g, 'BC' || g from generate_series(1, 40) g`,
  );
  await db.execute(sql`insert into manufacturers (name) select 'Bench Maker ' || g from generate_series(1, 20) g`);
  const words = sql.raw(`(array[${WORDS.map((w) => `'${w}'`).join(',')}])`);
  await db.execute(sql`insert into products (model_number, part_number, upc, description, current_cost_cents, status, fk_brand_id, fk_category_id, fk_manufacturer_id, item_type)
    select (array['GE','WH','LG','SA','BO','FR'])[1 + g % 6] || lpad(g::text, 6, '0') || (array['SS','WW','BB'])[1 + g % 3], 'P' || g,
           '8' || lpad(g::text, 11, '0'),
           ${words}[1 + g % 20] || ' ' || ${words}[1 + (g / 20) % 20] || ' ' || ${words}[1 + (g / 400) % 20] || ' ' || g,
           1000 + g % 90000, case when g % 20 = 0 then 'INACTIVE' else 'ACTIVE' end,
           1 + g % 60, 1 + (g / 7) % 40, 1 + g % 20, case when g % 5 = 0 then 'FREIGHT' else 'NON FREIGHT' end
    from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(
    sql`insert into inventory (product_id, bucket, quantity) select g, 'KY01', 1 + g % 9 from generate_series(3, ${PRODUCTS}, 3) g`,
  );
  await db.execute(
    sql`insert into vendors (company_name, vendor_type) select 'Bench vendor ' || g, 'sales' from generate_series(1, 10) g`,
  );
  await db.execute(sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id)
    select 'BPO' || g, 'KY01', 1 + g % 10, 1 + g % 8 from generate_series(1, 1000) g`);
  await db.execute(sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered)
    select 1 + g % 1000, g, 900, 5 from generate_series(5, ${PRODUCTS}, 5) g`);
  await db.execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity)
    select 'CS-B' || lpad(g::text, 7, '0'), 'BPOS' || g, g, 'KY01', 1 from generate_series(7, ${PRODUCTS}, 7) g`);
  await db.execute(sql`vacuum analyze`);
}

async function main() {
  const t0 = performance.now();
  const database = await openSeededBenchDatabase('kt_bench_products', seed);
  const db = database.db;
  const { app } = await buildBenchApp(db);
  try {
    const [counts] = await queryRows<{ products: number }>(db, sql`select count(*)::int as products from products`);
    console.log(
      `Product list: ${counts!.products.toLocaleString('en-US')} products (${database.seeded ? 'seeded' : 'copied'} in ${((performance.now() - t0) / 1000).toFixed(1)} s), ${CALLS} calls a case`,
    );
    const token = await benchToken(app, 'bench-viewer');
    const headers = { authorization: `Bearer ${token}` };
    const lastPage = Math.ceil(PRODUCTS / 100);
    const cases: [string, string][] = [
      ['no filter, page 1', '/api/product?page=1'],
      [`no filter, last page (${lastPage})`, `/api/product?page=${lastPage}`],
      ['category (code BC7)', '/api/product?category=BC7'],
      ['category (name, page 10)', `/api/product?category=${encodeURIComponent('Bench Category 12')}&page=10`],
      ['brand (code BB13)', '/api/product?brand=BB13'],
      ['brand (name)', `/api/product?brand=${encodeURIComponent('bench brand 44')}`],
      ['description contains "dishwasher" (common)', '/api/product?description=dishwasher'],
      [
        'description contains "slate convection 4242" (rare)',
        `/api/product?description=${encodeURIComponent('Convection 4242')}`,
      ],
      ['modelTerm prefix "GE00"', '/api/product?modelTerm=GE00'],
      ['modelTerm prefix "LG0123"', '/api/product?modelTerm=LG0123'],
      ['upc exact', '/api/product?upc=800000054321'],
      ['brand + category', '/api/product?brand=BB13&category=BC7'],
      ['brand + description', '/api/product?brand=BB13&description=washer'],
    ];
    let failed = 0;
    for (const [name, url] of cases) {
      const call = async () => {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return res;
      };
      const { first, samples } = await timeCalls(CALLS, call);
      const body = first.json<{ data: unknown[]; total: number }>();
      const p = report(`${name} [${body.data.length} rows of ${body.total}]`, samples, 72);
      if (p.p95 >= TARGET_MS) failed++;
    }
    console.log(
      failed
        ? `${failed} case(s) over the ${TARGET_MS} ms p95 target`
        : `every case under the ${TARGET_MS} ms p95 target`,
    );
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
