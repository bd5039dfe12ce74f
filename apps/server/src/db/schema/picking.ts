import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { locations } from './locations.js';
import { users } from './users.js';
import { committedSales } from './committed-sales.js';
import { bins } from './bins.js';

/**
 * Picking (001 §3 Pick item, §4 Picking, §7 Bins and picking).
 *
 * An open committed sale whose source bucket is in a warehouse is an *unprinted* pick item: derived, not stored
 * (its barcode is PLI=PENDING). Printing (POST picklist/items) stores one `pick_lists` row for the warehouse and one
 * `pick_list_items` row per printed sale line (its id is the pickListItemId of PLI={id}); unprinting
 * (DELETE picklist/items/{id}) deletes the row, so the sale is unprinted again. A pick sets picked_* on the row and
 * removes the quantity from the picked bin (through the ledger module) in the same transaction; the sale itself
 * is transacted later by its own call (INVENTORY_SALE), so a picked unit is off its bin but still on hand.
 */
export const pickLists = pgTable(
  'pick_lists',
  {
    id: serial('id').primaryKey(),
    warehouse: text('warehouse')
      .notNull()
      .references(() => locations.locationCode),
    printedById: integer('printed_by_id').references(() => users.id),
    printedAt: timestamp('printed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('pick_lists_warehouse_idx').on(t.warehouse, t.printedAt)],
);

export const pickListItems = pgTable(
  'pick_list_items',
  {
    id: serial('id').primaryKey(),
    pickListId: integer('pick_list_id')
      .notNull()
      .references(() => pickLists.id),
    committedSaleId: integer('committed_sale_id')
      .notNull()
      .references(() => committedSales.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    itemMemberRefId: text('item_member_ref_id'),
    itemGroupRefId: text('item_group_ref_id'),
    productUpc: text('product_upc'),
    productAltUpc: text('product_alt_upc'),
    itemCondition: text('item_condition').notNull(),
    itemWarehouse: text('item_warehouse').notNull(),
    quantityRequested: integer('quantity_requested').notNull(),
    isExpress: boolean('is_express').notNull().default(false),
    isFreight: boolean('is_freight').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    isPrime: boolean('is_prime').notNull().default(false),
    shipByDate: date('ship_by_date', { mode: 'string' }),
    suggestedBinId: integer('suggested_bin_id').references(() => bins.id),
    printedAt: timestamp('printed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    printedById: integer('printed_by_id').references(() => users.id),
    pickedAt: timestamp('picked_at', { withTimezone: true, mode: 'date' }),
    pickedById: integer('picked_by_id').references(() => users.id),
    pickedQuantity: integer('picked_quantity'),
    /** The bin the pick removed its units from (null: picked without removing from any bin). */
    pickedBinId: integer('picked_bin_id').references(() => bins.id),
  },
  (t) => [
    // A sale line is on at most one printed pick list at a time (unprint deletes the row).
    uniqueIndex('pick_list_items_sale_unique').on(t.committedSaleId),
    index('pick_list_items_list_idx').on(t.pickListId),
    index('pick_list_items_printed_idx').on(t.itemWarehouse, t.printedAt),
    // The printed board: a warehouse's items not picked yet, newest print first.
    index('pick_list_items_unpicked_idx')
      .on(t.itemWarehouse, t.printedAt)
      .where(sql`${t.pickedAt} is null`),
    check('pick_list_items_quantity', sql`${t.quantityRequested} >= 1`),
  ],
);
