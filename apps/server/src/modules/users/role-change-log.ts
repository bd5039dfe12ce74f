import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { recordChanges, users } from '../../db/schema.js';

const subject = alias(users, 'role_change_user');
const changer = alias(users, 'role_change_by');

/**
 * The role editor's changes, one row each, read from record_changes (docs/decisions.md, "Record history of contacts,
 * bins, shipping rules and roles"): `changeRole` writes field `user <username>` on the role left and on the role
 * joined; a change is its row on the role joined (record_id = after). The per-user list and the Role Changes report
 * both select from this subquery (its one source: drizzle names its columns unqualified).
 */
export const roleChangeLog = new QueryBuilder()
  .select({
    id: sql<number>`${recordChanges.id}`.mapWith(Number).as('id'),
    userId: sql<number>`${subject.id}`.mapWith(Number).as('user_id'),
    username: sql<string>`${subject.username}`.as('username'),
    fromRole: sql<string>`${recordChanges.before}::jsonb #>> '{}'`.as('from_role'),
    toRole: sql<string>`${recordChanges.recordId}`.as('to_role'),
    changedById: sql<number | null>`${recordChanges.userId}`.as('changed_by_id'),
    changedBy: sql<string | null>`${changer.username}`.as('changed_by'),
    changedAt: sql<Date>`${recordChanges.at}`.mapWith(recordChanges.at).as('changed_at'),
  })
  .from(recordChanges)
  .innerJoin(subject, eq(recordChanges.field, sql`'user ' || ${subject.username}`))
  .leftJoin(changer, eq(changer.id, recordChanges.userId))
  .where(
    and(
      eq(recordChanges.entity, 'role'),
      isNull(recordChanges.note),
      eq(recordChanges.recordId, sql`${recordChanges.after}::jsonb #>> '{}'`),
    ),
  )
  .as('role_change_log');
