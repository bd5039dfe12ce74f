import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
 * Transfers between buckets (001 §3/§4). A transfer is committed (it can be edited, deleted and scanned)
 * until a transfer time is set; then it is transacted and cannot be undone. One row is both: the committed
 * transfer's fields, and the transacted transfer's once `transferred_at` is set. Stock moves only when the
 * transfer is transacted, through the ledger module.
 */
export const committedTransfers = pgTable(
  'committed_transfers',
  {
    id: serial('id').primaryKey(),
    /** `CT-` and the id zero-padded to 7 digits, e.g. CT-0000042 (docs/decisions.md, Transfers). */
    referenceId: text('ims_transaction_reference_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    fromBucket: text('from_bucket')
      .notNull()
      .references(() => buckets.bucket),
    toBucket: text('to_bucket')
      .notNull()
      .references(() => buckets.bucket),
    committedQuantity: integer('committed_quantity').notNull(),
    totalScannedQuantity: integer('total_scanned_quantity').notNull().default(0),
    committedById: integer('committed_by_id').references(() => users.id),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    commitNotes: text('commit_notes'),
    posTransferBatchRefId: text('pos_transfer_batch_ref_id'),
    posTransferBatchName: text('pos_transfer_batch_name'),
    senderSku: text('sender_sku'),
    receiverSku: text('receiver_sku'),
    scanningRequired: boolean('scanning_required').notNull().default(true),
    /** Strict mode (001 §9, on by default): the committed quantity may not exceed the source bucket's on-hand. */
    strictMode: boolean('strict_mode').notNull().default(true),
    transferredQuantity: integer('transferred_quantity'),
    transferredAt: timestamp('transferred_at', { withTimezone: true, mode: 'date' }),
    transferredById: integer('transferred_by_id').references(() => users.id),
    transferNotes: text('transfer_notes'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('committed_transfers_reference_unique').on(t.referenceId),
    index('committed_transfers_product_idx').on(t.productId, t.committedAt),
    index('committed_transfers_open_idx')
      .on(t.committedAt)
      .where(sql`${t.transferredAt} is null`),
    index('committed_transfers_batch_ref_idx').on(t.posTransferBatchRefId),
    index('committed_transfers_batch_name_idx').on(t.posTransferBatchName),
    // Search everywhere's prefixes (docs/decisions.md, "Search everywhere").
    index('committed_transfers_reference_search_idx').on(sql`upper(${t.referenceId}) text_pattern_ops`),
    index('committed_transfers_batch_name_search_idx').on(sql`upper(${t.posTransferBatchName}) text_pattern_ops`),
    check('committed_transfers_quantity', sql`${t.committedQuantity} >= 1`),
    check(
      'committed_transfers_scanned',
      sql`${t.totalScannedQuantity} >= 0 and ${t.totalScannedQuantity} <= ${t.committedQuantity}`,
    ),
    check('committed_transfers_buckets_differ', sql`${t.fromBucket} <> ${t.toBucket}`),
  ],
);

/** A serial scanned into a committed transfer (001 §3 Scanned serial): where it was, and where it goes. */
export const committedTransferSerials = pgTable(
  'committed_transfer_serials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    committedTransferId: integer('committed_transfer_id')
      .notNull()
      .references(() => committedTransfers.id, { onDelete: 'cascade' }),
    serialId: integer('fk_inventory_serial_id').references(() => inventorySerials.id),
    scannedSerialNumber: text('scanned_serial_number').notNull(),
    scannedUpc: text('scanned_upc'),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    oldLocationCode: text('old_location_code'),
    newLocationCode: text('new_location_code'),
    oldConditionCode: text('old_condition_code'),
    newConditionCode: text('new_condition_code'),
    oldDispositionCode: text('old_disposition_code'),
    newDispositionCode: text('new_disposition_code'),
  },
  (t) => [
    index('committed_transfer_serials_transfer_idx').on(t.committedTransferId),
    index('committed_transfer_serials_serial_idx').on(t.serialId),
    // A serial's reservation check (reservations.repository.ts) finds its scans by number, any case.
    index('committed_transfer_serials_number_idx').on(sql`upper(${t.scannedSerialNumber})`),
  ],
);

/**
 * The client scan ids of a committed transfer's scans (addScannedItem's clientScanId), one row per recorded scan
 * that carried one, written in the scan's transaction: a retry of that scan finds its id here and records nothing
 * again. Its own table, as a product without serials leaves no committed_transfer_serials row.
 */
export const committedTransferScans = pgTable(
  'committed_transfer_scans',
  {
    clientScanId: text('client_scan_id').primaryKey(),
    committedTransferId: integer('committed_transfer_id')
      .notNull()
      .references(() => committedTransfers.id, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('committed_transfer_scans_transfer_idx').on(t.committedTransferId)],
);
