import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { buildApp } from './app.js';
import { loadDemoDataIfEmpty } from './modules/demo-data/load-demo-data.js';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  let log: { warn(obj: object, msg: string): void } = { warn: (obj, msg) => console.warn(msg, obj) };
  const database = await openDatabase(config, {
    // A dropped idle connection: logged; the pool opens a new one on the next checkout.
    onPoolError: (error) => log.warn({ err: error }, 'database connection lost; the pool reconnects'),
  });
  const { app, services } = await buildApp({ db: database.db, dbKind: database.kind, config });
  log = app.log;
  installProcessHandlers(app.log, () => database.close());
  await services.users.ensureRoles();
  if (config.demoData) {
    const loaded = await loadDemoDataIfEmpty(database.db, config);
    if (loaded) app.log.info(loaded, 'demo data loaded into the empty database');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, startupMs: Math.round(performance.now() - started) },
    `ready on http://localhost:${config.port}`,
  );
}

/**
 * Last-resort handlers. A rejected promise nobody awaited is a bug, not a reason to drop every other request:
 * it is logged and the process goes on. An exception thrown out of the event loop leaves the process in an
 * unknown state: it is logged and the process exits 1, so that its supervisor (docs/deployment.md) restarts it.
 */
function installProcessHandlers(log: { error(obj: object, msg: string): void; fatal(obj: object, msg: string): void }, close: () => Promise<void>): void {
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
