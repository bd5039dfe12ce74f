import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { openReportsPostgres, replicaLagSeconds, type ReportsDatabase } from '../../src/db/reports-database.js';
import { createUser } from '../factories.js';
import { loginAs, type TestApp } from '../harness.js';
import { requestFor } from '../route-samples.js';
import { buildInventoryReportsSamples } from '../samples/inventory-reports.js';
import { buildSalesReportsSamples } from '../samples/sales-reports.js';
import { makeHome, removeHome, startPrimary, startStandby, type PgInstance } from './pg-instances.js';

/**
 * Reports on a real streaming standby (REPORTS_DATABASE_URL): a primary and a `pg_basebackup -R` standby of this
 * test's own on loopback ports, removed at the end. Proves that the reports pool refuses writes, that the report
 * routes read the standby and not the primary, and how the lag is measured and stated.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let home: string;
let primary: PgInstance;
let standby: PgInstance;
let database: OpenDatabase;
let reportsDb: ReportsDatabase;
let t: TestApp;
let admin: ReturnType<typeof postgres>;
let replicaAdmin: ReturnType<typeof postgres>;
let token: string;

async function untilCaughtUp(): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const [p] = await admin`select pg_current_wal_lsn()::text as lsn`;
    const [s] = await replicaAdmin`select pg_last_wal_replay_lsn() >= ${p!.lsn}::pg_lsn as done`;
    if (s!.done) return;
    if (Date.now() > until) throw new Error('the standby did not catch up in 20 s');
    await sleep(50);
  }
}

async function usersReport(): Promise<{ rows: { role: string; active: number }[]; replicaLagSeconds: number | null }> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/reports/generic/users-by-role',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  home = makeHome('keystone-replica-');
  primary = await startPrimary(home);
  admin = postgres(primary.url(), { max: 1, onnotice: () => {} });
  await admin`create database keystone`;
  database = await openPostgres(primary.url('keystone'), { max: 4 });
  standby = await startStandby(primary);
  replicaAdmin = postgres(standby.url('keystone'), { max: 1, onnotice: () => {} });
  reportsDb = openReportsPostgres(standby.url('keystone'));
  const outbox = path.join(home, 'files');
  const config: AppConfig = {
    ...loadConfig({}),
    logLevel: 'silent',
    databaseUrl: primary.url('keystone'),
    reportsDatabaseUrl: standby.url('keystone'),
    reportsLagNoticeSeconds: 1,
    jobsEnabled: false,
    reportFilesDir: path.join(outbox, 'reports'),
    ediOutboxDir: path.join(outbox, 'edi'),
    mailOutboxDir: path.join(outbox, 'mail'),
    carouselImageDir: path.join(outbox, 'carousel'),
  };
  const built = await buildApp({
    db: database.db,
    dbKind: 'postgres',
    config,
    logger: false,
    serveWeb: false,
    listen: database.listen,
    reportsDb,
  });
  await built.services.users.ensureRoles();
  await built.app.ready();
  t = {
    ...built,
    db: database.db,
    dbKind: 'postgres',
    config,
    listen: database.listen,
    close: async () => {},
  };
  const user = await createUser(t.services, { role: 'developer' });
  token = await loginAs(t.app, user.username, user.password);
  await untilCaughtUp();
}, 180_000);

afterAll(async () => {
  await t?.app.close().catch(() => {});
  await reportsDb?.close().catch(() => {});
  await database?.close().catch(() => {});
  await replicaAdmin?.end({ timeout: 2 }).catch(() => {});
  await admin?.end({ timeout: 2 }).catch(() => {});
  if (home) await removeHome(home, [standby, primary].filter(Boolean));
}, 60_000);

describe('reports on a streaming standby (REPORTS_DATABASE_URL)', () => {
  it('refuses a write through the reports pool, on the standby and on a primary alike', async () => {
    await expect(reportsDb.db.execute(sql`create table report_write_probe (id int)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '25006' }),
    });
    // The pool is read-only by its sessions' setting, not only because a standby is: pointed at the primary, it refuses too.
    const onPrimary = openReportsPostgres(primary.url('keystone'), { max: 1 });
    try {
      await expect(
        onPrimary.db.execute(sql`update users set is_active = is_active where id = -1`),
      ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '25006' }) });
      const [setting] = await queryRows<{ default_transaction_read_only: string }>(
        onPrimary.db,
        sql`show default_transaction_read_only`,
      );
      expect(setting?.default_transaction_read_only).toBe('on');
    } finally {
      await onPrimary.close();
    }
    const [probe] = await admin`select to_regclass('report_write_probe') as t`;
    expect(probe!.t).toBeNull();
  });

  it('reads the standby: a change replayed late shows late, with the lag stated, then caught up', async () => {
    const before = await usersReport();
    const developersBefore = before.rows.find((r) => r.role === 'developer')?.active ?? 0;
    expect(before.replicaLagSeconds).toBeNull();

    await replicaAdmin`select pg_wal_replay_pause()`;
    try {
      await createUser(t.services, { role: 'developer' });
      await sleep(2_200);
      const paused = await usersReport();
      // The primary has one more admin; the report, read on the paused standby, does not.
      expect(paused.rows.find((r) => r.role === 'developer')?.active).toBe(developersBefore);
      expect(paused.replicaLagSeconds).toBeGreaterThan(1);
      const catalogue = await t.app.inject({
        method: 'GET',
        url: '/api/reports',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(catalogue.json().replicaLagSeconds).toBeGreaterThan(1);
    } finally {
      await replicaAdmin`select pg_wal_replay_resume()`;
    }
    await untilCaughtUp();
    const after = await usersReport();
    expect(after.rows.find((r) => r.role === 'developer')?.active).toBe(developersBefore + 1);
    expect(after.replicaLagSeconds).toBeNull();

    // An idle primary: the last replayed transaction grows old, yet nothing is late: the lag is 0.
    await sleep(1_500);
    const [stale] = await replicaAdmin`select extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as s`;
    expect(stale!.s).toBeGreaterThan(1);
    expect(await replicaLagSeconds(reportsDb.db)).toBe(0);
    expect((await usersReport()).replicaLagSeconds).toBeNull();
  });

  it('writes a report job on the primary and reads its rows on the standby', async () => {
    const [active] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users where is_active`,
    );
    await replicaAdmin`select pg_wal_replay_pause()`;
    let jobId: number;
    try {
      await createUser(t.services, { role: 'developer' });
      const queued = await t.app.inject({
        method: 'POST',
        url: '/api/reports/generic/users-by-role/csv-jobs',
        headers: { authorization: `Bearer ${token}` },
        payload: { parameters: {} },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      jobId = queued.json().id;
      await t.services.jobs.drain();
    } finally {
      await replicaAdmin`select pg_wal_replay_resume()`;
    }
    const job = await t.services.jobs.get(jobId);
    expect(job?.status).toBe('succeeded');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/reports/csv-jobs/${jobId}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    const total = file.body
      .trim()
      .split('\n')
      .slice(1)
      .reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
    // The rows the standby had while paused: without the admin made just before the job.
    expect(total).toBe(active!.n);
  });

  it('answers every report route from the standby: with it stopped they answer 503, other routes 200', async () => {
    const base = { productId: 0, productModel: 'none' };
    const samples = {
      ...(await buildInventoryReportsSamples(t, base)),
      ...(await buildSalesReportsSamples(t, base)),
      'GET /api/reports/generic/{slug}': { params: { slug: 'users-by-role' } },
      'GET /api/reports/generic/{slug}/csv': { params: { slug: 'users-by-role' } },
    };
    await untilCaughtUp();
    await standby.stop('fast');
    try {
      const statuses: Record<string, number> = {};
      for (const [key, sample] of Object.entries(samples)) {
        const [method, route] = key.split(' ') as ['GET', string];
        const res = await t.app.inject(requestFor({ method, path: route } as never, sample, token));
        statuses[key] = res.statusCode;
      }
      expect(Object.keys(statuses).length).toBeGreaterThanOrEqual(14);
      for (const [key, status] of Object.entries(statuses)) expect(status, key).toBe(503);
      // The catalogue is the server's own list: it still answers, without a lag it cannot measure.
      const catalogue = await t.app.inject({
        method: 'GET',
        url: '/api/reports',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(catalogue.statusCode).toBe(200);
      expect(catalogue.json().replicaLagSeconds).toBeNull();
    } finally {
      await standby.start();
    }
  });
});
