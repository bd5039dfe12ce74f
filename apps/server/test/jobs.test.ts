import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TJob } from '@keystone/contracts';
import { queryRows, type Executor } from '../src/db/database.js';
import { badRequest } from '../src/http/errors.js';
import { JobQueue } from '../src/modules/jobs/job-queue.js';
import { STALE_REQUEUED } from '../src/modules/jobs/jobs.repository.js';
import { createSignedInUser, type TestUser } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/**
 * Background jobs (issue 12): a job's work and its "succeeded" commit together, a throwing job changes nothing,
 * retries up to max_attempts, progress readable while it runs, the NOTIFY wake-up, a stale running job queued again,
 * and GET /api/jobs/{id}'s access rule. On PGlite and (TEST_DB=postgres) PostgreSQL; two queues on one PostgreSQL
 * database are in test/concurrency/jobs-concurrency.test.ts.
 */
let t: TestApp;
let owner: TestUser & { token: string };
let stranger: TestUser & { token: string };
let admin: TestUser & { token: string };
const queues: JobQueue[] = [];

const marks = async (label: string) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from job_test_marks where label = ${label}`))[0]!
    .n;
const row = async (id: number) =>
  (
    await queryRows<{
      status: string;
      progress_done: number;
      progress_total: number;
      attempts: number;
      error: string | null;
    }>(t.db, sql`select status, progress_done, progress_total, attempts, error from jobs where id = ${id}`)
  )[0]!;
const getJob = (id: number, token = owner.token) => injectAs(t.app, token, { method: 'GET', url: `/api/jobs/${id}` });

/** A queue of its own (the app's is not started: jobsEnabled false), stopped after the file. */
function queue(options: ConstructorParameters<typeof JobQueue>[1] = {}): JobQueue {
  const q = new JobQueue(t.db, { pollMs: 50, ...options });
  queues.push(q);
  return q;
}

async function until<T>(what: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  await t.db.execute(sql`create table job_test_marks (id serial primary key, label text not null)`);
  owner = await createSignedInUser(t, { role: 'user' });
  stranger = await createSignedInUser(t, { role: 'user' });
  admin = await createSignedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await t?.close();
});

describe('a job', () => {
  it('runs in one transaction with its success; its result and progress are read through GET /api/jobs/{id}', async () => {
    const jobs = t.services.jobs;
    jobs.register<{ label: string; n: number }, { wrote: number }>(
      'test.write',
      async ({ executor, payload, progress }) => {
        for (let i = 1; i <= payload.n; i++) {
          await executor.execute(sql`insert into job_test_marks (label) values (${payload.label})`);
          progress(i, payload.n);
        }
        return { wrote: payload.n };
      },
    );
    const queued = await jobs.enqueue(t.db, {
      kind: 'test.write',
      payload: { label: 'ok', n: 4 },
      createdById: owner.id,
    });
    expect(queued).toMatchObject({
      kind: 'test.write',
      status: 'queued',
      attempts: 0,
      progress_done: 0,
      started_at: null,
    });
    const before = await getJob(queued.id);
    expect(before.statusCode).toBe(200);
    expect((before.json() as TJob).status).toBe('queued');

    await jobs.drain();
    const res = await getJob(queued.id);
    expect(res.statusCode).toBe(200);
    const job = res.json() as TJob;
    expect(job).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      result: { wrote: 4 },
      progress_done: 4,
      progress_total: 4,
      attempts: 1,
      error: null,
    });
    expect(job.started_at).not.toBeNull();
    expect(job.finished_at).not.toBeNull();
    expect(await marks('ok')).toBe(4);
  });

  it('is seen by the user who queued it and by admin:override holders; anyone else is answered 404', async () => {
    const queued = await t.services.jobs.enqueue(t.db, { kind: 'test.none', payload: {}, createdById: owner.id });
    expect((await getJob(queued.id, owner.token)).statusCode).toBe(200);
    expect((await getJob(queued.id, admin.token)).statusCode).toBe(200);
    const refused = await getJob(queued.id, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: `Job ${queued.id} not found` });
    expect((await getJob(999_999, admin.token)).statusCode).toBe(404);
    expect((await injectAs(t.app, null, { method: 'GET', url: `/api/jobs/${queued.id}` })).statusCode).toBe(401);
    expect((await getJob(0)).statusCode).toBe(400);
  });

  it('that throws changes nothing: its writes roll back, it fails with its message in words, and onFailed runs', async () => {
    const q = queue();
    const failedWith: { payload: unknown; error: string }[] = [];
    q.register<{ label: string }, never>(
      'test.throw',
      async ({ executor, payload }) => {
        await executor.execute(sql`insert into job_test_marks (label) values (${payload.label})`);
        throw badRequest('Cannot resolve the audit', { serials: ['Serial S1 is not in this audit'] });
      },
      {
        onFailed: async (db: Executor, payload, error) => {
          failedWith.push({ payload, error });
          await db.execute(sql`insert into job_test_marks (label) values ('on-failed')`);
        },
      },
    );
    const queued = await q.enqueue(t.db, { kind: 'test.throw', payload: { label: 'thrown' }, createdById: owner.id });
    await q.drain();
    expect(await marks('thrown')).toBe(0);
    const job = (await getJob(queued.id)).json() as TJob;
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 1,
      result: null,
      error: 'Cannot resolve the audit (serials: Serial S1 is not in this audit)',
    });
    expect(job.finished_at).not.toBeNull();
    expect(failedWith).toEqual([{ payload: { label: 'thrown' }, error: job.error }]);
    expect(await marks('on-failed')).toBe(1);
  });

  it("commits its failed status with onFailed's writes: whoever sees it failed sees them; an onFailed that throws is undone alone", async () => {
    const q = queue({ pollMs: 60_000, listen: t.listen });
    q.register<{ label: string; onFailedThrows: boolean }, never>(
      'test.slow-on-failed',
      async () => {
        throw new Error('the delivery failed');
      },
      {
        onFailed: async (executor, payload) => {
          // Slow, as a busy database is: a reader polling the job's row must not see "failed" before this commits.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await executor.execute(sql`insert into job_test_marks (label) values (${payload.label})`);
          if (payload.onFailedThrows) throw new Error('onFailed broke');
        },
      },
    );
    q.start();
    const slow = await q.enqueue(t.db, {
      kind: 'test.slow-on-failed',
      payload: { label: 'slow-on-failed', onFailedThrows: false },
    });
    const failed = await until(
      () => row(slow.id),
      (r) => r.status !== 'queued' && r.status !== 'running',
    );
    expect(failed.status).toBe('failed');
    expect(await marks('slow-on-failed')).toBe(1);

    const broken = await q.enqueue(t.db, {
      kind: 'test.slow-on-failed',
      payload: { label: 'broken-on-failed', onFailedThrows: true },
    });
    expect(
      await until(
        () => row(broken.id),
        (r) => r.status !== 'queued' && r.status !== 'running',
      ),
    ).toMatchObject({ status: 'failed', error: 'the delivery failed' });
    expect(await marks('broken-on-failed')).toBe(0);
    await q.stop();
  });

  it('is retried until max_attempts: it succeeds on a later attempt, or fails once with onFailed called once', async () => {
    const q = queue();
    const calls = new Map<string, number>();
    let failedCalls = 0;
    q.register<{ label: string; succeedOn: number }, string>(
      'test.flaky',
      async ({ executor, payload }) => {
        const n = (calls.get(payload.label) ?? 0) + 1;
        calls.set(payload.label, n);
        await executor.execute(sql`insert into job_test_marks (label) values (${payload.label})`);
        if (n < payload.succeedOn) throw new Error(`attempt ${n} failed`);
        return `done on ${n}`;
      },
      { onFailed: async () => void failedCalls++ },
    );
    const later = await q.enqueue(t.db, {
      kind: 'test.flaky',
      payload: { label: 'later', succeedOn: 3 },
      maxAttempts: 3,
    });
    const never = await q.enqueue(t.db, {
      kind: 'test.flaky',
      payload: { label: 'never', succeedOn: 99 },
      maxAttempts: 2,
    });
    await q.drain();
    expect(await q.get(later.id)).toMatchObject({ status: 'succeeded', attempts: 3, result: 'done on 3', error: null });
    expect(await marks('later')).toBe(1); // the two failed attempts rolled back
    expect(await q.get(never.id)).toMatchObject({ status: 'failed', attempts: 2, error: 'attempt 2 failed' });
    expect(calls.get('never')).toBe(2);
    expect(await marks('never')).toBe(0);
    expect(failedCalls).toBe(1);
  });

  it('shows its progress to another request while it runs', async () => {
    const q = queue();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atHalf = new Promise<void>((resolve) => (reached = resolve));
    q.register<Record<string, never>, null>('test.slow', async ({ progress }) => {
      progress(5, 10);
      reached();
      await released;
      progress(10, 10);
      return null;
    });
    // The route reads this queue's in-memory figures: point the app's service at it for this test.
    const appQueue = t.services.jobs;
    t.services.jobs = q;
    try {
      await getJob(999_998); // the token is now in the process's cache (PGlite: the job's transaction holds the one connection)
      const queued = await q.enqueue(t.db, { kind: 'test.slow', payload: {}, createdById: owner.id });
      const running = q.drain();
      await atHalf;
      const res = await getJob(queued.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'running', progress_done: 5, progress_total: 10, attempts: 1 });
      if (t.dbKind === 'postgres') {
        // Another process sees the row: written within half a second, outside the job's transaction.
        expect(
          await until(
            () => row(queued.id),
            (r) => r.progress_done === 5,
          ),
        ).toMatchObject({ status: 'running', progress_total: 10 });
        const other = new JobQueue(t.db);
        expect(await other.get(queued.id)).toMatchObject({ status: 'running', progress_done: 5, progress_total: 10 });
      }
      release();
      await running;
      expect(await row(queued.id)).toMatchObject({ status: 'succeeded', progress_done: 10, progress_total: 10 });
    } finally {
      t.services.jobs = appQueue;
      release();
    }
  });
});

describe('the worker', () => {
  it('wakes on the NOTIFY of a committed enqueue, not only on its poll', async () => {
    const q = queue({ pollMs: 60_000, listen: t.listen });
    q.register<{ label: string }, null>('test.wake', async ({ executor, payload }) => {
      await executor.execute(sql`insert into job_test_marks (label) values (${payload.label})`);
      return null;
    });
    q.start();
    await new Promise((resolve) => setTimeout(resolve, 200)); // its first claim has found nothing; the next poll is a minute away
    const queued = await t.db.transaction(async (tx) =>
      q.enqueue(tx, { kind: 'test.wake', payload: { label: 'woken' } }),
    );
    expect(
      await until(
        () => row(queued.id),
        (r) => r.status === 'succeeded',
        5_000,
      ),
    ).toMatchObject({ attempts: 1 });
    expect(await marks('woken')).toBe(1);
    await q.stop();
  });

  it('queues again a running job whose heartbeat is stale (its process died, or this one could not record its end) and runs it', async () => {
    const q = queue({ staleAfterMs: 1_000 });
    const stuck = async (lockedBy: string, label: string) =>
      (
        (await queryRows<{ id: number }>(
          t.db,
          sql`insert into jobs (kind, payload, status, attempts, locked_by, started_at, heartbeat_at)
              values ('test.stale', ${JSON.stringify({ label })}::jsonb, 'running', 1, ${lockedBy}, now() - interval '1 hour', now() - interval '1 hour')
              returning id`,
        )) as [{ id: number }]
      )[0].id;
    const dead = await stuck('gone-host:1:dead', 'stale-dead');
    const own = await stuck(q.processId, 'stale-own');
    q.register<{ label: string }, string>('test.stale', async ({ executor, payload }) => {
      await executor.execute(sql`insert into job_test_marks (label) values (${payload.label})`);
      return 'recovered';
    });
    q.start();
    for (const id of [dead, own]) {
      expect(
        await until(
          () => row(id),
          (r) => r.status === 'succeeded',
        ),
      ).toMatchObject({ attempts: 2, error: null });
      expect(await q.get(id)).toMatchObject({ result: 'recovered' });
    }
    expect(await marks('stale-dead')).toBe(1);
    expect(await marks('stale-own')).toBe(1);
    await q.stop();
  });

  it('leaves a fresh running job of another process alone, and records why a stale one was queued again', async () => {
    const [{ id: fresh }] = (await queryRows<{ id: number }>(
      t.db,
      sql`insert into jobs (kind, payload, status, attempts, locked_by, started_at, heartbeat_at)
          values ('test.other', '{}', 'running', 1, 'live-host:2:alive', now(), now()) returning id`,
    )) as [{ id: number }];
    const [{ id: stale }] = (await queryRows<{ id: number }>(
      t.db,
      sql`insert into jobs (kind, payload, status, attempts, locked_by, started_at, heartbeat_at)
          values ('test.other', '{}', 'running', 1, 'gone-host:2:dead', now(), now() - interval '1 hour') returning id`,
    )) as [{ id: number }];
    const q = queue({ staleAfterMs: 60_000 }); // knows no test.other: requeues, never runs it
    q.start();
    expect(
      await until(
        () => row(stale),
        (r) => r.status === 'queued',
      ),
    ).toMatchObject({ error: STALE_REQUEUED, attempts: 1 });
    expect(await row(fresh)).toMatchObject({ status: 'running' });
    await q.stop();
  });

  it('stops without leaving timers, waiting for the job it runs', async () => {
    const q = queue();
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    q.register('test.stop', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
      return null;
    });
    const queued = await q.enqueue(t.db, { kind: 'test.stop', payload: {} });
    q.start();
    await running;
    await q.stop();
    expect(finished).toBe(true);
    expect((await row(queued.id)).status).toBe('succeeded');
  });
});

describe('the app', () => {
  it('starts its worker when it is ready (JOBS_ENABLED) and stops it when it closes', async () => {
    const other = await createTestApp({ jobConcurrency: 1 });
    const stop = vi.spyOn(other.services.jobs, 'stop');
    try {
      expect(other.config.jobsEnabled).toBe(true);
      other.services.jobs.register<Record<string, never>, string>('test.app', async () => 'ran by the app');
      const queued = await other.services.jobs.enqueue(other.db, { kind: 'test.app', payload: {} });
      const done = await until(
        () => other.services.jobs.get(queued.id),
        (job) => job?.status === 'succeeded',
      );
      expect(done).toMatchObject({ result: 'ran by the app', attempts: 1 });
    } finally {
      await other.close();
    }
    expect(stop).toHaveBeenCalledTimes(1);
    await expect(stop.mock.results[0]!.value).resolves.toBeUndefined();
  });
});
