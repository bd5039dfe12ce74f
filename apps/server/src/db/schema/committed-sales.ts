import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buckets, inventorySerials, products, users } from './core.js';

/**
 * Committed sales (issue 10 item 3, 001 §3): one row per point-of-sale invoice line, committed by the intake call and
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
  },
  (t) => [
    uniqueIndex('committed_sales_reference_unique').on(t.referenceId),
    index('committed_sales_invoice_idx').on(t.legacyPosInvoiceId),
    index('committed_sales_product_idx').on(t.productId, t.createdAt),
    index('committed_sales_open_idx').on(t.createdAt).where(sql`${t.transactedAt} is null`),
    check('committed_sales_quantity', sql`${t.committedQuantity} >= 1`),
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
