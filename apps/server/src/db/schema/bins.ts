import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { inventoryTransactions } from './ledger.js';
import { buckets, locations } from './locations.js';
import { users } from './users.js';

/**
 * Bins (001 §3 Bin): a named shelf place inside one location, for one condition. Its name is
 * R##-B##-S## from its row, bay and shelf (0-99, zero-padded), unique per location (a bin is addressed as
 * {locationCode}/{binName}: BINASSIGN={location}_{bin}). The bin belongs to the bucket of its location and
 * condition (`bucket`, resolved when created), and its contents are a quantity per product (`bin_items`).
 *
 * Bin contents are a *place* of stock already on hand in that bucket: for every product and bucket, the units in
 * its bins never exceed its on-hand (an addition beyond the unbinned units is refused); units may sit unbinned.
 * Only the ledger module writes `bin_items` and `bin_movements` (Ledger.moveBinContents), in the ledger's lock
 * order, and `checkLedger` reports a bucket whose bins hold more than its on-hand (stock that left the bucket by a
 * transfer or a sale without a pick) and any bin quantity that differs from the sum of its movements.
 */
export const bins = pgTable(
  'bins',
  {
    id: serial('id').primaryKey(),
    binName: text('bin_name').notNull(),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.locationCode),
    conditionCode: text('condition_code').notNull(),
    bucket: text('bucket')
      .notNull()
      .references(() => buckets.bucket),
    row: integer('row').notNull(),
    bay: integer('bay').notNull(),
    shelf: integer('shelf').notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Set when the bin is deleted (only an empty bin can be): the row stays for its movements and the pick list
     * items that name it, and its name is free again in its location (docs/decisions.md, "Bins: the API and the screens").
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('bins_location_name_unique')
      .on(t.locationCode, t.binName)
      .where(sql`${t.deletedAt} is null`),
    // The list's default order (created_at desc, id desc as the tie-break) reads this index in order.
    index('bins_location_created_idx').on(t.locationCode, t.createdAt, t.id),
    index('bins_bucket_idx').on(t.bucket),
    // Search everywhere's prefix (docs/decisions.md, "Search everywhere").
    index('bins_name_search_idx').on(sql`upper(${t.binName}) text_pattern_ops`),
    check(
      'bins_row_bay_shelf',
      sql`${t.row} between 0 and 99 and ${t.bay} between 0 and 99 and ${t.shelf} between 0 and 99`,
    ),
  ],
);

/** A bin's contents: units of one product in one bin (a row at zero is deleted). */
export const binItems = pgTable(
  'bin_items',
  {
    binId: integer('bin_id')
      .notNull()
      .references(() => bins.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.binId, t.productId] }),
    // The suggested bin of a pick: the bins holding a product.
    index('bin_items_product_idx').on(t.productId, t.binId),
    check('bin_items_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every change of a bin's contents, append-only: an assignment (`ASSIGN`, +), a removal on the bin contents page
 * (`REMOVE`, −), a pick (`PICK`, −, with its pick list item) or a release (`RELEASE`, −, with the ledger row that
 * took the units out of the bucket: docs/decisions.md "Bins follow on-hand"). `bin_items.quantity` is the
 * sum of its movements.
 */
export const binMovements = pgTable(
  'bin_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    binId: integer('bin_id')
      .notNull()
      .references(() => bins.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantityDelta: integer('quantity_delta').notNull(),
    reason: text('reason').notNull(),
    /** The pick list item of a PICK (no foreign key: picking's table is declared after this one). */
    pickListItemId: integer('pick_list_item_id'),
    /** The ledger row of a RELEASE. */
    inventoryTransactionId: bigint('inventory_transaction_id', { mode: 'number' }).references(
      () => inventoryTransactions.id,
    ),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('bin_movements_bin_idx').on(t.binId, t.productId),
    check('bin_movements_reason', sql`${t.reason} in ('ASSIGN','REMOVE','PICK','RELEASE')`),
    check('bin_movements_delta', sql`${t.quantityDelta} <> 0`),
  ],
);
