import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE_EDITOR_MESSAGES, ROLE_HEADER, ROLES } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
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
  t.app.inject({
    method: 'PUT',
    url: `/api/role/${userId}`,
    headers: bearer(token),
    payload: body as Record<string, unknown>,
  });

const changeCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from record_changes where entity = 'role'`))[0]!
    .n;

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
    const data = res.json().data as {
      id: number;
      username: string;
      email: string | null;
      role: string;
      role_id: number;
    }[];
    expect(data).toContainEqual({
      id: developer.id,
      username: developer.username,
      email: 'dev@keystone.example',
      role: 'developer',
      role_id: await roleIdOf(t.db, 'developer'),
    });
    expect(data).toContainEqual(expect.objectContaining({ id: member.id, role: 'warehouse-1' }));
    const names = data.map((u) => u.username);
    expect(names).toEqual([...names].sort());
    // No password hashes leak.
    expect(res.body).not.toMatch(/argon2/);
  });

  it('PUT /api/role/{userId} changes the role; the user’s existing token answers the new role', async () => {
    expect(await roleOf(member.token)).toBe('warehouse-1');
    // As warehouse-1 the member cannot see purchase-order locations.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ims/canReceivePos', headers: bearer(member.token) })).statusCode,
    ).toBe(403);

    const newRoleID = await roleIdOf(t.db, 'warehouse-2');
    const res = await changeRole(developer.token, member.id, { newRoleID });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: member.id,
      username: member.username,
      email: null,
      role: 'warehouse-2',
      role_id: newRoleID,
    });

    expect(await roleOf(member.token)).toBe('warehouse-2');
    // The new permissions apply at once.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ims/canReceivePos', headers: bearer(member.token) })).statusCode,
    ).toBe(200);
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
    expect(res.json()).toMatchObject({
      statusCode: 422,
      error: 'Unprocessable Entity',
      errors: { newRoleID: [expect.any(String)] },
    });
    expect(await roleOf(member.token)).toBe(before);
  });

  it('answers an unknown user with 404', async () => {
    const res = await changeRole(developer.token, 999_999, { newRoleID: await roleIdOf(t.db, 'user') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'user not found' });
  });

  it('answers an invalid newRoleID with 400 newRoleID', async () => {
    for (const newRoleID of ['admin', -3, 0, null]) {
      const res = await changeRole(developer.token, member.id, { newRoleID });
      expect(res.statusCode, String(newRoleID)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['newRoleID']);
    }
  });

  it('is refused to roles without role-editor:view, admin included', async () => {
    const changesBefore = await changeCount();
    for (const caller of [admin, member]) {
      for (const target of [caller.id, developer.id]) {
        const res = await changeRole(caller.token, target, { newRoleID: await roleIdOf(t.db, 'developer') });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('access denied');
      }
    }
    expect(await roleOf(admin.token)).toBe('admin');
    expect(await roleOf(developer.token)).toBe('developer');
    expect(await changeCount()).toBe(changesBefore);
  });

  it('refuses a change of one’s own role with 403 and a clear message, and records nothing', async () => {
    const other = await createSignedInUser(t, { role: 'developer' });
    const changesBefore = await changeCount();
    const res = await changeRole(other.token, other.id, { newRoleID: await roleIdOf(t.db, 'admin') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: ROLE_EDITOR_MESSAGES.ownRole });
    expect(await roleOf(other.token)).toBe('developer');
    expect(await changeCount()).toBe(changesBefore);
  });

  it('records every change (who, from, to, when in UTC) and answers them newest first', async () => {
    const subject = await createSignedInUser(t, { role: 'fulfillment-1' });
    const before = Date.now();
    await changeRole(developer.token, subject.id, { newRoleID: await roleIdOf(t.db, 'fulfillment-2') });
    await changeRole(developer.token, subject.id, { newRoleID: await roleIdOf(t.db, 'fulfillment-lead') });
    // Setting the role the user already has is not a change.
    await changeRole(developer.token, subject.id, { newRoleID: await roleIdOf(t.db, 'fulfillment-lead') });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/role/changes?userId=${subject.id}`,
      headers: bearer(developer.token),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { changed_at: string }[];
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      user_id: subject.id,
      username: subject.username,
      from_role: 'fulfillment-2',
      to_role: 'fulfillment-lead',
      changed_by_id: developer.id,
      changed_by: developer.username,
    });
    expect(data[1]).toMatchObject({ from_role: 'fulfillment-1', to_role: 'fulfillment-2' });
    for (const row of data) {
      expect(row.changed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(row.changed_at)).toBeGreaterThanOrEqual(before - 5_000);
      expect(Date.parse(row.changed_at)).toBeLessThanOrEqual(Date.now() + 5_000);
    }

    // Everyone's changes, limited.
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/role/changes?limit=1',
      headers: bearer(developer.token),
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(1);
    expect(all.json().data[0]).toMatchObject({ user_id: subject.id, to_role: 'fulfillment-lead' });
    const everyone = await t.app.inject({ method: 'GET', url: '/api/role/changes', headers: bearer(developer.token) });
    expect((everyone.json().data as { user_id: number }[]).some((c) => c.user_id === member.id)).toBe(true);
  });

  it('writes the record in the same transaction as the change: a failed record leaves the role as it was', async () => {
    const subject = await createSignedInUser(t, { role: 'sales-1' });
    const changesBefore = await changeCount();
    // A trigger refuses the record's insert; the role update before it in the transaction must roll back too.
    await t.db.execute(
      sql`create function refuse_role_change() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_role_change before insert on record_changes for each row when (new.entity = 'role') execute function refuse_role_change()`,
    );
    try {
      await expect(
        t.services.users.changeRole({ id: developer.id }, subject.id, await roleIdOf(t.db, 'finance-1')),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger refuse_role_change on record_changes`);
      await t.db.execute(sql`drop function refuse_role_change()`);
    }
    expect(await roleOf(subject.token)).toBe('sales-1');
    expect(await changeCount()).toBe(changesBefore);
  });

  it('GET /api/role/changes: 400 naming the field for a bad userId or limit; 403 without role-editor:view', async () => {
    for (const [query, field] of [
      ['userId=abc', 'userId'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['userId=-1', 'userId'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/role/changes?${query}`,
        headers: bearer(developer.token),
      });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    for (const caller of [admin, member]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/role/changes', headers: bearer(caller.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('access denied');
    }
  });

  it('an unknown user answers an empty list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/role/changes?userId=999999',
      headers: bearer(developer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('a demoted user’s next call is refused and its answer names the new role', async () => {
    const subject = await createSignedInUser(t, { role: 'developer' });
    expect((await t.app.inject({ method: 'GET', url: '/api/role', headers: bearer(subject.token) })).statusCode).toBe(
      200,
    );
    expect(
      (await changeRole(developer.token, subject.id, { newRoleID: await roleIdOf(t.db, 'admin') })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/role', headers: bearer(subject.token) });
    expect(res.statusCode).toBe(403);
    expect(res.headers[ROLE_HEADER]).toBe('admin');
  });
});
