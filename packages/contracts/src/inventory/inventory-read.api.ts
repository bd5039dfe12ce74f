import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZIdParamsSchema, ZQueryFlagSchema } from '../http/common.js';
import { ZProductSchema } from '../catalog/catalog.api.js';
import { TRANSFER_SEARCH_KEYS, ZTransferTransactionSchema } from '../transfers/transfers.api.js';
import { ZCommittedSaleSchema } from '../committed-sales/committed-sales.api.js';

/**
 * Inventory reads (001 §2 search, product detail, serial detail, transaction detail; §7 "Search and reference
 * data" and "Transactions, serials, simulation").
 */

/** What the shared search panel searches by (001 §2); the first is the default. */
export const INVENTORY_SEARCH_BY = ['model', 'serial', 'manufacturer', 'category', 'brand', 'upc', 'mpn'] as const;
export type TInventorySearchBy = (typeof INVENTORY_SEARCH_BY)[number];

/** Labels shown by the search-by selector. */
export const INVENTORY_SEARCH_BY_LABELS: Record<TInventorySearchBy, string> = {
  model: 'Model',
  serial: 'Serial',
  manufacturer: 'Manufacturer',
  category: 'Category',
  brand: 'Brand',
  upc: 'UPC',
  mpn: 'MPN',
};

/** 001 §5: a serial search needs 3 or more characters. */
export const SERIAL_SEARCH_MIN_LENGTH = 3;
export const EXTEND_SEARCH_MESSAGE = 'Please Extend Search Parameters.';
/** At most this many result cards (products or serials) per search; `more` says when others matched. */
export const INVENTORY_SEARCH_LIMIT = 50;

/** Sellable on-hand of a product in one bucket: NEW condition, quantity above 0 (001 §2 result cards). */
export const ZBucketQuantitySchema = z
  .object({
    bucket: z.string(),
    location_code: z.string(),
    condition_code: z.string(),
    quantity: z.number().int(),
  })
  .meta({ id: 'BucketQuantity' });
export type TBucketQuantity = z.infer<typeof ZBucketQuantitySchema>;

/** A product result card: the product's fields and its sellable buckets. */
export const ZInventorySearchCardSchema = ZProductSchema.extend({ inventory: z.array(ZBucketQuantitySchema) }).meta({
  id: 'InventorySearchCard',
});
export type TInventorySearchCard = z.infer<typeof ZInventorySearchCardSchema>;

/** A serial result card (001 §2 "Serial search result cards"). */
export const ZSerialSearchCardSchema = z
  .object({
    id: z.number().int(),
    serial_number: z.string(),
    location_code: z.string().nullable(),
    condition_code: z.string().nullable(),
    disposition_code: z.string(),
    product: z.object({
      id: z.number().int(),
      model: z.string(),
      product_title: z.string(),
      brand_name: z.string().nullable(),
      manufacturer_name: z.string().nullable(),
      category_name: z.string().nullable(),
      /** The product's part number (MPN). */
      mpn: z.string().nullable(),
      upc: z.string().nullable(),
      /** The product's marketplace listing (001 §2): ASIN, listing id and SKU, null when not listed. */
      asin: z.string().nullable(),
      listing_id: z.string().nullable(),
      sku: z.string().nullable(),
    }),
  })
  .meta({ id: 'SerialSearchCard' });
export type TSerialSearchCard = z.infer<typeof ZSerialSearchCardSchema>;

/**
 * Search semantics by search type (the spec gives the option names, not their matching):
 * - model: model number starts with the value (case-insensitive); `exact` asks for the whole model;
 * - upc: the UPC or alternate UPC equals the value (always exact);
 * - mpn: the part number starts with the value, or equals it with `exact`;
 * - brand, category, manufacturer: the code equals the value, or the name starts with it (equals with `exact`);
 * - serial: serial numbers containing the value (3 or more characters), or equal to it with `exact`;
 *   `includeInactive` then also lists serials that are no longer LIVE.
 * Products are ACTIVE ones unless `includeInactive`. `bucket` keeps products with on-hand above 0 in that bucket.
 *
 * The value is given one of two ways, exactly one value per search (001 §7):
 * - the spec's form, the type as the key: `?model=INV`, `?serial=ABC`, `?upc=...`;
 * - `searchBy` (default model) with `searchValue`.
 * `startsWith` is accepted (prefix matching is already the default; `exact` overrides it) and so is
 * `includeCommitted` (no effect until committed sales and transfers are recorded).
 */
const ZSearchValueSchema = z.string().trim().min(1).max(100);

/** One optional key per search type: `model`, `serial`, ... */
const searchByKeys = Object.fromEntries(INVENTORY_SEARCH_BY.map((by) => [by, ZSearchValueSchema.optional()])) as Record<
  TInventorySearchBy,
  z.ZodOptional<typeof ZSearchValueSchema>
>;

/** The value-carrying keys of a search query, as parsed. */
export type TInventorySearchValues = { searchBy?: TInventorySearchBy; searchValue?: string } & Partial<
  Record<TInventorySearchBy, string>
>;

/** The search values a query gives, by the key carrying each: `searchValue` and each type key present. */
export function givenInventorySearchValues(
  query: TInventorySearchValues,
): { key: TInventorySearchBy | 'searchValue'; searchBy: TInventorySearchBy; value: string }[] {
  const given: { key: TInventorySearchBy | 'searchValue'; searchBy: TInventorySearchBy; value: string }[] = [];
  if (query.searchValue !== undefined)
    given.push({ key: 'searchValue', searchBy: query.searchBy ?? INVENTORY_SEARCH_BY[0], value: query.searchValue });
  for (const by of INVENTORY_SEARCH_BY) {
    const value = query[by];
    if (value !== undefined) given.push({ key: by, searchBy: by, value });
  }
  return given;
}

/**
 * The search of a valid query (one value, by either form) as `{ searchBy, searchValue }`; the route handler's
 * normalisation, since the query schema keeps no transform. Throws when the query does not give exactly one value.
 */
export function inventorySearchCriteria(query: TInventorySearchValues): {
  searchBy: TInventorySearchBy;
  searchValue: string;
} {
  const given = givenInventorySearchValues(query);
  if (given.length !== 1) throw new Error(`an inventory search takes exactly one value, got ${given.length}`);
  return { searchBy: given[0]!.searchBy, searchValue: given[0]!.value };
}

export const ZInventorySearchQuerySchema = z
  .object({
    searchBy: z.enum(INVENTORY_SEARCH_BY).optional(),
    searchValue: ZSearchValueSchema.optional(),
    ...searchByKeys,
    includeInactive: ZQueryFlagSchema.optional(),
    exact: ZQueryFlagSchema.optional(),
    startsWith: ZQueryFlagSchema.optional(),
    includeCommitted: ZQueryFlagSchema.optional(),
    bucket: z.string().trim().toUpperCase().min(1).max(60).optional(),
  })
  .superRefine((q, ctx) => {
    const given = givenInventorySearchValues(q);
    if (given.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['searchValue'],
        message: `Required: searchValue, or one of ${INVENTORY_SEARCH_BY.join(', ')}`,
      });
      return;
    }
    if (given.length > 1) {
      const keys = given.map((g) => g.key);
      for (const key of keys)
        ctx.addIssue({ code: 'custom', path: [key], message: `Give one search value, not ${keys.join(' and ')}` });
      return;
    }
    const [only] = given as [(typeof given)[number]];
    if (only.key !== 'searchValue' && q.searchBy !== undefined && q.searchBy !== only.key) {
      ctx.addIssue({
        code: 'custom',
        path: ['searchBy'],
        message: `The value is given as ${only.key}, not ${q.searchBy}`,
      });
    }
    if (only.searchBy === 'serial' && only.value.length < SERIAL_SEARCH_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: [only.key], message: EXTEND_SEARCH_MESSAGE });
    }
  });

export const inventorySearchRoute = defineRoute({
  method: 'GET',
  path: '/api/inventory/products/search',
  access: 'inventory:view',
  summary: 'Inventory search: product cards with sellable on-hand per bucket, or serial cards for a serial search',
  tag: 'inventory',
  query: ZInventorySearchQuerySchema,
  response: z.object({
    searchBy: z.enum(INVENTORY_SEARCH_BY),
    data: z.array(ZInventorySearchCardSchema),
    serials: z.array(ZSerialSearchCardSchema),
    /** More matched than INVENTORY_SEARCH_LIMIT. */
    more: z.boolean(),
  }),
});

/** One inventory row of a product (001 §3 "Inventory row"); `id` is `{productId}:{bucket}` (the table's key). */
export const ZInventoryRowSchema = z
  .object({
    id: z.string(),
    bucket: z.string(),
    location_code: z.string(),
    condition_code: z.string(),
    quantity: z.number().int(),
    /** Reserved: the open commitments from this bucket (committed transfers not submitted, open committed sales). */
    committed_quantity: z.number().int(),
    /** quantity − committed_quantity: what a strict commit may still take (below 0 after an admin's over-commit). */
    available: z.number().int(),
    /** Units the bucket's bins hold (never above quantity); quantity − binned_quantity sit unbinned. */
    binned_quantity: z.number().int(),
    notes: z.string().nullable(),
    last_updated_at: z.string(),
  })
  .meta({ id: 'InventoryRow' });
export type TInventoryRow = z.infer<typeof ZInventoryRowSchema>;

export const ZProductPreviewSchema = z
  .object({ product: ZProductSchema, inventory: z.array(ZInventoryRowSchema) })
  .meta({ id: 'ProductPreview' });
export type TProductPreview = z.infer<typeof ZProductPreviewSchema>;

export const productPreviewRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/inventory/product/preview',
  access: 'inventory:view',
  summary:
    'Product detail by model (case-insensitive): the product and every bucket row it has; 404 for an unknown model',
  tag: 'inventory',
  query: z.object({ model: z.string().trim().min(1).max(100) }),
  response: ZProductPreviewSchema,
});

/** The same product detail at the spec's unprefixed path (001 §7 "inventory/product/preview?model={model}"). */
export const inventoryProductPreviewRoute = defineRoute({
  ...productPreviewRoute,
  path: '/api/inventory/product/preview',
  summary: 'Product detail by model, as /api/ims/inventory/product/preview',
});

/**
 * 001 §3 Committed-sale serial, as the serial detail shows it: the scan at the point of sale and its sale (the `CS-`
 * reference, the legacy POS invoice, and the sale's ledger row once transacted).
 */
export const ZSerialCommittedSaleSchema = z
  .object({
    serial_number: z.string(),
    scanned_at: z.string(),
    scanned_upc: z.string().nullable(),
    qc_complete: z.boolean(),
    packed: z.boolean(),
    sale: z.object({
      ims_transaction_reference_id: z.string(),
      legacy_pos_invoice_id: z.string(),
      source_bucket: z.string(),
      committed_quantity: z.number().int(),
      created_at: z.string(),
      transacted_at: z.string().nullable(),
      /** The sale's INVENTORY_SALE ledger row (IS-…), once transacted. */
      ledger_reference: z.string().nullable(),
      /** The work order the sale was committed from (its invoice is the work order's number), else null. */
      pos_work_order_id: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'SerialCommittedSale' });
export type TSerialCommittedSale = z.infer<typeof ZSerialCommittedSaleSchema>;

/** 001 §3 "Inventory serial", with the committed-sale serials that name it (newest first). */
export const ZInventorySerialDetailSchema = z
  .object({
    id: z.number().int(),
    serial_number: z.string(),
    bucket: z.string().nullable(),
    location_code: z.string().nullable(),
    condition_code: z.string().nullable(),
    disposition_code: z.string(),
    po_api_po_id: z.number().int().nullable(),
    purchase_ref_id: z.string().nullable(),
    legacy_po_api_po_id: z.string().nullable(),
    distributor_inventory_item_id: z.string().nullable(),
    notes: z.string().nullable(),
    customer_comments: z.string().nullable(),
    created_at: z.string(),
    product: z.object({
      id: z.number().int(),
      model: z.string(),
      product_title: z.string(),
      image_url: z.string().nullable(),
    }),
    committed_sale_serials: z.array(ZSerialCommittedSaleSchema),
  })
  .meta({ id: 'InventorySerialDetail' });
export type TInventorySerialDetail = z.infer<typeof ZInventorySerialDetailSchema>;

export const inventorySerialRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/inventory-serials/{id}',
  access: 'inventory:view',
  summary: 'One inventory serial with its product',
  tag: 'inventory',
  params: ZIdParamsSchema,
  response: ZInventorySerialDetailSchema,
});

/** One event of a serial's history: a ledger transaction that moved it. */
export const ZSerialHistoryEventSchema = z
  .object({
    events_date: z.string(),
    type: z.string(),
    ims_transaction_reference_id: z.string(),
    bucket: z.string(),
    scanned_serial_number: z.string(),
    scanned_upc: z.string().nullable(),
    old_location_code: z.string().nullable(),
    new_location_code: z.string().nullable(),
    old_condition_code: z.string().nullable(),
    new_condition_code: z.string().nullable(),
    old_disposition_code: z.string().nullable(),
    new_disposition_code: z.string().nullable(),
    notes: z.string().nullable(),
    transacted_by: z.string().nullable(),
  })
  .meta({ id: 'SerialHistoryEvent' });
export type TSerialHistoryEvent = z.infer<typeof ZSerialHistoryEventSchema>;

export const inventorySerialHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/inventory-serials/{id}/history',
  access: 'inventory:view',
  summary: "A serial's history, ascending by events_date",
  tag: 'inventory',
  params: ZIdParamsSchema,
  response: z.object({ data: z.array(ZSerialHistoryEventSchema) }),
});

/** The ledger's types (001 §3 "Transaction types", plus the un-receipt that reverses a receipt). */
export const TRANSACTION_TYPES = [
  'INVENTORY_RECEIPT',
  'INVENTORY_UNRECEIPT',
  'INVENTORY_TRANSFER',
  'INVENTORY_SALE',
  'INVENTORY_AUDIT_ADJUSTMENT',
  /** Stock a store brought in: an import's opening stock row (docs/decisions.md "Imports"). */
  'INVENTORY_OPENING_BALANCE',
] as const;

export const ZTransactionSerialSchema = z.object({
  fk_inventory_serial_id: z.number().int(),
  scanned_serial_number: z.string(),
  scanned_upc: z.string().nullable(),
  scanned_at: z.string(),
  old_location_code: z.string().nullable(),
  new_location_code: z.string().nullable(),
  old_condition_code: z.string().nullable(),
  new_condition_code: z.string().nullable(),
  old_disposition_code: z.string().nullable(),
  new_disposition_code: z.string().nullable(),
  notes: z.string().nullable(),
});

const ZPoIdsSchema = z.object({
  po_api_po_id: z.number().int().nullable(),
  po_api_po_item_id: z.number().int().nullable(),
  purchase_ref_id: z.string().nullable(),
  legacy_po_api_po_id: z.string().nullable(),
});

/**
 * A sale's transaction (001 §3 INVENTORY_SALE): the committed sale, plus pos_work_order_id (the work order the sale
 * was committed from, null for a point-of-sale invoice line) and sale_type_code (the channel it sold on, as the point
 * of sale sent it: amazon, amazon_home, walmart, walts or store; null when not sent). docs/decisions.md, "A sale's
 * transaction".
 */
export const ZSaleTransactionSchema = ZCommittedSaleSchema.extend({
  pos_work_order_id: z.number().int().nullable(),
  sale_type_code: z.string().nullable(),
}).meta({ id: 'SaleTransaction' });
export type TSaleTransaction = z.infer<typeof ZSaleTransactionSchema>;

/**
 * A ledger transaction by its reference. `type` is a plain string so a client meets a type it does not know
 * (and shows 'Unsupported transaction type'); `receipt` / `unreceipt` carry the fields of those types.
 */
export const ZInventoryTransactionDetailSchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    type: z.string(),
    bucket: z.string(),
    location_code: z.string().nullable(),
    condition_code: z.string().nullable(),
    quantity_delta: z.number().int(),
    notes: z.string().nullable(),
    transacted_at: z.string(),
    transacted_by: z.string().nullable(),
    product: z.object({
      id: z.number().int(),
      model: z.string(),
      product_title: z.string(),
      upc: z.string().nullable(),
    }),
    serials: z.array(ZTransactionSerialSchema),
    /** The un-receipt that reversed this transaction, if any. */
    reversed_by: z.string().nullable(),
    receipt: ZPoIdsSchema.extend({
      received_quantity: z.number().int(),
      receiving_bucket: z.string(),
      scanned_by: z.string().nullable(),
    }).nullable(),
    unreceipt: ZPoIdsSchema.extend({
      unreceived_quantity: z.number().int(),
      reverses_ims_transaction_reference_id: z.string().nullable(),
    }).nullable(),
    /** INVENTORY_TRANSFER: the transfer it posts (002 §3 Transfer transaction). */
    transfer: ZTransferTransactionSchema.nullable(),
    /** INVENTORY_SALE: the committed sale it posts, with pos_work_order_id and sale_type_code (001 §3). */
    sale: ZSaleTransactionSchema.nullable(),
    /**
     * INVENTORY_AUDIT_ADJUSTMENT (001 §3, 002 §3): an admin adjustment, an audit's correction or a force push. Old and
     * new quantity are the bucket's on-hand before and after the row; the serials (old and new place, condition,
     * disposition) are the detail's `serials`.
     */
    audit_adjustment: z
      .object({
        reason: z.string().nullable(),
        audit_type_code: z.string().nullable(),
        old_quantity: z.number().int(),
        new_quantity: z.number().int(),
        audit_bucket: z.string(),
        submitted_by: z.string().nullable(),
        submit_notes: z.string().nullable(),
        ims_initiating_transaction_id: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'InventoryTransactionDetail' });
export type TInventoryTransactionDetail = z.infer<typeof ZInventoryTransactionDetailSchema>;

/**
 * What /inventory-transactions/{id} takes: a ledger reference (IR-, IU-, IT-, IS-, IA-, IX-) or the reference of a
 * committed transfer (CT-) or committed sale (CS-), whose transaction is its ledger row once transacted.
 */
export const ZTransactionLookupReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^(I[RUTSAXO]-\d{7,}|C[TS]-\d{7,10})$/,
    'must be a transaction reference such as IR-0000042, CT-0000042 or CS-0000042',
  );

export const inventoryTransactionRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/inventory-transactions/{id}',
  access: 'inventory:view',
  summary:
    'One transaction by its reference (IR-0000042; a committed transfer CT- or sale CS-), with its type-specific fields and serials',
  tag: 'inventory',
  params: z.object({ id: ZTransactionLookupReferenceSchema }),
  response: ZInventoryTransactionDetailSchema,
});

/** Transaction search types (001 §9), remembered in local storage under TRANSACTION_SEARCH_TYPE_KEY. */
export const TRANSACTION_SEARCH_TYPES = TRANSFER_SEARCH_KEYS;
export type TTransactionSearchType = (typeof TRANSACTION_SEARCH_TYPES)[number];
export const TRANSACTION_SEARCH_TYPE_KEY = 'lastTransactionSearchType';

export const ZDropShipInventoryRowSchema = z
  .object({
    vendor_id: z.number().int(),
    vendor_name: z.string(),
    vendor_location_code: z.string(),
    model: z.string(),
    qty_purchasable: z.number().int(),
    cost: z.number().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'DropShipInventoryRow' });
export type TDropShipInventoryRow = z.infer<typeof ZDropShipInventoryRowSchema>;

/** Distributor-held inventory of a model (001 §2): a map by vendor location code. */
export const dropShipInventoryRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/drop-ship-vendor-inventory/product',
  access: 'inventory:view',
  summary: 'Stock of a model held by drop-ship vendors, keyed by vendor location code',
  tag: 'inventory',
  query: z.object({ model: z.string().trim().min(1).max(100) }),
  response: z.object({ data: z.record(z.string(), z.array(ZDropShipInventoryRowSchema)) }),
});

/** Serials of a model in one location and condition: the product detail's serial dialog (001 §7 search-by-proxy). */
export const serialsByProxyRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/inventory-serials/search-by-proxy',
  access: 'inventory:view',
  summary: 'Live serials of a model in a location and condition',
  tag: 'inventory',
  query: z.object({
    model: z.string().trim().min(1).max(100),
    conditionCode: z.string().trim().min(1).max(40),
    locationCode: z.string().trim().min(1).max(60),
  }),
  response: z.object({
    data: z.array(
      z.object({
        id: z.number().int(),
        serial_number: z.string(),
        bucket: z.string().nullable(),
        received_at: z.string().nullable(),
      }),
    ),
  }),
});
