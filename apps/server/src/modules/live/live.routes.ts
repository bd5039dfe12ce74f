import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  hasPermission,
  LIVE_EVENTS_PATH,
  LIVE_TOPIC_PERMISSION,
  ZApiErrorSchema,
  ZLiveEventsQuerySchema,
  type TLiveTopic,
} from '@keystone/contracts';
import { forbidden, HttpError } from '../../http/errors.js';
import { authorizeRequest, type Authenticator } from '../../http/register-route.js';
import type { LiveHub } from './live-hub.js';

/** How often a comment line keeps an idle stream open (below the server's idle timeout and proxies'). */
export const LIVE_KEEP_ALIVE_MS = 15_000;

/**
 * `GET /api/live/events?topics=…`: a server-sent event stream of the named topics (contracts `live.api.ts`).
 * Each topic needs its screen's permission. It is not a JSON contract route (it never ends), so it is registered
 * here rather than through the route registrar, with the same authentication, validation and OpenAPI entry.
 */
export function registerLiveRoutes(app: FastifyInstance, hub: LiveHub, authenticate: Authenticator): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: LIVE_EVENTS_PATH,
    schema: {
      summary:
        'Server-sent events: a `change` event when a board\u2019s rows change, from any API process (text/event-stream)',
      description:
        'Permission: per topic (committed-sales and committed-transfers: boards:view). Events: `ready` {topics}, `change` {topic, at}, `resync` {topics}; a `: keep-alive` comment every 15 s.',
      tags: ['live'],
      security: [{ bearerAuth: [] }],
      querystring: ZLiveEventsQuerySchema,
      response: { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 403: ZApiErrorSchema, 503: ZApiErrorSchema },
    },
    onRequest: (request) => authorizeRequest(request, authenticate, 'authenticated'),
    handler: async (request, reply) => {
      const topics = request.query.topics as TLiveTopic[];
      const role = request.auth!.user.role;
      const refused = topics.filter((topic) => !hasPermission(role, LIVE_TOPIC_PERMISSION[topic]));
      if (refused.length > 0) throw forbidden(`Your role cannot follow ${refused.join(', ')}`);
      if (!hub.available) throw new HttpError(503, 'Live updates are not available');
      try {
        await hub.start();
      } catch (error) {
        request.log.error({ err: error }, 'live updates: could not listen');
        throw new HttpError(503, 'Live updates are not available');
      }

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (event: string, data: object) => {
        if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      let unsubscribe = () => {};
      const keepAlive = setInterval(() => {
        if (!raw.writableEnded) raw.write(': keep-alive\n\n');
      }, LIVE_KEEP_ALIVE_MS);
      const finish = () => {
        clearInterval(keepAlive);
        unsubscribe();
      };
      unsubscribe = hub.subscribe({
        topics: new Set(topics),
        send: write,
        end: () => {
          finish();
          raw.end();
        },
      });
      request.raw.once('close', finish);
      raw.once('close', finish);
      write('ready', { topics });
    },
  });
}
