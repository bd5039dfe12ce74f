import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openPglite, type OpenDatabase } from '../db/database.js';
import { createUser } from '../../test/factories.js';
import { drillState, receiveForDrill, runCli, unreceiveForDrill } from '../../test/backup-drill-kit.js';

/**
 * The embedded database's backup drill (docs/deployment.md, "Backups"): a receipt, `npm run backup` while the server
 * runs (the copy asked of it), an un-receipt, the server stopped, `npm run restore` (refused over the folder without
 * --force), then the restored folder holds the receipt and not the un-receipt, and `npm run ledger:check` is clean.
 */
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-backup-drill-'));
const dataDir = path.join(home, 'data');

afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

describe('PGlite backup and restore (npm run backup, npm run restore)', () => {
  it('copies a running server, restores over the folder only when told, and the restored ledger checks clean', async () => {
    const database: OpenDatabase = await openPglite(dataDir);
    const config: AppConfig = {
      ...loadConfig({ DATA_DIR: dataDir }),
      logLevel: 'silent',
      jobsEnabled: false,
      ediOutboxDir: path.join(home, 'edi'),
      mailOutboxDir: path.join(home, 'mail'),
      carouselImageDir: path.join(home, 'carousel'),
      reportFilesDir: path.join(home, 'reports'),
    };
    const { app, services } = await buildApp({
      db: database.db,
      dbKind: 'pglite',
      config,
      logger: false,
      serveWeb: false,
      backup: database.backup!,
    });
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: home };
    const backupFile = path.join(home, 'drill.tar.gz');
    let line: Awaited<ReturnType<typeof receiveForDrill>>;
    try {
      await services.users.ensureRoles();
      const admin = await createUser(services, { role: 'admin' });
      const clerk = await createUser(services, { role: 'warehouse-1' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = String((app.server.address() as { port: number }).port);
      line = await receiveForDrill(services, database.db);
      expect(await drillState(database.db, line.lineId)).toEqual({ received: 2, rows: { INVENTORY_RECEIPT: 2 } });

      // A user without admin:backup is refused by the server; the folder stays the server's.
      const refused = await runCli('backup', ['refused.tar.gz'], {
        ...env,
        PORT: port,
        BACKUP_USERNAME: clerk.username,
        BACKUP_PASSWORD: clerk.password,
      });
      expect(refused.code, refused.out).toBe(2);
      expect(refused.out).toContain('403');

      const backup = await runCli('backup', ['drill.tar.gz'], {
        ...env,
        PORT: port,
        BACKUP_USERNAME: admin.username,
        BACKUP_PASSWORD: admin.password,
      });
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain('from the running server');
      expect(fs.statSync(backupFile).size).toBeGreaterThan(100_000);
      console.log(backup.out.trim());

      // The server goes on after the copy: the un-receipt the restore must not hold.
      await unreceiveForDrill(services, line, line.references[1]!);
      expect(await drillState(database.db, line.lineId)).toEqual({
        received: 1,
        rows: { INVENTORY_RECEIPT: 2, INVENTORY_UNRECEIPT: 1 },
      });

      // Restoring while the server holds the folder is refused.
      const busy = await runCli('restore', ['drill.tar.gz', '--force'], env);
      expect(busy.code, busy.out).toBe(2);
      expect(busy.out).toMatch(/holds .*: stop it/);
    } finally {
      await app.close();
      await database.close();
    }

    const notForced = await runCli('restore', ['drill.tar.gz'], env);
    expect(notForced.code, notForced.out).toBe(2);
    expect(notForced.out).toContain('restore refused');

    const restore = await runCli('restore', ['drill.tar.gz', '--force'], env);
    expect(restore.code, restore.out).toBe(0);
    console.log(restore.out.trim());
    const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(kept).toHaveLength(1);

    const check = await runCli('ledger-check', [], env);
    expect(check.code, check.out).toBe(0);
    expect(check.out).toContain('ledger check: clean');

    const restored = await openPglite(dataDir);
    try {
      expect(await drillState(restored.db, line.lineId)).toEqual({ received: 2, rows: { INVENTORY_RECEIPT: 2 } });
    } finally {
      await restored.close();
    }

    // With no server running, the backup opens the folder itself.
    const offline = await runCli('backup', ['offline.tar.gz'], env);
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toContain('from the folder');
  }, 240_000);
});
