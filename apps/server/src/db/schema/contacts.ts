import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    address: text('address'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    primaryPhone: text('primary_phone'),
    secondaryPhone: text('secondary_phone'),
    primaryEmail: text('primary_email'),
    source: text('source'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_last_first_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    index('contacts_phone_idx').on(t.primaryPhone),
    // Search everywhere's prefixes (docs/decisions.md, "Search everywhere").
    index('contacts_last_search_idx').on(sql`upper(${t.lastName}) text_pattern_ops`),
    index('contacts_first_search_idx').on(sql`upper(${t.firstName}) text_pattern_ops`),
    index('contacts_email_search_idx').on(sql`upper(${t.primaryEmail}) text_pattern_ops`),
    index('contacts_phone_search_idx').on(sql`${t.primaryPhone} text_pattern_ops`),
  ],
);
