import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './locations.js';
import { users } from './users.js';

/**
 * Amazon supply sources for in-store pickup (002 §3 Supply source), the embedded gateway's store:
 * one per location (its supplySourceCode is the location code), used when no Selling Partner API is configured
 * (docs/decisions.md, "Supply sources"). `operating_hours_by_day` holds per weekday one
 * `{ startTime, endTime }` entry (HH:MM; 00:00-00:00 is closed), as `{ monday: [{…}], … }`.
 */
export const supplySources = pgTable(
  'supply_sources',
  {
    locationCode: text('location_code')
      .primaryKey()
      .references(() => locations.locationCode),
    supplySourceId: text('supply_source_id').notNull(),
    alias: text('alias').notNull(),
    status: text('status').notNull().default('Active'),
    /** Days an order waits for pickup (1-7). */
    inventoryHoldPeriod: integer('inventory_hold_period').notNull(),
    /** Hours to have an order ready (1-24). */
    handlingTime: integer('handling_time').notNull(),
    operatingHoursByDay: jsonb('operating_hours_by_day').notNull(),
    updatedById: integer('updated_by_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supply_sources_id_unique').on(t.supplySourceId),
    check('supply_sources_status', sql`${t.status} in ('Active','Inactive','Archived')`),
    check('supply_sources_alias', sql`char_length(${t.alias}) between 1 and 45`),
    check('supply_sources_hold_period', sql`${t.inventoryHoldPeriod} between 1 and 7`),
    check('supply_sources_handling_time', sql`${t.handlingTime} between 1 and 24`),
  ],
);
