import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { ApiRouteDef } from '@keystone/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database, type OpenDatabase } from '../src/db/database.js';
import type { Services } from '../src/modules/services.js';

/**
 * Test harness: one app per test file over its own database.
 *
 * - default: PGlite in memory (`openPglite(null)`), migrated.
 * - `TEST_DB=postgres`: a fresh database `kt_<random>` on the server named by `TEST_POSTGRES_URL`
 *   (default postgres://postgres@127.0.0.1:5432/postgres), migrated with openPostgres and dropped on close().
 *   An unreachable server fails the test file loudly; nothing is skipped.
 */
export type TestDbKind = 'pglite' | 'postgres';

export const TEST_DB: TestDbKind = (() => {
  const value = (process.env.TEST_DB ?? 'pglite').toLowerCase();
  if (value === 'pglite' || value === '') return 'pglite';
  if (value === 'postgres' || value === 'postgresql' || value === 'pg') return 'postgres';
  throw new Error(`TEST_DB must be "pglite" or "postgres", got "${process.env.TEST_DB}"`);
})();

const require = createRequire(import.meta.url);

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  routes: ApiRouteDef[];
  db: Database;
  dbKind: TestDbKind;
  config: AppConfig;
  /** LISTEN on the test database (what the app was given). */
  listen: OpenDatabase['listen'];
  /** Closes the app and the database (and drops the PostgreSQL database). Safe to call twice. */
  close(): Promise<void>;
}

function adminClient() {
  return postgres(ADMIN_URL, { max: 1, connect_timeout: 10, onnotice: () => {} });
}

interface OpenedTestDatabase {
  database: OpenDatabase;
  drop(): Promise<void>;
}

/**
 * The migrated PostgreSQL template (`kt_tpl_<hash of the migrations>`), made once per server under an advisory lock
 * (migrated in a database of its own, then renamed into place); each test file's database is a copy of it
 * (`CREATE DATABASE … TEMPLATE`), so its open runs no migration but the check that none is pending.
 */
async function postgresTemplate(admin: ReturnType<typeof adminClient>): Promise<string> {
  const name = `kt_tpl_${path.basename(pgliteTemplatePath(), '.tar').slice(-16)}`;
  const exists = async () => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  if (await exists()) return name;
  await admin`select pg_advisory_lock(4103, 1)`;
  try {
    if (await exists()) return name;
    const building = `${name}_${randomBytes(3).toString('hex')}`;
    await admin.unsafe(`CREATE DATABASE "${building}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${building}`;
    const database = await openPostgres(url.toString(), { max: 1 });
    await database.close();
    await admin.unsafe(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(4103, 1)`;
  }
}

async function openTestPostgres(): Promise<OpenedTestDatabase> {
  const name = `kt_${randomBytes(6).toString('hex')}`;
  const admin = adminClient();
  try {
    const template = await postgresTemplate(admin);
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => {});
    throw new Error(
      `TEST_DB=postgres but the PostgreSQL server at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')} cannot be used ` +
        `(CREATE DATABASE ${name} failed): ${(error as Error).message}`,
      { cause: error },
    );
  }
  await admin.end({ timeout: 5 });

  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dropDatabase = async () => {
    const dropper = adminClient();
    try {
      await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await dropper.end({ timeout: 5 });
    }
  };
  let database: OpenDatabase;
  try {
    database = await openPostgres(url.toString(), { max: 4 });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return { database, drop: dropDatabase };
}

/**
 * The migrated PGlite template, shared by every test file on this machine: a dump of a freshly migrated database in
 * the temporary folder, named by a hash of the migrations and the PGlite version, so a changed migration makes a new
 * one. A test file's database loads it (about 0.8 s) instead of running initdb and every migration (about 3-5 s).
 * The first file to need it makes it; files racing to make it each write their own copy and rename it into place.
 */
const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

function pgliteTemplatePath(): string {
  const hash = createHash('sha256');
  for (const dir of [MIGRATIONS_DIR, path.join(MIGRATIONS_DIR, 'meta')]) {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  // PGlite's version too (its package does not export package.json: find it above its entry).
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  hash.update(fs.readFileSync(path.join(dir, 'package.json')));
  hash.update('checkpointed'); // how the template is made (a template made before the checkpoint is not reused)
  return path.join(os.tmpdir(), `keystone-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function openTestPglite(): Promise<OpenDatabase> {
  const template = pgliteTemplatePath();
  if (fs.existsSync(template)) {
    try {
      return await openPglite(null, { loadDataDir: new Blob([fs.readFileSync(template)]) });
    } catch {
      fs.rmSync(template, { force: true }); // a damaged template: make it again below
    }
  }
  const database = await openPglite(null);
  // Checkpointed first: a file's database then starts without replaying the migrations' WAL (about 10% less CPU).
  await database.db.execute(sql`checkpoint`);
  const dump = await database.dumpDataDir!();
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, template);
  return database;
}

async function openTestDatabase(): Promise<OpenedTestDatabase> {
  if (TEST_DB === 'postgres') return openTestPostgres();
  return { database: await openTestPglite(), drop: async () => {} };
}

let building: Promise<unknown> = Promise.resolve();

/**
 * Builds the whole app (all modules, error handler, OpenAPI) over a fresh, migrated database with every role row.
 * Calls within one process are built one after another: PGlite's start-up holds the event loop long enough
 * for a concurrently registering Fastify plugin to hit avvio's plugin timeout on a loaded machine.
 */
export function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { serveWeb?: boolean } = {},
): Promise<TestApp> {
  const next = building.then(() => buildTestApp(overrides, options));
  building = next.catch(() => {});
  return next;
}

async function buildTestApp(overrides: Partial<AppConfig>, options: { serveWeb?: boolean }): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  // Outboxes in a temporary folder per app, never in the repository's data folder.
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-test-outbox-'));
  const config: AppConfig = {
    ...loadConfig({}),
    logLevel: 'silent',
    ediOutboxDir: path.join(outbox, 'edi'),
    mailOutboxDir: path.join(outbox, 'mail'),
    carouselImageDir: path.join(outbox, 'carousel'),
    reportFilesDir: path.join(outbox, 'reports'),
    ...overrides,
  };
  let built;
  try {
    // The web client only when a test asks for it (with its own `webDist`), never the repository's build.
    built = await buildApp({
      db: database.db,
      dbKind: database.kind,
      config,
      logger: false,
      serveWeb: options.serveWeb ?? false,
      listen: database.listen,
      poolLoad: database.poolLoad,
    });
    await built.services.users.ensureRoles();
    await built.app.ready();
  } catch (error) {
    await database.close().catch(() => {});
    await drop();
    throw error;
  }
  const { app, services, routes } = built;
  let closed: Promise<void> | null = null;
  return {
    app,
    services,
    routes,
    db: database.db,
    dbKind: database.kind,
    config,
    listen: database.listen,
    close() {
      closed ??= (async () => {
        try {
          await app.close();
        } finally {
          try {
            await database.close();
          } finally {
            await drop();
          }
        }
      })();
      return closed;
    },
  };
}

/** Signs in with the password grant and answers the bearer token; throws with the answer when refused. */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const config = loadConfig({});
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'password',
      username,
      password,
      client_id: config.oauthClientId,
      client_secret: config.oauthClientSecret,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
  const token = (res.json() as { access_token?: unknown }).access_token;
  if (typeof token !== 'string' || !token)
    throw new Error(`sign-in of ${username} answered no access_token: ${res.body}`);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `app.inject` with a bearer token. */
export function injectAs(
  app: FastifyInstance,
  token: string | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? bearer(token) : {}) } });
}
