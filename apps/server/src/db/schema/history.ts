import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Who changed what (docs/decisions.md, "Who changed what"): one row per changed field of a record (field, before and after as JSON text) or one note
 * (field null, note set), written by the history module in the changing service's own transaction.
 */
export const recordChanges = pgTable(
  'record_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    field: text('field'),
    // JSON text, read and written by the history repository (jsonb would hand a JSON string back re-parsed).
    before: text('before'),
    after: text('after'),
    note: text('note'),
  },
  (t) => [
    index('record_changes_record_idx').on(t.entity, t.recordId, t.id),
    check('record_changes_field_or_note', sql`(${t.field} is null) <> (${t.note} is null)`),
  ],
);
