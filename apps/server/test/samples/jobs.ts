import type { DomainSampleBuilder } from './types.js';

/**
 * A queued job (nothing runs it: no handler of its kind). A job is seen by the user who queued it and by
 * admin:override holders: the walk's caller queues its own.
 */
export const buildJobsSamples: DomainSampleBuilder = async (t) => {
  const job = await t.services.jobs.enqueue(t.db, { kind: 'sample.nothing', payload: {} });
  return {
    'GET /api/jobs/{id}': {
      params: { id: job.id },
      fresh: async (callerToken) => {
        const auth = await t.services.auth.authenticate(callerToken);
        const own = await t.services.jobs.enqueue(t.db, { kind: 'sample.nothing', payload: {}, createdById: auth!.user.id });
        return { params: { id: own.id } };
      },
    },
  };
};
