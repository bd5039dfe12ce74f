import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE } from '../src/http/web-index.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * How the server sends the web client (issue 8): hashed assets compressed (the build's .br / .gz copies) and
 * cached for a year as immutable; index.html, the SPA fallback and the favicon revalidated on every use; a
 * missing asset a 404, not the page; the JSON API untouched. Runs on a small web build of its own.
 */
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX =
  '<!doctype html><html><head><title>Keystone POS</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#0f4D7B"/></svg>';

/** What the web build writes (apps/web/build/route-preloads.ts): each screen's chunks by route path. */
const PRELOADS = {
  '/purchase-orders': ['assets/contracts-C1.js', 'assets/list-page-L1.js'],
  '/purchase-orders/review/:id': ['assets/contracts-C1.js', 'assets/detail-page-D1.js'],
  '/inventory-transactions/search': ['assets/transaction-search-S1.js'],
  '/inventory-transactions/:id': ['assets/transaction-detail-T1.js'],
};
const withPreloads = (files: string[]) =>
  INDEX.replace(
    '</head>',
    `${files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('')}</head>`,
  );

let t: TestApp;
let webDist: string;

function writeWithCompressed(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from(text)));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(Buffer.from(text)));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWithCompressed(path.join(webDist, 'index.html'), INDEX);
  writeWithCompressed(path.join(webDist, 'assets', 'index-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), FAVICON);
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
  t = await createTestApp({ webDist }, { serveWeb: true });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('hashed assets', () => {
  it('are sent brotli-compressed to a browser that accepts br, cached for a year as immutable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent gzip-compressed when gzip is all the client accepts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as they are without Accept-Encoding, with the same caching', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it('a missing asset (an earlier release’s chunk) is a 404, not the page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Old999.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });
});

describe('the page', () => {
  it('index.html is revalidated on every load (no-cache), and compressed', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it("a client-side route answers index.html naming its screen's chunks for preloading, not cached either", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/purchase-orders?page=2',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(withPreloads(PRELOADS['/purchase-orders']));
  });

  it("a route with parameters gets its screen's chunks; a static path wins over a parameter, as in the router", async () => {
    const detail = await t.app.inject({ method: 'GET', url: '/purchase-orders/review/12' });
    expect(detail.body).toBe(withPreloads(PRELOADS['/purchase-orders/review/:id']));
    const search = await t.app.inject({ method: 'GET', url: '/inventory-transactions/search' });
    expect(search.body).toBe(withPreloads(PRELOADS['/inventory-transactions/search']));
    const one = await t.app.inject({ method: 'GET', url: '/inventory-transactions/77' });
    expect(one.body).toBe(withPreloads(PRELOADS['/inventory-transactions/:id']));
  });

  it("a path no screen shows (the app's own 404 page) answers index.html as built", async () => {
    for (const url of ['/no/such/page', '/purchase-orders/review', '/purchase-orders/review/12/more']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("the route's page is compressed as the client accepts: brotli, gzip, or plain when both are refused", async () => {
    const expected = withPreloads(PRELOADS['/purchase-orders']);
    const br = await t.app.inject({
      method: 'GET',
      url: '/purchase-orders',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/purchase-orders',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(expected);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/purchase-orders',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);
  });

  it('the favicon is served (revalidated, as it has no hash in its name)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(FAVICON);
  });
});

describe('the API', () => {
  it('answers plain JSON, never the compressed page, whatever the client accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
    expect(() => res.json()).not.toThrow();
  });

  it('an unknown API path is a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });
});
