import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database.js';
import { createSignedInUser, createUser, roleIdOf, type TestUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

// Migration 0052 on data as it stood before it: role_changes beside record_changes (written together since 0048).
const MIGRATION = readFileSync(new URL('../drizzle/0052_role-changes-into-history.sql', import.meta.url), 'utf8');

let t: TestApp;
let developer: TestUser & { token: string };

beforeAll(async () => {
  t = await createTestApp();
  developer = await createSignedInUser(t, { role: 'developer' });
});
afterAll(async () => t?.close());

const roleRows = (role: string) =>
  queryRows<{
    user_id: number | null;
    at: Date | string;
    field: string | null;
    before: string | null;
    after: string | null;
    note: string | null;
  }>(
    t.db,
    sql`select user_id, at, field, before, after, note from record_changes where entity = 'role' and record_id = ${role} order by id`,
  );

describe('migration 0052: role_changes into record_changes', () => {
  it('moves each old change into two rows, keeps notes, drops the duplicates, and the per-user list answers them all', async () => {
    await t.db.execute(sql`create table role_changes (
      id serial primary key, user_id integer not null references users(id) on delete cascade, from_role text not null,
      to_role text not null, changed_by_id integer references users(id) on delete set null,
      changed_at timestamp with time zone default now() not null)`);
    const subject = await createUser(t.services, { role: 'purchasing-2' });
    const editor = await createUser(t.services, { role: 'developer' });
    // Two changes from before 0048: only in role_changes.
    await t.db.execute(sql`insert into role_changes (user_id, from_role, to_role, changed_by_id, changed_at) values
      (${subject.id}, 'user', 'purchasing-1', ${editor.id}, '2020-01-01T10:00:00Z'),
      (${subject.id}, 'purchasing-1', 'purchasing-2', null, '2020-02-01T10:00:00Z')`);
    // One from after 0048: written by the service into record_changes, and into role_changes beside it.
    await t.services.users.changeRole({ id: editor.id }, subject.id, await roleIdOf(t.db, 'purchasing-1'));
    const [written] = await queryRows<{ at: Date | string }>(
      t.db,
      sql`select max(at) as at from record_changes where entity = 'role'`,
    );
    await t.db.execute(sql`insert into role_changes (user_id, from_role, to_role, changed_by_id, changed_at)
      values (${subject.id}, 'purchasing-2', 'purchasing-1', ${editor.id}, ${new Date(written!.at).toISOString()})`);
    // A note taken on a role between the old changes.
    await t.db.execute(sql`insert into record_changes (entity, record_id, user_id, at, note)
      values ('role', 'purchasing-1', ${editor.id}, '2020-01-15T00:00:00Z', 'checked')`);

    for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const tables = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from information_schema.tables where table_name = 'role_changes'`,
    );
    expect(tables[0]!.n).toBe(0);
    const user = `user ${subject.username}`;
    // purchasing-1's history in time order: joined (Jan), the note, left (Feb), joined again (now); no duplicate.
    expect((await roleRows('purchasing-1')).map((r) => [r.field, r.before, r.after, r.note, r.user_id])).toEqual([
      [user, '"user"', '"purchasing-1"', null, editor.id],
      [null, null, null, 'checked', editor.id],
      [user, '"purchasing-1"', '"purchasing-2"', null, null],
      [user, '"purchasing-2"', '"purchasing-1"', null, editor.id],
    ]);
    expect((await roleRows('user')).map((r) => [r.field, r.after])).toEqual([[user, '"purchasing-1"']]);
    expect((await roleRows('purchasing-2')).map((r) => [r.before, r.after])).toEqual([
      ['"purchasing-1"', '"purchasing-2"'],
      ['"purchasing-2"', '"purchasing-1"'],
    ]);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/role/changes?userId=${subject.id}`,
      headers: bearer(developer.token),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, unknown>[];
    expect(data.map((c) => [c.username, c.from_role, c.to_role, c.changed_by])).toEqual([
      [subject.username, 'purchasing-2', 'purchasing-1', editor.username],
      [subject.username, 'purchasing-1', 'purchasing-2', null],
      [subject.username, 'user', 'purchasing-1', editor.username],
    ]);
    expect(data.slice(1).map((c) => c.changed_at)).toEqual(['2020-02-01T10:00:00.000Z', '2020-01-01T10:00:00.000Z']);
  });
});
