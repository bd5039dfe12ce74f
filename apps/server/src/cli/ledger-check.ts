// `npm run ledger:check`: replays the inventory ledger against on-hand, PO lines and serials on the configured
// database (DATABASE_URL, or the PGlite folder DATA_DIR) and lists every difference; exit status 1 on any.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { LedgerService } from '../modules/ledger/ledger.service.js';

async function main() {
  const database = await openDatabase(loadConfig());
  try {
    const { differences, elapsedMs } = await new LedgerService(database.db).check();
    for (const d of differences) console.log(`${d.kind}\t${d.key}\texpected ${d.expected}\tactual ${d.actual}`);
    const seconds = (elapsedMs / 1000).toFixed(1);
    console.log(
      differences.length
        ? `ledger check: ${differences.length} difference(s) (${seconds} s)`
        : `ledger check: clean (${seconds} s)`,
    );
    process.exitCode = differences.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
