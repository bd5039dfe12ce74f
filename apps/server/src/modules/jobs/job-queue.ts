import os from 'node:os';
import { AsyncResource } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { TJob } from '@keystone/contracts';
import type { Database, Executor, Listen, Transaction } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import { currentRequestId, runWithRequestId } from '../../http/request-context.js';
import { SILENT_LOG, type ServiceLog } from '../service-log.js';
import {
  JOBS_CHANNEL,
  claimJob,
  findJob,
  insertJob,
  insertRecurringJob,
  markSucceeded,
  markThrown,
  queueStats,
  requeueStale,
  toJob,
  writeHeartbeat,
  writeProgress,
  type JobLease,
  type JobRow,
} from './jobs.repository.js';

export interface JobContext<P, E extends Executor = Transaction> {
  /** The job's one transaction: all of its work goes through it (on PGlite, the db outside it would wait for it to end). */
  executor: E;
  payload: P;
  jobId: number;
  /** Units done of units in all: visible at once through get() in this process, written to the row at most twice a second. */
  progress(done: number, total: number): void;
}
export type JobHandler<P, R, E extends Executor = Transaction> = (ctx: JobContext<P, E>) => Promise<R>;

/** How a kind's job opens its one transaction (default: the database's); a stock-writing kind passes `LedgerWrites.run`. */
export type JobTransaction<E extends Executor> = <T>(work: (tx: E) => Promise<T>) => Promise<T>;

interface Registered {
  handler: JobHandler<unknown, unknown, Executor>;
  /** Runs in the transaction that records the job as failed: whoever sees it failed sees its consequences too. */
  onFailed?: (executor: Executor, payload: unknown, error: string) => Promise<void>;
  transaction?: JobTransaction<Executor>;
}

export interface JobQueueOptions {
  /** Who holds a running job (locked_by); default host:pid:random. */
  processId?: string;
  /** Fallback poll for queued jobs and stale running ones (ms), beside the NOTIFY wake-up. */
  pollMs?: number;
  /** A running job of another process whose heartbeat is older than this is queued again (ms). */
  staleAfterMs?: number;
  /** LISTEN on the database (OpenDatabase.listen): wakes the worker when a job is queued. */
  listen?: Listen;
  /** Jobs this process runs at once (JOB_CONCURRENCY); default 1. */
  concurrency?: number;
  log?: ServiceLog;
}

/** A job this process is running: its lease and in-memory progress (get() answers these without the database). */
interface Running {
  lease: JobLease;
  row: JobRow;
  done: number;
  total: number;
  /** Progress not yet written to the row. */
  dirty: boolean;
  lastWrite: number;
  timer: NodeJS.Timeout | undefined;
  writing: Promise<void> | null;
}

/** At most one progress write per job in this interval. */
const PROGRESS_WRITE_MS = 500;
/** Attempts of one run of a recurring kind. */
const RECURRING_ATTEMPTS = 3;
/** Process deaths a job survives beyond its max_attempts before it fails (a job that kills its process). */
const EXTRA_STALE_RUNS = 2;

/** A job's failure in words: an HttpError's message followed by its field errors. */
export function describeJobError(error: unknown): string {
  if (error instanceof HttpError) {
    const fields = Object.entries(error.errors ?? {}).map(([field, messages]) => `${field}: ${messages.join('; ')}`);
    return fields.length ? `${error.message} (${fields.join('; ')})` : error.message;
  }
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * The product's one background-work mechanism (docs/decisions.md, "Background work"): jobs are rows of the `jobs` table, claimed with
 * FOR UPDATE SKIP LOCKED and run each in one transaction that also marks them succeeded. The same SQL runs on
 * PGlite and PostgreSQL (docs/architecture.md, "Background work").
 */
export class JobQueue {
  readonly processId: string;
  private readonly pollMs: number;
  private readonly staleAfterMs: number;
  private readonly heartbeatMs: number;
  private readonly concurrency: number;
  private readonly listen: Listen | undefined;
  private readonly log: ServiceLog;
  private readonly handlers = new Map<string, Registered>();
  /** Recurring kinds and their period (ms). */
  private readonly recurring = new Map<string, number>();
  private readonly running = new Map<number, Running>();
  private readonly runs = new Set<Promise<void>>();
  private started = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private unlisten: Promise<(() => Promise<void>) | null> | null = null;
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  private lastStaleCheck = 0;

  constructor(
    private readonly db: Database,
    options: JobQueueOptions = {},
  ) {
    this.processId = options.processId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.pollMs = options.pollMs ?? 1_000;
    this.staleAfterMs = options.staleAfterMs ?? 30_000;
    this.heartbeatMs = Math.max(50, Math.min(5_000, Math.floor(this.staleAfterMs / 3)));
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.listen = options.listen;
    this.log = options.log ?? SILENT_LOG;
  }

  register<P, R, E extends Executor = Transaction>(
    kind: string,
    handler: JobHandler<P, R, E>,
    options: {
      onFailed?: (executor: Executor, payload: P, error: string) => Promise<void>;
      transaction?: JobTransaction<E>;
    } = {},
  ): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} is already registered`);
    this.handlers.set(kind, {
      handler: handler as unknown as JobHandler<unknown, unknown, Executor>,
      onFailed: options.onFailed as Registered['onFailed'],
      transaction: options.transaction as JobTransaction<Executor> | undefined,
    });
  }

  /**
   * A kind that runs every `everyMs` (housekeeping: pruning old rows): one run at a time, queued in the database like
   * any job, so whichever process is up runs it. Each run queues the next in its own transaction (a run that fails
   * for good queues it too), and `start()` queues the first when none is queued or running (`scheduleRecurring`).
   */
  registerRecurring<R>(kind: string, everyMs: number, handler: JobHandler<Record<string, unknown>, R>): void {
    const next = (executor: Executor, exceptId?: number) =>
      insertRecurringJob(executor, {
        kind,
        runAfter: new Date(Date.now() + everyMs),
        maxAttempts: RECURRING_ATTEMPTS,
        exceptId,
      });
    this.register<Record<string, unknown>, R>(
      kind,
      async (ctx) => {
        const result = await handler(ctx);
        await next(ctx.executor, ctx.jobId);
        return result;
      },
      { onFailed: (tx) => next(tx).then(() => undefined) },
    );
    this.recurring.set(kind, everyMs);
  }

  /** Queues a run, due now, of each recurring kind that has none queued or running (start() calls it; tests too). */
  async scheduleRecurring(): Promise<void> {
    for (const kind of this.recurring.keys()) {
      await this.db.transaction((tx) =>
        insertRecurringJob(tx, { kind, runAfter: new Date(), maxAttempts: RECURRING_ATTEMPTS }),
      );
    }
  }

  /**
   * Inserts a queued job in the caller's transaction (NOTIFY keystone_jobs, delivered at commit). It carries the
   * id of the request (or job) queuing it, which its log lines repeat.
   */
  async enqueue(
    executor: Executor,
    input: { kind: string; payload: Record<string, unknown>; createdById?: number | null; maxAttempts?: number },
  ): Promise<TJob> {
    const row = await insertJob(executor, {
      kind: input.kind,
      payload: input.payload,
      createdById: input.createdById ?? null,
      maxAttempts: Math.max(1, input.maxAttempts ?? 1),
      requestId: currentRequestId(),
    });
    return toJob(row);
  }

  /** The job, or null. A job running in this process is answered from memory, its progress current, without the database. */
  async get(id: number): Promise<TJob | null> {
    return (await this.lookup(id))?.job ?? null;
  }

  /** The job and who queued it (for the route's access check); from memory while it runs in this process. */
  async lookup(id: number): Promise<{ job: TJob; createdById: number | null } | null> {
    const mine = this.running.get(id);
    if (mine)
      return {
        job: { ...toJob(mine.row), progress_done: mine.done, progress_total: mine.total },
        createdById: mine.row.createdById,
      };
    const row = await findJob(this.db, id);
    return row ? { job: toJob(row), createdById: row.createdById } : null;
  }

  /** Queued and running jobs in the database (every process's), and how long the oldest runnable one has waited. */
  stats(): Promise<{ queued: number; running: number; oldestQueuedSeconds: number }> {
    return queueStats(this.db);
  }

  /** Starts the worker loop in this process: LISTEN keystone_jobs, and a poll every pollMs. */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (this.listen) {
      this.unlisten = this.listen(JOBS_CHANNEL, { onMessage: () => this.wake(), onReconnect: () => this.wake() }).catch(
        (error: unknown) => {
          this.log.warn({ err: error }, 'jobs: cannot listen for queued jobs; polling only');
          return null;
        },
      );
    }
    const poll = () => {
      this.pollTimer = setTimeout(() => {
        if (!this.started) return;
        this.wake(true);
        poll();
      }, this.pollMs);
      this.pollTimer.unref?.();
    };
    poll();
    this.wake(true);
    this.scheduleRecurring().catch((error: unknown) =>
      this.log.warn({ err: error }, 'jobs: cannot queue the recurring jobs'),
    );
  }

  /** Stops the worker loop and waits for the jobs it is running. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await (await unlisten)?.().catch(() => {});
    await this.claiming;
    await Promise.allSettled([...this.runs]);
  }

  /**
   * Runs one job now, in this process, and answers it once it has ended (succeeded or failed): the caller that
   * queued an outside effect in its transaction delivers it right after the commit and reports the outcome. Each
   * attempt is claimed like any other (a worker that claimed it first runs it, and this waits for its end); a
   * thrown attempt is claimed again while attempts remain. After `timeoutMs` the job is answered as it stands.
   */
  async runNow(id: number, timeoutMs = 30_000): Promise<TJob | null> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const claimed = await claimJob(this.db, this.processId, [...this.handlers.keys()], id);
      if (claimed) {
        await this.track(claimed);
        continue;
      }
      const row = await findJob(this.db, id);
      if (!row || row.status === 'succeeded' || row.status === 'failed' || Date.now() > end)
        return row ? toJob(row) : null;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Runs queued jobs in this process until none is left (tests, the demo loader). A claim the worker loop has in
   * flight is waited for too: its job is tracked only once the claim's answer is back, so finding nothing to claim
   * with no run tracked is not the end while that claim is out.
   */
  async drain(): Promise<void> {
    for (;;) {
      const row = await claimJob(this.db, this.processId, [...this.handlers.keys()]);
      if (row) {
        await this.track(row);
        continue;
      }
      if (this.claiming) {
        await this.claiming;
        continue;
      }
      if (this.runs.size === 0) return;
      await Promise.race([...this.runs]);
    }
  }

  /** Claims jobs while slots are free; one claimer at a time (a wake-up meanwhile claims again after it). */
  /**
   * Wakes the claim loop, always in the async context the queue was made in: a wake from a NOTIFY that PGlite
   * delivers inside a committing request (a ledger write's, whose context marks it as one: LedgerWrites) must not
   * run the job as part of that request's context.
   */
  private readonly wake = AsyncResource.bind((checkStale: boolean = false): void => this.wakeNow(checkStale));

  private wakeNow(checkStale = false): void {
    if (!this.started) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = (async () => {
      do {
        this.claimAgain = false;
        if (checkStale) await this.checkStale();
        checkStale = false;
        while (this.started && this.runs.size < this.concurrency) {
          const row = await claimJob(this.db, this.processId, [...this.handlers.keys()]);
          if (!row) break;
          void this.track(row).then(() => this.wake());
        }
      } while (this.claimAgain && this.started);
    })()
      .catch((error: unknown) => this.log.warn({ err: error }, 'jobs: claiming failed; retried at the next poll'))
      .finally(() => {
        this.claiming = null;
      });
  }

  private async checkStale(): Promise<void> {
    const now = Date.now();
    if (now - this.lastStaleCheck < Math.min(this.staleAfterMs / 2, 10_000)) return;
    this.lastStaleCheck = now;
    await this.db.transaction(async (tx) => {
      const failed = await requeueStale(tx, [...this.running.keys()], this.staleAfterMs, EXTRA_STALE_RUNS);
      for (const row of failed) await this.callOnFailed(tx, row, row.error ?? '');
    });
  }

  private track(row: JobRow): Promise<void> {
    // The job runs as part of the request that queued it: what it queues carries the same id.
    const run = runWithRequestId(row.requestId ?? `job-${row.id}`, () => this.run(row)).finally(() =>
      this.runs.delete(run),
    );
    this.runs.add(run);
    return run;
  }

  private async run(row: JobRow): Promise<void> {
    const lease: JobLease = { id: row.id, lockedBy: this.processId, attempts: row.attempts };
    const state: Running = {
      lease,
      row,
      done: row.progressDone,
      total: row.progressTotal,
      dirty: false,
      lastWrite: 0,
      timer: undefined,
      writing: null,
    };
    this.running.set(row.id, state);
    const heartbeat = setInterval(() => {
      // Not awaited: on PGlite it waits for the job's transaction (and then finds the job no longer running).
      writeHeartbeat(this.db, lease).catch((error: unknown) =>
        this.log.warn({ err: error, jobId: row.id }, 'jobs: heartbeat failed'),
      );
    }, this.heartbeatMs);
    heartbeat.unref?.();
    const registered = this.handlers.get(row.kind);
    let failure: string | null = null;
    const started = performance.now();
    const line = { jobId: row.id, kind: row.kind, attempt: row.attempts, reqId: row.requestId ?? undefined };
    try {
      if (!registered) throw new Error(`No handler for jobs of kind ${row.kind}`);
      const transaction: JobTransaction<Executor> = registered.transaction ?? ((work) => this.db.transaction(work));
      await transaction(async (tx) => {
        const result = await registered.handler({
          executor: tx,
          payload: row.payload,
          jobId: row.id,
          progress: (done, total) => this.progress(state, done, total),
        });
        const total = state.total > 0 || state.done > 0 ? Math.max(state.total, state.done) : null;
        if (!(await markSucceeded(tx, lease, result, total))) throw new LeaseLostError(row.id);
      });
    } catch (error) {
      failure = describeJobError(error);
      if (!(error instanceof HttpError) && !(error instanceof LeaseLostError))
        this.log.warn({ err: error, ...line }, 'jobs: a job failed');
    } finally {
      clearInterval(heartbeat);
      clearTimeout(state.timer);
      await state.writing;
      this.running.delete(row.id);
    }
    const ms = Math.round(performance.now() - started);
    if (failure === null) {
      this.log.info?.({ ...line, ms }, 'jobs: a job succeeded');
      return;
    }
    this.log.info?.({ ...line, ms, error: failure }, 'jobs: a job attempt ended in failure');
    try {
      // The failure and what onFailed undoes commit together (a caller waiting in runNow sees both or neither).
      await this.db.transaction(async (tx) => {
        const status = await markThrown(tx, lease, failure);
        if (status === 'failed') await this.callOnFailed(tx, row, failure);
      });
    } catch (error) {
      // The row stays running with its heartbeat stopped: a later stale check (any process, this one too) requeues it.
      this.log.warn({ err: error, jobId: row.id }, 'jobs: cannot record a failed job');
    }
  }

  /** In a savepoint of `tx`: an onFailed that throws is logged and undone, the job still recorded as failed. */
  private async callOnFailed(tx: Transaction, row: JobRow, error: string): Promise<void> {
    const onFailed = this.handlers.get(row.kind)?.onFailed;
    if (!onFailed) return;
    try {
      await tx.transaction((savepoint) => onFailed(savepoint, row.payload, error));
    } catch (failure) {
      this.log.warn({ err: failure, jobId: row.id }, 'jobs: onFailed of a failed job threw');
    }
  }

  /** In memory at once; to the row at most every PROGRESS_WRITE_MS, never awaited by the handler. */
  private progress(state: Running, done: number, total: number): void {
    state.done = Math.max(0, Math.floor(done));
    state.total = Math.max(0, Math.floor(total));
    state.dirty = true;
    if (state.timer || state.writing || !this.running.has(state.lease.id)) return;
    const wait = Math.max(0, state.lastWrite + PROGRESS_WRITE_MS - Date.now());
    state.timer = setTimeout(() => this.flushProgress(state), wait);
    state.timer.unref?.();
  }

  private flushProgress(state: Running): void {
    state.timer = undefined;
    if (!state.dirty || !this.running.has(state.lease.id)) return;
    state.dirty = false;
    state.lastWrite = Date.now();
    state.writing = writeProgress(this.db, state.lease, state.done, state.total)
      .catch((error: unknown) => this.log.warn({ err: error, jobId: state.lease.id }, 'jobs: progress write failed'))
      .finally(() => {
        state.writing = null;
        if (state.dirty) this.progress(state, state.done, state.total);
      });
  }
}

/** The job was queued again by another process (its heartbeat went stale) while this one ran it: its work rolls back. */
class LeaseLostError extends Error {
  constructor(id: number) {
    super(`Job ${id} was taken over by another process`);
  }
}
