import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripWedgeAffixes } from '@keystone/contracts';
import { createLocation, createSignedInUser, type TestUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: TestUser & { token: string };
let warehouse: TestUser & { token: string };
let location: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, warehouse] = await Promise.all([
    createSignedInUser(t, { role: 'admin' }),
    createSignedInUser(t, { role: 'warehouse-1' }),
  ]);
  location = 'WEDGE1';
  await createLocation(t.services, location);
});

afterAll(async () => {
  await t?.close();
});

const put = (code: string, body: unknown, token: string) =>
  t.app.inject({ method: 'PUT', url: `/api/scan-settings/${code}`, headers: bearer(token), payload: body as object });
const list = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/scan-settings', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { location_code: string; wedge_prefix: string; wedge_suffix: string; updated_by: string }[];
};

describe('scan settings (a site’s wedge prefix and suffix)', () => {
  it('none until saved; saved by a holder of bucket:create, read by any signed-in user, saved again in place', async () => {
    expect((await list(warehouse.token)).find((s) => s.location_code === location)).toBeUndefined();
    const saved = await put(location, { wedge_prefix: ']C1', wedge_suffix: '#' }, admin.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ location_code: location, wedge_prefix: ']C1', wedge_suffix: '#' });
    expect((await list(warehouse.token)).filter((s) => s.location_code === location)).toEqual([
      expect.objectContaining({ wedge_prefix: ']C1', wedge_suffix: '#', updated_by: admin.username }),
    ]);
    expect((await put(location, { wedge_prefix: '', wedge_suffix: '$' }, admin.token)).json()).toMatchObject({
      wedge_prefix: '',
      wedge_suffix: '$',
    });
    expect((await list(warehouse.token)).filter((s) => s.location_code === location)).toHaveLength(1);
  });

  it('refuses a role without bucket:create, an unknown site, Enter or Tab in an affix, and one over 16 characters', async () => {
    expect((await put(location, { wedge_prefix: '', wedge_suffix: '' }, warehouse.token)).statusCode).toBe(403);
    const unknown = await put('NOPE99', { wedge_prefix: '', wedge_suffix: '' }, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Location NOPE99 does not exist');
    const tab = await put(location, { wedge_prefix: '\t', wedge_suffix: '' }, admin.token);
    expect(tab.statusCode).toBe(400);
    expect(tab.json().errors.wedge_prefix).toEqual(['cannot hold Enter or Tab: the scanner ends a code with them']);
    const long = await put(location, { wedge_prefix: '', wedge_suffix: 'x'.repeat(17) }, admin.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.wedge_suffix).toEqual(['at most 16 characters']);
  });
});

describe('stripWedgeAffixes', () => {
  it('removes the prefix and the suffix where they are, and nothing else', () => {
    const site = { prefix: ']C1', suffix: '#' };
    expect(stripWedgeAffixes(']C1012345678905#', site)).toBe('012345678905');
    expect(stripWedgeAffixes('012345678905', site)).toBe('012345678905');
    expect(stripWedgeAffixes(']C1SN#1', site)).toBe('SN#1');
    expect(stripWedgeAffixes('A]C1B', site)).toBe('A]C1B');
    expect(stripWedgeAffixes(']C1X', null)).toBe(']C1X');
  });
});
