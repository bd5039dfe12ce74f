import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TSavedViewState } from '@keystone/contracts';
import { users } from './users.js';

/**
 * A person's saved views of a list (docs/decisions.md, "Saved views"): its filters, sort and columns as validated
 * JSON, under a name unique per person and list regardless of case, and at most one default per person and list.
 * The name index also serves the reads of one person's list.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<TSavedViewState>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_name_unique').on(t.userId, t.listKey, sql`lower(${t.name})`),
    uniqueIndex('saved_views_one_default')
      .on(t.userId, t.listKey)
      .where(sql`${t.isDefault}`),
  ],
);
