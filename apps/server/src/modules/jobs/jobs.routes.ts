import { getJobRoute, hasPermission, type TJob } from '@keystone/contracts';
import type { AuthUser } from '../../http/register-route.js';
import { notFound } from '../../http/errors.js';
import type { ModuleContext } from '../module-context.js';
import type { JobQueue } from './job-queue.js';

/**
 * A job as its reader may see it: the user who queued it, or a holder of admin:override (any job). Anyone else is
 * answered 404, as if it did not exist (a job's payload and result may name another user's work).
 */
export async function jobForUser(jobs: JobQueue, id: number, user: AuthUser): Promise<TJob> {
  const found = await jobs.lookup(id);
  if (!found || (found.createdById !== user.id && !hasPermission(user.role, 'admin:override')))
    throw notFound(`Job ${id} not found`);
  return found.job;
}

export function registerJobsRoutes({ route, services }: ModuleContext): void {
  route(getJobRoute, async ({ params, auth }) => jobForUser(services.jobs, params.id, auth.user));
}
