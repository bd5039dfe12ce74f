import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZBigIdSchema } from '../http/common.js';

/**
 * Background jobs (docs/decisions.md, "Background work"): work queued in the database (`jobs` table) and run by a worker in an API process,
 * its progress readable while it runs (docs/architecture.md, "Background work").
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

export const ZJobSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    status: z.enum(JOB_STATUSES),
    /** Units of work done and in all (e.g. serials resolved of serials to resolve); total 0 until known. */
    progress_done: z.number().int(),
    progress_total: z.number().int(),
    attempts: z.number().int(),
    /** The job's failure, in words (a failed job has changed nothing: its work ran in one transaction). */
    error: z.string().nullable(),
    result: z.unknown().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type TJob = z.infer<typeof ZJobSchema>;

export const getJobRoute = defineRoute({
  method: 'GET',
  path: '/api/jobs/{id}',
  access: 'authenticated',
  summary: 'A background job: its status and progress',
  tag: 'jobs',
  params: z.object({ id: ZBigIdSchema }),
  response: ZJobSchema,
});
