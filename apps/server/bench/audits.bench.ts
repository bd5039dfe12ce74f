// `npm run bench:audits -w apps/server`: physical audits (docs/decisions.md, "Physical audits") on the 1M-serial set in PostgreSQL. 100,000
// products and 1,000,000 serials with their receipts (as ledger.bench.ts builds them), then: quick-add-scanned-item
// into an item counting a 5,000-serial model (p95 target 15 ms), the review of that item with all 5,000 scanned
// (target 300 ms), and the resolve of an item that moves 5,000 serials (2,500 missing out, 2,500 discovered in from
// another bucket; target 5 s), with the ledger check after.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { openSeededBenchDatabase, report } from './bench-database.js';
import type { OpenDatabase } from '../src/db/database.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const NOREF_CALLS = 100;
const ITEM = 5_000;
const SER = 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED';

const config = { ...loadConfig({}), logLevel: 'silent', jobsEnabled: false };

/** The 1M-serial set and the two audited models, written in SQL (kept as a template with BENCH_REUSE_SEED=1). */
async function seed({ db }: OpenDatabase) {
  const { app, services } = await buildApp({ db, dbKind: 'postgres', config, logger: false, serveWeb: false });
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

  await db.execute(sql`insert into products (model_number, part_number, upc, description, serial_number_tracked, num_of_serials_per_item, current_cost_cents, status)
    select 'BM' || lpad(g::text, 6, '0') || (array['SS','WW','BB'])[1 + g % 3], 'P' || g, '8' || lpad(g::text, 11, '0'), 'Bench product ' || g,
           g % 4 <> 0, case when g % 4 <> 0 then 1 end, 1000 + g % 90000, 'ACTIVE'
    from generate_series(1, ${PRODUCTS}) g`);
  const buckets = ['KY01', 'TX01', 'AZ02', 'RUBY', 'KY01_B_STOCK', 'TX01_B_STOCK'];
  const list = sql.raw(buckets.map((b) => `'${b}'`).join(','));
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
    select 'SN' || upper(substr(md5(g::text), 1, 10)) || g, 1 + (g * 7) % ${PRODUCTS}, (array[${list}])[1 + g % ${buckets.length}],
           split_part((array[${list}])[1 + g % ${buckets.length}], '_', 1), case when g % ${buckets.length} >= 4 then 'B_STOCK' else 'NEW' end, 'LIVE'
    from generate_series(1, ${SERIALS}) g`);
  // Two audited models: AUD-A with 5,000 serials in KY01; AUD-B with 2,500 in KY01 and 2,500 in KY01_B_STOCK.
  await db.execute(sql`insert into products (model_number, upc, description, serial_number_tracked, num_of_serials_per_item, status)
    values ('AUD-A', '900000000001', 'Audited A', true, 1, 'ACTIVE'), ('AUD-B', '900000000002', 'Audited B', true, 1, 'ACTIVE')`);
  const [a, b] = await queryRows<{ id: number }>(
    db,
    sql`select id from products where model_number in ('AUD-A', 'AUD-B') order by model_number`,
  );
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
    select 'AA' || lpad(g::text, 6, '0'), ${a!.id}::int, 'KY01', 'KY01', 'NEW', 'LIVE' from generate_series(1, ${ITEM}) g
    union all
    select 'BB' || lpad(g::text, 6, '0'), ${b!.id}::int, case when g <= ${ITEM / 2} then 'KY01' else 'KY01_B_STOCK' end, 'KY01',
           case when g <= ${ITEM / 2} then 'NEW' else 'B_STOCK' end, 'LIVE' from generate_series(1, ${ITEM}) g`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, created_at)
    select 'IR-' || lpad(s.id::text, 8, '0'), 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, ${adminId}, now() - ((s.id % 700) || ' days')::interval
    from inventory_serials s`);
  await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
    select t.id, s.id, s.serial_number, s.location_code, s.condition_code, 'LIVE'
    from inventory_serials s join inventory_transactions t on t.ims_transaction_reference_id = 'IR-' || lpad(s.id::text, 8, '0')`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('inventory_transactions', 'id'), (select max(id) from inventory_transactions))`,
  );
  await db.execute(
    sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
  );
  await db.execute(sql`analyze`);
  await app.close();
}

async function main() {
  const started = performance.now();
  const database = await openSeededBenchDatabase('keystone_bench_audits', seed);
  const db = database.db;
  const { app } = await buildApp({ db, dbKind: 'postgres', config, logger: false, serveWeb: false });
  const [{ id: adminId }, b] = [
    ...(await queryRows<{ id: number }>(db, sql`select id from users where username = 'bench-admin'`)),
    ...(await queryRows<{ id: number }>(db, sql`select id from products where model_number = 'AUD-B'`)),
  ] as [{ id: number }, { id: number }];
  const seeded = performance.now();

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
  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const t0 = performance.now();
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const ms = performance.now() - t0;
    if (res.statusCode < 200 || res.statusCode > 299)
      throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, body: res.json() as Record<string, unknown> };
  }
  const batch = (
    await call('POST', '/api/audit-scans', { audit_batch_name: 'Bench audit', default_audit_bucket: 'KY01' })
  ).body.audit_batch_id as number;
  const item = (model: string) => ({ model, auditBucket: 'KY01', auditBatchId: batch, auditTypeCode: SER });

  // Quick-add: the first scans of AUD-A's item (30 warm-up, then CALLS timed), each one unit and one serial, with
  // the item's reference as the scan tool sends it after the first scan; then NOREF_CALLS more without it (the
  // spec's call as a first scan makes it: the item is looked up by batch, model and bucket), reported apart.
  const quick: number[] = [];
  const quickNoRef: number[] = [];
  let ref = '';
  for (let i = 1; i <= CALLS + 30 + NOREF_CALLS; i++) {
    const withRef = ref && i <= CALLS + 30 ? { transactionReferenceId: ref } : {};
    const r = await call('POST', '/api/audit-adjustments/quick-add-scanned-item', {
      ...item('AUD-A'),
      ...withRef,
      scannedUpc: '900000000001',
      serialNumbers: `AA${String(i).padStart(6, '0')}`,
    });
    ref = r.body.ims_transaction_reference_id as string;
    if (i > 30 && i <= CALLS + 30) quick.push(r.ms);
    else if (i > CALLS + 30) quickNoRef.push(r.ms);
  }
  // The rest of the 5,000 scanned set-based (the scans' rows as quick-add writes them), then the review timed.
  const fill = async (itemRef: string, numbers: string) => {
    await db.execute(sql`with i as (select id from audit_items where ims_transaction_reference_id = ${itemRef}),
        ids as (select nextval(pg_get_serial_sequence('audit_serials', 'id')) as id, n from (${sql.raw(numbers)}) v(n)),
        w as (insert into audit_serials (id, item_id, unit_id, scanned_serial_number, scanned_upc, scanned_by_id)
              select ids.id, i.id, ids.id, ids.n, 'bench', ${adminId} from ids cross join i returning 1)
      update audit_items set tallied_quantity = tallied_quantity + (select count(*) from w) where ims_transaction_reference_id = ${itemRef}`);
  };
  await fill(ref, `select 'AA' || lpad(g::text, 6, '0') from generate_series(${CALLS + 31 + NOREF_CALLS}, ${ITEM}) g`);
  const review: number[] = [];
  let reviewed: Record<string, unknown> = {};
  for (let i = 0; i < 25; i++) {
    const r = await call('GET', `/api/audit-adjustments/${ref}/review`);
    if (i >= 5) review.push(r.ms);
    reviewed = r.body;
  }

  // Resolve: AUD-B counted in KY01 as its 2,500 B_STOCK serials (discovered, moved in) without its 2,500 KY01 ones (missing).
  const refB = (await call('POST', '/api/audit-adjustments/request', item('AUD-B'))).body
    .ims_transaction_reference_id as string;
  await fill(refB, `select 'BB' || lpad(g::text, 6, '0') from generate_series(${ITEM / 2 + 1}, ${ITEM}) g`);
  const reviewB = (await call('GET', `/api/audit-adjustments/${refB}/review`)).body;
  const resolve = await call('POST', `/api/audit-adjustments/${refB}/resolve`, { submitNotes: 'bench' });
  const after = await queryRows<{ bucket: string; n: number }>(
    db,
    sql`select bucket, count(*)::int as n from inventory_serials where product_id = ${b!.id} and disposition_code = 'LIVE' group by bucket`,
  );

  const checkStarted = performance.now();
  const differences = await db.transaction((tx) => checkLedger(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const checkSeconds = (performance.now() - checkStarted) / 1000;

  console.log(
    `\nAudits benchmark: ${SERIALS + 2 * ITEM} serials (${database.seeded ? 'seeded' : 'copied from the kept seed'} in ${((seeded - started) / 1000).toFixed(1)} s)`,
  );
  const q = report('quick-add-scanned-item (one serial, with the reference)', quick, 44);
  report('quick-add-scanned-item (one serial, no reference)', quickNoRef, 44);
  const r = report(`review of a ${ITEM}-serial item`, review, 44);
  console.log(
    `review figures: scanned ${(reviewed.scanned_serials as unknown[]).length}, missing ${(reviewed.missing_serials as unknown[]).length}, discovered ${(reviewed.discovered_serials as unknown[]).length}`,
  );
  console.log(
    `resolve of ${(reviewB.missing_serials as unknown[]).length} missing + ${(reviewB.discovered_serials as unknown[]).length} discovered serials: ${(resolve.ms / 1000).toFixed(2)} s; live after: ${JSON.stringify(after)}`,
  );
  console.log(`ledger check: ${differences.length} difference(s) in ${checkSeconds.toFixed(1)} s`);
  const failures = [
    q.p95 > 15 && `quick-add p95 ${q.p95.toFixed(1)} ms > 15 ms`,
    r.p95 > 300 && `review p95 ${r.p95.toFixed(1)} ms > 300 ms`,
    resolve.ms > 5000 && `resolve ${resolve.ms.toFixed(0)} ms > 5 s`,
    differences.length > 0 && `${differences.length} ledger difference(s)`,
  ].filter(Boolean);
  console.log(failures.length ? `MISSED: ${failures.join('; ')}` : 'all targets met');
  await app.close();
  await database.drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
