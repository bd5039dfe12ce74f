import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { renderBannerPng } from '../src/modules/demo-data/demo-carousel.js';
import { TEST_PASSWORD, createSignedInUser, createUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/** Issue #9 part 4: health that checks the database, HTTP timeouts, security headers, no-store on tokens. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The same app over a database whose queries hang or fail. */
async function appOverBrokenDatabase(mode: 'hang' | 'fail') {
  const broken = new Proxy(t.db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return () =>
          mode === 'hang' ? new Promise(() => {}) : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      return Reflect.get(target, prop, receiver) as unknown;
    },
  }) as Database;
  const built = await buildApp({
    db: broken,
    dbKind: t.dbKind,
    config: { ...t.config, healthTimeoutMs: 300 },
    logger: false,
    serveWeb: false,
  });
  await built.app.ready();
  return built.app;
}

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.dbKind });
  });

  for (const mode of ['hang', 'fail'] as const) {
    it(`answers 503 within its short timeout when the database queries ${mode}`, async () => {
      const app = await appOverBrokenDatabase(mode);
      try {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toMatch(/database/);
        expect(res.headers['retry-after']).toBe('5');
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        await app.close();
      }
    });
  }
});

describe('security headers', () => {
  it('sends a Content-Security-Policy the client satisfies, and the other helmet headers, on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps Swagger UI at /api/docs working under the policy (its scripts and styles are files of the same origin)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // No inline script the policy would block: every <script> has a same-origin src.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\.\//);
      expect(body!.trim()).toBe('');
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('answers Cache-Control: no-store on /oauth/token, granted or refused', async () => {
    const user = await createUser(t.services, { role: 'user' });
    for (const password of [TEST_PASSWORD, 'wrong']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'password',
          username: user.username,
          password,
          client_id: 'keystone-web',
          client_secret: 'keystone-web-public',
        },
      });
      expect(res.statusCode).toBe(password === 'wrong' ? 401 : 200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers Cache-Control: no-store on every API answer: JSON, a CSV download, a refusal, an unknown path (issue 30)', async () => {
    const { token } = await createSignedInUser(t, { role: 'developer' });
    const answers = {
      'a JSON read': await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }),
      'a JSON list': await t.app.inject({ method: 'GET', url: '/api/locations', headers: bearer(token) }),
      'a streamed CSV': await t.app.inject({
        method: 'GET',
        url: '/api/reports/generic/price-list/csv',
        headers: bearer(token),
      }),
      'a 404': await t.app.inject({ method: 'GET', url: '/api/product/2147483647', headers: bearer(token) }),
      'a 400': await t.app.inject({ method: 'GET', url: '/api/product/x', headers: bearer(token) }),
      'a 401': await t.app.inject({ method: 'GET', url: '/api/user' }),
      'a path no route has': await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: bearer(token) }),
      'a public JSON answer': await t.app.inject({ method: 'GET', url: '/api/health' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).not.toBe(500);
      expect(res.headers['cache-control'], `${what}: ${res.statusCode}`).toBe('no-store');
    }
    expect(answers['a streamed CSV'].headers['content-type']).toContain('text/csv');
  });

  it("leaves the caching of what sets its own: the documentation's files, uploaded images", async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).not.toBe('no-store');
    const { remoteImageUrl } = await t.services.carousel.upload(
      renderBannerPng({ from: [10, 60, 120], to: [200, 220, 240] }),
    );
    const image = await t.app.inject({ method: 'GET', url: remoteImageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('HTTP timeouts', () => {
  it('sets the configured timeouts on the server', async () => {
    const built = await buildApp({
      db: t.db,
      dbKind: t.dbKind,
      config: {
        ...t.config,
        httpIdleTimeoutMs: 1234,
        httpKeepAliveTimeoutMs: 2345,
        httpHeadersTimeoutMs: 3456,
        httpRequestTimeoutMs: 4567,
      },
      logger: false,
      serveWeb: false,
    });
    try {
      await built.app.ready();
      expect(built.app.server.timeout).toBe(1234);
      expect(built.app.server.keepAliveTimeout).toBe(2345);
      expect(built.app.server.headersTimeout).toBe(3456);
      expect(built.app.server.requestTimeout).toBe(4567);
    } finally {
      await built.app.close();
    }
  });

  it('closes a socket that stays idle past the idle timeout', async () => {
    const built = await buildApp({
      db: t.db,
      dbKind: t.dbKind,
      config: { ...t.config, httpIdleTimeoutMs: 300 },
      logger: false,
      serveWeb: false,
    });
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = built.app.server.address() as net.AddressInfo;
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        socket.on('close', () => resolve(Date.now() - started));
        setTimeout(() => {
          socket.destroy();
          reject(new Error('the idle socket was still open after 5 s'));
        }, 5_000);
      });
      expect(closedAfter).toBeGreaterThanOrEqual(250);
      expect(closedAfter).toBeLessThan(3_000);
    } finally {
      await built.app.close();
    }
  });
});
