import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: text('role_name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /** Unique regardless of case: sign-in by e-mail matches case-insensitively. */
    email: text('email'),
    passwordHash: text('password_hash'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/**
 * Every change of a user's role through the role editor (docs/decisions.md, "Tax map and role editor"), written in the same transaction as the change.
 * The roles are kept as their strings (what the user was and became), the time in UTC.
 */
export const roleChanges = pgTable(
  'role_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromRole: text('from_role').notNull(),
    toRole: text('to_role').notNull(),
    /** Null for a change made by the system (the demo loader). */
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('role_changes_user_changed_idx').on(t.userId, t.changedAt, t.id),
    index('role_changes_changed_idx').on(t.changedAt, t.id),
  ],
);
