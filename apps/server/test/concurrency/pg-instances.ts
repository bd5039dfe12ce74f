import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The PostgreSQL 15 binaries (Debian's postgresql-15). */
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL server of a test's own: its own folder and loopback port, run by the `postgres` OS user
 * (initdb refuses root; `runuser` when the test runs as root). Never the shared server on 5432.
 */
export interface PgInstance {
  port: number;
  dataDir: string;
  /** The instance's own folder (data, socket, log, whatever the test puts there). */
  home: string;
  url(database?: string): string;
  start(): Promise<void>;
  /** Stops it (`fast` by default; `immediate` is a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  log(): string;
}

/** Runs a PostgreSQL binary as the postgres OS user. */
export async function asPostgres(binary: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const file = path.join(PG_BIN, binary);
  const asRoot = process.getuid?.() === 0;
  const { stdout } = await run(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
    timeout: timeoutMs,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** Whether this machine can run throwaway servers (the binaries, and the postgres user when run as root). */
export function canRunPgInstances(): boolean {
  return fs.existsSync(path.join(PG_BIN, 'initdb')) && fs.existsSync(path.join(PG_BIN, 'pg_basebackup'));
}

/** A free loopback port (closed again: the server takes it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A folder the postgres user owns, under the temporary folder. */
export function makeHome(prefix: string): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(home, 0o755);
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds();
    fs.chownSync(home, uid, gid);
  }
  return home;
}

function postgresIds(): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres OS user');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Hands a file or folder the test wrote to the postgres user. */
export function giveToPostgres(file: string): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = postgresIds();
  fs.chownSync(file, uid, gid);
}

/** An instance over an existing data folder (initdb'd, restored or base-backed-up), not started. */
export function instanceAt(home: string, dataDir: string, port: number): PgInstance {
  const logFile = path.join(home, `postgres-${port}.log`);
  return {
    port,
    dataDir,
    home,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await asPostgres('pg_ctl', [
        'start',
        '-w',
        '-t',
        '60',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        `-p ${port} -k ${home} -c listen_addresses=127.0.0.1`,
      ]);
    },
    async stop(mode = 'fast') {
      if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
      await asPostgres('pg_ctl', ['stop', '-w', '-t', '30', '-m', mode, '-D', dataDir]).catch(() => {});
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
}

/** initdb (trust on loopback, replication allowed) with extra settings in postgresql.conf, then started. */
export async function startPrimary(home: string, settings: Record<string, string> = {}): Promise<PgInstance> {
  const dataDir = path.join(home, 'primary');
  await asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'], 120_000);
  appendSettings(dataDir, { fsync: 'off', wal_level: 'replica', max_wal_senders: '5', ...settings });
  const instance = instanceAt(home, dataDir, await freePort());
  await instance.start();
  return instance;
}

/** The backup scripts (scripts/backup/*.sh) of docs/deployment.md, "Backups". */
export const BACKUP_SCRIPTS = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../../scripts/backup',
);

/**
 * A primary whose WAL is archived by scripts/backup/pg-archive-wal.sh into `{home}/wal`, a `{home}/backups` folder
 * for base backups, and an empty `keystone` database: what a backup drill or bench starts from. The scripts are
 * copied to `{home}/scripts` (answered as `scripts`): the postgres OS user runs them, and the checkout may sit in a
 * folder only its owner can enter (a `mktemp -d` clone).
 */
export async function startArchivingPrimary(
  home: string,
): Promise<{ primary: PgInstance; archive: string; backups: string; scripts: string }> {
  const archive = path.join(home, 'wal');
  const backups = path.join(home, 'backups');
  const scripts = path.join(home, 'scripts');
  for (const dir of [archive, backups]) {
    fs.mkdirSync(dir);
    giveToPostgres(dir);
  }
  fs.cpSync(BACKUP_SCRIPTS, scripts, { recursive: true });
  fs.chmodSync(scripts, 0o755);
  const primary = await startPrimary(home, {
    archive_mode: 'on',
    archive_command: `bash ${path.join(scripts, 'pg-archive-wal.sh')} %p %f ${archive}`,
  });
  try {
    await asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', 'keystone']);
  } catch (error) {
    await primary.stop('immediate');
    throw error;
  }
  return { primary, archive, backups, scripts };
}

/** Runs one of the backup scripts (from `scripts`, startArchivingPrimary's copy) as the postgres OS user. */
export async function runBackupScript(
  scripts: string,
  name: string,
  args: string[],
  timeout = 120_000,
): Promise<string> {
  const file = path.join(scripts, name);
  const asRoot = process.getuid?.() === 0;
  const { stdout } = await run(
    asRoot ? 'runuser' : 'bash',
    asRoot ? ['-u', 'postgres', '--', 'bash', file, ...args] : [file, ...args],
    { timeout },
  );
  return stdout;
}

/** A streaming standby of `primary`: `pg_basebackup -R` (standby.signal and primary_conninfo written), then started. */
export async function startStandby(primary: PgInstance, name = 'standby'): Promise<PgInstance> {
  const dataDir = path.join(primary.home, name);
  await asPostgres(
    'pg_basebackup',
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ],
    120_000,
  );
  appendSettings(dataDir, { hot_standby: 'on', hot_standby_feedback: 'on' });
  const instance = instanceAt(primary.home, dataDir, await freePort());
  await instance.start();
  return instance;
}

export function appendSettings(dataDir: string, settings: Record<string, string>): void {
  const lines = Object.entries(settings).map(([k, v]) => `${k} = '${v.replace(/'/g, "''")}'`);
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
}

/** Stops every instance (immediately: they are thrown away) and removes the folder. */
export async function removeHome(home: string, instances: PgInstance[]): Promise<void> {
  for (const instance of instances) await instance.stop('immediate');
  fs.rmSync(home, { recursive: true, force: true });
}
