import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { MAX_ID, ZIdSchema } from '../http/common.js';
import { NOT_SELECTED } from './transfer-rules.js';
import { ZScannedSerialsSchema } from '../receiving/receiving.api.js';

/** A committed transfer's reference (its ims_transaction_reference_id): CT- and the zero-padded id, e.g. CT-0000042. */
export const ZCommittedTransferReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^CT-\d{7,10}$/, 'must be a committed transfer reference such as CT-0000042');

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const bucketName = z.string().trim().toUpperCase().max(60);

/** 001 §3 Scanned serial. */
export const ZTransferSerialSchema = z
  .object({
    scanned_serial_number: z.string(),
    scanned_upc: z.string().nullable(),
    scanned_at: z.string(),
    old_location_code: z.string().nullable(),
    new_location_code: z.string().nullable(),
    old_condition_code: z.string().nullable(),
    new_condition_code: z.string().nullable(),
    old_disposition_code: z.string().nullable(),
    new_disposition_code: z.string().nullable(),
    fk_inventory_serial_id: z.number().int().nullable(),
  })
  .meta({ id: 'TransferSerial' });

/** The product of a transfer: what the scan flow needs (UPCs, part number, serials per item). */
export const ZTransferProductSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  product_title: z.string(),
  upc: z.string().nullable(),
  alternate_upc: z.string().nullable(),
  part_number: z.string().nullable(),
  serial_number_tracked: z.union([z.literal(0), z.literal(1)]),
  num_of_serials_per_item: z.number().int().nullable(),
});

/** 001 §3 Committed transfer; `transferred_at` is set once it is transacted (it then counts as a transacted transfer). */
export const ZCommittedTransferSchema = z
  .object({
    id: z.number().int(),
    ims_transaction_reference_id: z.string(),
    product: ZTransferProductSchema,
    committed_quantity: z.number().int(),
    total_scanned_quantity: z.number().int(),
    from_bucket: z.string(),
    to_bucket: z.string(),
    committed_by_name: z.string().nullable(),
    committed_by_id: z.number().int().nullable(),
    committed_at: z.string(),
    commit_notes: z.string().nullable(),
    pos_transfer_batch_ref_id: z.string().nullable(),
    pos_transfer_batch_name: z.string().nullable(),
    sender_sku: z.string().nullable(),
    receiver_sku: z.string().nullable(),
    scanning_required: z.boolean(),
    strict_mode: z.boolean(),
    transferred_at: z.string().nullable(),
    serials: z.array(ZTransferSerialSchema),
  })
  .meta({ id: 'CommittedTransfer' });
export type TCommittedTransfer = z.infer<typeof ZCommittedTransferSchema>;

/** 001 §3 Transacted transfer. */
export const ZTransactedTransferSchema = z
  .object({
    id: z.number().int(),
    ims_transaction_reference_id: z.string(),
    product: z.object({ id: z.number().int(), model: z.string(), product_title: z.string() }),
    transferred_quantity: z.number().int(),
    transferred_at: z.string(),
    transferred_by_name: z.string().nullable(),
    transfer_notes: z.string().nullable(),
    from_bucket: z.string(),
    to_bucket: z.string(),
    pos_transfer_batch_ref_id: z.string().nullable(),
    pos_transfer_batch_name: z.string().nullable(),
  })
  .meta({ id: 'TransactedTransfer' });
export type TTransactedTransfer = z.infer<typeof ZTransactedTransferSchema>;

/**
 * Commit a transfer (001 §7): the form's fields. Quantity and destination may arrive unselected ('Not Selected'
 * or absent): the service answers them, and the inbound and KY01/TX01/AZ02 rules, with 422 'One or more required
 * fields are missing' naming the fields. committedById (the username) is recorded from the signed-in user.
 */
export const ZCommitTransferSchema = z
  .object({
    fromBucket: bucketName.min(1),
    toBucket: bucketName.nullish(),
    model: z.string().trim().min(1).max(100),
    requestedQuantity: z.union([z.number().int().min(1).max(MAX_ID), z.literal(NOT_SELECTED)]).nullish(),
    committedById: optionalText(100),
    posTransferBatchRefId: optionalText(100),
    posTransferBatchName: optionalText(200),
    receiverSku: optionalText(100),
    senderSku: optionalText(100),
    scanningRequired: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
    commitNotes: optionalText(2000),
    /** False only for admin:override holders (the admin-level transfer); on by default. */
    strictMode: z.boolean().optional(),
  })
  .meta({ id: 'CommitTransfer' });
export type TCommitTransfer = z.input<typeof ZCommitTransferSchema>;

export const commitTransferRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/committed-transfers',
  access: 'inventory-transfer:view',
  summary:
    "Commit a transfer between two buckets (nothing moves until it is transacted); 422 'One or more required fields are missing'",
  tag: 'transfers',
  body: ZCommitTransferSchema,
  response: ZCommittedTransferSchema,
  status: 201,
});

const refParams = z.object({ refId: ZCommittedTransferReferenceSchema });

export const getCommittedTransferRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/committed-transfers/{refId}',
  access: 'inventory-transfer:view',
  summary: 'One transfer by its reference, committed or transacted, with its scanned serials',
  tag: 'transfers',
  params: refParams,
  response: ZCommittedTransferSchema,
});

export const ZCommittedTransfersQuerySchema = z
  .object({
    imsTransactionReferenceId: ZCommittedTransferReferenceSchema.optional(),
    model: z.string().trim().min(1).max(100).optional(),
  })
  .refine(
    (q) => q.imsTransactionReferenceId !== undefined || q.model !== undefined,
    'imsTransactionReferenceId or model is required',
  );

export const listCommittedTransfersRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/committed-transfers',
  access: 'inventory-transfer:view',
  summary: 'Committed (not yet transacted) transfers by reference or by model, oldest first',
  tag: 'transfers',
  query: ZCommittedTransfersQuerySchema,
  response: z.object({ data: z.array(ZCommittedTransferSchema) }),
});

/** Edit a committed transfer (001 §7); absent fields keep their value, null or '' clears a text. */
export const ZUpdateCommittedTransferSchema = z
  .object({
    committedQty: z.number().int().min(1).max(MAX_ID).optional(),
    posTransferBatchName: optionalText(200),
    posTransferBatchRefId: optionalText(100),
    senderSku: optionalText(100),
    receiverSku: optionalText(100),
    commitNotes: optionalText(2000),
  })
  .meta({ id: 'UpdateCommittedTransfer' });
export type TUpdateCommittedTransfer = z.input<typeof ZUpdateCommittedTransferSchema>;

export const updateCommittedTransferRoute = defineRoute({
  method: 'PATCH',
  path: '/api/ims/committed-transfers/{refId}',
  access: 'inventory-transfer:view',
  summary: "Edit a committed transfer; 404 'Failed to update: commitment not found'",
  tag: 'transfers',
  params: refParams,
  body: ZUpdateCommittedTransferSchema,
  response: ZCommittedTransferSchema,
});

export const deleteCommittedTransferRoute = defineRoute({
  method: 'DELETE',
  path: '/api/ims/committed-transfers/{refId}',
  access: 'inventory-transfer:view',
  summary: "Delete a committed transfer (nothing has moved); 404 'Failed to delete: commitment not found'",
  tag: 'transfers',
  params: refParams,
  response: z.object({ message: z.literal('Deleted'), ims_transaction_reference_id: z.string() }),
});

export const listTransactedTransfersRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/transacted-transfers',
  access: 'inventory-transfer:view',
  summary: 'Transacted (submitted) transfers of a model, newest first',
  tag: 'transfers',
  query: z.object({ model: z.string().trim().min(1).max(100) }),
  response: z.object({ data: z.array(ZTransactedTransferSchema) }),
});

/** The transfer page's submitted (transacted) transfers in its export (CSV and XLSX), in order. */
export const TRANSACTED_TRANSFER_EXPORT_COLUMNS = [
  { header: 'Reference', value: (r) => r.ims_transaction_reference_id, kind: 'id' },
  { header: 'Model', value: (r) => r.product.model, kind: 'id' },
  { header: 'Product', value: (r) => r.product.product_title },
  { header: 'Quantity', value: (r) => r.transferred_quantity },
  { header: 'From', value: (r) => r.from_bucket },
  { header: 'To', value: (r) => r.to_bucket },
  { header: 'Transferred By', value: (r) => r.transferred_by_name },
  { header: 'Transferred At', value: (r) => r.transferred_at, kind: 'timestamp' },
  { header: 'Batch Ref ID', value: (r) => r.pos_transfer_batch_ref_id, kind: 'id' },
  { header: 'Batch Name', value: (r) => r.pos_transfer_batch_name },
  { header: 'Notes', value: (r) => r.transfer_notes },
] satisfies readonly TListExportColumn<TTransactedTransfer>[];

export const exportTransactedTransfersRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/transacted-transfers/export',
  access: 'inventory-transfer:view',
  summary: "A model's transacted transfers as CSV or XLSX, newest first",
  tag: 'transfers',
  query: listTransactedTransfersRoute.query.extend(LIST_EXPORT_QUERY_SHAPE),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

export const ZUpdateTransferNotesSchema = z
  .object({
    id: ZIdSchema,
    transfer_notes: z.string().max(2000).nullable(),
  })
  .meta({ id: 'UpdateTransferNotes' });

export const updateTransferNotesRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/transacted-transfers/updateTransferNotes',
  access: 'inventory-transfer:view',
  summary: "Set a transfer's notes (by its id); 404 'Transfer not found'",
  tag: 'transfers',
  body: ZUpdateTransferNotesSchema,
  response: z.object({ message: z.literal('Success'), id: z.number().int(), transfer_notes: z.string().nullable() }),
});

/**
 * Scan one item into a committed transfer (001 §4 scan flow, §7): its UPC and, for a serial-tracked product,
 * num_of_serials_per_item serials (a comma-separated string or a list). forcePushSerialCorrection (0 or 1) resends
 * after the force-push prompt (docs/decisions.md, Transfers: not supported yet, refused with 422).
 */
export const ZAddScannedItemSchema = z
  .object({
    scannedUpc: z.string().trim().min(1).max(20),
    scannedSerialNumbers: ZScannedSerialsSchema.nullish(),
    forcePushSerialCorrection: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
    /**
     * The client's id of this scan (a UUID, made when the unit is scanned): a retry with the same id on the same
     * transfer records nothing new and answers the transfer as it stands; on another transfer it is refused (409).
     */
    clientScanId: z.uuid('clientScanId must be a UUID').optional(),
  })
  .meta({ id: 'AddScannedTransferItem' });
export type TAddScannedItem = z.input<typeof ZAddScannedItemSchema>;

export const addScannedTransferItemRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/committed-transfers/{refId}/addScannedItem',
  access: 'inventory-transfer:view',
  summary:
    "Scan one item (UPC and serials) into a committed transfer; 'Inventory serial … does not exist for product …' or '… according to records should be at …' for a serial not in the source bucket",
  tag: 'transfers',
  params: refParams,
  body: ZAddScannedItemSchema,
  response: z.object({ message: z.literal('Success'), updated_committed_transfer: ZCommittedTransferSchema }),
});

/** Submit (transact) a committed transfer (001 §7): transferredById is the username; strictMode false needs admin:override. */
export const ZTransactTransferSchema = z
  .object({
    transferredById: z.string().trim().min(1).max(100),
    transferNotes: optionalText(2000),
    strictMode: z.boolean().optional(),
  })
  .meta({ id: 'TransactTransfer' });
export type TTransactTransfer = z.input<typeof ZTransactTransferSchema>;

/** A submitted transfer: the spec's success message, the transfer as committed and as transacted. */
export const ZTransferSubmittedSchema = z
  .object({
    message: z.string(),
    /** True when the transfer had been submitted already: this answer is the first one's, nothing moved again. */
    already_transacted: z.boolean(),
    committed_transfer: ZCommittedTransferSchema,
    transacted_transfer: ZTransactedTransferSchema,
  })
  .meta({ id: 'TransferSubmitted' });
export type TTransferSubmitted = z.infer<typeof ZTransferSubmittedSchema>;

export const transactCommittedTransferRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/committed-transfers/{refId}/transact',
  access: 'inventory-transfer:view',
  summary:
    "Submit a committed transfer: the stock moves through the ledger, once ('Transfer successfully submitted and processed!'); cannot be undone",
  tag: 'transfers',
  params: refParams,
  body: ZTransactTransferSchema,
  response: ZTransferSubmittedSchema,
});

export const quickTransferWithoutSerialsRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/transacted-transfers/quickTransferWithoutSerials',
  access: 'inventory-transfer:view',
  summary: "Commit and submit a transfer that needs no scanning, in one step (the commit's body)",
  tag: 'transfers',
  body: ZCommitTransferSchema,
  response: ZTransferSubmittedSchema,
  status: 201,
});

/** The committed transfers board's cap: the oldest this many open transfers (with `total`, the count of all that match). */
export const COMMITTED_TRANSFERS_BOARD_LIMIT = 500;

/** One row of the committed transfers board: a committed transfer without its scanned serials (the board shows progress only). */
export const ZCommittedTransferBoardRowSchema = ZCommittedTransferSchema.omit({ serials: true }).meta({
  id: 'CommittedTransferBoardRow',
});
export type TCommittedTransferBoardRow = z.infer<typeof ZCommittedTransferBoardRowSchema>;

export const ZCommittedTransfersBoardQuerySchema = z.object({
  /** Case-insensitive contains on the model, product title, reference, from and to bucket, batch name and ref, and committer. */
  search: z.string().trim().max(100).optional(),
});

export const ZCommittedTransfersBoardSchema = z
  .object({
    data: z.array(ZCommittedTransferBoardRowSchema),
    /** How many open transfers match; more than `data.length` when the cap cut the answer. */
    total: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'CommittedTransfersBoard' });
export type TCommittedTransfersBoard = z.infer<typeof ZCommittedTransfersBoardSchema>;

/**
 * The committed transfers board (001 §2 /committed-transfers, 002 §2): every open committed transfer across models,
 * oldest first, capped at COMMITTED_TRANSFERS_BOARD_LIMIT. `boards:view` like the board itself (every role).
 */
export const committedTransfersBoardRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/committed-transfers/board',
  access: 'boards:view',
  summary:
    'The committed transfers board: every open (not transacted) transfer across models, oldest first, at most 500; ?search= is a case-insensitive contains',
  tag: 'transfers',
  query: ZCommittedTransfersBoardQuerySchema,
  response: ZCommittedTransfersBoardSchema,
});

/** The committed transfers board's columns in its export (CSV and XLSX), in order. */
export const COMMITTED_TRANSFER_EXPORT_COLUMNS = [
  { header: 'Reference', value: (r) => r.ims_transaction_reference_id, kind: 'id' },
  { header: 'Model', value: (r) => r.product.model, kind: 'id' },
  { header: 'Product', value: (r) => r.product.product_title },
  { header: 'Committed', value: (r) => r.committed_quantity },
  { header: 'Scanned', value: (r) => r.total_scanned_quantity },
  { header: 'From', value: (r) => r.from_bucket },
  { header: 'To', value: (r) => r.to_bucket },
  { header: 'Committed By', value: (r) => r.committed_by_name },
  { header: 'Committed At', value: (r) => r.committed_at, kind: 'timestamp' },
  { header: 'Batch Ref ID', value: (r) => r.pos_transfer_batch_ref_id, kind: 'id' },
  { header: 'Batch Name', value: (r) => r.pos_transfer_batch_name },
  { header: 'Sender SKU', value: (r) => r.sender_sku, kind: 'id' },
  { header: 'Receiver SKU', value: (r) => r.receiver_sku, kind: 'id' },
  { header: 'Scanning Required', value: (r) => r.scanning_required },
  { header: 'Notes', value: (r) => r.commit_notes },
] satisfies readonly TListExportColumn<TCommittedTransferBoardRow>[];

/** The board's export: every open transfer its search matches (not capped), oldest first. */
export const exportCommittedTransfersBoardRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/committed-transfers/board/export',
  access: 'boards:view',
  summary: 'The committed transfers board as CSV or XLSX (every match, not capped)',
  tag: 'transfers',
  query: ZCommittedTransfersBoardQuerySchema.extend(LIST_EXPORT_QUERY_SHAPE),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

/**
 * 002 §3 Transfer transaction: a transfer as committed and, once transacted, as transferred (transferred_* null until
 * then). Answered by the inbound transfers calls and the batch searches, and carried by a transfer's transaction detail.
 */
export const ZTransferTransactionSchema = z
  .object({
    id: z.number().int(),
    ims_transaction_reference_id: z.string(),
    pos_transfer_batch_name: z.string().nullable(),
    pos_transfer_batch_ref_id: z.string().nullable(),
    committed_quantity: z.number().int(),
    transferred_quantity: z.number().int().nullable(),
    receiver_sku: z.string().nullable(),
    sender_sku: z.string().nullable(),
    product: z.object({ id: z.number().int(), model: z.string(), product_title: z.string() }),
    from_bucket: z.string(),
    to_bucket: z.string(),
    committed_at: z.string(),
    transferred_at: z.string().nullable(),
    scanning_required: z.boolean(),
    committed_by_id: z.number().int().nullable(),
    committed_by_name: z.string().nullable(),
    transferred_by_id: z.number().int().nullable(),
    transferred_by_name: z.string().nullable(),
    committed_notes: z.string().nullable(),
    transfer_notes: z.string().nullable(),
    /** The transfer's ledger rows (IT-…, out of the source then into the destination) once transacted. */
    ledger_references: z.array(z.string()),
  })
  .meta({ id: 'TransferTransaction' });
export type TTransferTransaction = z.infer<typeof ZTransferTransactionSchema>;

/** The transaction search types (001 §9), also the keys of the inbound transfers calls (002 §7). */
export const TRANSFER_SEARCH_KEYS = [
  'imsTransactionReferenceId',
  'posTransferBatchRefId',
  'posTransferBatchName',
] as const;
export type TTransferSearchKey = (typeof TRANSFER_SEARCH_KEYS)[number];
/** Each search type's name on screen (the search type list and the value field's label). */
export const TRANSFER_SEARCH_LABELS: Record<TTransferSearchKey, string> = {
  imsTransactionReferenceId: 'IMS Transaction Reference ID',
  posTransferBatchRefId: 'POS Transfer Batch Ref ID',
  posTransferBatchName: 'POS Transfer Batch Name',
};

const searchValues = z.union([
  z.string().trim().min(1).max(200),
  z.array(z.string().trim().min(1).max(200)).min(1).max(50),
]);

/**
 * 002 §7 `?{key}s[]={id}`: one of imsTransactionReferenceIds, posTransferBatchRefIds, posTransferBatchNames, each
 * with or without the brackets (`?posTransferBatchNames[]=A&posTransferBatchNames[]=B`, or a single value).
 */
export const ZInboundTransfersQuerySchema = z
  .object({
    'imsTransactionReferenceIds[]': searchValues.optional(),
    imsTransactionReferenceIds: searchValues.optional(),
    'posTransferBatchRefIds[]': searchValues.optional(),
    posTransferBatchRefIds: searchValues.optional(),
    'posTransferBatchNames[]': searchValues.optional(),
    posTransferBatchNames: searchValues.optional(),
  })
  .refine(
    (q) => TRANSFER_SEARCH_KEYS.filter((k) => q[`${k}s`] !== undefined || q[`${k}s[]`] !== undefined).length === 1,
    'exactly one of imsTransactionReferenceIds[], posTransferBatchRefIds[], posTransferBatchNames[] is required',
  );
export type TInboundTransfersQuery = z.output<typeof ZInboundTransfersQuerySchema>;

/** The search of a valid inbound query: its key and its values (references upper-cased, the others as given). */
export function inboundTransfersFilter(query: TInboundTransfersQuery): { key: TTransferSearchKey; values: string[] } {
  const key = TRANSFER_SEARCH_KEYS.find((k) => query[`${k}s`] !== undefined || query[`${k}s[]`] !== undefined)!;
  const raw = [query[`${key}s`], query[`${key}s[]`]].flat().filter((v): v is string => typeof v === 'string');
  const values = [...new Set(key === 'imsTransactionReferenceId' ? raw.map((v) => v.toUpperCase()) : raw)];
  return { key, values };
}

/** What the inbound and search calls answer: at most this many transfers, newest reference first. */
export const TRANSFER_TRANSACTIONS_LIMIT = 500;

export const committedInboundTransfersRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/committed-transfers/inbound',
  access: 'inventory:view',
  summary:
    'Committed (not yet transacted) transfers into or out of an _INBOUND bucket, by references, batch ref ids or batch names; newest reference first',
  tag: 'transfers',
  query: ZInboundTransfersQuerySchema,
  response: z.object({ data: z.array(ZTransferTransactionSchema) }),
});

export const transactedInboundTransfersRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/transacted-transfers/inbound',
  access: 'inventory:view',
  summary:
    'Transacted transfers into or out of an _INBOUND bucket, by references, batch ref ids or batch names; newest reference first',
  tag: 'transfers',
  query: ZInboundTransfersQuerySchema,
  response: z.object({ data: z.array(ZTransferTransactionSchema) }),
});

/** The transaction search by transfer batch (001 §2 /inventory-transactions/search, searchType and id). */
export const ZTransferTransactionSearchSchema = z.object({
  searchType: z.enum(['posTransferBatchRefId', 'posTransferBatchName']),
  id: z.string().trim().min(1).max(200),
});

export const searchTransferTransactionsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/inventory-transactions',
  access: 'inventory:view',
  summary:
    'Transfer transactions (committed and transacted) of a POS transfer batch ref id or batch name (exact, any case); newest reference first',
  tag: 'transfers',
  query: ZTransferTransactionSearchSchema,
  response: z.object({ data: z.array(ZTransferTransactionSchema) }),
});
