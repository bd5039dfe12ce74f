import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when its answer has gone: the request (method, URL, host, remote address),
 * the status and the time taken, as Fastify's "request completed" line with its "incoming request" line folded in.
 * Fastify writes both by default; the second line was ~6 % of a receiving scan's CPU under load
 * (docs/performance.md). A request that never completes (the process dies under it) is not logged; its client sees
 * the connection drop.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
