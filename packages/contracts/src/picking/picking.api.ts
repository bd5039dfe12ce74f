import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { MAX_ID, ZIdSchema } from '../http/common.js';

/**
 * Picking and pick lists (001 §2 /pick-item/{pickListItemId} and /boards/pick, §3 Pick item, §4, §5, §7
 * "Bins and picking", §8, §9). Unprinted pick items are derived from open committed sales in a warehouse's buckets;
 * printing stores them as pick list items (PLI={id}); a pick removes the quantity from the chosen bin
 * (docs/decisions.md, "Picking and pick lists").
 */

/** 001 §9: the warehouses the board prints for, plus all. */
export const PICK_WAREHOUSES = ['AZ02', 'TX01', 'KY01'] as const;
export const ALL_WAREHOUSES = 'all';

/** 001 §9: pick list page size default 25, options 5, 10, 25, 50, 100. */
export const PICK_LIST_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const PICK_LIST_DEFAULT_PAGE_SIZE = 25;

/** 001 §9: success dialogs auto-close after 1000 ms; 001 §5: after a pick the app goes to / after 1.5 s. */
export const PRINT_SUCCESS_CLOSE_MS = 1000;
export const PICK_SUCCESS_REDIRECT_MS = 1500;

/** The most unprinted items one board read answers (the total is counted; docs/decisions.md). */
export const UNPRINTED_LIST_LIMIT = 1000;

/** 001 §9: the pick barcode, PLI={id}, or PLI=PENDING for an item not printed yet. */
export const PICK_BARCODE_PREFIX = 'PLI=';
export const pickBarcodeValue = (pickListItemId: number | null | undefined) =>
  `${PICK_BARCODE_PREFIX}${pickListItemId ?? 'PENDING'}`;

/** 001 §9 ship priority labels: Prime/Premium, Premium, Amazon Prime, Walmart Express (null: standard shipping). */
export function shipPriorityLabel(item: { isPrime: boolean; isPremium: boolean; isExpress: boolean }): string | null {
  if (item.isPrime && item.isPremium) return 'Prime/Premium';
  if (item.isPremium) return 'Premium';
  if (item.isPrime) return 'Amazon Prime';
  if (item.isExpress) return 'Walmart Express';
  return null;
}

/** 001 §8 Picking and §5 Picking: the pick page's texts, verbatim. */
export const PICK_MESSAGES = {
  cannotSubmitInvalidUpc: 'Cannot Submit - Invalid UPC',
  cannotSubmitBinEmpty: 'Cannot Submit - Bin Field Cannot Be Empty',
  cannotSubmitInvalidBin: 'Cannot Submit - Invalid Bin',
  binEmpty: 'Bin Field Cannot Be Empty',
  invalidBinBarcode: 'Invalid Bin Barcode',
  binNotAvailable: 'Scanned bin does not match one of the available bins',
  upcEmpty: 'UPC cannot be empty',
  invalidUpc: 'Invalid UPC',
  noResponse: 'Unknown error - no response from IMS was received.',
  alreadyPicked: 'Item has already been picked.',
  alreadyPickedCommittedSale:
    'Item has already been picked, possibly via the old pick page in POS 1. No item was removed from any bin.',
  unknownError: 'Unknown error occurred when picking.',
  emptyData:
    'There is no data to display. It is possible that this item has been unprinted. Please see the floor supervisor.',
  alreadyPickedTitle: 'Item Has Already Been Picked',
  noBinToSuggest: 'There are no available bins to suggest.',
  /** Ours (the spec does not show the success text): shown before the redirect to /. */
  picked: 'Item successfully picked!',
  doNotRemove: 'Do Not Remove From Any Bin',
} as const;

/** 001 §8 Pick lists, verbatim; 001 §6 the unprint button's tooltip without bin:admin. */
export const PICK_LIST_MESSAGES = {
  loadError: 'There was an error retrieving the pick list.',
  printError: 'Error Printing',
  unprintError: 'There was an error unprinting the item.',
  noPermission: 'You do not have permission to do this.',
} as const;

/** The server's pick refusals (ours; the client maps them by 001 §8's rules: `pickErrorText`). */
export const pickAlreadyPickedMessage = (id: number) => `Pick list item ${id} has already been picked.`;
export const saleAlreadyPickedMessage = (reference: string) =>
  `Committed sale ${reference} has already been picked: it was transacted at the point of sale.`;

/** 001 §8: the text the pick page shows for a failed pick. */
export function pickErrorText(message: string | null | undefined): string {
  if (message === undefined || message === null) return PICK_MESSAGES.noResponse;
  if (message.startsWith('Committed sale') && message.includes('already been picked'))
    return PICK_MESSAGES.alreadyPickedCommittedSale;
  if (message.includes('already been picked')) return PICK_MESSAGES.alreadyPicked;
  return message || PICK_MESSAGES.unknownError;
}

/** The warnings of an unprinted item (ours: 001 leaves them open; printing refuses a warned item). */
export const PICK_WARNINGS = {
  nothingOnHand: (bucket: string) => `Nothing on hand in ${bucket}`,
  shortOnHand: (bucket: string, onHand: number, quantity: number) =>
    `Only ${onHand} on hand in ${bucket}; ${quantity} requested`,
  noUpc: 'The product has no UPC: it cannot be picked by scan',
} as const;

/**
 * The bin name in a bin field: a scanned BINASSIGN={location}_{bin} value or a typed name; either way the last
 * underscore-separated part (001 §8). Null when a BINASSIGN= scan has no bin part ('Invalid Bin Barcode').
 */
export function binNameFromInput(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (text.toUpperCase().startsWith('BINASSIGN=')) {
    const rest = text.slice('BINASSIGN='.length);
    const parts = rest.split('_');
    if (parts.length < 2 || parts.some((p) => !p.trim())) return null;
    return parts.at(-1)!.trim().toUpperCase();
  }
  const last = text.split('_').at(-1)!.trim();
  return last ? last.toUpperCase() : null;
}

export const ZPickBinSchema = z
  .object({ binId: z.number().int(), binName: z.string(), quantity: z.number().int() })
  .meta({ id: 'PickBin' });
export type TPickBin = z.infer<typeof ZPickBinSchema>;

/** 001 §3 Pick item (plus the title, source bucket and marketplace references). */
export const ZPickItemSchema = z
  .object({
    /** Null while unprinted (its barcode is PLI=PENDING). */
    pickListItemId: z.number().int().nullable(),
    transactionReferenceId: z.string(),
    /** The committed sale's id. */
    tid: z.number().int(),
    model: z.string(),
    title: z.string(),
    invoice: z.string(),
    productId: z.number().int(),
    quantity: z.number().int(),
    upc: z.string().nullable(),
    alternateUpc: z.string().nullable(),
    /** Bins of the sale's bucket holding at least the quantity, most units first. */
    availableBins: z.array(ZPickBinSchema),
    /** The first available bin; null: 'There are no available bins to suggest.' */
    suggestedBin: ZPickBinSchema.nullable(),
    condition: z.string(),
    warehouse: z.string(),
    sourceBucket: z.string(),
    isFreight: z.boolean(),
    isPrime: z.boolean(),
    isPremium: z.boolean(),
    isExpress: z.boolean(),
    shipByDate: z.string().nullable(),
    printedAt: z.string().nullable(),
    printedBy: z.string().nullable(),
    warning: z.string().nullable(),
    pickListId: z.number().int().nullable(),
    itemMemberRefId: z.string().nullable(),
    itemGroupRefId: z.string().nullable(),
  })
  .meta({ id: 'PickItem' });
export type TPickItem = z.infer<typeof ZPickItemSchema>;

/** 001 §3 Already-picked item. */
export const ZAlreadyPickedItemSchema = z
  .object({
    id: z.number().int(),
    ims_pick_list_id: z.number().int(),
    ims_transaction_reference_id: z.string(),
    picked_quantity: z.number().int(),
    picked_at: z.string(),
    picked_by: z.string().nullable(),
    picked_bin_name: z.string().nullable(),
    item_warehouse: z.string(),
    product: z.object({
      id: z.number().int(),
      model: z.string(),
      product_title: z.string(),
      upc: z.string().nullable(),
    }),
  })
  .meta({ id: 'AlreadyPickedItem' });
export type TAlreadyPickedItem = z.infer<typeof ZAlreadyPickedItemSchema>;

const pickListItemParams = z.object({ id: ZIdSchema });

export const getPickItemRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/picklist/item/{id}',
  access: 'inventory:view',
  summary: 'A printed pick list item as a one-element list (empty when there is none: unprinted or unknown)',
  tag: 'picking',
  params: pickListItemParams,
  response: z.array(ZPickItemSchema),
});

export const getAlreadyPickedItemRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/picklist/already-picked-item/{id}',
  access: 'inventory:view',
  summary: 'The pick of a pick list item when it has been picked (picked_item null otherwise)',
  tag: 'picking',
  params: pickListItemParams,
  response: z.object({ picked_item: ZAlreadyPickedItemSchema.nullable() }),
});

export const ZPickBodySchema = z
  .object({
    /** The client's username (001 §6); the signed-in user is recorded. */
    pickedBy: z.string().trim().max(100).nullish(),
    /** The bin the units come out of; omitted when no bin removal (Do Not Remove From Any Bin). */
    actualPickedBinId: z.number().int().positive().max(MAX_ID).nullish(),
    /**
     * The client's id of this pick (a UUID, made when Submit is pressed; the scan outbox replays it after a network
     * cut): a replay with the same id and body answers the first answer and changes nothing; the id with another
     * item or body is refused (409 naming clientScanId).
     */
    clientScanId: z.uuid('clientScanId must be a UUID').optional(),
  })
  .meta({ id: 'PickBody' });
export type TPickBody = z.input<typeof ZPickBodySchema>;

export const PICK_SUCCESS_MESSAGE = 'Success: item picked';

export const pickItemRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/picklist/item/{id}/pick',
  access: 'inventory:view',
  summary:
    'Pick a printed item: removes its quantity from actualPickedBinId (when given) and records the picker, once; a replay with the same clientScanId answers the first answer',
  tag: 'picking',
  params: pickListItemParams,
  body: ZPickBodySchema,
  response: z.object({ message: z.string(), picked_item: ZAlreadyPickedItemSchema }),
});

export const ZPickListQuerySchema = z.object({
  /** A location code (AZ02, TX01, KY01 …); empty, absent or `all`: every warehouse. */
  warehouse: z
    .string()
    .trim()
    .toUpperCase()
    .max(60)
    .regex(/^[A-Z0-9_]*$/, 'must be a location code or all')
    .optional(),
  /** One page (ours): at most `limit` items (default and most 1000) from `offset`; `total` counts them all. */
  limit: z
    .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int().min(1).max(UNPRINTED_LIST_LIMIT))
    .default(UNPRINTED_LIST_LIMIT),
  offset: z
    .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int().min(0).max(MAX_ID))
    .default(0),
});

export const listUnprintedRoute = defineRoute({
  method: 'GET',
  path: '/api/picklist/unprinted',
  access: 'boards:view',
  summary:
    'Unprinted pick items (open committed sales of the warehouse not on a pick list), ship-by date then oldest first, one page (limit, offset) and the total',
  tag: 'picking',
  query: ZPickListQuerySchema,
  response: z.object({ unprinted_pick_list: z.array(ZPickItemSchema), total: z.number().int() }),
});

export const listPrintedRoute = defineRoute({
  method: 'GET',
  path: '/api/picklist/printed',
  access: 'boards:view',
  summary:
    'Printed pick items not picked yet (their sale still open), newest print first, one page (limit, offset) and the total',
  tag: 'picking',
  query: ZPickListQuerySchema,
  response: z.object({ printed_pick_list: z.array(ZPickItemSchema), total: z.number().int() }),
});

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** One item to print (001 §7). The sale is named by its reference; the rest is checked against it. */
export const ZPrintItemSchema = z.object({
  imsTransactionReferenceId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^CS-\d{7,10}$/, 'must be a committed sale reference such as CS-0000042'),
  itemMemberRefId: optionalText(100),
  itemGroupRefId: optionalText(100),
  fkProductId: z.number().int().positive().max(MAX_ID).nullish(),
  productUpc: optionalText(20),
  productAltUpc: optionalText(20),
  itemCondition: optionalText(60),
  itemWarehouse: optionalText(60),
  quantityRequested: z.number().int().positive().max(MAX_ID).nullish(),
  isExpress: z.boolean().nullish(),
  isFreight: z.boolean().nullish(),
  isPremium: z.boolean().nullish(),
  isPrime: z.boolean().nullish(),
  shipByDate: z.string().max(10).nullish(),
  suggestedBinId: z.number().int().positive().max(MAX_ID).nullish(),
});
export type TPrintItem = z.input<typeof ZPrintItemSchema>;

export const ZPrintPickListSchema = z
  .object({
    printedBy: z.string().trim().max(100).nullish(),
    items: z.array(ZPrintItemSchema).min(1, 'select at least one item to print').max(500),
  })
  .meta({ id: 'PrintPickList' });
export type TPrintPickList = z.input<typeof ZPrintPickListSchema>;

export const ZPrintedItemSchema = z.object({
  ims_transaction_reference_id: z.string(),
  ims_pick_list_id: z.number().int(),
  id: z.number().int(),
});
export type TPrintedItem = z.infer<typeof ZPrintedItemSchema>;

export const printPickListRoute = defineRoute({
  method: 'POST',
  path: '/api/picklist/items',
  access: 'boards:view',
  summary: 'Print unprinted items of one warehouse as a pick list: all or none (422 with per-item errors items.{i})',
  tag: 'picking',
  body: ZPrintPickListSchema,
  response: z.array(ZPrintedItemSchema),
  status: 201,
});

export const unprintPickItemRoute = defineRoute({
  method: 'DELETE',
  path: '/api/picklist/items/{id}',
  access: 'bin:admin',
  summary: 'Unprint a pick list item (bin:admin): its sale is unprinted again; a picked item is refused',
  tag: 'picking',
  params: pickListItemParams,
  response: z.object({ message: z.string(), id: z.number().int() }),
});

export const PICK_DOCUMENT_FORMATS = ['pdf', 'zpl'] as const;

export const pickListDocumentRoute = defineRoute({
  method: 'GET',
  path: '/api/picklist/{pickListId}/document',
  access: 'boards:view',
  summary: 'A printed pick list as a PDF (default) or ZPL labels (?format=zpl), with a PLI={id} Code 128 per item',
  tag: 'picking',
  params: z.object({ pickListId: ZIdSchema }),
  query: z.object({ format: z.enum(PICK_DOCUMENT_FORMATS).default('pdf') }),
  response: z.any(),
  download: { contentTypes: [FILE_TYPES.pdf, FILE_TYPES.zpl] },
});
