import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Settlement and holdings uploads (002 §7 "Reports and uploads"). Written only by modules/uploads.
 *
 * settlement_lines: one row per line of a marketplace settlement report, keyed by line_key (a hash of the row's
 * cells plus its occurrence among identical rows of the same upload), so the same file uploaded twice adds nothing.
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: serial('id').primaryKey(),
    lineKey: text('line_key').notNull(),
    settlementId: text('settlement_id').notNull(),
    transactionType: text('transaction_type'),
    orderId: text('order_id'),
    sku: text('sku'),
    amountType: text('amount_type'),
    amountDescription: text('amount_description'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency'),
    postedDate: date('posted_date', { mode: 'string' }),
    quantity: integer('quantity'),
    /** The row as uploaded (header → cell). */
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    filename: text('filename'),
    importedById: integer('imported_by_id').references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_lines_line_key_idx').on(t.lineKey),
    index('settlement_lines_settlement_idx').on(t.settlementId, t.postedDate),
  ],
);

/** A settlement's summary row (total-amount, dates, currency), once per settlement id; the first upload's is kept. */
export const settlements = pgTable('settlements', {
  settlementId: text('settlement_id').primaryKey(),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  depositDate: date('deposit_date', { mode: 'string' }),
  totalAmountCents: bigint('total_amount_cents', { mode: 'number' }),
  currency: text('currency'),
  filename: text('filename'),
  importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** An uploaded holdings (partner orders) file, by its name; a file uploaded again under the same name replaces it. */
export const holdingsFiles = pgTable('holdings_files', {
  filename: text('filename').primaryKey(),
  content: text('content').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedById: integer('uploaded_by_id').references(() => users.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
});

/** The partner's orders, keyed by the partner's order id: a sync imports an order once and never changes it. */
export const partnerOrders = pgTable('partner_orders', {
  id: serial('id').primaryKey(),
  partnerOrderId: text('partner_order_id').notNull().unique('partner_orders_partner_order_id_key'),
  orderDate: date('order_date', { mode: 'string' }),
  shipTo: text('ship_to'),
  filename: text('filename').notNull(),
  importedById: integer('imported_by_id').references(() => users.id),
  importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const partnerOrderLines = pgTable(
  'partner_order_lines',
  {
    id: serial('id').primaryKey(),
    partnerOrderId: integer('partner_order_id')
      .notNull()
      .references(() => partnerOrders.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }),
  },
  (t) => [uniqueIndex('partner_order_lines_order_line_idx').on(t.partnerOrderId, t.lineNumber)],
);
