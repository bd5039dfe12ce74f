import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, PERMISSIONS, ROLE_PERMISSIONS, ROLES, type ApiRouteDef, type TRole } from '@keystone/contracts';
import { createUserPerRole, type TestUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { buildAllSamples, invalidSample, requestFor, routeKey, type RouteSample } from './route-samples.js';

let t: TestApp;
let users: Map<TRole, TestUser & { token: string }>;
let samples: Record<string, RouteSample>;

/** Calls that change the caller's own session; checked in auth.test.ts rather than once per role here. */
const SESSION_ENDING = new Set(['POST /api/auth/logout']);

const isPublic = (r: ApiRouteDef) => r.access === 'public';
const allowed = (role: TRole, r: ApiRouteDef) =>
  r.access === 'public' || r.access === 'authenticated' || [r.access].flat().some((p) => hasPermission(role, p));
const sampleOf = (r: ApiRouteDef): RouteSample => {
  const sample = samples[routeKey(r)];
  if (!sample) throw new Error(`no sample request for ${routeKey(r)} in route-samples.ts`);
  return sample;
};

beforeAll(async () => {
  t = await createTestApp();
  samples = await buildAllSamples(t);
  users = await createUserPerRole(t);
});

afterAll(async () => {
  await t?.close();
});

describe('route table', () => {
  it('registers routes of every kind of access, and every permission a route names is in the catalogue', () => {
    expect(t.routes.length).toBeGreaterThanOrEqual(20);
    expect(t.routes.some(isPublic)).toBe(true);
    expect(t.routes.some((r) => r.access === 'authenticated')).toBe(true);
    for (const r of t.routes) {
      if (r.access !== 'public' && r.access !== 'authenticated')
        for (const p of [r.access].flat()) expect(PERMISSIONS, routeKey(r)).toContain(p);
    }
  });

  it('has a valid sample request for every registered route (and no stale ones)', () => {
    const keys = t.routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(samples).sort()).toEqual([...keys].sort());
    for (const r of t.routes) {
      const s = sampleOf(r);
      if (r.params) expect(r.params.safeParse(s.params).success, `${routeKey(r)} params`).toBe(true);
      if (r.query) expect(r.query.safeParse(s.query ?? {}).success, `${routeKey(r)} query`).toBe(true);
      if (r.body) expect(r.body.safeParse(s.body).success, `${routeKey(r)} body`).toBe(true);
    }
  });
});

describe('without a token', () => {
  it('every non-public route answers 401', async () => {
    const guarded = t.routes.filter((r) => !isPublic(r));
    expect(guarded.length).toBeGreaterThan(10);
    for (const r of guarded) {
      const res = await t.app.inject(requestFor(r, sampleOf(r)));
      expect(res.statusCode, routeKey(r)).toBe(401);
      expect(res.json(), routeKey(r)).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'authentication required',
      });
    }
  });

  it('every non-public route answers 401 to an unknown token', async () => {
    for (const r of t.routes.filter((x) => !isPublic(x))) {
      const res = await t.app.inject(requestFor(r, sampleOf(r), 'not-a-real-token'));
      expect(res.statusCode, routeKey(r)).toBe(401);
    }
  });

  it('every non-public route answers 401 before validating the input', async () => {
    const withInput = t.routes.filter((r) => !isPublic(r) && (r.params || r.query || r.body));
    expect(withInput.length).toBeGreaterThan(0);
    for (const r of withInput) {
      const res = await t.app.inject(requestFor(r, invalidSample(r)));
      expect(res.statusCode, routeKey(r)).toBe(401);
    }
  });

  it('public routes answer without a token, and ignore an unknown one', async () => {
    const health = t.routes.find((r) => r.path === '/api/health')!;
    expect((await t.app.inject(requestFor(health, {}))).statusCode).toBe(200);
    expect((await t.app.inject(requestFor(health, {}, 'not-a-real-token'))).statusCode).toBe(200);
  });
});

describe.each(ROLES.map((role) => [role] as const))('role %s', (role) => {
  it('is refused with 403 "access denied" on every route whose permission it lacks', async () => {
    const { token } = users.get(role)!;
    const forbidden = t.routes.filter((r) => !allowed(role, r));
    if (role === 'developer') {
      // The super user holds the whole catalogue.
      expect(ROLE_PERMISSIONS.developer).toEqual(expect.arrayContaining([...PERMISSIONS]));
      expect(forbidden).toEqual([]);
    } else {
      expect(forbidden.length, 'a role other than developer lacks at least role-editor:view').toBeGreaterThan(0);
    }
    for (const r of forbidden) {
      const res = await t.app.inject(requestFor(r, sampleOf(r), token));
      expect(res.statusCode, routeKey(r)).toBe(403);
      expect(res.json(), routeKey(r)).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'access denied' });
    }
    // Refused before validation: an invalid request gets 403 too, not 400.
    for (const r of forbidden.filter((x) => x.body || x.query || x.params)) {
      const res = await t.app.inject(requestFor(r, invalidSample(r), token));
      expect(res.statusCode, `${routeKey(r)} invalid input`).toBe(403);
    }
  });

  it('passes the permission check on every guarded route it holds', async () => {
    const { token } = users.get(role)!;
    const held = t.routes.filter((r) => !isPublic(r) && allowed(role, r) && !SESSION_ENDING.has(routeKey(r)));
    // Every role holds the base set: at least the boards:view and signed-in routes.
    expect(held.some((r) => r.access === 'boards:view' && r.method === 'GET')).toBe(true);
    for (const r of held) {
      const sample = sampleOf(r);
      const res = await t.app.inject(requestFor(r, sample.fresh ? await sample.fresh(token) : sample, token));
      // The backup passes the check, then refuses: a test app has no data folder to copy (an in-memory PGlite, or
      // PostgreSQL). The copy itself: src/cli/backup-restore.test.ts.
      const noCopy = routeKey(r) === 'GET /api/admin/backup';
      expect(res.statusCode, `${routeKey(r)}: ${res.body}`).toBe(noCopy ? 409 : (r.status ?? 200));
    }
    // The role endpoint answers this role.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/role',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toBe(role);
  });
});

describe('role-specific spot checks (000 §6)', () => {
  const cases: [TRole, string, number][] = [
    ['user', 'GET /api/brand/all', 200],
    ['user', 'GET /api/buckets', 403],
    ['warehouse-1', 'GET /api/buckets', 200],
    ['warehouse-1', 'GET /api/ims/canReceivePos', 403],
    ['warehouse-2', 'GET /api/ims/canReceivePos', 200],
    ['customer-service-3', 'GET /api/ims/canReceivePos', 403],
    ['customer-service-lead', 'GET /api/ims/canReceivePos', 200],
    ['admin', 'GET /api/user/all', 403],
    ['admin', 'GET /api/role', 403],
    ['developer', 'GET /api/user/all', 200],
    ['developer', 'GET /api/role', 200],
  ];
  it.each(cases)('%s on %s answers %i', async (role, key, status) => {
    const r = t.routes.find((x) => routeKey(x) === key)!;
    expect(r).toBeDefined();
    const res = await t.app.inject(requestFor(r, sampleOf(r), users.get(role)!.token));
    expect(res.statusCode).toBe(status);
  });
});
