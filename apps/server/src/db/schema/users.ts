import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
