import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { contacts } from './contacts.js';
import { locations } from './locations.js';
import { users } from './users.js';
import { committedSales } from './committed-sales.js';

/**
 * Quotes and work orders (002 §3 Quote and Quote item, docs/decisions.md "Quotes and work orders").
 * Money is integer cents; the totals are recomputed by the quotes service on every change of the quote, its
 * items or its labor lines. A quote converted to an order (status CONVERTED) is locked and points at its work order.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    soldContactId: integer('sold_contact_id')
      .notNull()
      .references(() => contacts.id),
    shipContactId: integer('ship_contact_id')
      .notNull()
      .references(() => contacts.id),
    billContactId: integer('bill_contact_id')
      .notNull()
      .references(() => contacts.id),
    /** The customer's account in the point of sale, when known (no accounts table here: a plain number). */
    soldAccountId: integer('sold_account_id'),
    quoteType: text('quote_type').notNull(),
    quoteClass: text('quote_class').notNull(),
    quoteStatus: text('quote_status').notNull().default('OPEN'),
    primarySalesId: integer('primary_sales_id').references(() => users.id),
    secondSalesId: integer('second_sales_id').references(() => users.id),
    thirdSalesId: integer('third_sales_id').references(() => users.id),
    productTotalCents: integer('product_total_cents').notNull().default(0),
    laborTotalCents: integer('labor_total_cents').notNull().default(0),
    shippingTotalCents: integer('shipping_total_cents').notNull().default(0),
    taxTotalCents: integer('tax_total_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** The tax rate applied (parts per million) and the ship-to state it came from, as last computed. */
    taxRatePpm: integer('tax_rate_ppm').notNull().default(0),
    taxStateCode: text('tax_state_code'),
    notes: text('notes'),
    leadSource: text('lead_source'),
    primaryDevelopment: text('primary_development'),
    primaryProductInterest: text('primary_product_interest'),
    primaryFeatureInterest: text('primary_feature_interest'),
    demoAffinity: text('demo_affinity'),
    approvalStatus: text('approval_status').notNull().default('PENDING'),
    approvalStatusNotes: text('approval_status_notes'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    convertedAt: timestamp('converted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('quotes_sold_contact_idx').on(t.soldContactId, t.id),
    index('quotes_ship_contact_idx').on(t.shipContactId),
    index('quotes_bill_contact_idx').on(t.billContactId),
    index('quotes_status_idx').on(t.quoteStatus, t.id),
    check(
      'quotes_totals',
      sql`${t.productTotalCents} >= 0 and ${t.laborTotalCents} >= 0 and ${t.shippingTotalCents} >= 0 and ${t.taxTotalCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/** A unit line of a quote (002 §3 Quote item): product, condition, number of units, unit price. */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    condition: text('condition').notNull().default('NEW'),
    numberUnits: integer('number_units').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_items_quote_idx').on(t.quoteId, t.id),
    // A product's units on open quotes (its qty_on_quoted, 002 §3) and the product delete rule: one probe per product.
    index('quote_items_product_idx').on(t.productId),
    check('quote_items_units', sql`${t.numberUnits} >= 1`),
    check('quote_items_price', sql`${t.unitPriceCents} >= 0`),
  ],
);

/**
 * A labor line (installation work): either hours × an hourly rate (hours in hundredths, the amount rounded half-up to
 * the cent) or a flat amount (hours null, the rate is the amount).
 */
export const quoteLaborLines = pgTable(
  'quote_labor_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    /** HOURLY or FLAT. */
    laborType: text('labor_type').notNull(),
    /** Hours in hundredths (1.5 h = 150); null for a flat line. */
    hundredthsOfHours: integer('hundredths_of_hours'),
    rateCents: integer('rate_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_labor_lines_quote_idx').on(t.quoteId, t.id),
    check('quote_labor_lines_type', sql`${t.laborType} in ('HOURLY', 'FLAT')`),
    check('quote_labor_lines_amounts', sql`${t.rateCents} >= 0 and ${t.amountCents} >= 0`),
  ],
);

/** Demo sales-tax rates per state (parts per million: 60000 = 6%); the tax map says whether tax is collected at all. */
export const stateTaxRates = pgTable('state_tax_rates', {
  stateCode: text('state_code').primaryKey(),
  ratePpm: integer('rate_ppm').notNull(),
});

/** The order a converted quote became: one per quote (the unique index makes a second convert impossible). */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    /** The location whose buckets the units were committed from. */
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.locationCode),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('work_orders_quote_unique').on(t.quoteId)],
);

/** Which committed sale each quote item became: one, or two when part of it went on backorder. */
export const workOrderItems = pgTable(
  'work_order_items',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    quoteItemId: integer('quote_item_id')
      .notNull()
      .references(() => quoteItems.id),
    committedSaleId: integer('committed_sale_id')
      .notNull()
      .references(() => committedSales.id),
  },
  // A unit line has one committed sale, or two when part of it is on backorder.
  (t) => [
    index('work_order_items_order_idx').on(t.workOrderId),
    index('work_order_items_item_idx').on(t.quoteItemId),
    uniqueIndex('work_order_items_sale_unique').on(t.committedSaleId),
  ],
);
