import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { RouteRegistrar } from '../http/register-route.js';
import type { Services } from './services.js';

/** What every module's route registration receives. */
export interface ModuleContext {
  route: RouteRegistrar;
  services: Services;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  /** PGlite: a consistent copy of its data folder (OpenDatabase.backup); null on PostgreSQL. */
  backup: (() => Promise<Blob>) | null;
}
