import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Carrier shipping-charge reconciliation (docs/decisions.md "Shipping reconciliation").
 * Money is integer cents. Tracking numbers are stored as the carrier prints them (trimmed), compared exactly.
 */

/** Gray boxes: the outbound shipments we quoted (one per tracking number), fed by the intake call and the demo data. */
export const grayBoxes = pgTable(
  'gray_boxes',
  {
    trackingNumber: text('tracking_number').primaryKey(),
    fulfillmentPoNumber: text('fulfillment_po_number').notNull(),
    dateShipped: date('date_shipped', { mode: 'string' }).notNull(),
    shipCompany: text('ship_company').notNull(),
    fulfillmentWarehouse: text('fulfillment_warehouse').notNull(),
    /** Our quote; null when there is none (an Invalid Quote once billed). */
    shippingQuoteCents: integer('shipping_quote_cents'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('gray_boxes_date_idx').on(t.dateShipped),
    check('gray_boxes_quote', sql`${t.shippingQuoteCents} is null or ${t.shippingQuoteCents} >= 0`),
  ],
);

/** An uploaded carrier invoice file: its lines are kept per tracking number in carrier_invoice_charges. */
export const carrierInvoices = pgTable(
  'carrier_invoices',
  {
    id: serial('id').primaryKey(),
    carrier: text('carrier').notNull(),
    /** The name generate is called with: unique, made from the upload's own name. */
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    lines: integer('lines').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    generatedAt: timestamp('generated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('carrier_invoices_filename_unique').on(t.filename),
    check('carrier_invoices_carrier', sql`${t.carrier} in ('ups','fedex','ceva')`),
  ],
);

/** An invoice's billed charge per tracking number: the sum of the file's lines for it. */
export const carrierInvoiceCharges = pgTable(
  'carrier_invoice_charges',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => carrierInvoices.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number').notNull(),
    billedCents: integer('billed_cents').notNull(),
    /** The ship (or transaction) date the carrier prints, when it prints one. */
    shipDate: date('ship_date', { mode: 'string' }),
    lines: integer('lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.trackingNumber] })],
);

/**
 * Every billed line of every carrier invoice, kept once: unique on (carrier, invoice number, line),
 * so uploading the same invoice again inserts nothing. A shipment's billed charge is the sum of its lines across
 * invoices (a later invoice's correction, surcharge or credit adds to it). `line_number` is the line's ordinal among
 * the file's lines of that invoice number; `invoice_id` is the upload that first brought it.
 */
export const carrierInvoiceLines = pgTable(
  'carrier_invoice_lines',
  {
    id: serial('id').primaryKey(),
    carrier: text('carrier').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    lineNumber: integer('line_number').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => carrierInvoices.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The carrier's charge category when it prints one (UPS column 35: SHP, ADJ, RTN, MIS). */
    chargeCategory: text('charge_category'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    shipDate: date('ship_date', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('carrier_invoice_lines_key').on(t.carrier, t.invoiceNumber, t.lineNumber),
    index('carrier_invoice_lines_tracking_idx').on(t.trackingNumber),
    index('carrier_invoice_lines_invoice_idx').on(t.invoiceId),
  ],
);

/** 002 §3 Shipping transaction: a billed shipment, its gray box's quote, the reconciliation and what we paid. */
export const shippingTransactions = pgTable(
  'shipping_transactions',
  {
    trackingNumber: text('tracking_number').primaryKey(),
    shipCompany: text('ship_company').notNull(),
    invoiceId: integer('invoice_id').references(() => carrierInvoices.id),
    fulfillmentPoNumber: text('fulfillment_po_number'),
    dateShipped: date('date_shipped', { mode: 'string' }),
    fulfillmentWarehouse: text('fulfillment_warehouse'),
    shippingQuoteCents: integer('shipping_quote_cents'),
    reportedBilledCents: integer('reported_billed_cents').notNull(),
    reconciledDifferenceCents: integer('reconciled_difference_cents'),
    reconciliationResult: text('reconciliation_result').notNull(),
    shippingCostBilledCents: integer('shipping_cost_billed_cents'),
    shippingCostPaidCents: integer('shipping_cost_paid_cents'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('shipping_transactions_date_idx').on(t.dateShipped),
    index('shipping_transactions_invoice_idx').on(t.invoiceId),
    check('shipping_transactions_paid', sql`${t.shippingCostPaidCents} is null or ${t.shippingCostPaidCents} >= 0`),
    check(
      'shipping_transactions_billed',
      sql`${t.shippingCostBilledCents} is null or ${t.shippingCostBilledCents} >= 0`,
    ),
  ],
);

/** An applied batch of payments (PUT update), once per idempotency key. */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request's updates, to tell a retry from a different batch sent with a used key. */
    requestHash: text('request_hash').notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_batches_key_unique').on(t.idempotencyKey)],
);

export const paymentBatchLines = pgTable(
  'payment_batch_lines',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => paymentBatches.id),
    trackingNumber: text('tracking_number')
      .notNull()
      .references(() => shippingTransactions.trackingNumber),
    reportedBilledCents: integer('reported_billed_cents').notNull(),
    paymentCents: integer('payment_cents').notNull(),
    paidBeforeCents: integer('paid_before_cents'),
    paidAfterCents: integer('paid_after_cents').notNull(),
    /** The explicit override that let a shipment already paid in full be paid again. */
    override: boolean('override').notNull().default(false),
    /** Why it was paid again (Pay anyway's reason); null without an override, and on overrides recorded before reasons were. */
    overrideReason: text('override_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.trackingNumber] }),
    index('payment_batch_lines_tracking_idx').on(t.trackingNumber),
  ],
);
