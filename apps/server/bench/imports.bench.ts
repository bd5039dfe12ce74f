// `npm run bench:imports -w apps/server`: moving a store in (docs/decisions.md, "Imports") on PostgreSQL. A products
// file of BENCH_PRODUCTS rows (100,000; a quarter serial-tracked) and an opening-stock file of BENCH_SERIALS serials
// (1,000,000) over the serial-tracked products are each dry-run (parse, map, plan, store) and confirmed (the job run
// in this process), timed, with the process's memory growth (RSS and heap, sampled every 250 ms) and the ledger check
// after. The service is called as the routes call it (the upload's bytes in memory), without HTTP. With
// NODE_OPTIONS=--expose-gc each step starts collected and reports the heap it still holds after.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { openBenchDatabase } from './bench-database.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const config = { ...loadConfig({}), logLevel: 'silent', jobsEnabled: false };
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function measured<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (global.gc) global.gc();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 250);
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    const seconds = (performance.now() - t0) / 1000;
    // With --expose-gc: the heap still held after the step, once collected.
    if (global.gc) global.gc();
    const held = global.gc ? `, held after ${mb(process.memoryUsage().heapUsed)} MB` : '';
    console.log(
      `${label}: ${seconds.toFixed(1)} s; RSS ${mb(start.rss)} → peak ${mb(peakRss)} MB (+${mb(peakRss - start.rss)}), heap ${mb(start.heapUsed)} → peak ${mb(peakHeap)} MB (+${mb(peakHeap - start.heapUsed)})${held}`,
    );
  }
}

const bench = await openBenchDatabase('keystone_bench_imports');
try {
  const { app, services } = await buildApp({
    db: bench.db,
    dbKind: 'postgres',
    config,
    logger: false,
    serveWeb: false,
  });
  await services.users.ensureRoles();
  await services.locations.createLocationWithBuckets({
    locationCode: 'KY01',
    address1: '1 Bench Way',
    city: 'Louisville',
    stateOrProvince: 'KY',
    postalCode: '40213',
  });
  const userId = await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });
  await app.ready();

  const model = (i: number) => `IMP${String(i).padStart(7, '0')}`;
  const products = ['model_number,description,brand,category,current_cost,msrp,serial_number_tracked'];
  for (let i = 1; i <= PRODUCTS; i++)
    products.push(
      `${model(i)},Imported product ${i},Brand ${i % 50},Category ${i % 20},${(10 + (i % 900)).toFixed(2)},${(20 + (i % 900)).toFixed(2)},${i % 4 === 0 ? 'yes' : 'no'}`,
    );
  const productFile = Buffer.from(products.join('\n'));
  const tracked = Math.floor(PRODUCTS / 4);
  const stock = ['bucket,model_number,serial_number,quantity'];
  for (let s = 0; s < SERIALS; s++)
    stock.push(`KY01,${model(4 * (1 + (s % tracked)))},ISN${String(s).padStart(9, '0')},`);
  const stockFile = Buffer.from(stock.join('\n'));
  console.log(
    `files: products ${PRODUCTS} rows (${mb(productFile.length)} MB), opening stock ${SERIALS} serials (${mb(stockFile.length)} MB)`,
  );

  const importFile = async (entity: 'products' | 'opening-stock', name: string, bytes: Buffer) => {
    const plan = await measured(`${entity} dry run`, () =>
      services.imports.dryRun(entity, { filename: name, bytes }, undefined, userId),
    );
    console.log(`  plan: ${JSON.stringify(plan.counts)}`);
    await measured(`${entity} confirm (job)`, async () => {
      await services.imports.confirm(plan.id, userId);
      await services.jobs.drain();
    });
    const [row] = await queryRows<{ status: string }>(bench.db, sql`select status from imports where id = ${plan.id}`);
    console.log(`  import ${plan.id}: ${row!.status}`);
  };
  await importFile('products', 'products.csv', productFile);
  await importFile('opening-stock', 'stock.csv', stockFile);

  const [counts] = await queryRows<{ products: number; serials: number; on_hand: number }>(
    bench.db,
    sql`select (select count(*)::int from products) as products,
               (select count(*)::int from inventory_serials where disposition_code = 'LIVE') as serials,
               (select coalesce(sum(quantity), 0)::int from inventory) as on_hand`,
  );
  console.log(`database: ${JSON.stringify(counts)}`);
  const differences = await measured('ledger check', () => checkLedger(bench.db));
  console.log(`ledger check: ${differences.length} differences`);
  await app.close();
} finally {
  await bench.drop();
}
