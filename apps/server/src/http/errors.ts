import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ACCESS_DENIED, type TApiError } from '@keystone/contracts';

/** An error a service throws to answer with a 4xx; the handler turns it into the ApiError shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
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
};

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'authentication required') => new HttpError(401, message);
export const forbidden = (message = ACCESS_DENIED) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new HttpError(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string[]>) => new HttpError(422, message, errors);

function apiError(statusCode: number, message: string, errors?: Record<string, string[]>): TApiError {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...(errors ? { errors } : {}) };
}

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query', params: 'params', body: 'body', headers: 'headers' };

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
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key = field ? `${context}.${field}` : context;
        (errors[key] ??= []).push(issue.message ?? 'is invalid');
      }
      const names = Object.keys(errors).join(', ');
      return reply.code(400).send(apiError(400, `Invalid request: ${names}`, errors));
    }
    if (error instanceof OAuthError) {
      return reply.code(error.statusCode).send({ error: error.code, error_description: error.message });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(apiError(error.statusCode, error.message, error.errors));
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(apiError(500, 'Internal Server Error'));
  });
}
