// `npm run ledger:check`: replays the inventory ledger against on-hand, PO lines and serials on the configured
// database (DATABASE_URL, or the PGlite folder DATA_DIR) and lists every difference; exit status 1 on any.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { checkLedger } from '../modules/ledger/ledger-check.js';

async function main() {
  const started = performance.now();
  const database = await openDatabase(loadConfig());
  try {
    const differences = await database.db.transaction(async (tx) => checkLedger(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    for (const d of differences) console.log(`${d.kind}\t${d.key}\texpected ${d.expected}\tactual ${d.actual}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(differences.length ? `ledger check: ${differences.length} difference(s) (${seconds} s)` : `ledger check: clean (${seconds} s)`);
    process.exitCode = differences.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
