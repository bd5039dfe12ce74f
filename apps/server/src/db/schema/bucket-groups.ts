import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { buckets } from './locations.js';

/**
 * Bucket groups (002 §3 Bucket group): a named set of buckets counted together for a marketplace, with a
 * group inventory buffer (≥ 0) and the group's ids at three external centers. The name is stored upper-cased.
 */
export const bucketGroups = pgTable(
  'bucket_groups',
  {
    id: serial('id').primaryKey(),
    bucketGroup: text('bucket_group').notNull(),
    shouldCountUnsourcedCommittedInGroup: boolean('should_count_unsourced_committed_in_group').notNull().default(false),
    groupInventoryBuffer: integer('group_inventory_buffer').notNull().default(0),
    walmartFulfillmentCenterId: text('walmart_fulfillment_center_id'),
    amazonSupplySourceId: text('amazon_supply_source_id'),
    acendaWarehouseId: text('acenda_warehouse_id'),
  },
  (t) => [
    uniqueIndex('bucket_groups_name_unique').on(t.bucketGroup),
    check('bucket_groups_buffer', sql`${t.groupInventoryBuffer} >= 0`),
  ],
);

/** A bucket in a bucket group: a bucket may be in several groups (one per marketplace feed), once in each (docs/decisions.md). */
export const bucketGroupMappings = pgTable(
  'bucket_group_mappings',
  {
    id: serial('id').primaryKey(),
    bucketGroupId: integer('bucket_group_id')
      .notNull()
      .references(() => bucketGroups.id, { onDelete: 'cascade' }),
    bucket: text('bucket')
      .notNull()
      .references(() => buckets.bucket),
  },
  (t) => [
    uniqueIndex('bucket_group_mappings_unique').on(t.bucketGroupId, t.bucket),
    index('bucket_group_mappings_bucket_idx').on(t.bucket),
  ],
);
