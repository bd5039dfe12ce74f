import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { inventorySerials } from './ledger.js';
import { buckets } from './locations.js';
import { users } from './users.js';
import { jobs } from './jobs.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A physical audit (001 §3 Audit batch): a named count with a default bucket, in progress until completed. */
export const auditBatches = pgTable(
  'audit_batches',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    defaultBucket: text('default_bucket')
      .notNull()
      .references(() => buckets.bucket),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
    completedById: integer('completed_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('audit_batches_name_unique').on(sql`lower(${t.name})`),
    index('audit_batches_completed_idx').on(t.completedAt),
  ],
);

/**
 * One model counted in one bucket of an audit (001 §3 Audit item). `recorded_qty_at_start_of_tally` is on-hand
 * when the tally started and `start_transaction_id` the ledger's last row then (read under the on-hand row's lock):
 * every movement of the product in the bucket with a greater id happened during the count (docs/decisions.md,
 * "Physical audits": the snapshot rule).
 */
export const auditItems = pgTable(
  'audit_items',
  {
    id: serial('id').primaryKey(),
    referenceId: text('ims_transaction_reference_id').notNull().unique(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => auditBatches.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    bucket: text('bucket')
      .notNull()
      .references(() => buckets.bucket),
    auditTypeCode: text('audit_type_code').notNull(),
    scanningRequired: boolean('scanning_required').notNull().default(true),
    talliedQuantity: integer('tallied_quantity').notNull().default(0),
    recordedQtyAtStartOfTally: integer('recorded_qty_at_start_of_tally').notNull(),
    startTransactionId: bigint('start_transaction_id', { mode: 'number' }).notNull(),
    tallyStartedAt: at('tally_started_at').notNull().defaultNow(),
    tallyFinishedAt: at('tally_finished_at'),
    talliedById: integer('tallied_by_id').references(() => users.id),
    submittedById: integer('submitted_by_id').references(() => users.id),
    submittedAt: at('submitted_at'),
    submitNotes: text('submit_notes'),
    /** The quantity the submitted adjustment posted (its rows' sum in this bucket). */
    submittedDelta: integer('submitted_delta'),
    resolutionStartedAt: at('resolution_started_at'),
    resolvedAt: at('resolved_at'),
    resolvedById: integer('resolved_by_id').references(() => users.id),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One item per model and bucket in an audit.
    uniqueIndex('audit_items_batch_product_bucket_unique').on(t.batchId, t.productId, t.bucket),
    index('audit_items_product_bucket_idx').on(t.productId, t.bucket),
  ],
);

/**
 * A scan of an audit item (001 §3 Audit serial): a serial number, or a UPC alone (serial null) for a product
 * without serials. The scans of one counted unit share `unit_id` (the id of its first scan).
 */
export const auditSerials = pgTable(
  'audit_serials',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => auditItems.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').notNull(),
    scannedSerialNumber: text('scanned_serial_number'),
    scannedUpc: text('scanned_upc'),
    scannedById: integer('scanned_by_id').references(() => users.id),
    scannedAt: at('scanned_at').notNull().defaultNow(),
    inventorySerialId: integer('fk_inventory_serial_id').references(() => inventorySerials.id),
    /** The client's id of the scan that counted the unit, on the unit's first scan only: a retry is applied once. */
    clientScanId: text('client_scan_id'),
  },
  (t) => [
    index('audit_serials_item_idx').on(t.itemId, t.id),
    // 'Serial already scanned': a number once per item, whatever its case.
    uniqueIndex('audit_serials_item_serial_unique')
      .on(t.itemId, sql`upper(${t.scannedSerialNumber})`)
      .where(sql`${t.scannedSerialNumber} is not null`),
    uniqueIndex('audit_serials_client_scan_unique')
      .on(t.itemId, t.clientScanId)
      .where(sql`${t.clientScanId} is not null`),
  ],
);
