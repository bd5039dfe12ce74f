import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { createServices, type Services } from '../../src/modules/services.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
} from './server-processes.js';

/**
 * The token cache across API processes (issue 9, shared/token-cache.ts): each process answers a token from memory,
 * and a logout or a role change made through any process (or directly in the database) reaches every other one
 * through the keystone_auth notification, long before the cache's time to live (60 s here) would.
 */
const dbName = `kt_conc_tokens_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
const PASSWORD = 'token-cache-password';

const get = (server: number, token: string, path = '/api/user/role') =>
  fetch(`${servers[server]!.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

/** Polls until `check` holds (every 20 ms, up to 3 s); answers how long it took. */
async function within(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 3_000) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('not within 3 s');
}

beforeAll(async () => {
  const url = await createScratchDatabase(dbName);
  database = await openPostgres(url);
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await services.users.create({ username: 'tok-a', password: PASSWORD, role: 'warehouse-1' });
  await services.users.create({ username: 'tok-b', password: PASSWORD, role: 'warehouse-1' });
  servers = await Promise.all([
    startServerProcess(url, { AUTH_CACHE_SECONDS: '60' }),
    startServerProcess(url, { AUTH_CACHE_SECONDS: '60' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('the token cache across two server processes', () => {
  it('answers a cached token while the database is not told (the cache is in use)', async () => {
    const [token] = await signInOnEach([servers[0]!], 'tok-a', PASSWORD);
    expect((await get(1, token!)).status).toBe(200); // cached on process 1
    // Revoked behind the triggers' back: process 1 still answers from memory.
    await database.db.execute(sql`alter table access_tokens disable trigger access_tokens_auth`);
    try {
      await database.db.execute(sql`update access_tokens set revoked_at = now()`);
      expect((await get(1, token!)).status).toBe(200);
    } finally {
      await database.db.execute(sql`alter table access_tokens enable trigger access_tokens_auth`);
    }
    // Any later change of tokens notifies, and every process forgets.
    await database.db.execute(sql`update access_tokens set revoked_at = revoked_at where false`);
    await within(async () => (await get(1, token!)).status === 401);
  });

  it('a logout on one process is refused on the other at once', async () => {
    const [token] = await signInOnEach([servers[0]!], 'tok-b', PASSWORD);
    expect((await get(0, token!)).status).toBe(200);
    expect((await get(1, token!)).status).toBe(200);
    const out = await fetch(`${servers[0]!.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(204);
    expect((await get(0, token!)).status).toBe(401); // the process that logged out: at once
    const ms = await within(async () => (await get(1, token!)).status === 401);
    expect(ms).toBeLessThan(3_000);
  });

  it('a role change reaches the cached answers of every process', async () => {
    const tokens = await signInOnEach(servers, 'tok-b', PASSWORD);
    for (const [i, token] of tokens.entries()) expect(await (await get(i, token)).json()).toBe('warehouse-1');
    const [user] = await queryRows<{ id: number }>(database.db, sql`select id from users where username = 'tok-b'`);
    const [role] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from roles where role_name = 'warehouse-lead'`,
    );
    await services.users.changeRole(null, user!.id, role!.id);
    for (const [i, token] of tokens.entries())
      await within(async () => (await (await get(i, token)).json()) === 'warehouse-lead');
  });
});
