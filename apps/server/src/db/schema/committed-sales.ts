import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { inventorySerials } from './ledger.js';
import { buckets } from './locations.js';
import { users } from './users.js';

/**
 * Committed sales (001 §3): one row per point-of-sale invoice line, committed by the intake call and
 * open until it is transacted (`transacted_at` set), which posts INVENTORY_SALE through the ledger module. An open
 * sale reserves its quantity from its source bucket and its serials (docs/decisions.md, Committed sales).
 */
export const committedSales = pgTable(
  'committed_sales',
  {
    id: serial('id').primaryKey(),
    /** `CS-` and the id zero-padded to 7 digits, e.g. CS-0000042 (docs/decisions.md, Committed sales). */
    referenceId: text('ims_transaction_reference_id').notNull(),
    legacyPosInvoiceId: text('legacy_pos_invoice_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sourceBucket: text('source_bucket')
      .notNull()
      .references(() => buckets.bucket),
    committedQuantity: integer('committed_quantity').notNull(),
    scanningRequired: boolean('scanning_required').notNull().default(false),
    commitNotes: text('commit_notes'),
    committedById: integer('committed_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    transactedAt: timestamp('transacted_at', { withTimezone: true, mode: 'date' }),
    transactedById: integer('transacted_by_id').references(() => users.id),
    /** The invoicedByName (or invoicedById) the client sent: the POS user it names; the signed-in user is transacted_by. */
    invoicedByName: text('invoiced_by_name'),
    finishNotes: text('finish_notes'),
    /** The strict mode the sale was transacted under (null while open). */
    strictMode: boolean('strict_mode'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // How the order ships (the pick item's ship priorities, 001 §9 labels), as the point of sale sends them.
    isPrime: boolean('is_prime').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    isExpress: boolean('is_express').notNull().default(false),
    isFreight: boolean('is_freight').notNull().default(false),
    shipByDate: date('ship_by_date', { mode: 'string' }),
    /** The marketplace order's line and order references (pick item itemMemberRefId / itemGroupRefId). */
    itemMemberRefId: text('item_member_ref_id'),
    itemGroupRefId: text('item_group_ref_id'),
    /**
     * True while the sale is on a printed pick list (a `pick_list_items` row exists): set by printing and cleared by
     * unprinting in the same transaction as that row (the picking module owns this column). It lets the unprinted
     * board of a warehouse read an index instead of probing pick_list_items for every open sale.
     */
    onPickList: boolean('on_pick_list').notNull().default(false),
    /**
     * What the sale was sold for: the unit price in cents, the channel it sold on (`SALES_CHANNELS`) and
     * the state it ships to (2 letters, the 50 states and DC); null when the point of sale did not send them.
     */
    unitPriceCents: integer('unit_price_cents'),
    salesChannel: text('sales_channel'),
    shipToState: text('ship_to_state'),
    /**
     * A backorder: units a converted quote sold that were not in stock. While open it reserves nothing
     * (reservations leave it out) and is no pick item; it is transacted once its bucket has the units beside the
     * other open commitments (docs/decisions.md "Backorders from quotes").
     */
    backordered: boolean('backordered').notNull().default(false),
  },
  (t) => [
    uniqueIndex('committed_sales_reference_unique').on(t.referenceId),
    index('committed_sales_invoice_idx').on(t.legacyPosInvoiceId),
    // Search everywhere's prefixes (docs/decisions.md, "Search everywhere").
    index('committed_sales_reference_search_idx').on(sql`upper(${t.referenceId}) text_pattern_ops`),
    index('committed_sales_invoice_search_idx').on(sql`upper(${t.legacyPosInvoiceId}) text_pattern_ops`),
    index('committed_sales_product_idx').on(t.productId, t.createdAt),
    index('committed_sales_open_idx')
      .on(t.createdAt)
      .where(sql`${t.transactedAt} is null`),
    // The unprinted pick list of a warehouse: its buckets' open sales.
    index('committed_sales_open_bucket_idx')
      .on(t.sourceBucket, t.id)
      .where(sql`${t.transactedAt} is null`),
    // The unprinted board's page and count: open sales on no pick list, per bucket, in the board's order.
    index('committed_sales_unprinted_idx')
      .on(t.sourceBucket, sql`${t.shipByDate} asc nulls last`, t.id)
      .where(sql`${t.transactedAt} is null and not ${t.onPickList}`),
    check('committed_sales_quantity', sql`${t.committedQuantity} >= 1`),
    check('committed_sales_unit_price', sql`${t.unitPriceCents} >= 0`),
    // The sales reports read sold lines by the day they were transacted.
    index('committed_sales_transacted_idx')
      .on(t.transactedAt)
      .where(sql`${t.transactedAt} is not null`),
    index('committed_sales_product_transacted_idx')
      .on(t.productId, t.transactedAt)
      .where(sql`${t.transactedAt} is not null`),
  ],
);

/** A serial scanned at the point of sale for a committed sale (001 §3 Committed-sale serial). */
export const committedSaleSerials = pgTable(
  'committed_sale_serials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    committedSaleId: integer('committed_sale_id')
      .notNull()
      .references(() => committedSales.id, { onDelete: 'cascade' }),
    /** The live serial it named when committed (null when none was live then). */
    serialId: integer('fk_inventory_serial_id').references(() => inventorySerials.id),
    serialNumber: text('serial_number').notNull(),
    scannedUpc: text('scanned_upc'),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    qcComplete: boolean('qc_complete').notNull().default(false),
    packed: boolean('packed').notNull().default(false),
  },
  (t) => [
    index('committed_sale_serials_sale_idx').on(t.committedSaleId),
    index('committed_sale_serials_serial_idx').on(t.serialId),
    uniqueIndex('committed_sale_serials_number_unique').on(t.committedSaleId, sql`upper(${t.serialNumber})`),
    // A serial's reservation check (reservations.repository.ts) finds its commitments by number, any case.
    index('committed_sale_serials_number_idx').on(sql`upper(${t.serialNumber})`),
  ],
);
