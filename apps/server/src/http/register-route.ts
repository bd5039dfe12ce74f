import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasAnyPermission, ROLE_HEADER, toFastifyPath, ZApiErrorSchema, type ApiRouteDef, type TRouteResponse } from '@keystone/contracts';
import { forbidden, unauthorized } from './errors.js';
import { refuseUnstorableText } from './input-text.js';

export interface AuthUser {
  id: number;
  username: string;
  role: string;
}

export interface RequestAuth {
  user: AuthUser;
  tokenHash: string;
}

/** Resolves a bearer token to its user, or null when unknown, expired or revoked. */
export type Authenticator = (token: string) => Promise<RequestAuth | null>;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<R extends ApiRouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  /** Null only on public routes. */
  auth: R['access'] extends 'public' ? RequestAuth | null : RequestAuth;
  request: FastifyRequest;
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1]!.trim() : null;
}

/**
 * Authentication and the permission check of a request, before anything else runs: sets `request.auth`, or throws
 * 401/403. Every contract route runs it (and the live event stream, which is not a JSON route).
 */
export async function authorizeRequest(request: FastifyRequest, authenticate: Authenticator, access: ApiRouteDef['access']): Promise<void> {
  request.auth = null;
  const token = bearerToken(request);
  if (access === 'public') {
    if (token) request.auth = await authenticate(token);
    return;
  }
  if (!token) throw unauthorized();
  const auth = await authenticate(token);
  if (!auth) throw unauthorized('the access token is invalid or has expired');
  request.auth = auth;
  if (access !== 'authenticated' && !hasAnyPermission(auth.user.role, [access].flat())) throw forbidden();
}

/**
 * Registers one contract route: validation and OpenAPI from its zod schemas, authentication and the
 * permission check before anything else runs (so a refused call never reaches validation or the service),
 * then the thin handler.
 */
export function registerRoute<R extends ApiRouteDef>(
  app: FastifyInstance,
  authenticate: Authenticator,
  route: R,
  handler: (input: RouteInput<R>) => Promise<TRouteResponse<R> | undefined>,
): void {
  const status = route.status ?? 200;
  const response: Record<number, z.ZodType> = {
    400: ZApiErrorSchema,
  };
  if (!route.raw && status !== 204) response[status] = route.response;
  if (route.access !== 'public') {
    response[401] = ZApiErrorSchema;
    response[403] = ZApiErrorSchema;
  }
  Object.assign(response, route.errorResponses);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: toFastifyPath(route.path),
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      description:
        route.access === 'public' ? 'No token needed.' : route.access === 'authenticated' ? 'Any signed-in user.' : `Permission: ${[route.access].flat().join(' or ')}`,
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response,
    },
    onRequest: async (request, reply) => {
      try {
        await authorizeRequest(request, authenticate, route.access);
      } finally {
        // The caller's current role on every signed-in answer (a refusal too): the client follows a role change
        // made by the role editor at its next call (docs/decisions.md, "Tax map and role editor").
        if (request.auth) reply.header(ROLE_HEADER, request.auth.user.role);
      }
    },
    preValidation: async (request) => {
      // NUL characters and unpaired surrogates, which no text column stores, in any string of any route.
      refuseUnstorableText(request);
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        auth: request.auth as never,
        request,
        reply,
      });
      // A raw route that answered itself (a stream, as sendCsv sends it, is not `sent` until it ends) returns nothing.
      if (reply.sent || (route.raw && result === undefined)) return reply;
      if (status === 204) return reply.code(204).send();
      // Fastify sends a bare string as text/plain without serializing it; a JSON route answers a JSON string.
      if (typeof result === 'string' && !route.raw) return reply.code(status).type('application/json; charset=utf-8').send(reply.serialize(result));
      return reply.code(status).send(result);
    },
  });
}

/** Every registered route, kept so tests can walk the whole API surface. */
export type RouteRegistrar = <R extends ApiRouteDef>(route: R, handler: (input: RouteInput<R>) => Promise<TRouteResponse<R> | undefined>) => void;
