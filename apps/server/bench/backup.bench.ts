// `npm run bench:backup -w apps/server`: backup and restore times and sizes (docs/performance.md, "Backups") on the
// ledger check bench's data (BENCH_SERIALS live serials, one receipt each, BENCH_PRODUCTS products):
// - PGlite: GET /api/admin/backup from a server over the folder (what `npm run backup` asks of a running server),
//   then the restore (`npm run restore`'s open of the copy in an empty folder) and the ledger check on it;
// - PostgreSQL (BENCH_POSTGRES=0 to skip): a throwaway server of its own (initdb, loopback port, WAL archived by
//   scripts/backup/pg-archive-wal.sh), pg-base-backup.sh, then pg-restore.sh --latest into a new folder, the server
//   started there until promoted, and the ledger check on it. Everything is removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, queryRows } from '../src/db/database.js';
import { LedgerService } from '../src/modules/ledger/ledger.service.js';
import {
  freePort,
  instanceAt,
  makeHome,
  removeHome,
  runBackupScript,
  startArchivingPrimary,
  type PgInstance,
} from '../test/concurrency/pg-instances.js';
import { generateLedgerData } from './ledger-data.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const SERIALS = Number(process.env.BENCH_SERIALS ?? 50_880);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pglite(): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-bench-backup-'));
  try {
    const dataDir = path.join(home, 'data');
    const database = await openPglite(dataDir);
    let bytes: Buffer;
    try {
      const counts = await generateLedgerData(database.db, { products: PRODUCTS, serials: SERIALS });
      console.log(`PGlite: ${counts.serials} serials, ${counts.ledger} ledger rows`);
      const config = { ...loadConfig({ DATA_DIR: dataDir }), logLevel: 'silent', jobsEnabled: false };
      const { app } = await buildApp({
        db: database.db,
        dbKind: 'pglite',
        config,
        logger: false,
        serveWeb: false,
        backup: database.backup!,
      });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/oauth/token',
          payload: {
            grant_type: 'password',
            username: 'bench-admin',
            password: 'bench-password',
            client_id: config.oauthClientId,
            client_secret: config.oauthClientSecret,
          },
        });
        const token = login.json().access_token as string;
        const t0 = performance.now();
        const request = app.inject({
          method: 'GET',
          url: '/api/admin/backup',
          headers: { authorization: `Bearer ${token}` },
        });
        // Meanwhile a query every 20 ms, as requests would: the longest one waited is what the backup costs them.
        let done = false;
        let longest = 0;
        const probes = (async () => {
          while (!done) {
            const q = performance.now();
            await database.db.execute(sql`select 1`);
            longest = Math.max(longest, performance.now() - q);
            await sleep(20);
          }
        })();
        const answer = await request;
        done = true;
        await probes;
        if (answer.statusCode !== 200) throw new Error(`backup answered ${answer.statusCode}: ${answer.body}`);
        bytes = answer.rawPayload;
        console.log(
          `PGlite backup (GET /api/admin/backup, server running): ${mb(bytes.length)} in ${s(performance.now() - t0)}; the longest query wait meanwhile ${s(longest)}`,
        );
      } finally {
        await app.close();
      }
      const [size] = await queryRows<{ bytes: number }>(
        database.db,
        sql`select pg_database_size(current_database())::float8 as bytes`,
      );
      console.log(`PGlite database size: ${mb(size!.bytes)}`);
    } finally {
      await database.close();
    }
    const restoredDir = path.join(home, 'restored');
    const t1 = performance.now();
    const tar = new Blob([new Uint8Array(zlib.gunzipSync(bytes))], { type: 'application/x-tar' });
    const restored = await openPglite(restoredDir, { loadDataDir: tar });
    console.log(`PGlite restore (npm run restore's open of the copy): ${s(performance.now() - t1)}`);
    try {
      const check = await new LedgerService(restored.db).check();
      console.log(
        `PGlite ledger check on the restored copy: ${check.clean ? 'clean' : `${check.differences.length} differences`} in ${s(check.elapsedMs)}`,
      );
    } finally {
      await restored.close();
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

async function postgres(): Promise<void> {
  const home = makeHome('keystone-bench-pg-backup-');
  const instances: PgInstance[] = [];
  try {
    const { primary, archive, backups, scripts } = await startArchivingPrimary(home);
    const script = async (name: string, args: string[]) => (await runBackupScript(scripts, name, args, 600_000)).trim();
    instances.push(primary);
    const database = await openPostgres(primary.url('keystone'), { max: 2 });
    try {
      const counts = await generateLedgerData(database.db, { products: PRODUCTS, serials: SERIALS });
      const [size] = await queryRows<{ bytes: number }>(
        database.db,
        sql`select pg_database_size(current_database())::float8 as bytes`,
      );
      console.log(`PostgreSQL: ${counts.serials} serials, ${counts.ledger} ledger rows, database ${mb(size!.bytes)}`);
      console.log(`PostgreSQL ${await script('pg-base-backup.sh', [backups, primary.url()])}`);
      const [switched] = await queryRows<{ name: string }>(
        database.db,
        sql`select pg_walfile_name(pg_switch_wal()) as name`,
      );
      while (!fs.existsSync(path.join(archive, switched!.name))) await sleep(100);
    } finally {
      await database.close();
    }
    const walBytes = fs.readdirSync(archive).reduce((sum, f) => sum + fs.statSync(path.join(archive, f)).size, 0);
    console.log(`PostgreSQL WAL archive: ${fs.readdirSync(archive).length} segments, ${mb(walBytes)}`);
    await primary.stop('immediate');
    const base = path.join(backups, fs.readdirSync(backups)[0]!);
    const restoredDir = path.join(home, 'restored');
    const t0 = performance.now();
    await script('pg-restore.sh', ['--base', base, '--wal', archive, '--data', restoredDir, '--latest']);
    const restored = instanceAt(home, restoredDir, await freePort());
    instances.push(restored);
    await restored.start();
    const probe = await openPostgres(restored.url('keystone'), { max: 1, migrate: false });
    try {
      for (;;) {
        const [state] = await queryRows<{ recovering: boolean }>(
          probe.db,
          sql`select pg_is_in_recovery() as recovering`,
        );
        if (!state!.recovering) break;
        await sleep(50);
      }
      console.log(`PostgreSQL restore (pg-restore.sh --latest, start, replay, promote): ${s(performance.now() - t0)}`);
      const check = await new LedgerService(probe.db).check();
      console.log(
        `PostgreSQL ledger check on the restored server: ${check.clean ? 'clean' : `${check.differences.length} differences`} in ${s(check.elapsedMs)}`,
      );
    } finally {
      await probe.close();
    }
  } finally {
    await removeHome(home, instances);
  }
}

async function main() {
  await pglite();
  if (process.env.BENCH_POSTGRES !== '0') await postgres();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
