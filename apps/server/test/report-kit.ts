import type { TJob } from '@keystone/contracts';
import type { ReportDefinition } from '../src/modules/reports/report-definition.js';
import { parseReportParameters } from '../src/modules/reports/report-parameters.js';
import type { TestApp } from './harness.js';

/** Runs one generic report definition on the test database with these parameters (the rest defaulted), as the route does. */
export async function runReport(t: TestApp, definition: ReportDefinition, query: Record<string, string> = {}) {
  return t.services.reports.runDefinition(definition, parseReportParameters(definition, query));
}

/**
 * Runs the queued jobs and waits for this one to end: on PostgreSQL the app's own worker may have claimed it first
 * (then drain finds nothing and the job is still running on another connection).
 */
export async function waitForJob(t: TestApp, id: number, timeoutMs = 20_000): Promise<TJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await t.services.jobs.drain();
    const job = await t.services.jobs.get(id);
    if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
    if (Date.now() > until) throw new Error(`job ${id} did not end in ${timeoutMs} ms (${job?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
