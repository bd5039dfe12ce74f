import { z } from 'zod';
import type { TPermission } from '../permissions.js';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `public` needs no token, `authenticated` needs any valid token,
 * otherwise the permission the caller's role must hold, or a list of which it must hold one.
 */
export type TRouteAccess = TPermission | readonly TPermission[] | 'public' | 'authenticated';

export interface ApiRouteDef {
  method: THttpMethod;
  /** Path as the spec writes it, with `{param}` placeholders, e.g. `/api/vendor/{id}`. */
  path: string;
  access: TRouteAccess;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  /** Error answers whose shape differs from ApiError (the OAuth token endpoint's), by status. */
  errorResponses?: Record<number, z.ZodType>;
  /** The response is not JSON (a file); `response` then describes nothing. */
  raw?: boolean;
}

/** Declares one API route: the single contract the server registers and the client calls. */
export function defineRoute<const T extends ApiRouteDef>(route: T): T {
  return route;
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

export type TRouteParams<R extends ApiRouteDef> = InferOr<R['params'], undefined>;
export type TRouteQuery<R extends ApiRouteDef> = InferOr<R['query'], undefined>;
export type TRouteBody<R extends ApiRouteDef> = InferOr<R['body'], undefined>;
export type TRouteResponse<R extends ApiRouteDef> = z.output<R['response']>;

/** `/api/vendor/{id}` → `/api/vendor/:id` (Fastify's syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{param}` placeholders, URL-encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Query string from a flat object; empty values are omitted, arrays become repeated `key[]=` pairs. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(`${key}[]`, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
