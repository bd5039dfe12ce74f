import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { products } from './catalog.js';
import { buckets } from './locations.js';
import { purchaseOrders, purchaseOrderItems } from './purchase-orders.js';
import { users } from './users.js';

/** One physical unit by serial number. The ledger (modules/ledger) moves it. */
export const inventorySerials = pgTable(
  'inventory_serials',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    bucket: text('bucket').references(() => buckets.bucket),
    locationCode: text('location_code'),
    conditionCode: text('condition_code'),
    dispositionCode: text('disposition_code').notNull().default('LIVE'),
    poApiPoId: integer('po_api_po_id'),
    legacyPoApiPoId: text('legacy_po_api_po_id'),
    distributorInventoryItemId: text('distributor_inventory_item_id'),
    notes: text('notes'),
    customerComments: text('customer_comments'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_serials_serial_idx').using('btree', sql`upper(${t.serialNumber}) text_pattern_ops`),
    // "Contains" search over a million serials (pg_trgm, created by the migration). Its column collation is "C", and
    // a search names it (`upperContains`, db/like.ts): pg_trgm's opclass also answers `=`, and PostgreSQL
    // underestimates that cost, so under the default collation it took every `upper(serial_number) = …` with a runtime
    // parameter (a generic plan, a join, `= any(array(…))`) from the btree indexes: 3-5 ms a lookup instead of 0.05
    // (docs/performance.md, "Session 18"). Equality lookups use the default collation, which this index does not serve.
    index('inventory_serials_serial_trgm_idx').using('gin', sql`(upper(${t.serialNumber}) collate "C") gin_trgm_ops`),
    // A serial number is live in at most one place, whatever its case.
    uniqueIndex('inventory_serials_live_unique')
      .on(sql`upper(${t.serialNumber})`)
      .where(sql`${t.dispositionCode} = 'LIVE'`),
    // A product's live serials in a bucket (an audit's missing serials).
    index('inventory_serials_product_bucket_live_idx')
      .on(t.productId, t.bucket)
      .where(sql`${t.dispositionCode} = 'LIVE'`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Purchasing: contacts, vendors, terms, purchase orders and their lines, AP invoices.

/** On-hand per product and bucket: always equal to the sum of the ledger's quantity changes. */
export const inventory = pgTable(
  'inventory',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    bucket: text('bucket')
      .notNull()
      .references(() => buckets.bucket),
    quantity: integer('quantity').notNull().default(0),
    notes: text('notes'),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.bucket] }), index('inventory_bucket_idx').on(t.bucket)],
);

export const inventoryTransactions = pgTable(
  'inventory_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The reference shown everywhere (IR-…, IU-…, IT-…, IS-…, IA-…, IO-…). */
    referenceId: text('ims_transaction_reference_id').notNull().unique(),
    type: text('type').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    bucket: text('bucket')
      .notNull()
      .references(() => buckets.bucket),
    /** Signed change of on-hand in the bucket. */
    quantityDelta: integer('quantity_delta').notNull(),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    purchaseOrderItemId: integer('purchase_order_item_id').references(() => purchaseOrderItems.id),
    /** For a reversal (un-receive): the transaction it reverses; a transaction is reversed at most once. */
    reversesId: bigint('reverses_id', { mode: 'number' }).unique(),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id),
    /** The client's id of the scan: a retried request is applied once. */
    clientRequestId: text('client_request_id').unique(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_transactions_product_idx').on(t.productId, t.bucket),
    /**
     * The simulation: a model's rows in id order, keyed on id; with the bucket and the change, the opening
     * balances of a page and the model's count are index-only scans.
     */
    index('inventory_transactions_product_id_idx').on(t.productId, t.id, t.bucket, t.quantityDelta),
    index('inventory_transactions_po_item_idx').on(t.purchaseOrderItemId),
    index('inventory_transactions_created_idx').on(t.createdAt),
    /**
     * The as-of reports: a product range's on-hand per bucket before an instant is an index-only scan (no
     * heap fetch per ledger row), and a product's last receipt before it (its cost) one index probe.
     */
    index('inventory_transactions_as_of_idx').on(t.productId, t.bucket, t.createdAt, t.quantityDelta),
    index('inventory_transactions_receipt_cost_idx')
      .on(t.productId, t.id, t.createdAt, t.purchaseOrderItemId)
      .where(sql`${t.type} = 'INVENTORY_RECEIPT'`),
    check(
      'inventory_transactions_type',
      sql`${t.type} in ('INVENTORY_RECEIPT','INVENTORY_UNRECEIPT','INVENTORY_TRANSFER','INVENTORY_SALE','INVENTORY_AUDIT_ADJUSTMENT','INVENTORY_OPENING_BALANCE')`,
    ),
  ],
);

export const inventoryTransactionSerials = pgTable(
  'inventory_transaction_serials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => inventoryTransactions.id),
    serialId: integer('serial_id')
      .notNull()
      .references(() => inventorySerials.id),
    scannedSerialNumber: text('scanned_serial_number').notNull(),
    scannedUpc: text('scanned_upc'),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    oldLocationCode: text('old_location_code'),
    newLocationCode: text('new_location_code'),
    oldConditionCode: text('old_condition_code'),
    newConditionCode: text('new_condition_code'),
    oldDispositionCode: text('old_disposition_code'),
    newDispositionCode: text('new_disposition_code'),
    notes: text('notes'),
  },
  (t) => [
    index('inventory_transaction_serials_tx_idx').on(t.transactionId),
    index('inventory_transaction_serials_serial_idx').on(t.serialId),
  ],
);
