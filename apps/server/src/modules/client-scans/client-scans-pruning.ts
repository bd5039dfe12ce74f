import type { JobQueue } from '../jobs/job-queue.js';
import { ClientScansRepository } from './client-scans.repository.js';

/** The recurring job that deletes old client scan answers. */
export const CLIENT_SCANS_PRUNE_JOB = 'client-scans.prune';

const DAY_MS = 86_400_000;

/** How often the pruning runs: a quarter of the retention, between a minute and a day (30 days kept: daily). */
export function pruneIntervalMs(retentionDays: number): number {
  return Math.min(DAY_MS, Math.max(60_000, Math.round((retentionDays * DAY_MS) / 4)));
}

/**
 * Registers the pruning of `client_scan_answers` on the job queue: every `pruneIntervalMs`, one job (any process may
 * run it) deletes the answers older than `retentionDays`. The outbox replays a scan within minutes of its first send,
 * so an answer that old is never asked for again; a replay later than that is taken as a new scan.
 */
export function registerClientScanPruning(jobs: JobQueue, retentionDays: number): void {
  jobs.registerRecurring(CLIENT_SCANS_PRUNE_JOB, pruneIntervalMs(retentionDays), async ({ executor }) => {
    const cutoff = new Date(Date.now() - retentionDays * DAY_MS);
    return { deleted: await new ClientScansRepository(executor).pruneBefore(cutoff), before: cutoff.toISOString() };
  });
}
