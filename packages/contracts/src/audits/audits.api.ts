import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { emptyAsDefault, ZIdSchema, ZQueryFlagSchema } from '../http/common.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { ZJobSchema } from '../jobs/jobs.api.js';

/**
 * Physical audits (001 §2 audit dashboard, scan tool and discrepancy report; §3 Audit batch, item, serial
 * and review; §4 Audit; §5 New audit; §6 audit-scan:submit; §7 "Audits"; §8 Audits). The spec's messages are quoted;
 * the others are ours (docs/decisions.md, "Physical audits").
 */
export const AUDIT_MESSAGES = {
  upcMismatch: "UPC doesn't match",
  upcIsSerial: "UPC can't be serial",
  serialAlreadyScanned: 'Serial already scanned',
  serialIsModel: "Serial can't equal model number",
  tooManySerials: 'Too many serials scanned',
  delimiterInSerial: 'Individual serials cannot contain the delimiter ":=:"',
  tallyAlreadySubmitted: 'Tally has already been submitted',
  adminOnly: 'ADMIN ONLY',
  noAdjustments: 'No audit adjustments have been made',
  /** Ours. */
  bucketRequired: 'A default bucket is required.',
  nameRequired: 'An audit name is required.',
  unknownBucket: (bucket: string) => `Bucket ${bucket} does not exist.`,
  duplicateName: (name: string) => `An audit named ${name} already exists.`,
  batchNotFound: (id: number | string) => `Audit ${id} does not exist.`,
  batchCompleted: 'This audit is completed: nothing more can be counted or changed in it.',
  itemNotFound: (ref: string) => `Audit item ${ref} does not exist.`,
  unknownModel: (model: string) => `Model ${model} does not exist.`,
  unknownUpc: (upc: string) => `No product has UPC ${upc}.`,
  wrongAuditType: (expected: string) => `This product is audited as ${expected}.`,
  tooFewSerials: (perItem: number) => `This product takes ${perItem} serial${perItem === 1 ? '' : 's'} per item.`,
  serialOtherProduct: (serial: string, model: string) => `Serial ${serial} is recorded for model ${model}.`,
  tallyFinishedDelete: 'The tally has finished: it cannot be deleted.',
  tallyFinishedScan: 'The tally has finished: no more scans can be added or removed.',
  resolutionStarted: 'Resolution has already started for this item.',
  alreadyResolved: 'Discrepancies have already been resolved for this item.',
  jobRunning: 'An audit item is being resolved in the background: wait until it finishes.',
} as const;

/** 001 §5: the delimiter joining the serials of one item. */
export const AUDIT_SERIAL_DELIMITER = ':=:';

/** 001 §5 audit types. */
export const AUDIT_TYPE_CODES = [
  'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED',
  'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED',
] as const;
export type TAuditTypeCode = (typeof AUDIT_TYPE_CODES)[number];

/** The audit type of a product (001 §5): serialized when serial tracked with serials per item above 0. */
export function auditTypeOf(product: {
  serial_number_tracked: 0 | 1 | boolean;
  num_of_serials_per_item: number | null;
}): TAuditTypeCode {
  return product.serial_number_tracked && (product.num_of_serials_per_item ?? 0) > 0
    ? AUDIT_TYPE_CODES[0]
    : AUDIT_TYPE_CODES[1];
}

/**
 * 001 §5: the default name of a new audit, '{date} {BUCKET} Audit'; the server numbers the second of that date and
 * bucket '… Audit 2', and so on (docs/decisions.md "A new audit's default name never collides").
 */
export const defaultAuditName = (date: string, bucket: string, sequence = 1) =>
  `${date} ${bucket.toUpperCase()} Audit${sequence > 1 ? ` ${sequence}` : ''}`;

/** The date of `name` when it is the default name (unnumbered, any case) of an audit of `bucket`, else null. */
export function defaultAuditNameDate(name: string, bucket: string): string | null {
  const date = /^(\d{4}-\d{2}-\d{2}) /.exec(name)?.[1];
  return date && name.toUpperCase() === defaultAuditName(date, bucket).toUpperCase() ? date : null;
}

/** The state of an audit item (001 §4): scanning, tally finished, resolution started, resolved. */
export const AUDIT_ITEM_STATES = ['scanning', 'tally-finished', 'resolution-started', 'resolved'] as const;
export type TAuditItemState = (typeof AUDIT_ITEM_STATES)[number];

export function auditItemState(item: {
  tally_finished_at: string | null;
  resolution_started_at: string | null;
  resolved_at: string | null;
}): TAuditItemState {
  if (item.resolved_at) return 'resolved';
  if (item.resolution_started_at) return 'resolution-started';
  if (item.tally_finished_at) return 'tally-finished';
  return 'scanning';
}

/**
 * The buttons of an audit item (001 §4): Continue Scanning is disabled once the tally has finished; Review and
 * Resolve once resolution has started or finished; Delete once the tally has finished.
 */
export function auditItemButtons(item: {
  tally_finished_at: string | null;
  resolution_started_at: string | null;
  resolved_at: string | null;
}) {
  return {
    continueScanning: !item.tally_finished_at,
    reviewAndResolve: !item.resolution_started_at && !item.resolved_at,
    delete: !item.tally_finished_at,
  };
}

/**
 * The serials of one scan (001 §5): split on ':=:', each trimmed, empty parts dropped. A part holding the
 * delimiter cannot exist after the split; the scan tool refuses a single scanned serial that contains it.
 */
export function splitAuditSerials(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(AUDIT_SERIAL_DELIMITER)
    .map((s) => s.trim())
    .filter(Boolean);
}

// ---- Entities. ----

export const ZAuditBatchSchema = z
  .object({
    audit_batch_id: z.number().int(),
    audit_batch_name: z.string(),
    default_audit_bucket: z.string(),
    created_at: z.string(),
    created_by_name: z.string().nullable(),
    completed_at: z.string().nullable(),
    completed_by_name: z.string().nullable(),
    /** Items in the batch, and how many are resolved. */
    item_count: z.number().int(),
    resolved_count: z.number().int(),
  })
  .meta({ id: 'AuditBatch' });
export type TAuditBatch = z.infer<typeof ZAuditBatchSchema>;

/** One scan of an audit item (001 §3 Audit serial): a serial, or a UPC alone for a product without serials. */
export const ZAuditSerialSchema = z
  .object({
    id: z.number().int(),
    /** The tallied unit this scan belongs to: the serials of one item share it (their first scan's id). */
    unit_id: z.number().int(),
    scanned_serial_number: z.string().nullable(),
    scanned_upc: z.string().nullable(),
    scanned_by: z.string().nullable(),
    scanned_at: z.string(),
    /** The serial's record when the number is recorded for the product (null: not recorded, a discovered unit). */
    fk_inventory_serial_id: z.number().int().nullable(),
  })
  .meta({ id: 'AuditSerial' });
export type TAuditSerial = z.infer<typeof ZAuditSerialSchema>;

export const ZAuditProductSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  product_title: z.string(),
  upc: z.string().nullable(),
  alternate_upc: z.string().nullable(),
  serial_number_tracked: z.union([z.literal(0), z.literal(1)]),
  num_of_serials_per_item: z.number().int().nullable(),
});

/**
 * A ledger row an audit item posted (an INVENTORY_AUDIT_ADJUSTMENT, IA-…): the item's own reference (AA-…) is not a
 * transaction; these are, and /inventory-transactions/{ims_transaction_reference_id} shows each.
 */
export const ZAuditPostedTransactionSchema = z
  .object({ ims_transaction_reference_id: z.string(), bucket: z.string(), quantity_delta: z.number().int() })
  .meta({ id: 'AuditPostedTransaction' });
export type TAuditPostedTransaction = z.infer<typeof ZAuditPostedTransactionSchema>;

export const ZAuditItemSchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    audit_batch_id: z.number().int(),
    product: ZAuditProductSchema,
    audit_bucket_map: z.object({ bucket: z.string() }),
    audit_type_code: z.enum(AUDIT_TYPE_CODES),
    scanning_required: z.boolean(),
    tallied_quantity: z.number().int(),
    /** On-hand of the product in the bucket when the tally started: the count is judged against it (the snapshot). */
    recorded_qty_at_start_of_tally: z.number().int(),
    tally_started_at: z.string(),
    tally_finished_at: z.string().nullable(),
    tallied_by_id: z.number().int().nullable(),
    tallied_by_name: z.string().nullable(),
    submitted_by_id: z.number().int().nullable(),
    submitted_at: z.string().nullable(),
    resolution_started_at: z.string().nullable(),
    resolved_at: z.string().nullable(),
    /** The background job resolving or transacting the item, while it runs or when it failed last. */
    job_id: z.number().int().nullable(),
    serials: z.array(ZAuditSerialSchema),
    /** The adjustment transactions the item posted, oldest first (none before a submit, or when the count matched). */
    adjustment_transactions: z.array(ZAuditPostedTransactionSchema),
  })
  .meta({ id: 'AuditItem' });
export type TAuditItem = z.infer<typeof ZAuditItemSchema>;

/** A serial of the review (001 §3 Audit review): where the records expect it and where the count found it. */
export const ZAuditReviewSerialSchema = z
  .object({
    serial_number: z.string(),
    ims_inventory_serial_id: z.number().int().nullable(),
    expected_location_code: z.string().nullable(),
    expected_condition_code: z.string().nullable(),
    expected_disposition_code: z.string().nullable(),
    /** The bucket the records hold it in (null: in none). */
    expected_bucket: z.string().nullable(),
    actual_location_code: z.string().nullable(),
    actual_condition_code: z.string().nullable(),
    actual_disposition_code: z.string().nullable(),
    scanned_by: z.string().nullable(),
  })
  .meta({ id: 'AuditReviewSerial' });
export type TAuditReviewSerial = z.infer<typeof ZAuditReviewSerialSchema>;

/** A movement of the product in the audited bucket after the tally started (a receipt, transfer or sale). */
export const ZAuditMoveSchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    type: z.string(),
    quantity_delta: z.number().int(),
    created_at: z.string(),
    user_name: z.string().nullable(),
    serials: z.array(z.string()),
  })
  .meta({ id: 'AuditMove' });
export type TAuditMove = z.infer<typeof ZAuditMoveSchema>;

export const ZAuditReviewSchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    audit_batch_id: z.number().int(),
    product: ZAuditProductSchema,
    audit_bucket: z.string(),
    audit_type_code: z.enum(AUDIT_TYPE_CODES),
    /** What the records held when the tally started (recorded_qty_at_start_of_tally). */
    expected_quantity: z.number().int(),
    actual_tallied_quantity: z.number().int(),
    /** Movements of the product in the bucket since the tally started; they are not undone by the adjustment. */
    moves_during_tally: z.array(ZAuditMoveSchema),
    moves_during_tally_net: z.number().int(),
    /** On-hand now, and what it will be after the adjustment: now + adjustment_quantity. */
    current_on_hand: z.number().int(),
    adjustment_quantity: z.number().int(),
    new_on_hand: z.number().int(),
    scanned_serials: z.array(ZAuditReviewSerialSchema),
    missing_serials: z.array(ZAuditReviewSerialSchema),
    discovered_serials: z.array(ZAuditReviewSerialSchema),
    is_submitted: z.boolean(),
    is_resolved: z.boolean(),
    tally_finished_at: z.string().nullable(),
    submitted_at: z.string().nullable(),
    resolution_started_at: z.string().nullable(),
    resolved_at: z.string().nullable(),
    /** The adjustment transactions the item posted, oldest first. */
    adjustment_transactions: z.array(ZAuditPostedTransactionSchema),
    /** The item's background job, if one is queued or running or failed last. */
    job: ZJobSchema.nullable(),
  })
  .meta({ id: 'AuditReview' });
export type TAuditReview = z.infer<typeof ZAuditReviewSchema>;

// ---- Calls (001 §7 "Audits"). ----

/** An audit item's reference ('AA-' and its zero-padded id), any case. */
export const ZAuditItemReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^AA-\d{7,10}$/, 'must be an audit item reference such as AA-0000042');

const batchIdQuery = z.object({ auditBatchId: ZIdSchema });

export const listAuditBatchesRoute = defineRoute({
  method: 'GET',
  path: '/api/audit-scans',
  access: 'inventory:view',
  summary: 'Audits in progress, newest first',
  tag: 'audits',
  response: z.array(ZAuditBatchSchema),
});

export const listCompletedAuditBatchesRoute = defineRoute({
  method: 'GET',
  path: '/api/audit-scans/completed',
  access: 'inventory:view',
  summary: 'Completed audits, most recently completed first',
  tag: 'audits',
  response: z.array(ZAuditBatchSchema),
});

/** The audit dashboard's columns in its export (CSV and XLSX), in order. */
export const AUDIT_BATCH_EXPORT_COLUMNS = [
  { header: 'Audit', value: (r) => r.audit_batch_name },
  { header: 'Bucket', value: (r) => r.default_audit_bucket },
  { header: 'Items', value: (r) => r.item_count },
  { header: 'Resolved', value: (r) => r.resolved_count },
  { header: 'Created', value: (r) => r.created_at, kind: 'timestamp' },
  { header: 'Created by', value: (r) => r.created_by_name },
  { header: 'Completed', value: (r) => r.completed_at, kind: 'timestamp' },
  { header: 'Completed by', value: (r) => r.completed_by_name },
] satisfies readonly TListExportColumn<TAuditBatch>[];

/**
 * The audit dashboard's export: its tab's list (`completed=1`: the completed audits, else those in progress), in the
 * same order, every audit (the lists show the latest 500).
 */
export const exportAuditBatchesRoute = defineRoute({
  method: 'GET',
  path: '/api/audit-scans/export',
  access: 'inventory:view',
  summary: 'Audits in progress (or completed=1: completed audits) as CSV or XLSX',
  tag: 'audits',
  query: z.object({ completed: emptyAsDefault(ZQueryFlagSchema, false), ...LIST_EXPORT_QUERY_SHAPE }),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

export const ZCreateAuditBatchSchema = z
  .object({
    audit_batch_name: z.string().trim().min(1, AUDIT_MESSAGES.nameRequired).max(200),
    default_audit_bucket: z.string().trim().min(1, AUDIT_MESSAGES.bucketRequired).max(100),
  })
  .meta({ id: 'CreateAuditBatch' });
export type TCreateAuditBatch = z.input<typeof ZCreateAuditBatchSchema>;

export const createAuditBatchRoute = defineRoute({
  method: 'POST',
  path: '/api/audit-scans',
  access: 'inventory:view',
  summary: "Create an audit: its name (default '{date} {BUCKET} Audit') and its default bucket",
  tag: 'audits',
  body: ZCreateAuditBatchSchema,
  response: ZAuditBatchSchema,
});

export const ZAuditItemsSchema = z
  .object({
    /** Items not transacted yet: scanning or tally finished. */
    committed: z.array(ZAuditItemSchema),
    /** Items whose adjustment was submitted or whose discrepancies were resolved (or are being resolved). */
    transacted: z.array(ZAuditItemSchema),
  })
  .meta({ id: 'AuditItems' });
export type TAuditItems = z.infer<typeof ZAuditItemsSchema>;

export const listAuditItemsRoute = defineRoute({
  method: 'GET',
  path: '/api/audit-scans/items',
  access: 'inventory:view',
  summary: "An audit's items: committed (being counted) and transacted",
  tag: 'audits',
  query: batchIdQuery,
  response: ZAuditItemsSchema,
});

export const auditBatchDetailsRoute = defineRoute({
  method: 'GET',
  path: '/api/audit-scans/details',
  access: 'inventory:view',
  summary: 'One audit',
  tag: 'audits',
  query: batchIdQuery,
  response: ZAuditBatchSchema,
});

export const finishAuditBatchRoute = defineRoute({
  method: 'PUT',
  path: '/api/audit-scans/finishBatch',
  access: 'audit-scan:submit',
  summary: 'Complete an audit (Complete Audit); it moves to Completed Audits',
  tag: 'audits',
  body: z.object({ audit_batch_id: ZIdSchema }),
  response: ZAuditBatchSchema,
});

export const deleteAuditItemRoute = defineRoute({
  method: 'DELETE',
  path: '/api/audit-scans/{transactionReferenceId}',
  access: 'inventory:view',
  summary: 'Delete an audit item and its scans while it is being counted (not once its tally has finished)',
  tag: 'audits',
  params: z.object({ transactionReferenceId: ZAuditItemReferenceSchema }),
  response: z.object({ message: z.string(), ims_transaction_reference_id: z.string() }),
});

const ZScanningRequiredSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1);

/**
 * An item request (001 §7): without transactionReferenceId it starts the tally of a model in a bucket (the
 * snapshot of on-hand is taken then); with the reference of an item being counted it finishes (submits) the tally
 * ('Tally has already been submitted' the second time).
 */
export const ZAuditItemRequestSchema = z
  .object({
    model: z.string().trim().min(1).max(100),
    auditBucket: z.string().trim().min(1).max(100),
    auditBatchId: ZIdSchema,
    auditBatchName: z.string().trim().max(200).nullish(),
    auditTypeCode: z.enum(AUDIT_TYPE_CODES),
    /** The username of the counter (the signed-in user when absent). */
    talliedById: z.union([z.string().trim().max(100), ZIdSchema]).nullish(),
    scanningRequired: ZScanningRequiredSchema.optional(),
    transactionReferenceId: z.string().trim().max(40).nullish(),
  })
  .meta({ id: 'AuditItemRequest' });
export type TAuditItemRequest = z.input<typeof ZAuditItemRequestSchema>;

export const requestAuditItemRoute = defineRoute({
  method: 'POST',
  path: '/api/audit-adjustments/request',
  access: 'inventory:view',
  summary: 'Start the tally of a model in a bucket (or, with its reference, finish it)',
  tag: 'audits',
  body: ZAuditItemRequestSchema,
  response: z.object({ ims_transaction_reference_id: z.string(), audit_item: ZAuditItemSchema }),
});

export const ZQuickAddScannedItemSchema = ZAuditItemRequestSchema.extend({
  scannedUpc: z.string().trim().min(1).max(40),
  /** The item's serials joined with ':=:' (none for a product without serials). */
  serialNumbers: z.string().trim().max(2000).nullish(),
  /** The client's id of this scan (a UUID): a retry with it records nothing new. */
  clientScanId: z.uuid('clientScanId must be a UUID').optional(),
}).meta({ id: 'QuickAddScannedAuditItem' });
export type TQuickAddScannedItem = z.input<typeof ZQuickAddScannedItemSchema>;

export const ZAuditTallySchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    tallied_quantity: z.number().int(),
    serials: z.array(ZAuditSerialSchema),
  })
  .meta({ id: 'AuditTally' });
export type TAuditTally = z.infer<typeof ZAuditTallySchema>;

export const quickAddScannedAuditItemRoute = defineRoute({
  method: 'POST',
  path: '/api/audit-adjustments/quick-add-scanned-item',
  access: 'inventory:view',
  summary: 'Count one item by its scans (UPC, then its serials); starts the tally on the first scan',
  tag: 'audits',
  body: ZQuickAddScannedItemSchema,
  response: ZAuditTallySchema,
});

export const deleteAuditSerialRoute = defineRoute({
  method: 'DELETE',
  path: '/api/audit-adjustments/serials/{id}',
  access: 'inventory:view',
  summary: 'Remove a scan from a tally being counted (with the other serials of its item)',
  tag: 'audits',
  params: z.object({ id: ZIdSchema }),
  response: ZAuditTallySchema,
});

const refParams = z.object({ ref: ZAuditItemReferenceSchema });

export const auditReviewRoute = defineRoute({
  method: 'GET',
  path: '/api/audit-adjustments/{ref}/review',
  access: 'inventory:view',
  summary:
    "An item's review: expected (the snapshot), tallied, moves during the tally, scanned, missing and discovered serials",
  tag: 'audits',
  params: refParams,
  response: ZAuditReviewSchema,
});

export const ZAuditSubmitSchema = z
  .object({
    /** The username of the submitter (the signed-in user when absent). */
    submittedById: z.union([z.string().trim().max(100), ZIdSchema]).nullish(),
    submitNotes: z.string().trim().max(2000).nullish(),
    shouldPerformAsync: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  })
  .meta({ id: 'AuditSubmit' });
export type TAuditSubmit = z.input<typeof ZAuditSubmitSchema>;

export const ZAuditSubmittedSchema = z
  .object({
    message: z.string(),
    /** With shouldPerformAsync: the queued job (follow it at GET /api/jobs/{id}); the review then is as before. */
    job: ZJobSchema.nullable(),
    review: ZAuditReviewSchema,
    transactions: z.array(
      z.object({ ims_transaction_reference_id: z.string(), bucket: z.string(), quantity_delta: z.number().int() }),
    ),
  })
  .meta({ id: 'AuditSubmitted' });
export type TAuditSubmitted = z.infer<typeof ZAuditSubmittedSchema>;

export const transactAuditItemRoute = defineRoute({
  method: 'POST',
  path: '/api/audit-adjustments/{ref}/transact',
  access: 'audit-scan:submit',
  summary:
    'Submit Adjustment Only: post the quantity adjustment (count minus the snapshot) as an INVENTORY_AUDIT_ADJUSTMENT',
  tag: 'audits',
  params: refParams,
  body: ZAuditSubmitSchema,
  response: ZAuditSubmittedSchema,
});

export const resolveAuditItemRoute = defineRoute({
  method: 'POST',
  path: '/api/audit-adjustments/{ref}/resolve',
  access: 'audit-scan:submit',
  summary:
    'Submit Adjustment and Resolve Discrepancies: missing serials leave the bucket, discovered ones move into it, through the ledger',
  tag: 'audits',
  params: refParams,
  body: ZAuditSubmitSchema,
  response: ZAuditSubmittedSchema,
});
