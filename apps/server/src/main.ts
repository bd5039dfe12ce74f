import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { buildApp } from './app.js';
import { loadDemoDataIfEmpty } from './modules/demo-data/load-demo-data.js';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  const { app, services } = await buildApp({ db: database.db, dbKind: database.kind, config });
  await services.users.ensureRoles();
  if (config.demoData) {
    const loaded = await loadDemoDataIfEmpty(database.db, services);
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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
