import cluster from 'node:cluster';
import v8 from 'node:v8';
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { openReportsDatabase } from './db/reports-database.js';
import { buildApp } from './app.js';
import { runPrimary } from './cluster-primary.js';
import { loadDemoDataIfEmpty } from './modules/demo-data/load-demo-data.js';
import { createServices } from './modules/services.js';

async function main() {
  const config = loadConfig();
  applyHeapGrowth(config.heapGrowingPercent);
  if (config.workers > 1 && !config.databaseUrl) {
    throw new Error(
      `WORKERS=${config.workers} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) lives in one process. Unset WORKERS, or set DATABASE_URL.`,
    );
  }
  if (config.workers > 1 && cluster.isPrimary) {
    // The database is made ready once, here, before any worker starts; the workers share nothing else.
    const database = await openDatabase(config, {
      preparedStatements: config.databasePreparedStatements,
      pipelineTransactions: config.databasePipelineTransactions,
      sessionUrl: config.databaseSessionUrl,
    });
    try {
      await prepareDatabase(database, config, (loaded) =>
        console.log(
          JSON.stringify({
            level: 30,
            time: Date.now(),
            pid: process.pid,
            msg: 'demo data loaded into the empty database',
            ...loaded,
          }),
        ),
      );
    } finally {
      await database.close();
    }
    return runPrimary(config.workers);
  }
  await serve(config, cluster.isWorker);
}

/** Roles, and the demo data when asked: once per database start, by the one process or the cluster's primary. */
async function prepareDatabase(
  database: OpenDatabase,
  config: AppConfig,
  onLoaded: (loaded: object) => void,
): Promise<void> {
  const services = createServices(database.db, { ...config, logLevel: 'silent' });
  await services.users.ensureRoles();
  if (config.demoData) {
    const loaded = await loadDemoDataIfEmpty(database.db, config);
    if (loaded) onLoaded(loaded);
  }
}

/** One API process: the only one, or a worker of the cluster (whose primary migrated and prepared the database). */
async function serve(config: AppConfig, worker: boolean) {
  const started = performance.now();
  let log: { warn(obj: object, msg: string): void } = { warn: (obj, msg) => console.warn(msg, obj) };
  const database = await openDatabase(config, {
    // A dropped idle connection: logged; the pool opens a new one on the next checkout.
    onPoolError: (error) => log.warn({ err: error }, 'database connection lost; the pool reconnects'),
    migrate: !worker,
    preparedStatements: config.databasePreparedStatements,
    pipelineTransactions: config.databasePipelineTransactions,
    sessionUrl: config.databaseSessionUrl,
  });
  // Reports read the standby named by REPORTS_DATABASE_URL through a read-only pool of their own, or the main database.
  const reportsDb = openReportsDatabase(config, database.db, (error) =>
    log.warn({ err: error }, 'reports database connection lost; the pool reconnects'),
  );
  const closeDatabases = async () => {
    await reportsDb.close();
    await database.close();
  };
  const { app } = await buildApp({
    db: database.db,
    dbKind: database.kind,
    config,
    listen: database.listen,
    reportsDb,
    poolLoad: database.poolLoad,
    ...(database.backup ? { backup: database.backup } : {}),
  });
  log = app.log;
  installProcessHandlers(app.log, closeDatabases);
  if (!worker)
    await prepareDatabase(database, config, (loaded) =>
      app.log.info(loaded, 'demo data loaded into the empty database'),
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
    } finally {
      await closeDatabases();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      reportsDatabase: reportsDb.separate ? 'separate' : undefined,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      worker: worker ? cluster.worker?.id : undefined,
      startupMs: Math.round(performance.now() - started),
    },
    `ready on http://localhost:${config.port}`,
  );
}

/**
 * Last-resort handlers. A rejected promise nobody awaited is a bug, not a reason to drop every other request:
 * it is logged and the process goes on. An exception thrown out of the event loop leaves the process in an
 * unknown state: it is logged and the process exits 1, so that its supervisor (docs/deployment.md) restarts it.
 */
function installProcessHandlers(
  log: { error(obj: object, msg: string): void; fatal(obj: object, msg: string): void },
  close: () => Promise<void>,
): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (logged; the server goes on)');
  });
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught exception: exiting for the supervisor to restart');
    const exit = () => process.exit(1);
    setTimeout(exit, 2_000).unref();
    close().then(exit, exit);
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * V8 lets its old generation grow to up to four times what the last full collection left before it collects again:
 * a 1,000,000-row CSV (its rows promoted out of the young generation while they wait in the pipeline) grew this
 * process by 210-230 MB, all of it garbage. HEAP_GROWING_PERCENT (default 50) makes the next limit 1.5 times the
 * live heap: the same file then grows the process by 33 MB at the same speed (docs/performance.md, "CSV memory").
 * V8 reads the flag at each full collection, so setting it at start applies to the whole process. 0 leaves V8's own.
 */
function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
