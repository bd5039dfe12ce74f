import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ACCESS_DENIED, type TApiError } from '@keystone/contracts';
import { errorChain } from '../db/error-chain.js';
import { CONNECT_FAILED } from '../db/connection-gate.js';

/** An error a service throws to answer with a 4xx; the handler turns it into the ApiError shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers of the answer, e.g. Retry-After of a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** An OAuth token-endpoint error, answered as `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** SQLSTATEs of a lost or refused connection: class 08, admin shutdown / crash / cannot connect now, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|Cannot use a pool after calling end|database is unavailable/i;

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's error) says the database could not be
 * reached or dropped the connection, rather than refused the statement. Such a request is answered 503. Any error
 * raised while a connection was being opened counts (db/connection-gate.ts marks it), whatever its SQLSTATE: the
 * database not accepting connections (55000), not there (3D000), our role or password refused (42501, 28P01).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error, 8).some(
    (link) =>
      (link as Record<string, unknown>)[CONNECT_FAILED] === true ||
      (typeof link.code === 'string' &&
        (link.code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(link.code) || UNAVAILABLE_ERRNOS.has(link.code))) ||
      (typeof link.message === 'string' && UNAVAILABLE_MESSAGES.test(link.message)),
  );
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again in a moment';

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'authentication required') => new HttpError(401, message);
export const forbidden = (message = ACCESS_DENIED) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new HttpError(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, message, errors);

function apiError(statusCode: number, message: string, errors?: Record<string, string[]>): TApiError {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...(errors ? { errors } : {}) };
}

/**
 * Errors Fastify's router raises before any route is found, answered in the API's 400 shape naming the path
 * parameters: percent-encoding that is not UTF-8 (`/api/product/%ED%A0%80`, `%FF`) and a path parameter past the
 * router's length limit (Fastify would answer its own shape, or 414). Passed as Fastify's `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(apiError(400, 'Invalid request: params', { params: ['must be valid percent-encoded UTF-8'] }));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply
      .code(400)
      .send(apiError(400, 'Invalid request: params', { params: [`must be at most ${MAX_PARAM_LENGTH} characters`] }));
  } else {
    reply.send(error);
  }
}

/** The router's limit on one path parameter (Fastify's default, stated so the message can name it). */
export const MAX_PARAM_LENGTH = 100;

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

/**
 * The key of a field in an answer's `errors`, whatever the status (400 or 422): the field's path inside its location,
 * dot-separated and without the location (`items.0.upc`, `id`, `fromDate`), as a service names it in a 422. A
 * problem with the whole body, query or path parameters (no field) is keyed by the location: `body`, `query`, `params`.
 */
export function fieldKey(location: string, path: readonly (string | number)[]): string {
  return path.length ? path.join('.') : location;
}

/**
 * One error handler for the whole API: validation failures become 400 with every field named,
 * HttpError and OAuthError keep their status, anything else is a 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = CONTEXT_NAMES[error.validationContext ?? 'body'] ?? 'body';
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(
          context,
          issue.instancePath.split('/').filter((part) => part !== ''),
        );
        (errors[key] ??= []).push(issue.message ?? 'is invalid');
      }
      const names = Object.keys(errors).join(', ');
      return reply.code(400).send(apiError(400, `Invalid request: ${names}`, errors));
    }
    if (error instanceof OAuthError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ error: error.code, error_description: error.message });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(apiError(error.statusCode, error.message, error.errors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(apiError(500, 'Internal Server Error'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.code(status).send(apiError(status, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was committed for this request (its transaction died with the connection); the pool reconnects.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send(apiError(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(apiError(500, 'Internal Server Error'));
  });
}
