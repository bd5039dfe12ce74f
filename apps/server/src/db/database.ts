import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import postgres from 'postgres';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type repositories see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Something that runs queries: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export class DataDirLockedError extends Error {}

/**
 * A lock file guards the PGlite data folder: PGlite is single-process, and a second process opening
 * the same folder would corrupt it. A lock left by a process that is gone is taken over.
 */
const heldLocks = new Set<string>();

function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(fs.realpathSync(dataDir), 'keystone.lock');
  if (heldLocks.has(lockPath)) throw new DataDirLockedError(`The data folder ${dataDir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldLocks.add(lockPath);
      return () => {
        heldLocks.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      // Our own pid without a lock held in this process is a leftover of an earlier process that had our pid.
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(`The data folder ${dataDir} is in use by process ${pid}.`);
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens PGlite in `dataDir` (or in memory when null) and applies the migrations. */
export async function openPglite(dataDir: string | null): Promise<OpenDatabase> {
  const release = dataDir ? acquireLock(dataDir) : () => {};
  try {
    // pg_trgm backs the serial "contains" search, as it does on PostgreSQL.
    const options = { extensions: { pg_trgm } };
    const client = dataDir ? new PGlite(path.join(dataDir, 'pglite'), options) : new PGlite(options);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
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

/** Connects to PostgreSQL and applies the migrations. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<OpenDatabase> {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  await migratePostgres(db as never, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'postgres',
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<OpenDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

export { schema };

/** Runs a raw SQL query and answers its rows, whichever driver is behind the executor. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
