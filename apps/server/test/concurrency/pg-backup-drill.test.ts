import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { createServices } from '../../src/modules/services.js';
import { drillState, receiveForDrill, runCli, unreceiveForDrill } from '../backup-drill-kit.js';
import {
  freePort,
  instanceAt,
  makeHome,
  removeHome,
  runBackupScript,
  startArchivingPrimary,
  type PgInstance,
} from './pg-instances.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The PostgreSQL backup drill (docs/deployment.md, "Backups"), on a server of its own: WAL archived by
 * scripts/backup/pg-archive-wal.sh, a base backup by pg-base-backup.sh, a receipt, the moment noted, an un-receipt;
 * then pg-restore.sh to that moment into a new folder, the server started there replays the archive and promotes, and
 * it holds the receipt and not the un-receipt, and `npm run ledger:check` against it is clean.
 */
const home = makeHome('keystone-pg-drill-');
const instances: PgInstance[] = [];

afterAll(() => removeHome(home, instances), 60_000);

describe('PostgreSQL: base backup, WAL archive and a restore to a point in time', () => {
  it('restores to the moment between a receipt and its un-receipt, and the ledger checks clean', async () => {
    const { primary, archive, backups, scripts } = await startArchivingPrimary(home);
    const script = (name: string, args: string[]) => runBackupScript(scripts, name, args);
    instances.push(primary);

    const database: OpenDatabase = await openPostgres(primary.url('keystone'), { max: 2 });
    let target: string;
    let line: Awaited<ReturnType<typeof receiveForDrill>>;
    let backupOut: string;
    try {
      const services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
      await services.users.ensureRoles();

      backupOut = await script('pg-base-backup.sh', [backups, primary.url()]);
      expect(backupOut).toMatch(/^base backup: .*base-\d{8}T\d{6}Z \(\d+ bytes in \d+ ms\)/);
      console.log(backupOut.trim());

      line = await receiveForDrill(services, database.db);
      // The moment to restore to: after the receipts committed, a second before the un-receipt commits.
      const [moment] = await queryRows<{ at: string }>(database.db, sql`select clock_timestamp()::text as at`);
      target = moment!.at;
      await sleep(1_100);
      await unreceiveForDrill(services, line, line.references[1]!);
      expect(await drillState(database.db, line.lineId)).toEqual({
        received: 1,
        rows: { INVENTORY_RECEIPT: 2, INVENTORY_UNRECEIPT: 1 },
      });

      // Close the segment holding the un-receipt and wait for the archive to have it: recovery needs WAL past the target.
      const [switched] = await queryRows<{ name: string }>(
        database.db,
        sql`select pg_walfile_name(pg_switch_wal()) as name`,
      );
      const until = Date.now() + 30_000;
      while (!fs.existsSync(path.join(archive, switched!.name))) {
        if (Date.now() > until) throw new Error(`WAL ${switched!.name} not archived in 30 s:\n${primary.log()}`);
        await sleep(100);
      }
    } finally {
      await database.close();
    }
    // The primary is lost.
    await primary.stop('immediate');

    const base = path.join(
      backups,
      fs.readdirSync(backups).find((name) => name.startsWith('base-'))!,
    );
    const restoredDir = path.join(home, 'restored');
    const started = performance.now();
    const restoreOut = await script('pg-restore.sh', [
      '--base',
      base,
      '--wal',
      archive,
      '--data',
      restoredDir,
      '--target-time',
      target,
    ]);
    expect(restoreOut).toContain('is ready');
    // A second restore into the same folder is refused: never over a database.
    await expect(
      script('pg-restore.sh', ['--base', base, '--wal', archive, '--data', restoredDir, '--latest']),
    ).rejects.toThrow(/not empty/);

    const restored = instanceAt(home, restoredDir, await freePort());
    instances.push(restored);
    await restored.start();
    const probe = await openPostgres(restored.url('keystone'), { max: 1, migrate: false });
    try {
      const until = Date.now() + 60_000;
      for (;;) {
        const [state] = await queryRows<{ recovering: boolean }>(
          probe.db,
          sql`select pg_is_in_recovery() as recovering`,
        );
        if (!state!.recovering) break;
        if (Date.now() > until) throw new Error(`the restored server did not promote in 60 s:\n${restored.log()}`);
        await sleep(100);
      }
      const restoreMs = Math.round(performance.now() - started);
      console.log(`restore: recovered to ${target} and promoted in ${restoreMs} ms`);
      expect(restored.log()).toMatch(/recovery stopping before commit of transaction/);
      expect(await drillState(probe.db, line.lineId)).toEqual({ received: 2, rows: { INVENTORY_RECEIPT: 2 } });
    } finally {
      await probe.close();
    }

    const check = await runCli('ledger-check', [], { DATABASE_URL: restored.url('keystone') });
    expect(check.code, check.out).toBe(0);
    expect(check.out).toContain('ledger check: clean');
  }, 300_000);
});
