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
  /** The request is one uploaded file (multipart/form-data), not a JSON body: see TRouteUpload. */
  upload?: TRouteUpload;
  /** The answer is a file, not JSON (`response` then describes nothing): see TRouteDownload. */
  download?: TRouteDownload;
}

/**
 * A route whose request is one file sent as multipart/form-data. The server's one upload reader
 * (apps/server/src/http/upload-reader.ts) applies it before the handler runs; the web sends it with `uploadFile`.
 * Every refusal is a 4xx whose `errors` name `field`.
 */
export interface TRouteUpload {
  /** The multipart field holding the file. */
  field: string;
  /** The largest file taken, in bytes: a larger one is a 413. */
  maxBytes: number;
  /** The media types the file may be (the OpenAPI document's, the file picker's `accept` with `extensions`). */
  types: readonly string[];
  /**
   * The endings a file's name must have (`.csv`), refused otherwise with `messages.wrongType`; absent when the route
   * reads the type from the bytes (the carousel's images).
   */
  extensions?: readonly string[];
  /** `bytes`: the handler gets the whole file in memory; `stream`: it reads the file as it arrives (large files). */
  read: 'bytes' | 'stream';
  messages: {
    /** The request is not multipart/form-data (415). */
    notMultipart: string;
    /** No file in `field`, or a file with no name (`missingStatus`). */
    missing: string;
    /** The file is larger than `maxBytes` (413). */
    tooLarge: string;
    /** The file's name does not end in one of `extensions` (400). */
    wrongType?: string;
  };
  /** The status of a missing file: 400 unless said (the carousel's is 422). */
  missingStatus?: 400 | 422;
}

/** The media types of the files the API sends and takes. */
export const FILE_TYPES = {
  csv: 'text/csv',
  pdf: 'application/pdf',
  zpl: 'application/zpl',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  tsv: 'text/tab-separated-values',
  text: 'text/plain',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gzip: 'application/gzip',
} as const;

/** A route whose answer is a file: its media types, and the name the client saves it under when the answer names none. */
export interface TRouteDownload {
  contentTypes: readonly string[];
  fileName?: string;
}

/** The text a file picker's `accept` takes for an upload route: its types and its name endings. */
export function uploadAccept(upload: TRouteUpload): string {
  return [...upload.types, ...(upload.extensions ?? [])].join(',');
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
