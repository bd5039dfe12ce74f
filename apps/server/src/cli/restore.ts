// `npm run restore -- <file> [--force]`: puts a backup of the embedded database (`npm run backup`) in DATA_DIR, with the
// server stopped. A data folder that holds a database is refused unless --force, which moves it aside (kept, named in
// the output). The restored database is opened once (any newer migration applied) and closed; then run
// `npm run ledger:check`. docs/deployment.md, "Backups". PostgreSQL: scripts/backup/pg-restore.sh.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../config.js';
import { dataDirOwner, openPglite } from '../db/database.js';
import { callerPath } from './caller-path.js';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: npm run restore -- <backup file> [--force]');
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: restore PostgreSQL with scripts/backup/pg-restore.sh (docs/deployment.md).');
  const source = callerPath(file);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist.`);
  const owner = dataDirOwner(config.dataDir);
  if (owner) throw new Error(`A server (pid ${owner}) holds ${config.dataDir}: stop it, then restore.`);
  const folder = path.join(config.dataDir, 'pglite');
  let movedTo: string | null = null;
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    if (!force)
      throw new Error(
        `${folder} holds a database: restore refused. Add --force to move it aside (it is kept) and restore.`,
      );
    movedTo = `${folder}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    fs.renameSync(folder, movedTo);
  }
  const started = performance.now();
  // Unzipped here (zlib) rather than by PGlite, whose JavaScript gunzip is several times slower.
  let bytes: Uint8Array = fs.readFileSync(source);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
  const tar = new Blob([new Uint8Array(bytes)], { type: 'application/x-tar' });
  const database = await openPglite(config.dataDir, { loadDataDir: tar });
  await database.close();
  const ms = Math.round(performance.now() - started);
  if (movedTo) console.log(`restore: the database that was there is kept in ${movedTo}`);
  console.log(`restore: ${source} restored into ${folder} in ${ms} ms; now run npm run ledger:check`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
