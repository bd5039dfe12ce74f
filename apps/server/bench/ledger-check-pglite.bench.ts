// `npm run bench:ledger-check -w apps/server`: the ledger check (what `npm run ledger:check` runs) on PGlite with
// ~50,000 serials and no planner statistics (PGlite has no autovacuum, so a data folder filled by the product
// itself is never analyzed). Generates the data in a fresh folder (BENCH_DATA_DIR, default a temporary one), then
// times LedgerService.check() as the CLI does; BENCH_ANALYZE=1 runs ANALYZE first for comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openPglite, queryRows, type Database } from '../src/db/database.js';
import { LedgerService } from '../src/modules/ledger/ledger.service.js';
import { createServices } from '../src/modules/services.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 50_880);

async function main() {
  const dir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-bench-ledger-'));
  const database = await openPglite(dir);
  const db = database.db;
  try {
    const t0 = performance.now();
    const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from inventory_serials`);
    if (existing!.n === 0) await generate(db, t0);
    if (process.env.BENCH_ANALYZE === '1') {
      await db.execute(sql`analyze`);
      console.log('ANALYZE run first');
    }
    const result = await new LedgerService(db).check();
    console.log(
      `ledger check: ${result.clean ? 'clean' : `${result.differences.length} difference(s)`} in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Generates the products, serials, receipts with their movements and on-hand, in the database. */
async function generate(db: Database, t0: number) {
  {
    const services = createServices(db, { ...loadConfig({}), logLevel: 'silent' });
    await services.users.ensureRoles();
    for (const code of ['KY01', 'TX01'])
      await services.locations.createLocationWithBuckets({
        locationCode: code,
        address1: '1 Bench Way',
        city: 'Louisville',
        stateOrProvince: 'KY',
        postalCode: '40213',
      });
    const adminId = await services.users.create({ username: 'bench-admin', password: 'bench-password', role: 'admin' });
    await db.execute(sql`insert into products (model_number, part_number, upc, description, serial_number_tracked, num_of_serials_per_item, current_cost_cents, status)
      select 'BM' || lpad(g::text, 6, '0'), 'P' || g, '8' || lpad(g::text, 11, '0'), 'Bench product ' || g, true, 1, 1000 + g, 'ACTIVE'
      from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
      select 'SN' || upper(substr(md5(g::text), 1, 10)) || g, 1 + (g * 7) % ${PRODUCTS}, (array['KY01','TX01'])[1 + g % 2], (array['KY01','TX01'])[1 + g % 2], 'NEW', 'LIVE'
      from generate_series(1, ${SERIALS}) g`);
    await db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id)
      select 'IR-' || lpad(s.id::text, 8, '0'), 'INVENTORY_RECEIPT', s.product_id, s.bucket, 1, ${adminId} from inventory_serials s`);
    await db.execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
      select t.id, s.id, s.serial_number, s.location_code, s.condition_code, 'LIVE'
      from inventory_serials s join inventory_transactions t on t.ims_transaction_reference_id = 'IR-' || lpad(s.id::text, 8, '0')`);
    await db.execute(
      sql`insert into inventory (product_id, bucket, quantity) select product_id, bucket, sum(quantity_delta) from inventory_transactions group by product_id, bucket`,
    );
    const [counts] = await queryRows<{ serials: number; ledger: number }>(
      db,
      sql`select (select count(*) from inventory_serials)::int serials, (select count(*) from inventory_transactions)::int ledger`,
    );
    console.log(
      `PGlite, ${counts!.serials} serials, ${counts!.ledger} ledger rows, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (no ANALYZE)`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
