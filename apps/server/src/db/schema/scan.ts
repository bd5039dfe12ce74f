import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locations } from './locations.js';
import { users } from './users.js';

/** A site's scanner settings: the prefix and suffix its wedge scanners send around a code (none when absent). */
export const scanSettings = pgTable('scan_settings', {
  locationCode: text('location_code')
    .primaryKey()
    .references(() => locations.locationCode, { onDelete: 'cascade' }),
  wedgePrefix: text('wedge_prefix').notNull().default(''),
  wedgeSuffix: text('wedge_suffix').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});
