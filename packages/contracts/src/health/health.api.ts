import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZApiErrorSchema } from '../http/errors.js';

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'Answers 200 when the database answers within a short timeout, 503 otherwise',
  tag: 'health',
  response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  errorResponses: { 503: ZApiErrorSchema },
});
