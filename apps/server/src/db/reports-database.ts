import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { gatedClient } from './connection-gate.js';
import { queryRows, type Database } from './database.js';
import { namePreparedStatements } from './prepared-statements.js';
import { queueQueries } from './query-queue.js';

declare const reportsOnly: unique symbol;

/**
 * The handle report repositories read through, and nothing else is given: the reports, inventory-reports and
 * sales-reports services take it instead of the main database. With REPORTS_DATABASE_URL it is a pool of its own on
 * that database (a streaming standby) whose every session starts with `default_transaction_read_only=on`; without it,
 * the main database, where each report still runs in a READ ONLY transaction.
 */
export type ReportsDb = Database & { readonly [reportsOnly]: true };

export interface ReportsDatabase {
  db: ReportsDb;
  /** True when reports read a database of their own (REPORTS_DATABASE_URL), false when they read the main one. */
  separate: boolean;
  /** Seconds the reports database is behind its primary: 0 when it is the primary, or has replayed all it received. */
  lagSeconds(): Promise<number>;
  /** The connections this pool holds now (0 when it is the main database's). */
  connections(): number;
  close(): Promise<void>;
}

/** Connections of the reports pool, beside the main pool's 10 and its listener (docs/deployment.md, "Connection budget"). */
export const REPORTS_POOL_SIZE = 5;

/** Reports on the main database: the same handle, nothing of its own to close. */
export function mainDatabaseReports(db: Database): ReportsDatabase {
  return {
    db: db as ReportsDb,
    separate: false,
    lagSeconds: async () => 0,
    connections: () => 0,
    close: async () => {},
  };
}

/**
 * How far a standby is behind. `now() - pg_last_xact_replay_timestamp()` alone grows on a standby of an idle primary
 * (nothing to replay, nothing late): while the WAL receiver streams and has replayed all it received, the lag is 0.
 * With no receiver (the primary unreachable) the time since the last replayed transaction is all the standby can tell.
 */
const LAG_QUERY = sql`
  select pg_is_in_recovery() as standby,
         (pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
          and exists (select 1 from pg_stat_wal_receiver where pid is not null)) as caught_up,
         extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as behind`;

export async function replicaLagSeconds(db: Database): Promise<number> {
  const [row] = await queryRows<{ standby: boolean; caught_up: boolean | null; behind: number | null }>(db, LAG_QUERY);
  if (!row?.standby || row.caught_up) return 0;
  return Math.max(0, Math.round(Number(row.behind ?? 0) * 10) / 10);
}

/** A read-only pool on the reports database (REPORTS_DATABASE_URL). No migrations: a standby has the primary's schema. */
export function openReportsPostgres(
  url: string,
  options: { max?: number; onPoolError?: (error: Error) => void; preparedStatements?: boolean } = {},
): ReportsDatabase {
  const pool = new pg.Pool({
    Client: gatedClient(),
    connectionString: url,
    max: options.max ?? REPORTS_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // Every transaction of every session is read only: a write sent here fails (25006) whatever the server is.
    options: '-c default_transaction_read_only=on',
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
    queueQueries(client);
    if (options.preparedStatements !== false) namePreparedStatements(client);
  });
  const db = drizzlePostgres(pool) as unknown as ReportsDb;
  return {
    db,
    separate: true,
    lagSeconds: () => replicaLagSeconds(db),
    connections: () => pool.totalCount,
    close: () => pool.end(),
  };
}

/** The reports database the configuration names: a pool of its own with REPORTS_DATABASE_URL, else the main database. */
export function openReportsDatabase(
  config: { reportsDatabaseUrl: string | null; databasePreparedStatements?: boolean },
  main: Database,
  onPoolError?: (error: Error) => void,
): ReportsDatabase {
  if (!config.reportsDatabaseUrl) return mainDatabaseReports(main);
  return openReportsPostgres(config.reportsDatabaseUrl, {
    ...(onPoolError ? { onPoolError } : {}),
    preparedStatements: config.databasePreparedStatements !== false,
  });
}
