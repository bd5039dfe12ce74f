import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { vendors } from './vendors.js';

/** Stock held by a drop-ship vendor at its own locations, as its feed reports it (001 §2 distributor-held view). */
export const dropShipVendorInventory = pgTable(
  'drop_ship_vendor_inventory',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    vendorLocationCode: text('vendor_location_code').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qtyPurchasable: integer('qty_purchasable').notNull(),
    costCents: integer('cost_cents'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('drop_ship_vendor_inventory_unique').on(t.vendorId, t.vendorLocationCode, t.productId),
    index('drop_ship_vendor_inventory_product_idx').on(t.productId),
    check('drop_ship_vendor_inventory_qty', sql`${t.qtyPurchasable} >= 0`),
  ],
);
