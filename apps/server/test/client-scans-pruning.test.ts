import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { onceForScan, type ClientScan } from '../src/modules/client-scans/client-scans.js';
import { CLIENT_SCANS_PRUNE_JOB, pruneIntervalMs } from '../src/modules/client-scans/client-scans-pruning.js';
import { loadConfig } from '../src/config.js';
import { JobQueue } from '../src/modules/jobs/job-queue.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * The answers of scans sent with a client scan id are pruned by a recurring job: older than the retention
 * (CLIENT_SCAN_ANSWERS_RETENTION_DAYS, 30 days by default) they go, newer ones stay and still answer a replay.
 */
let t: TestApp;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  // The app's worker stays off: the test runs the queued jobs itself (drain), the recurring ones once scheduled.
  t = await createTestApp({ jobsEnabled: false });
});
afterAll(async () => {
  await t?.close();
});

/** Sends a scan once through the client-scans module; answers what it answered and whether the work ran. */
async function send(scan: ClientScan, answer: unknown) {
  let ran = false;
  const answered = await t.db.transaction((tx) =>
    onceForScan(tx, scan, async () => {
      ran = true;
      return answer;
    }),
  );
  return { answered, ran };
}

const stored = async () =>
  (
    await queryRows<{ id: string }>(
      t.db,
      sql`select client_scan_id as id from client_scan_answers order by client_scan_id`,
    )
  ).map((r) => r.id);

const pruneJobs = () =>
  queryRows<{ id: number; status: string; run_after: Date | string; result: { deleted: number } | null }>(
    t.db,
    sql`select id, status, run_after, result from jobs where kind = ${CLIENT_SCANS_PRUNE_JOB} order by id`,
  );

describe('client scan answers pruning', () => {
  it('deletes the answers older than the retention, keeps the others, which still answer a replay; queues its next run', async () => {
    const retentionDays = loadConfig({}).clientScanAnswersRetentionDays;
    expect(retentionDays).toBe(30);
    const scan = (id: string): ClientScan => ({ id, route: 'pick', request: { pickListItemId: 1, qty: 1 } });
    const old = scan('prune-old');
    const edge = scan('prune-edge');
    const recent = scan('prune-recent');
    for (const s of [old, edge, recent]) expect((await send(s, { picked: s.id })).ran).toBe(true);
    // Deliberately aged: the answers' own time, as if sent that long ago.
    const age = async (id: string, days: number) =>
      t.db.execute(
        sql`update client_scan_answers set created_at = now() - ${`${days * 24} hours`}::interval where client_scan_id = ${id}`,
      );
    await age(old.id, retentionDays + 1);
    await age(edge.id, retentionDays - 1);

    await t.services.jobs.scheduleRecurring();
    // Scheduling again while a run is queued queues no second one.
    await t.services.jobs.scheduleRecurring();
    expect((await pruneJobs()).filter((j) => j.status === 'queued')).toHaveLength(1);
    await t.services.jobs.drain();

    expect(await stored()).toEqual([edge.id, recent.id].sort());
    const jobs = await pruneJobs();
    expect(jobs.map((j) => j.status)).toEqual(['succeeded', 'queued']);
    expect(jobs[0]!.result?.deleted).toBe(1);
    // The next run waits a day (a quarter of 30 days, at most a day); drain() does not run it early.
    const nextIn = new Date(jobs[1]!.run_after).getTime() - Date.now();
    expect(pruneIntervalMs(retentionDays)).toBe(DAY_MS);
    expect(nextIn).toBeGreaterThan(DAY_MS - 60_000);
    expect(nextIn).toBeLessThanOrEqual(DAY_MS);

    // A replay within the retention answers the first answer and runs nothing.
    for (const s of [edge, recent])
      expect(await send(s, { picked: 'again' })).toEqual({ answered: { picked: s.id }, ran: false });
    // Beyond it the id is unknown again: a replay is taken as a new scan.
    expect(await send(old, { picked: 'new' })).toEqual({ answered: { picked: 'new' }, ran: true });
  });

  it('a recurring run that fails for good still queues the next run; start() queues the first', async () => {
    const queue = new JobQueue(t.db, { pollMs: 20 });
    let calls = 0;
    queue.registerRecurring('test.recurring-fails', 60_000, async () => {
      calls += 1;
      throw new Error('no luck');
    });
    const runs = () =>
      queryRows<{ status: string; attempts: number; run_after: Date | string }>(
        t.db,
        sql`select status, attempts, run_after from jobs where kind = 'test.recurring-fails' order by id`,
      );
    queue.start();
    try {
      await expect
        .poll(async () => (await runs()).map((r) => r.status), { timeout: 10_000 })
        .toEqual(['failed', 'queued']);
    } finally {
      await queue.stop();
    }
    const [failed, next] = await runs();
    expect([calls, failed!.attempts]).toEqual([3, 3]);
    expect(new Date(next!.run_after).getTime() - Date.now()).toBeGreaterThan(50_000);
  });

  it('runs every quarter of the retention, between a minute and a day', () => {
    expect(pruneIntervalMs(30)).toBe(DAY_MS);
    expect(pruneIntervalMs(2)).toBe(DAY_MS / 2);
    expect(pruneIntervalMs(0.0001)).toBe(60_000);
  });
});
