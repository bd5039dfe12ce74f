import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiRouteDef } from '@keystone/contracts';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { buildAllSamples, requestFor, routeKey, type RouteSample } from './route-samples.js';

/**
 * Bad input on every route: whatever a route takes (path parameters, query, body), invalid values answer
 * 400 with `errors` naming exactly the fields zod rejects, never a 500. Calls are made as the developer,
 * who holds every permission, so validation is what answers.
 */
type Context = 'params' | 'query' | 'body';

let t: TestApp;
let token: string;
let samples: Record<string, RouteSample>;

beforeAll(async () => {
  t = await createTestApp();
  samples = await buildAllSamples(t);
  token = (await createSignedInUser(t, { role: 'developer' })).token;
});

afterAll(async () => {
  await t?.close();
});

const sampleOf = (r: ApiRouteDef) => {
  const s = samples[routeKey(r)];
  if (!s) throw new Error(`no sample for ${routeKey(r)}`);
  return s;
};

function shapeKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('expected an object schema');
  return Object.keys(shape);
}

/**
 * The error keys the server should answer for this input: zod's own issue paths without the context (`items.0.upc`,
 * as a service's 422 names a field), or the context itself (`body`) for an issue with the whole of it.
 */
function expectedKeys(context: Context, schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success)
    throw new Error(`${context} input ${JSON.stringify(input)} is valid; the test needs an invalid one`);
  return [...new Set(result.error.issues.map((i) => (i.path.length ? i.path.join('.') : context)))].sort();
}

function expectValidationError(res: LightMyRequestResponse, keys: string[], what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const body = res.json();
  expect(body, what).toMatchObject({
    statusCode: 400,
    error: 'Bad Request',
    message: expect.stringMatching(/^Invalid request: /),
  });
  expect(Object.keys(body.errors ?? {}).sort(), what).toEqual(keys);
  for (const key of keys) {
    expect(body.errors[key].length, `${what} ${key}`).toBeGreaterThan(0);
    for (const message of body.errors[key]) expect(message, `${what} ${key}`).toEqual(expect.any(String));
  }
}

// ' ': blank once trimmed, the one value a free-text path parameter (a tracking number) refuses.
const BAD_PARAMS = ['abc', '-1', '0', '1.5', '9999999999999999999999', ' '];
const BAD_QUERY = ['', 'x'.repeat(300)];
const BAD_BODY: unknown[] = [null, 12345, 'x'.repeat(5000), { nested: true }, [1]];

describe('bad input on every route', () => {
  it('every path parameter rejects non-ids with 400 <name>', async () => {
    let checked = 0;
    for (const r of t.routes.filter((x) => x.params)) {
      const valid = sampleOf(r);
      for (const name of shapeKeys(r.params!)) {
        // Most path parameters are ids; a code or flag (the tax map's `/0`) is valid for some of these values.
        const candidates = BAD_PARAMS.filter((v) => !r.params!.safeParse({ ...valid.params, [name]: v }).success);
        expect(candidates.length, `${routeKey(r)} params.${name} has no invalid candidate`).toBeGreaterThan(0);
        for (const value of candidates) {
          const params = { ...valid.params, [name]: value };
          const res = await t.app.inject(requestFor(r, { ...valid, params }, token));
          expectValidationError(res, expectedKeys('params', r.params!, params), `${routeKey(r)} ${name}=${value}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2 * BAD_PARAMS.length);
  });

  it('every query answers 400 naming each missing required key', async () => {
    let checked = 0;
    for (const r of t.routes.filter((x) => x.query)) {
      const valid = sampleOf(r);
      if (r.query!.safeParse({}).success) continue;
      const res = await t.app.inject(requestFor(r, { ...valid, query: undefined }, token));
      const keys = expectedKeys('query', r.query!, {});
      expect(keys.length).toBeGreaterThan(0);
      expectValidationError(res, keys, `${routeKey(r)} without query`);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('every query key rejects an invalid value with 400 <key>', async () => {
    let checked = 0;
    for (const r of t.routes.filter((x) => x.query)) {
      const valid = sampleOf(r);
      for (const key of shapeKeys(r.query!)) {
        const candidates = BAD_QUERY.filter((v) => !r.query!.safeParse({ ...valid.query, [key]: v }).success);
        expect(candidates.length, `${routeKey(r)} query.${key} has no invalid candidate`).toBeGreaterThan(0);
        for (const value of candidates) {
          const query = { ...valid.query, [key]: value };
          // toQueryString drops empty values: build the URL by hand so `key=` is sent.
          const url = `${requestFor(r, { ...valid, query: undefined }).url}?${new URLSearchParams(query as Record<string, string>).toString()}`;
          const res = await t.app.inject({ ...requestFor(r, valid, token), url });
          expectValidationError(
            res,
            expectedKeys('query', r.query!, query),
            `${routeKey(r)} ${key}=${value.slice(0, 20)}`,
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('every query key given twice answers 400 <key>, not 500', async () => {
    let checked = 0;
    for (const r of t.routes.filter((x) => x.query)) {
      const valid = sampleOf(r);
      for (const key of shapeKeys(r.query!)) {
        const value = String((valid.query ?? {})[key] ?? 'abc');
        // A list parameter (002 §7 `?{key}s[]={id}`) is repeated by design: given twice it is two values.
        const field = (r.query as unknown as { shape: Record<string, z.ZodType> }).shape[key]!;
        if (field.safeParse([value, value]).success) continue;
        const search = new URLSearchParams(valid.query as Record<string, string>);
        search.set(key, value);
        search.append(key, value);
        const url = `${requestFor(r, { ...valid, query: undefined }).url}?${search.toString()}`;
        const res = await t.app.inject({ ...requestFor(r, valid, token), url });
        expectValidationError(res, [key], `${routeKey(r)} ${key} twice`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('every body answers {} with 400 naming each required field', async () => {
    let checked = 0;
    // Bodies with no required field ({} is valid) are left to their services, which answer the spec's 422 messages.
    for (const r of t.routes.filter((x) => x.body && !x.body.safeParse({}).success)) {
      const valid = sampleOf(r);
      const res = await t.app.inject(requestFor(r, { ...valid, body: {} }, token));
      const keys = expectedKeys('body', r.body!, {});
      expectValidationError(res, keys, `${routeKey(r)} body {}`);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('every body field rejects values of the wrong type with 400 <field>', async () => {
    let checked = 0;
    for (const r of t.routes.filter((x) => x.body)) {
      const valid = sampleOf(r);
      for (const key of shapeKeys(r.body!)) {
        const value = BAD_BODY.find((v) => !r.body!.safeParse({ ...(valid.body as object), [key]: v }).success);
        expect(value, `${routeKey(r)} body.${key} has no invalid candidate`).not.toBeUndefined();
        const body = { ...(valid.body as object), [key]: value };
        const res = await t.app.inject(requestFor(r, { ...valid, body }, token));
        expectValidationError(res, [key], `${routeKey(r)} ${key}=${JSON.stringify(value).slice(0, 20)}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('every body rejects a JSON value that is not an object with 400 naming body', async () => {
    for (const r of t.routes.filter((x) => x.body)) {
      const valid = sampleOf(r);
      for (const payload of ['[]', '"text"', '42', 'null']) {
        const res = await t.app.inject({
          ...requestFor(r, valid, token),
          payload,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });
        expectValidationError(res, ['body'], `${routeKey(r)} body ${payload}`);
      }
    }
  });

  it('every body route answers a request with no body with 400', async () => {
    for (const r of t.routes.filter((x) => x.body)) {
      const valid = sampleOf(r);
      const res = await t.app.inject(requestFor(r, { ...valid, body: undefined }, token));
      expectValidationError(res, ['body'], `${routeKey(r)} without body`);
    }
  });

  it('malformed JSON answers 400, not 500, on every POST/PUT route', async () => {
    const writes = t.routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(5);
    for (const r of writes) {
      for (const payload of ['{"username": "alice"', '{bad json}', '{"a":1}}']) {
        const res = await t.app.inject({
          ...requestFor(r, sampleOf(r), token),
          payload,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${routeKey(r)} ${payload}`).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
      }
    }
  });

  it('an unsupported content type answers 415, not 500', async () => {
    for (const r of t.routes.filter((x) => x.body)) {
      const res = await t.app.inject({
        ...requestFor(r, sampleOf(r), token),
        payload: '<xml/>',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
      });
      expect(res.statusCode, routeKey(r)).toBe(415);
      expect(res.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    }
  });

  it('an unknown API path answers 404 JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing?x=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('the valid samples themselves succeed (the invalid variants above are the only difference)', async () => {
    for (const r of t.routes.filter((x) => (x.params || x.query || x.body) && x.access !== 'public')) {
      const sample = sampleOf(r);
      const res = await t.app.inject(requestFor(r, sample.fresh ? await sample.fresh(token) : sample, token));
      expect(res.statusCode, `${routeKey(r)}: ${res.body}`).toBe(r.status ?? 200);
    }
  });
});
