import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows } from './database.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * DATABASE_SESSION_URL: behind a pooler in transaction mode, the LISTEN connection and the migrations' session lock go
 * to another URL (docs/decisions.md, "Past one machine on real engines"). Here the two URLs reach the same database
 * under two application names, so the server's own view (pg_stat_activity) tells which connection came from which.
 */
describe('a session URL beside DATABASE_URL (PostgreSQL)', { timeout: 120_000 }, () => {
  const name = `kt_session_url_${randomBytes(4).toString('hex')}`;
  let url: URL;
  const admin = new pg.Client({ connectionString: ADMIN_URL });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database "${name}"`);
    url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
  });
  afterAll(async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  const withName = (applicationName: string) => {
    const u = new URL(url);
    u.searchParams.set('application_name', applicationName);
    return u.toString();
  };
  const backends = async () =>
    (
      await admin.query<{ application_name: string; query: string }>(
        'select application_name, query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).rows;

  it('migrates and LISTENs on the session URL, and runs requests on DATABASE_URL', async () => {
    const database = await openPostgres(withName('kt_pool'), { sessionUrl: withName('kt_session') });
    try {
      const heard: string[] = [];
      const stop = await database.listen('kt_session_channel', { onMessage: (payload) => heard.push(payload) });
      await database.db.execute(sql`select pg_notify('kt_session_channel', 'hello')`);
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['hello']);
      const seen = await backends();
      const listening = seen.filter((b) => b.query.startsWith('LISTEN'));
      expect(listening.map((b) => b.application_name)).toEqual(['kt_session']);
      expect(seen.filter((b) => b.application_name === 'kt_pool').length).toBeGreaterThan(0);
      expect(seen.every((b) => b.application_name === 'kt_pool' || b.application_name === 'kt_session')).toBe(true);
      // The migrations ran (through the session URL: the pool has only run the notify).
      const [applied] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied!.n).toBeGreaterThan(0);
      await stop();
    } finally {
      await database.close();
    }
  });

  it('without a session URL, LISTENs on DATABASE_URL as before', async () => {
    const database = await openPostgres(withName('kt_only'), { migrate: false });
    try {
      const stop = await database.listen('kt_session_channel', { onMessage: () => {} });
      const listening = (await backends()).filter((b) => b.query.startsWith('LISTEN'));
      expect(listening.map((b) => b.application_name)).toEqual(['kt_only']);
      await stop();
    } finally {
      await database.close();
    }
  });
});
