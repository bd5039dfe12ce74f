import { createUser } from '../factories.js';
import { waitForJob } from '../report-kit.js';
import type { DomainSampleBuilder } from './types.js';

/** Reports (issue 15): the catalogue, a generic report, its CSV, its job and the job's file (the caller's own, finished). */
export const buildReportsSamples: DomainSampleBuilder = async (t) => {
  const today = new Date().toISOString().slice(0, 10);
  const owner = await createUser(t.services, { role: 'developer' });
  const job = await t.services.reports.queueCsv('daily-sales', {}, { id: owner.id, username: owner.username, role: owner.role });
  await waitForJob(t, job.id);
  return {
    'GET /api/reports': {},
    'GET /api/reports/generic/{slug}': { params: { slug: 'daily-sales' }, query: { from: today, to: today } },
    'GET /api/reports/generic/{slug}/csv': { params: { slug: 'daily-sales' }, query: { from: today, to: today } },
    'POST /api/reports/generic/{slug}/csv-jobs': { params: { slug: 'daily-sales' }, body: { parameters: { from: today, to: today } } },
    'GET /api/reports/csv-jobs/{id}/file': {
      params: { id: job.id },
      fresh: async (callerToken) => {
        const auth = await t.services.auth.authenticate(callerToken);
        const own = await t.services.reports.queueCsv('daily-sales', {}, auth!.user);
        await waitForJob(t, own.id);
        return { params: { id: own.id } };
      },
    },
  };
};
