import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@keystone/contracts';
import { createSignedInUser, roleIdOf, type TestUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let developer: TestUser & { token: string };
let admin: TestUser & { token: string };
let member: TestUser & { token: string };

const roleOf = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/role', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as string;
};

const changeRole = (token: string, userId: number | string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/role/${userId}`, headers: bearer(token), payload: body as Record<string, unknown> });

beforeAll(async () => {
  t = await createTestApp();
  [developer, admin, member] = await Promise.all([
    createSignedInUser(t, { role: 'developer', email: 'dev@keystone.example' }),
    createSignedInUser(t, { role: 'admin' }),
    createSignedInUser(t, { role: 'warehouse-1' }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('role editor', () => {
  it('GET /api/role lists every role string once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/role', headers: bearer(developer.token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; role_name: string }[];
    expect(data.map((r) => r.role_name).sort()).toEqual([...ROLES].sort());
    expect(new Set(data.map((r) => r.id)).size).toBe(ROLES.length);
  });

  it('GET /api/user/all lists users with their roles, ordered by username', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/all', headers: bearer(developer.token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; username: string; email: string | null; role: string; role_id: number }[];
    expect(data).toContainEqual({ id: developer.id, username: developer.username, email: 'dev@keystone.example', role: 'developer', role_id: await roleIdOf(t.db, 'developer') });
    expect(data).toContainEqual(expect.objectContaining({ id: member.id, role: 'warehouse-1' }));
    const names = data.map((u) => u.username);
    expect(names).toEqual([...names].sort());
    // No password hashes leak.
    expect(res.body).not.toMatch(/argon2/);
  });

  it('PUT /api/role/{userId} changes the role; the user’s existing token answers the new role', async () => {
    expect(await roleOf(member.token)).toBe('warehouse-1');
    // As warehouse-1 the member cannot see purchase-order locations.
    expect((await t.app.inject({ method: 'GET', url: '/api/ims/canReceivePos', headers: bearer(member.token) })).statusCode).toBe(403);

    const newRoleID = await roleIdOf(t.db, 'warehouse-2');
    const res = await changeRole(developer.token, member.id, { newRoleID });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: member.id, username: member.username, email: null, role: 'warehouse-2', role_id: newRoleID });

    expect(await roleOf(member.token)).toBe('warehouse-2');
    // The new permissions apply at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/ims/canReceivePos', headers: bearer(member.token) })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(member.token) });
    expect(me.json()).toMatchObject({ role: 'warehouse-2', role_id: newRoleID });
  });

  it('accepts newRoleID as a numeric string (form-style input)', async () => {
    const newRoleID = await roleIdOf(t.db, 'sales-1');
    const res = await changeRole(developer.token, member.id, { newRoleID: String(newRoleID) });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(member.token)).toBe('sales-1');
  });

  it('answers an unknown role id with 422 and errors.newRoleID', async () => {
    const before = await roleOf(member.token);
    const res = await changeRole(developer.token, member.id, { newRoleID: 999_999 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', errors: { newRoleID: [expect.any(String)] } });
    expect(await roleOf(member.token)).toBe(before);
  });

  it('answers an unknown user with 404', async () => {
    const res = await changeRole(developer.token, 999_999, { newRoleID: await roleIdOf(t.db, 'user') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'user not found' });
  });

  it('answers an invalid newRoleID with 400 body.newRoleID', async () => {
    for (const newRoleID of ['admin', -3, 0, null]) {
      const res = await changeRole(developer.token, member.id, { newRoleID });
      expect(res.statusCode, String(newRoleID)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['body.newRoleID']);
    }
  });

  it('is refused to roles without role-editor:view, admin included', async () => {
    for (const caller of [admin, member]) {
      const res = await changeRole(caller.token, caller.id, { newRoleID: await roleIdOf(t.db, 'developer') });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('access denied');
    }
    expect(await roleOf(admin.token)).toBe('admin');
  });

  it('a developer who demotes itself loses the role editor at once', async () => {
    const other = await createSignedInUser(t, { role: 'developer' });
    const res = await changeRole(other.token, other.id, { newRoleID: await roleIdOf(t.db, 'admin') });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(other.token)).toBe('admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/role', headers: bearer(other.token) })).statusCode).toBe(403);
  });
});
