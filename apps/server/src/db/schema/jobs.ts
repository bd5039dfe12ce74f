import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Background work (docs/decisions.md, "Background work"): one row per job, in the database, so a job outlives the request that queued it and
 * any API process may run it. A worker claims a queued job (FOR UPDATE SKIP LOCKED), marks it running, and runs
 * its work in one database transaction that also marks it succeeded: a job that fails (or whose process dies)
 * leaves nothing of its work applied. Progress is written beside it while it runs (modules/jobs).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    error: text('error'),
    result: jsonb('result'),
    /** The process running it (host:pid) and when it last said it is alive: a stale running job is queued again. */
    lockedBy: text('locked_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdById: integer('created_by_id').references(() => users.id),
    /** The id of the request that queued it (x-request-id), in its log lines too: a scan followed to its e-mail or EDI. */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('jobs_queued_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'running'`),
    check('jobs_status', sql`${t.status} in ('queued','running','succeeded','failed')`),
  ],
);
