import { and, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { TJob, TJobStatus } from '@keystone/contracts';
import { queryRows, type Executor } from '../../db/database.js';
import { jobs } from '../../db/schema.js';

/** The NOTIFY channel a queued job wakes the workers on (delivered when the enqueuing transaction commits). */
export const JOBS_CHANNEL = 'keystone_jobs';

export type JobRow = typeof jobs.$inferSelect;

/** Which attempt of which job a worker holds: every write of a worker is guarded by it (a stale worker writes nothing). */
export interface JobLease {
  id: number;
  lockedBy: string;
  attempts: number;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toJob(row: JobRow): TJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as TJobStatus,
    progress_done: row.progressDone,
    progress_total: row.progressTotal,
    attempts: row.attempts,
    error: row.error,
    result: row.result ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

const held = (lease: JobLease) =>
  and(
    eq(jobs.id, lease.id),
    eq(jobs.status, 'running'),
    eq(jobs.lockedBy, lease.lockedBy),
    eq(jobs.attempts, lease.attempts),
  );

/**
 * Inserts a queued job (to run at `runAfter`, default now) and notifies the workers; both take effect when the
 * executor's transaction commits.
 */
export async function insertJob(
  executor: Executor,
  input: {
    kind: string;
    payload: Record<string, unknown>;
    createdById: number | null;
    maxAttempts: number;
    requestId: string | null;
    runAfter?: Date;
  },
): Promise<JobRow> {
  const [row] = await executor.insert(jobs).values(input).returning();
  await executor.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${input.kind})`);
  return row!;
}

/** The advisory lock (key pair) under which a recurring kind's next run is queued: one process at a time. */
const RECURRING_LOCK = [4301, 0] as const;

/**
 * Queues the next run of a recurring kind at `runAfter` unless one of that kind is already queued or running, in the
 * caller's transaction and under an advisory lock, so two processes starting at once queue one run. Answers the job
 * queued, or null when one was there.
 */
export async function insertRecurringJob(
  executor: Executor,
  input: { kind: string; runAfter: Date; maxAttempts: number; exceptId?: number },
): Promise<JobRow | null> {
  await executor.execute(sql`select pg_advisory_xact_lock(${RECURRING_LOCK[0]}, ${RECURRING_LOCK[1]})`);
  const pending = await executor
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, input.kind),
        inArray(jobs.status, ['queued', 'running']),
        input.exceptId === undefined ? undefined : ne(jobs.id, input.exceptId),
      ),
    )
    .limit(1);
  if (pending.length) return null;
  return insertJob(executor, {
    kind: input.kind,
    payload: {},
    createdById: null,
    maxAttempts: input.maxAttempts,
    runAfter: input.runAfter,
    // Housekeeping belongs to no request.
    requestId: null,
  });
}

export async function findJob(executor: Executor, id: number): Promise<JobRow | null> {
  const [row] = await executor.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/**
 * Claims the oldest queued job whose run_after has passed, of the kinds this worker knows, in one statement (its own
 * short transaction): FOR UPDATE SKIP LOCKED lets two workers claim at once without waiting on, or taking, each
 * other's row. With `onlyId`, that job alone (JobQueue.runNow).
 */
export async function claimJob(
  executor: Executor,
  lockedBy: string,
  kinds: string[],
  onlyId?: number,
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const only = onlyId === undefined ? sql`` : sql` and ${jobs.id} = ${onlyId}`;
  const next = sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' and ${jobs.runAfter} <= now()${only}
    and ${jobs.kind} in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})
    order by ${jobs.runAfter}, ${jobs.id} limit 1 for update skip locked)`;
  const [row] = await executor
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy,
      startedAt: sql`now()`,
      heartbeatAt: sql`now()`,
      finishedAt: null,
    })
    .where(sql`${jobs.id} = ${next}`)
    .returning();
  return row ?? null;
}

/** Marks the held job succeeded (inside the job's own transaction); false when the lease was lost. */
export async function markSucceeded(
  executor: Executor,
  lease: JobLease,
  result: unknown,
  total: number | null,
): Promise<boolean> {
  const done = total === null ? sql`${jobs.progressTotal}` : sql`${total}`;
  const rows = await executor
    .update(jobs)
    .set({
      status: 'succeeded',
      result: (result ?? null) as never,
      error: null,
      finishedAt: sql`now()`,
      lockedBy: null,
      heartbeatAt: null,
      progressDone: done,
      progressTotal: done,
    })
    .where(held(lease))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** After a throw: queued again while attempts remain, failed otherwise. Answers the status written (null: lease lost). */
export async function markThrown(
  executor: Executor,
  lease: JobLease,
  error: string,
): Promise<'queued' | 'failed' | null> {
  const rows = await executor
    .update(jobs)
    .set({
      status: sql`case when ${jobs.attempts} < ${jobs.maxAttempts} then 'queued' else 'failed' end`,
      error,
      lockedBy: null,
      heartbeatAt: null,
      finishedAt: sql`case when ${jobs.attempts} < ${jobs.maxAttempts} then null else now() end`,
      runAfter: sql`now()`,
    })
    .where(held(lease))
    .returning({ status: jobs.status });
  return (rows[0]?.status as 'queued' | 'failed' | undefined) ?? null;
}

export async function writeProgress(executor: Executor, lease: JobLease, done: number, total: number): Promise<void> {
  await executor.update(jobs).set({ progressDone: done, progressTotal: total }).where(held(lease));
}

export async function writeHeartbeat(executor: Executor, lease: JobLease): Promise<void> {
  await executor
    .update(jobs)
    .set({ heartbeatAt: sql`now()` })
    .where(held(lease));
}

/**
 * Running jobs whose heartbeat is older than `staleAfterMs`, other than those this process is running (`mine`): their
 * process died (or lost the database, or could not record their end), and their work rolled back with its connection. Each is queued again, unless it has already been
 * started `maxAttempts + extraStaleRuns` times (a job that kills its process would otherwise run for ever): then it
 * fails. Answers the jobs that failed, for their onFailed.
 */
export async function requeueStale(
  executor: Executor,
  mine: number[],
  staleAfterMs: number,
  extraStaleRuns: number,
): Promise<JobRow[]> {
  const stale = and(
    eq(jobs.status, 'running'),
    mine.length ? notInArray(jobs.id, mine) : undefined,
    lt(jobs.heartbeatAt, sql`now() - (${staleAfterMs} * interval '1 millisecond')`),
  );
  const giveUp = sql`${jobs.attempts} >= ${jobs.maxAttempts} + ${extraStaleRuns}`;
  const rows = await executor
    .update(jobs)
    .set({
      status: sql`case when ${giveUp} then 'failed' else 'queued' end`,
      error: sql`case when ${giveUp} then ${STALE_FAILURE} else ${STALE_REQUEUED} end`,
      lockedBy: null,
      heartbeatAt: null,
      runAfter: sql`now()`,
      finishedAt: sql`case when ${giveUp} then now() else null end`,
    })
    .where(stale)
    .returning();
  return rows.filter((row) => row.status === 'failed');
}

export const STALE_REQUEUED = 'The process running this job stopped; it was queued again';
export const STALE_FAILURE = 'The process running this job stopped each time it ran';

/** Queued and running jobs, and the age of the oldest queued one that may run now (seconds; 0 when none waits). */
export async function queueStats(
  executor: Executor,
): Promise<{ queued: number; running: number; oldestQueuedSeconds: number }> {
  const [row] = await queryRows<{ queued: number; running: number; oldest: number | null }>(
    executor,
    sql`select count(*) filter (where status = 'queued')::int as queued,
      count(*) filter (where status = 'running')::int as running,
      extract(epoch from now() - min(run_after) filter (where status = 'queued' and run_after <= now()))::float8 as oldest
    from jobs where status in ('queued', 'running')`,
  );
  return { queued: row?.queued ?? 0, running: row?.running ?? 0, oldestQueuedSeconds: Math.max(0, row?.oldest ?? 0) };
}
