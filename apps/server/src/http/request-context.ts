import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';

/** The header a request id arrives in (from a load balancer or a client) and is answered in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept when it is this shape (a UUID, HAProxy's unique-id, a ULID …); anything else is replaced. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,64}$/;

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is a plausible id, a new UUID otherwise. The id is
 * every log line's `reqId` and is answered in `x-request-id`.
 */
export function requestId(request: RawRequestDefaultExpression): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** The id of the request (or job) whose work is running, or null outside one. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `work` as part of the request (or job) `id`: jobs it queues carry the id. */
export function runWithRequestId<T>(id: string, work: () => T): T {
  return storage.run({ requestId: id }, work);
}

/**
 * Answers every request's id in `x-request-id` and makes it the current one for the handler's work. Entered in
 * preHandler, after the body is read: the body's stream events run outside any context entered before them.
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ requestId: request.id }, done);
  });
}
