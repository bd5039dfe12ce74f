import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { JobQueue } from '../../src/modules/jobs/job-queue.js';
import { createScratchDatabase, dropScratchDatabase } from './server-processes.js';

/**
 * Background jobs on one PostgreSQL database from two workers, each on its own pool and listener as two API
 * processes would be (issue 12): FOR UPDATE SKIP LOCKED hands every job to exactly one of them, and a job taken
 * over from a worker that stopped answering (stale heartbeat) runs once: the first worker's work rolls back.
 */
const dbName = `kt_conc_jobs_${randomBytes(5).toString('hex')}`;
let first: OpenDatabase;
let second: OpenDatabase;
const queues: JobQueue[] = [];

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(first.db, query))[0]!.n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
}

beforeAll(async () => {
  const url = await createScratchDatabase(dbName);
  first = await openPostgres(url);
  second = await openPostgres(url, { migrate: false });
  await first.db.execute(
    sql`create table job_runs (id serial primary key, job_id bigint not null, worker text not null)`,
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await first?.close();
  await second?.close();
  await dropScratchDatabase(dbName);
});

describe('two workers on one database', () => {
  it('run each of 20 jobs exactly once between them', async () => {
    const [a, b] = [first, second].map((database, i) => {
      const q = new JobQueue(database.db, { processId: `worker-${i}`, pollMs: 100, listen: database.listen });
      q.register<Record<string, never>, string>('conc.run', async ({ executor, jobId }) => {
        await executor.execute(sql`insert into job_runs (job_id, worker) values (${jobId}, ${`worker-${i}`})`);
        await sleep(30);
        return `worker-${i}`;
      });
      queues.push(q);
      return q;
    }) as [JobQueue, JobQueue];
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await a.enqueue(first.db, { kind: 'conc.run', payload: {} })).id);
    a.start();
    b.start();
    await until(
      async () =>
        (await count(sql`select count(*)::int as n from jobs where kind = 'conc.run' and status = 'succeeded'`)) === 20,
    );
    const runs = await queryRows<{ job_id: number; worker: string }>(
      first.db,
      sql`select job_id::int as job_id, worker from job_runs order by job_id`,
    );
    expect(runs.map((r) => r.job_id)).toEqual(ids);
    // Both workers took part, and each job's result names the worker whose work committed.
    const byWorker = new Map<string, number>();
    for (const r of runs) byWorker.set(r.worker, (byWorker.get(r.worker) ?? 0) + 1);
    expect(byWorker.get('worker-0')).toBeGreaterThan(0);
    expect(byWorker.get('worker-1')).toBeGreaterThan(0);
    const results = await queryRows<{ id: number; result: string; attempts: number }>(
      first.db,
      sql`select id::int as id, result #>> '{}' as result, attempts from jobs where kind = 'conc.run' order by id`,
    );
    expect(results.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    expect(results.map((r) => r.result)).toEqual(runs.map((r) => r.worker));
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a job taken over from a worker whose heartbeat went stale runs once: the first worker’s work rolls back', async () => {
    const slow = new JobQueue(first.db, { processId: 'hung', pollMs: 60_000, staleAfterMs: 60_000 });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    slow.register('conc.takeover', async ({ executor, jobId }) => {
      await executor.execute(sql`insert into job_runs (job_id, worker) values (${jobId}, 'hung')`);
      entered();
      await held;
      return 'hung';
    });
    const rescuer = new JobQueue(second.db, { processId: 'rescuer', pollMs: 50, staleAfterMs: 500 });
    rescuer.register('conc.takeover', async ({ executor, jobId }) => {
      await executor.execute(sql`insert into job_runs (job_id, worker) values (${jobId}, 'rescuer')`);
      return 'rescuer';
    });
    queues.push(slow, rescuer);
    const job = await slow.enqueue(first.db, { kind: 'conc.takeover', payload: {} });
    const running = slow.drain();
    await inside;
    // The hung worker's heartbeat stops reaching the database: its row looks like a dead process's.
    await first.db.execute(sql`update jobs set heartbeat_at = now() - interval '1 hour' where id = ${job.id}`);
    rescuer.start();
    await until(async () => (await rescuer.get(job.id))?.status === 'succeeded');
    release();
    await running;
    expect(await queryRows(first.db, sql`select worker from job_runs where job_id = ${job.id}`)).toEqual([
      { worker: 'rescuer' },
    ]);
    expect(await slow.get(job.id)).toMatchObject({ status: 'succeeded', result: 'rescuer', attempts: 2, error: null });
    await rescuer.stop();
  });
});
