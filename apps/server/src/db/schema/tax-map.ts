import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The platform-state tax map (002 §3): one row per (platform, state) cell that has been saved; a cell
 * without a row reads 0. The state and platform codes are the contracts' fixed lists (`US_STATES`, `PLATFORMS`),
 * checked by the route's schema; collect_and_remit_tax is 0 or 1 (the call's "non-zero" saved as 1).
 */
export const platformStateTaxMap = pgTable(
  'platform_state_tax_map',
  {
    platformCode: text('platform_code').notNull(),
    stateCode: text('state_code').notNull(),
    collectAndRemitTax: integer('collect_and_remit_tax').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.platformCode, t.stateCode] }),
    check('platform_state_tax_map_value', sql`${t.collectAndRemitTax} in (0, 1)`),
  ],
);
