// `npm run bench:manifest -w apps/server` (also the last part of `npm run bench`): serial manifests received in one
// submit on PostgreSQL (docs/decisions.md, "Serial manifests"). A fresh database with BENCH_MANIFEST_LIVE live serials already received (each with
// its receipt and movement, so the ledger check applies), then manifests of 10,000 serials through Fastify's inject:
// the whole server path (authentication, permission, zod validation of the body, the transaction, the answer).
// Target: 10,000 serials in under 5 s of server time.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { openBenchDatabase, percentiles } from './bench-database.js';
import { buildBenchApp } from './bench-kit.js';

const LIVE = Number(process.env.BENCH_MANIFEST_LIVE ?? 500_000);
const SERIALS = Number(process.env.BENCH_MANIFEST_SERIALS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_MANIFEST_ROUNDS ?? 5);
const TARGET_MS = 5_000;

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase('keystone_bench_manifest');
  const db = database.db;
  const { app, services, config } = await buildBenchApp(db);
  await services.users.ensureRoles();
  await services.locations.createLocationWithBuckets({
    locationCode: 'KY01',
    address1: '1 Bench Way',
    city: 'Louisville',
    stateOrProvince: 'KY',
    postalCode: '40213',
  });
  const adminId = await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });

  await db.execute(sql`insert into products (model_number, part_number, upc, description, serial_number_tracked, num_of_serials_per_item, current_cost_cents, status)
    select 'MB' || lpad(g::text, 5, '0'), 'MP' || g, '7' || lpad(g::text, 11, '0'), 'Manifest bench product ' || g, true, case when g = 2 then 2 else 1 end, 5000, 'ACTIVE'
    from generate_series(1, 1000) g`);
  await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
    select 'LIVE' || upper(substr(md5(g::text), 1, 10)) || g, 3 + g % 998, 'KY01', 'KY01', 'NEW', 'LIVE' from generate_series(1, ${LIVE}) g`);
  await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id)
    select 'IR-S' || lpad(s.id::text, 8, '0'), 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, ${adminId} from inventory_serials s`);
  await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
    select t.id, s.id, s.serial_number, s.location_code, s.condition_code, 'LIVE'
    from inventory_serials s join inventory_transactions t on t.ims_transaction_reference_id = 'IR-S' || lpad(s.id::text, 8, '0')`);
  await db.execute(
    sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
  );
  await db.execute(sql`analyze`);
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
  const vendor = await services.vendors.create({ company_name: 'Manifest Bench Vendor', vendor_type: 'sales' });

  /** A new PO line of `productId` ordered for `qty`, and a manifest of `units` units of `perUnit` serials for it. */
  async function manifestFor(productId: number, units: number, perUnit: number, tag: string) {
    const po = await services.purchaseOrders.create(
      { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
      adminId,
    );
    const full = await services.purchaseOrders.addLine({ productId, cost: 50, qty: units, purchaseOrderId: po.id });
    const stamp = randomUUID().slice(0, 6).toUpperCase();
    return {
      model: `MB${String(productId).padStart(5, '0')}`,
      poApiPoId: po.id,
      poApiPoItemId: full.data.PO_LINES[0]!.id,
      receivingBucket: 'KY01',
      clientRequestId: randomUUID(),
      units: Array.from({ length: units }, (_, u) =>
        Array.from({ length: perUnit }, (_, k) => `${tag}${stamp}${String(u).padStart(5, '0')}${'AB'[k]}`),
      ),
    };
  }
  async function time(payload: object) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/scanner/receipt/manifest/receive',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`manifest: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return ms;
  }

  await time(await manifestFor(1, 200, 1, 'WARM')); // warm-up: plans, JIT, connection pool
  const singles: number[] = [];
  for (let round = 0; round < ROUNDS; round++) singles.push(await time(await manifestFor(1, SERIALS, 1, `R${round}`)));
  const pairs = await time(await manifestFor(2, SERIALS / 2, 2, 'PAIR'));
  // A refused manifest costs a rollback: its last serial is live already.
  const refused = await manifestFor(1, SERIALS, 1, 'REF');
  refused.units[SERIALS - 1] = [
    'LIVE' +
      (
        await queryRows<{ s: string }>(
          db,
          sql`select substr(serial_number, 5) as s from inventory_serials where serial_number like 'LIVE%' limit 1`,
        )
      )[0]!.s,
  ];
  const t0 = performance.now();
  const refusal = await app.inject({
    method: 'POST',
    url: '/api/scanner/receipt/manifest/receive',
    headers: { authorization: `Bearer ${token}` },
    payload: refused,
  });
  const refusedMs = performance.now() - t0;

  const checkStarted = performance.now();
  const differences = await db.transaction((tx) => checkLedger(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const checkSeconds = (performance.now() - checkStarted) / 1000;
  const [counts] = await queryRows<{ serials: number; ledger: number }>(
    db,
    sql`select (select count(*) from inventory_serials)::int serials, (select count(*) from inventory_transactions)::int ledger`,
  );

  const p = percentiles(singles);
  console.log(
    `\nManifest benchmark: ${LIVE} live serials seeded in ${((seeded - started) / 1000).toFixed(1)} s; at the end ${counts!.serials} serials, ${counts!.ledger} ledger rows`,
  );
  console.log(
    `manifest of ${SERIALS} serials (1 per unit), ${ROUNDS} rounds: ${singles.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}; median ${(p.p50 / 1000).toFixed(2)} s, max ${(p.max / 1000).toFixed(2)} s`,
  );
  console.log(`manifest of ${SERIALS} serials (2 per unit, ${SERIALS / 2} units): ${(pairs / 1000).toFixed(2)} s`);
  console.log(
    `manifest of ${SERIALS} refused for its last serial (422, nothing kept): ${(refusedMs / 1000).toFixed(2)} s, status ${refusal.statusCode}`,
  );
  console.log(`ledger check: ${checkSeconds.toFixed(1)} s, ${differences.length} difference(s)`);
  await app.close();
  await database.drop();
  const ok = p.max < TARGET_MS && pairs < TARGET_MS && refusal.statusCode === 422 && differences.length === 0;
  console.log(
    ok
      ? `target met: every manifest of ${SERIALS} serials under ${TARGET_MS / 1000} s, ledger check clean`
      : 'TARGET MISSED',
  );
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
