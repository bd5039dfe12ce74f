import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, ZJobSchema } from '@keystone/contracts';
import { loadConfig } from '../src/config.js';
import { fileSweepIntervalMs } from '../src/modules/reports/reports.service.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { waitForJob } from './report-kit.js';
import { createLocation, createProducts, createSignedInUser, nextUpc, unique } from './factories.js';

const HOUR_MS = 3_600_000;
const RETENTION_HOURS = 24;

/** Writes a file in `dir` last modified `hoursAgo` hours ago. */
function writeAged(dir: string, name: string, hoursAgo: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, 'a,b\n1,2\n');
  const at = new Date(Date.now() - hoursAgo * HOUR_MS);
  fs.utimesSync(file, at, at);
  return file;
}

let t: TestApp;
let dir: string;
const before: Record<string, string> = {};

beforeAll(async () => {
  // Files already in the folder when the server starts: the start-up sweep deletes the old job files only.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-report-files-'));
  before.old = writeAged(dir, 'report-job-900001.csv', RETENTION_HOURS + 1);
  before.oldPart = writeAged(dir, 'report-job-900002.csv.part', RETENTION_HOURS + 5);
  before.recent = writeAged(dir, 'report-job-900003.csv', RETENTION_HOURS - 1);
  before.notAJobFile = writeAged(dir, 'notes.csv', RETENTION_HOURS * 10);
  t = await createTestApp({ jobsEnabled: false, reportFilesDir: dir, reportFilesRetentionHours: RETENTION_HOURS });
  await createLocation(t.services, 'KY01');
  await createProducts(t.db, [{ modelNumber: unique('RET'), upc: nextUpc() }]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('report job files: retention', () => {
  it('REPORT_FILES_RETENTION_HOURS: 24 by default, decimals allowed, refused unless above 0', () => {
    expect(loadConfig({}).reportFilesRetentionHours).toBe(24);
    expect(loadConfig({ REPORT_FILES_RETENTION_HOURS: '0.5' }).reportFilesRetentionHours).toBe(0.5);
    expect(() => loadConfig({ REPORT_FILES_RETENTION_HOURS: '0' })).toThrow(/REPORT_FILES_RETENTION_HOURS/);
    expect(() => loadConfig({ REPORT_FILES_RETENTION_HOURS: 'a day' })).toThrow(/REPORT_FILES_RETENTION_HOURS/);
    expect(fileSweepIntervalMs(24)).toBe(HOUR_MS);
    expect(fileSweepIntervalMs(2)).toBe(HOUR_MS / 2);
    expect(fileSweepIntervalMs(0.0001)).toBe(1_000);
  });

  it('the server deletes, when it starts, the job files older than the retention period and keeps the rest', () => {
    expect(fs.existsSync(before.old!)).toBe(false);
    expect(fs.existsSync(before.oldPart!)).toBe(false);
    expect(fs.existsSync(before.recent!)).toBe(true);
    expect(fs.existsSync(before.notAJobFile!)).toBe(true);
  });

  it("a job's file is downloadable until the sweep finds it older than the period, then its download answers 404 saying so", async () => {
    const user = await createSignedInUser(t, { role: 'developer' });
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generic/price-list/csv-jobs',
      headers: bearer(user.token),
      payload: { parameters: {} },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = ZJobSchema.parse(queued.json());
    expect((await waitForJob(t, job.id)).status).toBe('succeeded');
    const url = `/api/reports/csv-jobs/${job.id}/file`;
    const file = path.join(dir, `report-job-${job.id}.csv`);

    // Written just now: a sweep keeps it.
    expect(await t.services.reports.sweepJobFiles()).toEqual([]);
    const fresh = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe(fs.readFileSync(file, 'utf8'));

    // Just inside the period, then just past it (the sweep's clock moved on instead of the file's).
    const writtenAt = fs.statSync(file).mtimeMs;
    // The recent file of the start, now written two hours after the job's: younger than the period at both clocks.
    const recentAt = new Date(writtenAt + 2 * HOUR_MS);
    fs.utimesSync(before.recent!, recentAt, recentAt);
    expect(await t.services.reports.sweepJobFiles(writtenAt + RETENTION_HOURS * HOUR_MS - 1_000)).toEqual([]);
    expect(await t.services.reports.sweepJobFiles(writtenAt + RETENTION_HOURS * HOUR_MS + 1_000)).toEqual([
      `report-job-${job.id}.csv`,
    ]);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(before.recent!)).toBe(true);
    expect(fs.existsSync(before.notAJobFile!)).toBe(true);

    const gone = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(REPORT_MESSAGES.jobFileGone(RETENTION_HOURS));
    // The job itself still tells what it wrote.
    const status = ZJobSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bearer(user.token) })).json(),
    );
    expect(status.status).toBe('succeeded');
  });

  it(
    'a running server sweeps periodically (every quarter of the period, at least each second)',
    { timeout: 30_000 },
    async () => {
      const periodic = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-report-files-'));
      // Two seconds kept: swept each second.
      const retentionHours = 2 / 3600;
      const app = await createTestApp({
        jobsEnabled: false,
        reportFilesDir: periodic,
        reportFilesRetentionHours: retentionHours,
      });
      const goneWithin = async (file: string, ms: number) => {
        const until = Date.now() + ms;
        while (fs.existsSync(file) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
        return !fs.existsSync(file);
      };
      try {
        // Written after the start-up sweep: the timer deletes it, and keeps doing so for files written later.
        const old = writeAged(periodic, 'report-job-1.csv', 1);
        expect(await goneWithin(old, 5_000)).toBe(true);
        const later = path.join(periodic, 'report-job-2.csv');
        fs.writeFileSync(later, 'x\n');
        const writtenAt = Date.now();
        expect(await goneWithin(later, 10_000)).toBe(true);
        // Not before it was older than the period.
        expect(Date.now() - writtenAt).toBeGreaterThanOrEqual(retentionHours * HOUR_MS);
      } finally {
        await app.close();
        fs.rmSync(periodic, { recursive: true, force: true });
      }
    },
  );
});
