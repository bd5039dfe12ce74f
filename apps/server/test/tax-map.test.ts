import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLATFORMS, ROLE_HEADER, US_STATES } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { createSignedInUser, type TestUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let developer: TestUser & { token: string };
let admin: TestUser & { token: string };

type Cell = {
  state_code: string;
  platform_code: string;
  collectAndRemitTax: number;
  updated_at: string | null;
  updated_by: string | null;
};

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const put = (path: string, token: string) =>
  t.app.inject({ method: 'PUT', url: `/api/platformStateTaxMap/${path}`, headers: bearer(token) });
const cellOf = async (platform: string, state: string) => {
  const res = await get('/api/platformStateTaxMap/all', developer.token);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Cell[]).find((c) => c.platform_code === platform && c.state_code === state)!;
};
const savedRows = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from platform_state_tax_map`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  [developer, admin] = await Promise.all([
    createSignedInUser(t, { role: 'developer' }),
    createSignedInUser(t, { role: 'admin' }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('tax map lists', () => {
  it('GET /api/states/all answers the 50 states in order, to any signed-in user', async () => {
    const res = await get('/api/states/all', admin.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { state_code: string; state_name: string }[];
    expect(data).toHaveLength(50);
    expect(data[0]).toEqual({ state_code: 'AL', state_name: 'Alabama' });
    expect(data.map((s) => s.state_code)).toEqual(US_STATES.map((s) => s.code));
  });

  it('GET /api/platforms/all answers the platforms, to any signed-in user', async () => {
    const res = await get('/api/platforms/all', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: PLATFORMS.map((p) => ({ platform_code: p.platform_code, platform_name: p.platform_name })),
    });
  });

  it('GET /api/platformStateTaxMap/all answers every state × platform cell, unsaved cells at 0', async () => {
    const res = await get('/api/platformStateTaxMap/all', developer.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Cell[];
    expect(data).toHaveLength(50 * PLATFORMS.length);
    expect(new Set(data.map((c) => `${c.platform_code}/${c.state_code}`)).size).toBe(data.length);
    expect(data[0]).toEqual({
      state_code: 'AL',
      platform_code: PLATFORMS[0].platform_code,
      collectAndRemitTax: 0,
      updated_at: null,
      updated_by: null,
    });
  });
});

describe('PUT /api/platformStateTaxMap/{platform_code}/{state_code}/{collectAndRemitTax}', () => {
  it('turns a cell on and off; who and when are recorded', async () => {
    const before = Date.now();
    const on = await put('walmart/NV/1', developer.token);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      state_code: 'NV',
      platform_code: 'walmart',
      collectAndRemitTax: 1,
      updated_by: developer.username,
    });
    expect(on.json().updated_at).toMatch(/Z$/);
    expect(Date.parse(on.json().updated_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(await cellOf('walmart', 'NV')).toMatchObject({ collectAndRemitTax: 1, updated_by: developer.username });
    // Neighbours are untouched.
    expect((await cellOf('walts', 'NV')).collectAndRemitTax).toBe(0);
    expect((await cellOf('walmart', 'NM')).collectAndRemitTax).toBe(0);

    const off = await put('walmart/NV/0', developer.token);
    expect(off.statusCode).toBe(200);
    expect(off.json().collectAndRemitTax).toBe(0);
    expect((await cellOf('walmart', 'NV')).collectAndRemitTax).toBe(0);
  });

  it('saves any non-zero value as 1', async () => {
    for (const value of ['7', '-1', '2147483647']) {
      await put('amazon/OR/0', developer.token);
      const res = await put(`amazon/OR/${value}`, developer.token);
      expect(res.statusCode, value).toBe(200);
      expect(res.json().collectAndRemitTax, value).toBe(1);
    }
    expect((await cellOf('amazon', 'OR')).collectAndRemitTax).toBe(1);
  });

  it('answers 400 naming the field for an unknown platform, state or value, and changes nothing', async () => {
    const rows = await savedRows();
    const cases: [string, string][] = [
      ['ebay/KY/1', 'platform_code'],
      ['amazon/ZZ/1', 'state_code'],
      ['amazon/ky/1', 'state_code'],
      ['amazon/KY/yes', 'collectAndRemitTax'],
      ['amazon/KY/1.5', 'collectAndRemitTax'],
      ['amazon/KY/99999999999', 'collectAndRemitTax'],
    ];
    for (const [path, field] of cases) {
      const res = await put(path, developer.token);
      expect(res.statusCode, path).toBe(400);
      expect(Object.keys(res.json().errors), path).toEqual([field]);
    }
    const both = await put('ebay/ZZ/1', developer.token);
    expect(Object.keys(both.json().errors).sort()).toEqual(['platform_code', 'state_code']);
    expect(both.json().errors.platform_code).toEqual(['unknown platform code']);
    expect(await savedRows()).toBe(rows);
  });

  it('the service refuses unknown codes with 422 naming the fields (callers other than the route)', async () => {
    await expect(t.services.taxMap.set('ebay', 'ZZ', 1, null)).rejects.toMatchObject({
      statusCode: 422,
      errors: { platform_code: [expect.any(String)], state_code: [expect.any(String)] },
    });
  });

  it('is refused (403) without dev-route:view, before validation, and changes nothing', async () => {
    const rows = await savedRows();
    for (const path of ['walts/TX/1', 'nope/ZZ/x']) {
      const res = await put(path, admin.token);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe('access denied');
    }
    expect((await get('/api/platformStateTaxMap/all', admin.token)).statusCode).toBe(403);
    expect(await savedRows()).toBe(rows);
    expect((await cellOf('walts', 'TX')).collectAndRemitTax).toBe(0);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/platformStateTaxMap/walts/TX/1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/states/all' })).statusCode).toBe(401);
  });

  it('every signed-in answer carries the caller’s role (a refusal too)', async () => {
    expect((await get('/api/states/all', admin.token)).headers[ROLE_HEADER]).toBe('admin');
    expect((await put('walts/TX/1', admin.token)).headers[ROLE_HEADER]).toBe('admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/states/all' })).headers[ROLE_HEADER]).toBeUndefined();
  });
});
