import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.js';

type HttpConfig = Pick<
  AppConfig,
  'httpIdleTimeoutMs' | 'httpKeepAliveTimeoutMs' | 'httpHeadersTimeoutMs' | 'httpRequestTimeoutMs' | 'trustProxy'
>;

/**
 * The HTTP server's timeouts (docs/decisions.md, "Timeouts"): a socket that sends nothing for
 * `httpIdleTimeoutMs` is closed, a kept-alive connection after `httpKeepAliveTimeoutMs` without a request, a
 * request whose headers (body) have not all arrived after `httpHeadersTimeoutMs` (`httpRequestTimeoutMs`).
 * Spread into the `Fastify({...})` options.
 */
export function httpServerOptions(
  config: HttpConfig,
): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'trustProxy'> {
  return {
    connectionTimeout: config.httpIdleTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    requestTimeout: config.httpRequestTimeoutMs,
    trustProxy: config.trustProxy,
  };
}

/**
 * The Content-Security-Policy the built client satisfies: Vite's output loads scripts from 'self' only; MUI
 * styles through emotion's inline <style> tags; images may be data: or blob: URLs; the API is same-origin.
 * Swagger UI at /api/docs runs under the same policy (its scripts and styles are files of 'self', its
 * inline styles are covered by 'unsafe-inline').
 * Frames and objects: same origin and blob: only (the PO PDF's print frame).
 * No `upgrade-insecure-requests`: the server is reached over plain HTTP on a LAN, where upgrading would break it.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the page compile WebAssembly (the camera's barcode reader, a file of 'self'); it does
  // not allow eval or new Function.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // Print PDF opens the PO's PDF from a blob: URL in a hidden frame; the blob document inherits this policy,
  // and Chromium's PDF viewer counts as object content there.
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'self'", 'blob:'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Whether an answer to this URL is an API answer no cache may keep: everything under /api (JSON, CSV and PDF
 * downloads, refusals, unknown paths) except the public API documentation (/api/docs, Swagger UI's files and the
 * OpenAPI document). The web client's files and the uploaded images are outside /api and keep their own caching.
 */
export function storesNothing(url: string): boolean {
  return (
    (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) &&
    !(url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?'))
  );
}

/**
 * Security headers on every answer (API, client, Swagger UI), no caching of tokens or of any API answer, and the
 * headers timeout.
 * Helmet's middleware is built once here and run on every request: @fastify/helmet built it anew per request (its
 * option parsing was ~2 % of a receiving scan's CPU; docs/performance.md). No route has options of its own.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: HttpConfig,
  imageOrigins: string[] = [],
): Promise<void> {
  app.server.headersTimeout = config.httpHeadersTimeoutMs;
  const securityHeaders = helmet({
    // imageOrigins: where uploaded images are shown from besides 'self' (the S3 store's public URL).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...imageOrigins] },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if (url.startsWith('/oauth/token') && url.split('?')[0]?.replace(/\/$/, '') === '/oauth/token') {
      // RFC 6749 §5.1: a token answer (and its errors) must not be stored by any cache.
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    } else if (storesNothing(url) && !reply.hasHeader('cache-control')) {
      // An API answer carries a user's data (or says who may see it): no cache keeps it, shared or the
      // browser's. An answer that sets its own caching keeps it.
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
