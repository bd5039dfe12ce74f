import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { centsToDollars } from '../money.js';
import { MAX_ID, ZDateSchema } from '../http/common.js';
import { ZScannedSerialsSchema } from '../receiving/receiving.api.js';
import { US_STATE_CODES } from '../contacts/contacts.api.js';
import { PLATFORMS, type TPlatformCode } from '../reference/platforms.js';

/**
 * Where a sale was sold: the tax map's platforms (002 §3 "Platforms": amazon, amazon_home, walmart, walts
 * — Walt's own website) plus `store`, the counter of a location (docs/decisions.md "Sales figures and brand reports").
 */
export const SALES_CHANNELS = ['amazon', 'amazon_home', 'walmart', 'walts', 'store'] as const satisfies readonly (
  TPlatformCode | 'store'
)[];
export type TSalesChannel = (typeof SALES_CHANNELS)[number];
/**
 * The channels whose sales are FBA (Fulfilled by Amazon) orders: Amazon's marketplaces. The FBA pending-orders report
 * counts only these; a sale with another channel, or none recorded, is not an FBA order (docs/decisions.md).
 */
export const FBA_SALES_CHANNELS = ['amazon', 'amazon_home'] as const satisfies readonly TSalesChannel[];
export const SALES_CHANNEL_NAMES: Record<TSalesChannel, string> = {
  ...(Object.fromEntries(PLATFORMS.map((p) => [p.platform_code, p.platform_name])) as Record<TPlatformCode, string>),
  store: 'Store',
};
/** The ship-to states of a sale: the 50 states and DC. */
export const SHIP_TO_STATES: readonly string[] = [...US_STATE_CODES, 'DC'];
/** The largest unit price a sale takes, in cents (the integer column's range). */
export const MAX_UNIT_PRICE_CENTS = MAX_ID;

export const ZSalesChannelSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(SALES_CHANNELS, { error: `must be one of ${SALES_CHANNELS.join(', ')}` }));
export const ZShipToStateSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => SHIP_TO_STATES.includes(v), 'must be the 2-letter code of one of the 50 states or DC');
export const ZUnitPriceCentsSchema = z.number().int('must be whole cents').min(0).max(MAX_UNIT_PRICE_CENTS);

/** Committed-sale messages (001 §5, §8); the spec's are quoted, the others are ours (docs/decisions.md, Committed sales). */
export const COMMITTED_SALE_MESSAGES = {
  /** The server's answer contains "Success": the page then shows 'Sale successfully trasacted!' (001 §8, sic). */
  transacted: 'Success: sale transacted',
  finished: 'Success: invoice finished',
  /** The page's text for a 200 whose message contains Success (001 §8, spelling as the spec has it). */
  clientSuccess: 'Sale successfully trasacted!',
  clientNotFound: 'The server responded with 404 (resource not found)',
  invoiceHasNoOpenSales: 'This invoice has no committed sales to finish',
} as const;

/** 001 §5: the board's helper text when the search matches nothing. */
export const noCommittedSaleResultsMessage = (search: string) => `There are no results for "${search}"`;

/** A committed sale's reference: `CS-` and its id zero-padded to 7 digits. */
export const committedSaleReference = (id: number) => `CS-${String(id).padStart(7, '0')}`;

/** Strict mode's refusals (docs/decisions.md, Committed sales). */
export const saleOverOnHandMessage = (reference: string, quantity: number, bucket: string, onHand: number) =>
  `${reference}: cannot sell ${quantity}, ${bucket} holds ${onHand}`;
/** A backordered sale transacted before its bucket has the units for it beside the other open commitments. */
export const backorderWaitsMessage = (
  reference: string,
  quantity: number,
  model: string,
  bucket: string,
  available: number,
) =>
  `${reference} is backordered: it needs ${quantity} of model ${model} and ${bucket} has ${available} available (on hand less open commitments); transact it when the stock has arrived`;
export const saleNeedsSerialsMessage = (reference: string, model: string, needed: number, given: number) =>
  `${reference}: model ${model} is serial tracked: the sale needs ${needed} committed serial(s), it has ${given}`;

/** Attaching committed serials to an open sale (ours, docs/decisions.md "Committed serials by scan"): the refusals a scan can get besides the ledger's. */
export const saleSerialsCompleteMessage = (reference: string) =>
  `${reference} has all its committed serials: scan nothing more for it`;
export const saleTransactedMessage = (reference: string) =>
  `${reference} has been transacted: its serials cannot change`;
export const serialOnThisSaleMessage = (serial: string) => `Serial ${serial} is already committed to this sale`;

/** How many committed serials a sale still lacks before strict mode transacts it (0: none). */
export const missingSaleSerials = (sale: Pick<TCommittedSale, 'serials_needed' | 'serials'>) =>
  Math.max(0, sale.serials_needed - sale.serials.length);

export const ZCommittedSaleReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^CS-\d{7,10}$/, 'must be a committed sale reference such as CS-0000042');

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const invoiceId = z.string().trim().min(1).max(100);

/** 001 §3 Committed-sale serial (qc_complete and packed are not tracked yet: false). */
export const ZCommittedSaleSerialSchema = z
  .object({
    serial_number: z.string(),
    scanned_at: z.string(),
    scanned_upc: z.string().nullable(),
    qc_complete: z.boolean(),
    packed: z.boolean(),
    fk_inventory_serial_id: z.number().int().nullable(),
  })
  .meta({ id: 'CommittedSaleSerial' });

/** 001 §3 Committed sale, with the transacted fields once it is sold. */
export const ZCommittedSaleSchema = z
  .object({
    id: z.number().int(),
    ims_transaction_reference_id: z.string(),
    legacy_pos_invoice_id: z.string(),
    product: z.object({
      id: z.number().int(),
      model: z.string(),
      product_title: z.string(),
      serial_number_tracked: z.union([z.literal(0), z.literal(1)]),
      /** What the sale dialog's scan checks a scanned UPC and serials against. */
      upc: z.string().nullable(),
      alternate_upc: z.string().nullable(),
      num_of_serials_per_item: z.number().int().nullable(),
    }),
    committed_quantity: z.number().int(),
    scanning_required: z.boolean(),
    source_bucket: z.string(),
    commit_notes: z.string().nullable(),
    created_at: z.string(),
    committed_by_name: z.string().nullable(),
    serials: z.array(ZCommittedSaleSerialSchema),
    /**
     * The committed serials strict mode needs to transact it: committed_quantity × serials per item of a
     * serial-tracked product, 0 for another. Fewer in `serials`: the board marks the sale "Needs serial".
     */
    serials_needed: z.number().int(),
    transacted_at: z.string().nullable(),
    transacted_by_name: z.string().nullable(),
    invoiced_by_name: z.string().nullable(),
    finish_notes: z.string().nullable(),
    strict_mode: z.boolean().nullable(),
    is_prime: z.boolean(),
    is_premium: z.boolean(),
    is_express: z.boolean(),
    is_freight: z.boolean(),
    ship_by_date: z.string().nullable(),
    item_member_ref_id: z.string().nullable(),
    item_group_ref_id: z.string().nullable(),
    /** What it sold for, null when the point of sale did not send it. */
    unit_price_cents: z.number().int().nullable(),
    sales_channel: z.string().nullable(),
    ship_to_state: z.string().nullable(),
    /**
     * A backorder: units sold that were not in stock. It reserves nothing and is no pick item; it can be
     * transacted once its bucket has the units beside the other open commitments.
     */
    backordered: z.boolean(),
  })
  .meta({ id: 'CommittedSale' });
export type TCommittedSale = z.infer<typeof ZCommittedSaleSchema>;

/**
 * The point of sale's intake (ours; the spec does not show the point of sale): one committed sale per invoice line.
 * Serials are those scanned at the point of sale (a list or a `:=:`-joined string), when scanned.
 */
export const ZCommitSaleSchema = z
  .object({
    legacyPosInvoiceId: invoiceId,
    model: z.string().trim().min(1).max(100),
    quantity: z.number().int().min(1).max(MAX_ID),
    sourceBucket: z.string().trim().toUpperCase().min(1).max(60),
    serials: ZScannedSerialsSchema.nullish(),
    scannedUpc: z.string().trim().max(20).nullish(),
    commitNotes: optionalText(2000),
    // How the order ships (the pick item's ship priorities, 001 §9 labels), all optional.
    isPrime: z.boolean().optional(),
    isPremium: z.boolean().optional(),
    isExpress: z.boolean().optional(),
    isFreight: z.boolean().optional(),
    shipByDate: ZDateSchema.nullish(),
    /** The marketplace order's line and order references (the pick item's itemMemberRefId / itemGroupRefId). */
    itemMemberRefId: optionalText(100),
    itemGroupRefId: optionalText(100),
    /** The unit price in cents (whole, 0 or more), the channel sold on and the 2-letter ship-to state. */
    unitPriceCents: ZUnitPriceCentsSchema.nullish(),
    salesChannel: ZSalesChannelSchema.nullish(),
    shipToState: ZShipToStateSchema.nullish(),
  })
  .meta({ id: 'CommitSale' });
export type TCommitSale = z.input<typeof ZCommitSaleSchema>;

export const commitSaleRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/committed-sales',
  access: 'inventory:view',
  summary:
    'Intake from the point of sale: commit one sale line (invoice, model, quantity, source bucket, serials when scanned); nothing moves until it is transacted',
  tag: 'committed-sales',
  body: ZCommitSaleSchema,
  response: ZCommittedSaleSchema,
  status: 201,
});

export const ZCommittedSalesQuerySchema = z.object({
  /** Case-insensitive contains on the invoice id and the model (001 §5). */
  search: z.string().trim().max(100).optional(),
});

export const listCommittedSalesRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/committed-sales',
  access: 'boards:view',
  summary:
    'Open (not yet transacted) committed sales, oldest first; ?search= is a case-insensitive contains on invoice and model',
  tag: 'committed-sales',
  query: ZCommittedSalesQuerySchema,
  response: z.object({ data: z.array(ZCommittedSaleSchema) }),
});

/** The committed sales board's columns in its export (CSV and XLSX), in order. */
export const COMMITTED_SALE_EXPORT_COLUMNS = [
  { header: 'Reference', value: (r) => r.ims_transaction_reference_id, kind: 'id' },
  { header: 'Invoice', value: (r) => r.legacy_pos_invoice_id, kind: 'id' },
  { header: 'Model', value: (r) => r.product.model, kind: 'id' },
  { header: 'Product', value: (r) => r.product.product_title },
  { header: 'Qty', value: (r) => r.committed_quantity },
  { header: 'Unit Price', value: (r) => (r.unit_price_cents === null ? null : centsToDollars(r.unit_price_cents)) },
  { header: 'Channel', value: (r) => r.sales_channel },
  { header: 'Ship-to State', value: (r) => r.ship_to_state },
  { header: 'Source Bucket', value: (r) => r.source_bucket },
  { header: 'Scanning Required', value: (r) => r.scanning_required },
  { header: 'Serials', value: (r) => r.serials.map((s) => s.serial_number).join(', ') },
  { header: 'Backordered', value: (r) => r.backordered },
  { header: 'Ship By', value: (r) => r.ship_by_date },
  { header: 'Committed By', value: (r) => r.committed_by_name },
  { header: 'Notes', value: (r) => r.commit_notes },
  { header: 'Created', value: (r) => r.created_at, kind: 'timestamp' },
] satisfies readonly TListExportColumn<TCommittedSale>[];

/**
 * The board's export. The board filters on the screen (its list is every open sale, up to 500); `search` is the same
 * rule (a case-insensitive contains on invoice and model) run by the server, over every open sale.
 */
export const exportCommittedSalesRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/committed-sales/export',
  access: 'boards:view',
  summary: 'The committed sales board as CSV or XLSX (every open sale the search matches, oldest first)',
  tag: 'committed-sales',
  query: ZCommittedSalesQuerySchema.extend(LIST_EXPORT_QUERY_SHAPE),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

/** Manually transact a sale (001 §7); invoicedById/invoicedByName are the client's username; strictMode false needs admin:override. */
export const ZTransactSaleSchema = z
  .object({
    invoicedById: z.union([z.string().trim().max(100), z.number().int().min(0).max(MAX_ID)]).nullish(),
    invoicedByName: optionalText(100),
    finishNotes: optionalText(2000),
    strictMode: z.boolean().optional(),
  })
  .meta({ id: 'TransactSale' });
export type TTransactSale = z.input<typeof ZTransactSaleSchema>;

export const ZSaleTransactedSchema = z
  .object({
    message: z.string(),
    /** True when the sale(s) had been transacted already: this answers the first result, nothing moved again. */
    already_transacted: z.boolean(),
    committed_sales: z.array(ZCommittedSaleSchema),
  })
  .meta({ id: 'SaleTransacted' });
export type TSaleTransacted = z.infer<typeof ZSaleTransactedSchema>;

const refParams = z.object({ ref: ZCommittedSaleReferenceSchema });

export const transactCommittedSaleRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/committed-sales/{ref}/transact',
  access: 'boards:view',
  summary: 'Manually transact a committed sale: INVENTORY_SALE through the ledger, once; 404 for an unknown reference',
  tag: 'committed-sales',
  params: refParams,
  body: ZTransactSaleSchema,
  response: ZSaleTransactedSchema,
});

export const ZFinishInvoiceSchema = ZTransactSaleSchema.extend({ legacyPosInvoiceId: invoiceId }).meta({
  id: 'FinishInvoice',
});
export type TFinishInvoice = z.input<typeof ZFinishInvoiceSchema>;

export const finishInvoiceRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/legacy-wpos/finishInvoice/',
  access: 'boards:view',
  summary:
    'Finish a legacy POS invoice: every open committed sale of it is transacted in one database transaction, all or none; 404 when it has none',
  tag: 'committed-sales',
  body: ZFinishInvoiceSchema,
  response: ZSaleTransactedSchema,
});

/**
 * One scanned item's committed serials for an open sale that lacks them (ours, docs/decisions.md "Committed serials by scan"; the spec has no route for
 * it): its UPC and serials per item, each live in the sale's source bucket as that product and committed to no other
 * open sale or transfer. `clientScanId` (the scan outbox's) makes a replay answer the first answer, once.
 */
export const ZAddSaleSerialSchema = z
  .object({
    scannedUpc: z.string().trim().min(1).max(20),
    scannedSerialNumbers: ZScannedSerialsSchema,
    clientScanId: z.uuid('clientScanId must be a UUID').optional(),
  })
  .meta({ id: 'AddCommittedSaleSerial' });
export type TAddSaleSerial = z.input<typeof ZAddSaleSerialSchema>;

export const ZSaleSerialAddedSchema = z
  .object({ message: z.literal('Success'), committed_sale: ZCommittedSaleSchema })
  .meta({ id: 'SaleSerialAdded' });
export type TSaleSerialAdded = z.infer<typeof ZSaleSerialAddedSchema>;

export const addCommittedSaleSerialRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/committed-sales/{ref}/addScannedItem',
  access: 'inventory:view',
  summary:
    "Commit one scanned item's serials to an open sale that lacks them (a reservation: nothing moves until it is transacted); a repeated clientScanId answers the first answer",
  tag: 'committed-sales',
  params: refParams,
  body: ZAddSaleSerialSchema,
  response: ZSaleSerialAddedSchema,
});
