import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hasAnyPermission,
  ROLE_HEADER,
  toFastifyPath,
  ZApiErrorSchema,
  type ApiRouteDef,
  type TRouteResponse,
  type TRouteUpload,
} from '@keystone/contracts';
import { forbidden, unauthorized } from './errors.js';
import { sendFile, type FileAnswer } from './file-answer.js';
import { refuseUnstorableText } from './input-text.js';
import { readUpload, type TUploadedFile } from './upload-reader.js';

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
  /** The uploaded file of a route that declares `upload`, read by the one upload reader. */
  file: R extends { upload: infer U } ? TUploadedFile<U> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a route's handler answers: a download route's file (sent with the media type and name its contract declares),
 * otherwise the contract's response (a 204 route answers nothing).
 */
export type RouteAnswer<R extends ApiRouteDef> = R extends { download: object }
  ? FileAnswer
  : TRouteResponse<R> | undefined;

export type RouteHandler<R extends ApiRouteDef> = (input: RouteInput<R>) => Promise<RouteAnswer<R>>;

/** The zod validation of params and query, not of the body (an upload's, read by the upload reader). */
const skipBodyValidation = (req: Parameters<typeof validatorCompiler>[0]) =>
  req.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(req);

/** A file in a multipart body, as the OpenAPI document shows it. */
const ZFileSchema = z.string().meta({ format: 'binary' });

/** The multipart body of an upload route, for the OpenAPI document (the upload reader, not validation, reads it). */
const uploadBodySchema = (upload: TRouteUpload) =>
  z.object({
    [upload.field]: ZFileSchema.meta({
      description: `${upload.types.join(', ')}${upload.extensions ? ` (${upload.extensions.join(', ')})` : ''}; at most ${upload.maxBytes} bytes`,
    }),
  });

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
export async function authorizeRequest(
  request: FastifyRequest,
  authenticate: Authenticator,
  access: ApiRouteDef['access'],
): Promise<void> {
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
  handler: RouteHandler<R>,
): void {
  const status = route.status ?? 200;
  const response: Record<number, z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> }> =
    {
      400: ZApiErrorSchema,
    };
  if (route.download) {
    response[status] = {
      description: 'The file',
      content: Object.fromEntries(route.download.contentTypes.map((type) => [type, { schema: ZFileSchema }])),
    };
  } else if (status !== 204) response[status] = route.response;
  if (route.upload) {
    response[413] = ZApiErrorSchema;
    response[415] = ZApiErrorSchema;
  }
  if (route.access !== 'public') {
    response[401] = ZApiErrorSchema;
    response[403] = ZApiErrorSchema;
  }
  Object.assign(response, route.errorResponses);
  const upload = route.upload;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: toFastifyPath(route.path),
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      description:
        route.access === 'public'
          ? 'No token needed.'
          : route.access === 'authenticated'
            ? 'Any signed-in user.'
            : `Permission: ${[route.access].flat().join(' or ')}`,
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      // An upload's body is documented as multipart/form-data; the upload reader reads it, so it is not validated.
      ...(upload ? { body: uploadBodySchema(upload), consumes: ['multipart/form-data'] } : {}),
      response,
    },
    ...(upload ? { validatorCompiler: skipBodyValidation as never } : {}),
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
      const uploaded = upload ? await readUpload(request, upload) : null;
      let result;
      try {
        result = await handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          auth: request.auth as never,
          file: uploaded?.file as never,
          request,
          reply,
        });
      } catch (error) {
        throw uploaded ? uploaded.settle(error) : error;
      }
      uploaded?.assertWhole();
      // A download's file goes out with the media type and name its contract declares (a stream ends later: the reply
      // is returned, as Fastify expects of a handler that sent).
      if (route.download) return sendFile(reply.code(status), route.download, result as FileAnswer);
      if (reply.sent) return reply;
      if (status === 204) return reply.code(204).send();
      // Fastify sends a bare string as text/plain without serializing it; a JSON route answers a JSON string.
      if (typeof result === 'string')
        return reply.code(status).type('application/json; charset=utf-8').send(reply.serialize(result));
      return reply.code(status).send(result);
    },
  });
}

/** Every registered route, kept so tests can walk the whole API surface. */
export type RouteRegistrar = <R extends ApiRouteDef>(route: R, handler: RouteHandler<R>) => void;
