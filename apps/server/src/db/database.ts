import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { namePreparedStatements } from './prepared-statements.js';
import { pipelineTransactions } from './transaction-pipeline.js';
import { PostgresListener, type ListenHandlers } from './postgres-listener.js';
import { gatedClient } from './connection-gate.js';
import { queueQueries } from './query-queue.js';

/** The one database type repositories see, whichever driver is behind it. */
// Without Drizzle's relational queries (`db.query.*`, never used): given the schema, Drizzle builds a query builder
// for every table each time it makes a database or a transaction object, on every transaction of every scan.
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Something that runs queries: the database or an open transaction. */
export type Executor = Database | Transaction;

export type { ListenHandlers };

/** Listens on one channel until the answered function is called. */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database (live screens, modules/live). */
  listen: Listen;
  /** PostgreSQL: the connections this process holds or is opening now, in the pool and for LISTEN. */
  connections?: () => { pool: number; listener: number };
  /** PostgreSQL: the pool's connections open and idle, and the requests waiting for one (the metrics). */
  poolLoad?: () => { total: number; idle: number; waiting: number };
  /** PGlite: its data folder as a tarball (the tests' migrated template); absent on PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PGlite: a consistent copy of the data folder while it serves (gzipped tar): taken between two transactions, so
   * it holds every committed one and nothing half done. Absent on PostgreSQL (docs/deployment.md, "Backups").
   */
  backup?: () => Promise<Blob>;
  close(): Promise<void>;
}

const gzip = promisify(zlib.gzip) as (data: Uint8Array, options: zlib.ZlibOptions) => Promise<Buffer>;

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export class DataDirLockedError extends Error {}

/**
 * A lock file guards the PGlite data folder: PGlite is single-process, and a second process opening
 * the same folder would corrupt it. The file holds the owner's pid and its start time (field 22 of
 * /proc/<pid>/stat, clock ticks since boot). A lock whose process is gone, or whose pid now belongs to a
 * process that started at another moment (the pid was reused after a kill -9), is stale and taken over.
 */
const heldLocks = new Set<string>();

/** Start time of a process in clock ticks since boot, or null where /proc cannot tell (not Linux, gone). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) is in parentheses and may hold spaces: count fields after its closing one.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[22 - 3] ?? null;
  } catch {
    return null;
  }
}

/** The lock file's text for this process: `pid start-time`. */
export function lockOwnerText(pid = process.pid): string {
  const start = processStartTime(pid);
  return start ? `${pid} ${start}` : String(pid);
}

/** Whether the lock file's owner is a live process, the same one that wrote it. */
function ownerIsLive(text: string, lockPath: string): boolean {
  const [pidText, start] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  // Our own pid without a lock held in this process is a leftover of an earlier process that had our pid.
  if (!pid || !Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) return false;
  const now = processStartTime(pid);
  if (now === null) return true; // cannot tell: a live pid keeps the lock
  if (start) return start === now;
  // A lock of the pid-only form: its owner cannot have started after the file was written.
  return !startedAfter(pid, now, fs.statSync(lockPath).mtimeMs);
}

/** Whether a process that started at `ticks` since boot started after `epochMs` (CLK_TCK is 100 on Linux). */
function startedAfter(pid: number, ticks: string, epochMs: number): boolean {
  try {
    const btime = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!btime || !pid) return false;
    return btime * 1000 + Number(ticks) * 10 > epochMs + 1000;
  } catch {
    return false;
  }
}

/** The pid of the live process that holds the data folder's lock, or null when none does (no lock, or a stale one). */
export function dataDirOwner(dataDir: string): number | null {
  const lockPath = path.join(dataDir, 'keystone.lock');
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch {
    return null;
  }
  return ownerIsLive(text, lockPath) ? Number(text.trim().split(/\s+/)[0]) : null;
}

function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(fs.realpathSync(dataDir), 'keystone.lock');
  if (heldLocks.has(lockPath))
    throw new DataDirLockedError(`The data folder ${dataDir} is already open in this process.`);
  const mine = lockOwnerText();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      heldLocks.add(lockPath);
      return () => {
        heldLocks.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text: string;
      try {
        text = fs.readFileSync(lockPath, 'utf8');
      } catch {
        continue; // removed meanwhile: try again
      }
      if (ownerIsLive(text, lockPath)) {
        throw new DataDirLockedError(`The data folder ${dataDir} is in use by process ${text.split(/\s+/)[0]}.`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

/** Whether a process runs: a zombie (killed, not yet reaped by its parent: state Z or X) is dead, though kill(0) finds it. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !['Z', 'X'].includes(processState(pid) ?? '');
}

/** The state letter of a process (field 3 of /proc/<pid>/stat), or null where /proc cannot tell. */
export function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

/** The longest PGlite keeps the event loop from the sockets while work is queued on it. */
const PGLITE_MAX_TURN_MS = 25;

/**
 * PGlite runs in this process, and each query or transaction takes its turn on one lock, handed from one to the
 * next in the same chain of promise callbacks: while work is queued the event loop never gets back to the sockets,
 * so under fifty scanners a read (or a new connection) waited seconds to be read at all (docs/decisions.md, "PGlite and the event loop"). When
 * the loop has not come round for PGLITE_MAX_TURN_MS, the next turn first goes once round it, in which waiting
 * requests are read and queue up in order. (A trip before every turn also bounded the reads, but halved the
 * scans per second: docs/performance.md.)
 */
function yieldBetweenTurns(client: PGlite) {
  const take = client._runExclusiveTransaction.bind(client);
  let lastTurn = performance.now();
  let probing = false;
  const loopTurned = () => {
    probing = false;
    lastTurn = performance.now();
  };
  client._runExclusiveTransaction = <T>(work: () => Promise<T>) =>
    take(async () => {
      if (performance.now() - lastTurn > PGLITE_MAX_TURN_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        lastTurn = performance.now();
      }
      if (!probing) {
        probing = true;
        setImmediate(loopTurned);
      }
      return work();
    });
}

/**
 * Opens PGlite in `dataDir` (or in memory when null) and applies the migrations. `loadDataDir` starts from a dump of
 * another PGlite's data folder (`dumpDataDir`, `backup`): in memory, the tests' template, already migrated, so each
 * test file's database opens in under a second instead of running initdb and every migration (test/harness.ts); in an
 * empty `dataDir`, a restore (`npm run restore`).
 */
export async function openPglite(dataDir: string | null, opening: { loadDataDir?: Blob } = {}): Promise<OpenDatabase> {
  const release = dataDir ? acquireLock(dataDir) : () => {};
  try {
    // pg_trgm backs the serial "contains" search, as it does on PostgreSQL.
    const options = { extensions: { pg_trgm } };
    const load = opening.loadDataDir ? { loadDataDir: opening.loadDataDir } : {};
    const client = dataDir
      ? new PGlite(path.join(dataDir, 'pglite'), { ...options, ...load })
      : new PGlite({ ...options, ...load });
    await client.waitReady;
    yieldBetweenTurns(client);
    const db = drizzlePglite(client) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      dumpDataDir: () => client.dumpDataDir('none'),
      async backup() {
        // A checkpoint first (less WAL to replay on the restored copy), then the dump while holding the turn every
        // query and transaction takes: no transaction is open while the files are read. Compressed afterwards (fastest
        // level: the folder holds whole WAL segments), off that turn and off the event loop, in zlib's thread pool
        // (docs/performance.md, "Backups").
        await client.exec('checkpoint');
        const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
        const zipped = await gzip(new Uint8Array(await tar.arrayBuffer()), { level: 1 });
        return new Blob([new Uint8Array(zipped)], { type: 'application/gzip' });
      },
      listen: async (channel, handlers) => client.listen(channel, (payload) => handlers.onMessage(payload)),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export interface PostgresOptions {
  /** Pool size. */
  max?: number;
  /** How long a request waits for a connection before it fails (and is answered 503). */
  connectionTimeoutMs?: number;
  /** Where a dropped idle connection is reported; the pool replaces it on the next checkout. */
  onPoolError?: (error: Error) => void;
  /** Apply the migrations (default). A cluster worker leaves them to its primary, which applied them before forking. */
  migrate?: boolean;
  /** Name data statements so each connection plans them once (default; DATABASE_PREPARED_STATEMENTS, prepared-statements.ts). */
  preparedStatements?: boolean;
  /** Send BEGIN with a transaction's first statement and COMMIT with a marked last one (default; DATABASE_PIPELINE_TRANSACTIONS, transaction-pipeline.ts). */
  pipelineTransactions?: boolean;
  /**
   * A URL whose connections keep their session (direct, or a pooler's session mode) for the LISTEN connection and the
   * migrations' session advisory lock, when `url` is a pooler in transaction mode (DATABASE_SESSION_URL). Default: `url`.
   */
  sessionUrl?: string | null;
}

/** The session advisory lock (key (4100, 0)) the migrations run under. */
const MIGRATION_LOCK = [4_100, 0] as const;

/**
 * Applies the migrations on one connection holding a session advisory lock, so that several API processes or
 * machines starting at once on one database apply them once, one after the other: the later ones wait, then find
 * every migration applied.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    try {
      await migratePostgres(drizzlePostgres(client) as never, { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Connects to PostgreSQL through node-postgres (`pg`) and applies the migrations. A connection the server
 * drops (restart, pg_terminate_backend, network) fails the queries running on it; the pool discards it and
 * opens a new one for the next request (docs/decisions.md, "Losing the database").
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    Client: gatedClient(),
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client whose connection dies emits 'error' on the pool; unheard, that would crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  // A client checked out (inside a transaction) emits 'error' on itself when its connection dies; its queries
  // fail on their own and the pool discards it on release, so the event only needs a listener.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
    // One statement at a time, queued before node-postgres sees it (pg 9 refuses a query while one runs).
    queueQueries(client);
    // Pipelining wraps the client's query first, naming around it: a pipelined statement arrives named.
    if (options.pipelineTransactions !== false) pipelineTransactions(client);
    if (options.preparedStatements !== false) namePreparedStatements(client);
  });
  const db = drizzlePostgres(pool) as unknown as Database;
  try {
    if (options.migrate !== false) {
      if (options.sessionUrl) {
        const session = new pg.Pool({ connectionString: options.sessionUrl, max: 1 });
        session.on('error', (error) => options.onPoolError?.(error));
        await migrateUnderLock(session).finally(() => session.end());
      } else await migrateUnderLock(pool);
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  // One LISTEN connection for every channel of the process, beside the pool: the process's connection budget is
  // the pool's size plus one (docs/deployment.md, "Connection budget").
  const listener = new PostgresListener(options.sessionUrl || url, options.onPoolError);
  return {
    db,
    kind: 'postgres',
    listen: (channel, handlers) => listener.listen(channel, handlers),
    connections: () => ({ pool: pool.totalCount, listener: listener.connections }),
    poolLoad: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

export function openDatabase(
  config: { databaseUrl: string | null; dataDir: string },
  options: PostgresOptions = {},
): Promise<OpenDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, options) : openPglite(config.dataDir);
}

export { schema };

/** Runs a raw SQL query and answers its rows, whichever driver is behind the executor. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
