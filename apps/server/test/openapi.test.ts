import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH, PRODUCT_NAME } from '@keystone/contracts';
import { createTestApp, type TestApp } from './harness.js';
import { routeKey } from './route-samples.js';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

let t: TestApp;
let doc: {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

afterAll(async () => {
  await t?.close();
});

const operationOf = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

it('documents the live event stream: its topics query, bearer security and error answers', () => {
  const op = operationOf('GET', LIVE_EVENTS_PATH)!;
  expect(op.parameters?.find((p) => p.in === 'query' && p.name === 'topics')?.required).toBe(true);
  expect(op.security).toEqual([{ bearerAuth: [] }]);
  expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '503']));
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3 with the product title and a bearer scheme', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe(`${PRODUCT_NAME} API`);
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('has every registered route, at its {param} path and method', () => {
    expect(t.routes.length).toBeGreaterThan(0);
    const missing = t.routes.filter((r) => !operationOf(r.method, r.path)).map(routeKey);
    expect(missing).toEqual([]);
    for (const r of t.routes) expect(operationOf(r.method, r.path)!.summary, routeKey(r)).toBe(r.summary);
  });

  it('documents nothing that is not a registered route', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    // Besides the contract routes: the live event stream, a stream rather than a JSON route (modules/live).
    expect(documented.sort()).toEqual([...t.routes.map(routeKey), `GET ${LIVE_EVENTS_PATH}`].sort());
    expect(Object.keys(doc.paths).some((p) => p.includes(':'))).toBe(false);
  });

  it('marks exactly the non-public routes as needing the bearer token, with 401 and 403 answers', () => {
    for (const r of t.routes) {
      const op = operationOf(r.method, r.path)!;
      if (r.access === 'public') {
        expect(op.security, routeKey(r)).toBeUndefined();
      } else {
        expect(op.security, routeKey(r)).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op.responses), routeKey(r)).toEqual(expect.arrayContaining(['401', '403']));
      }
      expect(Object.keys(op.responses), routeKey(r)).toContain('400');
    }
  });

  it('documents the path parameters, query keys and request bodies of each route', () => {
    for (const r of t.routes) {
      const op = operationOf(r.method, r.path)!;
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParams.sort(), routeKey(r)).toEqual(names.sort());
      if (r.query) {
        const queryKeys = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const shape = Object.keys((r.query as unknown as { shape: Record<string, unknown> }).shape);
        expect(queryKeys.sort(), routeKey(r)).toEqual(shape.sort());
      }
      if (r.body) expect(op.requestBody?.content['application/json'], routeKey(r)).toBeDefined();
      else if (!r.upload) expect(op.requestBody, routeKey(r)).toBeUndefined();
    }
  });

  it('documents an upload as multipart/form-data with its file field, and its 413 and 415', () => {
    const uploads = t.routes.filter((r) => r.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const r of uploads) {
      const op = operationOf(r.method, r.path)!;
      expect(Object.keys(op.requestBody?.content ?? {}), routeKey(r)).toEqual(['multipart/form-data']);
      const schema = (
        op.requestBody!.content['multipart/form-data'] as {
          schema: { properties: Record<string, { type: string; format: string }> };
        }
      ).schema;
      expect(schema.properties[r.upload!.field], routeKey(r)).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(op.responses), routeKey(r)).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('documents a download as a binary file in each content type its contract declares', () => {
    const downloads = t.routes.filter((r) => r.download);
    expect(downloads.length).toBeGreaterThanOrEqual(14);
    for (const r of downloads) {
      const ok = operationOf(r.method, r.path)!.responses[String(r.status ?? 200)] as {
        content: Record<string, { schema: { format?: string } }>;
      };
      expect(Object.keys(ok.content), routeKey(r)).toEqual([...r.download!.contentTypes]);
      for (const type of r.download!.contentTypes)
        expect(ok.content[type]!.schema.format, `${routeKey(r)} ${type}`).toBe('binary');
    }
  });
});

describe('GET /api/docs', () => {
  it('answers the Swagger UI page with 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});
