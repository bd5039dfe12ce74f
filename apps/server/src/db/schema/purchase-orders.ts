import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { products } from './catalog.js';
import { locations } from './locations.js';
import { users } from './users.js';
import { purchaseTerms, vendors } from './vendors.js';

export const purchaseOrderStatuses = pgTable('purchase_order_statuses', {
  id: integer('id').primaryKey(),
  statusName: text('status_name').notNull().unique(),
  sortOrder: integer('sort_order').notNull(),
});

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    purchaseRefId: text('purchase_ref_id').notNull(),
    legacyPoNumber: text('legacy_po_number'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id),
    imsLocationCode: text('ims_location_code')
      .notNull()
      .references(() => locations.locationCode),
    purchaseOrderType: text('purchase_order_type').notNull().default('Default'),
    shippingRequirements: text('shipping_requirements').notNull().default('Default'),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    statusId: integer('status_id')
      .notNull()
      .references(() => purchaseOrderStatuses.id),
    purchaseTermsId: integer('purchase_terms_id').references(() => purchaseTerms.id),
    trackingNumber: text('tracking_number'),
    carrierName: text('carrier_name'),
    vendorOrderId: text('vendor_order_id'),
    notes: text('notes'),
    paid: boolean('paid').notNull().default(false),
    isAts: boolean('is_ats').notNull().default(false),
    dfiDiscountPercentage: numeric('dfi_discount_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
    sentViaEdi: boolean('sent_via_edi').notNull().default(false),
    ediErrors: jsonb('edi_errors').$type<string[]>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Totals in cents, kept in the same transaction as every line change. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    totalReceivedCents: bigint('total_received_cents', { mode: 'number' }).notNull().default(0),
    /** Balance due (000 §9): total less the DFI discount (half up), 0 once paid. Kept by the database itself. */
    balanceDueCents: bigint('balance_due_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`case when paid then 0 else total_cents - floor((total_cents * dfi_discount_percentage + 50) / 100)::bigint end`,
    ),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_orders_ref_idx').on(sql`upper(${t.purchaseRefId}) text_pattern_ops`),
    index('purchase_orders_legacy_idx').on(t.legacyPoNumber),
    index('purchase_orders_created_idx').on(t.createdAt, t.id),
    index('purchase_orders_vendor_idx').on(t.vendorId, t.createdAt),
    index('purchase_orders_status_idx').on(t.statusId, t.createdAt),
    index('purchase_orders_location_idx').on(t.imsLocationCode, t.createdAt),
    index('purchase_orders_vendor_order_idx').on(sql`upper(${t.vendorOrderId}) text_pattern_ops`),
    index('purchase_orders_total_idx').on(t.totalCents, t.id),
    index('purchase_orders_balance_idx').on(t.balanceDueCents, t.id),
    check('purchase_orders_dfi_range', sql`${t.dfiDiscountPercentage} >= 0 and ${t.dfiDiscountPercentage} <= 100`),
  ],
);

export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    id: serial('id').primaryKey(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Unit cost after the line's discount, in cents. */
    invoiceCostCents: integer('invoice_cost_cents').notNull(),
    qtyOrdered: integer('qty_ordered').notNull(),
    qtyReceived: integer('qty_received').notNull().default(0),
    shippingCostCents: integer('shipping_cost_cents').notNull().default(0),
    note: text('note'),
    expectedArrivalDate: date('expected_arrival_date', { mode: 'string' }),
    carrierName: text('carrier_name'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_order_items_po_idx').on(t.purchaseOrderId),
    index('purchase_order_items_product_idx').on(t.productId),
    check('purchase_order_items_qty_ordered_positive', sql`${t.qtyOrdered} >= 1`),
    check(
      'purchase_order_items_qty_received_range',
      sql`${t.qtyReceived} >= 0 and ${t.qtyReceived} <= ${t.qtyOrdered}`,
    ),
    check('purchase_order_items_cost_nonnegative', sql`${t.invoiceCostCents} >= 0 and ${t.shippingCostCents} >= 0`),
  ],
);
