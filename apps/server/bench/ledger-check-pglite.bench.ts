// `npm run bench:ledger-check -w apps/server`: the ledger check (what `npm run ledger:check` runs) on PGlite with
// ~50,000 serials and no planner statistics (PGlite has no autovacuum, so a data folder filled by the product
// itself is never analyzed). Generates the data in a fresh folder (BENCH_DATA_DIR, default a temporary one), then
// times LedgerService.check() as the CLI does; BENCH_ANALYZE=1 runs ANALYZE first for comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows } from '../src/db/database.js';
import { LedgerService } from '../src/modules/ledger/ledger.service.js';
import { generateLedgerData } from './ledger-data.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 50_880);

async function main() {
  const dir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-bench-ledger-'));
  const database = await openPglite(dir);
  const db = database.db;
  try {
    const t0 = performance.now();
    const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from inventory_serials`);
    if (existing!.n === 0) {
      const counts = await generateLedgerData(db, { products: PRODUCTS, serials: SERIALS });
      console.log(
        `PGlite, ${counts.serials} serials, ${counts.ledger} ledger rows, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (no ANALYZE)`,
      );
    }
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
