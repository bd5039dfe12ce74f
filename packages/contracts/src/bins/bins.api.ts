import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { MAX_ID, ZIdSchema, ZQueryFlagSchema, emptyAsAbsent, idListSchema } from '../http/common.js';

/**
 * Bins and bin contents (001 §2, §3 Bin, §5 Bins and Bin contents, §7 "Bins and picking", §8 Bins, §9).
 * The spec's messages are quoted; the others are ours (docs/decisions.md, "Bins: the API and the screens").
 */
export const BIN_MESSAGES = {
  rowInvalid: 'Row is invalid. ',
  bayInvalid: 'Bay is invalid. ',
  shelfInvalid: 'Shelf is invalid. ',
  upcNotFound: 'UPC Not Found',
  notInBin: 'UPC does not exist in this bin to be removed.',
  removeTooMany: 'Quantity Scanned must be less than or equal to the existing quantity when removing',
  binNotFound: "THIS BIN DOESN'T EXIST",
  comingSoon: 'Feature not available yet. Coming soon!',
  noCreatePermission: 'You do not have permission to create a bin.',
  noPermission: 'You do not have permission to do this.',
  /** Ours: the id error of a delete refused because the bin is not empty. */
  deleteNotEmpty: (units: number) =>
    `The bin still holds ${units} unit${units === 1 ? '' : 's'}: remove them on its contents page before deleting it.`,
  deleteUnknown: 'This bin does not exist (it may have been deleted already).',
  duplicateName: (name: string, location: string) => `Bin ${name} already exists in ${location}.`,
  unknownLocation: (location: string) => `Location ${location} does not exist.`,
  unknownCondition: (condition: string, location: string) =>
    `Location ${location} has no ${condition} inventory: choose another condition.`,
  nameMismatch: (expected: string) => `The bin name must be ${expected}, from its row, bay and shelf.`,
} as const;

/** The scan value of a bin label (000 §2, 001 §5): BINASSIGN={locationCode}_{binName}. */
export const BIN_SCAN_PREFIX = 'BINASSIGN=';
export const binScanValue = (locationCode: string, binName: string) => `${BIN_SCAN_PREFIX}${locationCode}_${binName}`;

/** 001 §9: bin defaults, page sizes and the search debounce. */
export const BIN_DEFAULTS = {
  orderBy: 'created_at',
  sortDirection: 'desc',
  row: 1,
  bay: 1,
  shelf: 1,
  conditionCode: 'NEW',
} as const;
export const BIN_PAGE_SIZES = [5, 10, 25] as const;
export const BIN_DEFAULT_PAGE_SIZE = 10;
export const BIN_TABLE_HEIGHT = 420;
export const BIN_SEARCH_DEBOUNCE_MS = 500;
/** 001 §4, §9: bin create and delete show success for 1 second, then close. */
export const BIN_SUCCESS_CLOSE_MS = 1000;

/** Row, bay or shelf: 0 to 99, digits with no leading zero and no decimal point ('7', 7; not '07', '1.5', 100). */
export function isValidBinPlace(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 99;
  return typeof value === 'string' && /^(0|[1-9]\d?)$/.test(value);
}

/** The field error of a row, bay or shelf value, or null when it is valid (001 §5). */
export function binPlaceError(field: 'row' | 'bay' | 'shelf', value: unknown): string | null {
  if (isValidBinPlace(value)) return null;
  return field === 'row'
    ? BIN_MESSAGES.rowInvalid
    : field === 'bay'
      ? BIN_MESSAGES.bayInvalid
      : BIN_MESSAGES.shelfInvalid;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** R##-B##-S## from the row, bay and shelf, each zero-padded to 2 digits (001 §3, §9). */
export const binNameOf = (row: number, bay: number, shelf: number) => `R${pad(row)}-B${pad(bay)}-S${pad(shelf)}`;

/** The bin name of a BINASSIGN scan: its last underscore-separated part (001 §5). */
export function binNameFromScan(scan: string): string {
  const value = scan.startsWith(BIN_SCAN_PREFIX) ? scan.slice(BIN_SCAN_PREFIX.length) : scan;
  return value.split('_').at(-1) ?? '';
}

/** 001 §2: the bins page's title by its sort. */
export function binsPageTitle(orderBy: string, sortDirection: string): string {
  if (orderBy === 'created_at' && sortDirection === 'desc') return 'Recently Created Bins';
  if (orderBy === 'bin_name' && sortDirection === 'asc') return 'Bins Alphabetical by Bin Name';
  return 'Bins';
}

const place = (field: 'row' | 'bay' | 'shelf') => {
  const message = binPlaceError(field, undefined)!;
  return z
    .union([z.number(), z.string()], { error: message })
    .refine(isValidBinPlace, { message, abort: true })
    .transform((v) => Number(v))
    .meta({ description: `${field}: 0-99, no leading zero, no decimal point` });
};

const locationCode = z.string().trim().toUpperCase().min(1, 'Location is required').max(60);
const conditionCode = z.string().trim().toUpperCase().min(1, 'Condition is required').max(40);
const binName = z.string().trim().toUpperCase().max(20);

/** One product in a bin (the quantity of a product in it). */
export const ZBinItemSchema = z
  .object({
    productId: z.number().int(),
    model: z.string(),
    upc: z.string().nullable(),
    alternateUpc: z.string().nullable(),
    quantity: z.number().int(),
  })
  .meta({ id: 'BinItem' });
export type TBinItem = z.infer<typeof ZBinItemSchema>;

/** 001 §3 Bin; `items` are filled with includeItems=1 (and on the bin's own answers), else empty; `totalQuantity` is ours. */
export const ZBinSchema = z
  .object({
    id: z.number().int(),
    binName: z.string(),
    locationCode: z.string(),
    conditionCode: z.string(),
    row: z.number().int(),
    bay: z.number().int(),
    shelf: z.number().int(),
    items: z.array(ZBinItemSchema),
    totalQuantity: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Bin' });
export type TBin = z.infer<typeof ZBinSchema>;

export const BIN_ORDER_BY = ['created_at', 'bin_name', 'condition_code', 'location_code'] as const;

/** GET /ims/bins (001 §7): empty values are omitted; paging is ours (the table pages on the server). */
export const ZBinsQuerySchema = z.object({
  searchTerm: emptyAsAbsent(z.string().trim().max(100)),
  locationCode: emptyAsAbsent(locationCode),
  orderBy: emptyAsAbsent(z.enum(BIN_ORDER_BY)),
  sortDirection: emptyAsAbsent(z.enum(['asc', 'desc'])),
  includeItems: emptyAsAbsent(ZQueryFlagSchema),
  page: emptyAsAbsent(z.coerce.number().int().min(1).max(1_000_000)),
  perPage: emptyAsAbsent(z.coerce.number().int().min(1).max(1000)),
});
export type TBinsQuery = z.input<typeof ZBinsQuerySchema>;

export const ZBinsPageSchema = z
  .object({ data: z.array(ZBinSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() })
  .meta({ id: 'BinsPage' });
export type TBinsPage = z.infer<typeof ZBinsPageSchema>;

export const listBinsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bins',
  access: 'inventory:view',
  summary:
    "Bins, optionally of one location, searched by a case-insensitive contains on the name, ordered (default created_at desc), paged (default 25 a page, at most 1000); includeItems=1 adds each bin's contents",
  tag: 'bins',
  query: ZBinsQuerySchema,
  response: ZBinsPageSchema,
});

/** The bin list's columns in its export (CSV and XLSX), in order. */
export const BIN_EXPORT_COLUMNS = [
  { header: 'Bin Name', value: (r) => r.binName },
  { header: 'Location', value: (r) => r.locationCode },
  { header: 'Condition', value: (r) => r.conditionCode },
  { header: 'Row', value: (r) => r.row },
  { header: 'Bay', value: (r) => r.bay },
  { header: 'Shelf', value: (r) => r.shelf },
  { header: 'Units', value: (r) => r.totalQuantity },
  { header: 'Created', value: (r) => r.createdAt, kind: 'timestamp' },
] satisfies readonly TListExportColumn<TBin>[];

export const exportBinsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bins/export',
  access: 'inventory:view',
  summary: "The bin list's bins as CSV or XLSX",
  tag: 'bins',
  query: ZBinsQuerySchema.omit({ page: true, perPage: true, includeItems: true }).extend(LIST_EXPORT_QUERY_SHAPE),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

/**
 * The same bin list at the spec's unprefixed path (001 §7 "bins?searchTerm={name}&locationCode={code}&includeItems=1",
 * the call the bin-contents page makes): the handler, query, answer and permission of GET /api/ims/bins.
 */
export const listBinsUnprefixedRoute = defineRoute({
  ...listBinsRoute,
  path: '/api/bins',
  summary: 'Bins, as GET /api/ims/bins (the same query, answer and permission)',
});

/** POST /ims/bins (001 §7): row, bay, shelf, locationCode, conditionCode, binName (derived when omitted). */
export const ZCreateBinSchema = z
  .object({
    row: place('row'),
    bay: place('bay'),
    shelf: place('shelf'),
    locationCode,
    conditionCode: conditionCode.default(BIN_DEFAULTS.conditionCode),
    binName: binName.optional(),
  })
  .superRefine((v, ctx) => {
    const expected = binNameOf(v.row, v.bay, v.shelf);
    if (v.binName && v.binName !== expected)
      ctx.addIssue({ code: 'custom', path: ['binName'], message: BIN_MESSAGES.nameMismatch(expected) });
  })
  .meta({ id: 'CreateBin' });
export type TCreateBin = z.input<typeof ZCreateBinSchema>;

export const createBinRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/bins',
  access: 'bin:admin',
  summary:
    'Create a bin R##-B##-S## in a location for a condition; 409 naming binName when the location has it, 422 naming locationCode or conditionCode when unknown',
  tag: 'bins',
  body: ZCreateBinSchema,
  response: ZBinSchema,
  status: 201,
});

export const deleteBinRoute = defineRoute({
  method: 'DELETE',
  path: '/api/ims/bins/{id}',
  access: 'bin:admin',
  summary: 'Delete an empty bin; 404 (unknown) or 409 (still holds units) with an `id` error',
  tag: 'bins',
  params: z.object({ id: ZIdSchema }),
  response: z.object({ message: z.string(), id: z.number().int() }),
});

/** PUT /ims/bins/{binId}/items (001 §7): staged scans submitted in bulk, all or nothing. */
export const ZUpdateBinItemsSchema = z
  .object({
    isAdding: z.boolean(),
    items: z
      .array(
        z.object({
          upc: z.string().trim().min(1, 'UPC cannot be empty').max(40),
          updateQty: z.number().int().min(1).max(100_000),
        }),
      )
      .min(1, 'Scan at least one UPC')
      .max(500),
    submittedBy: z.union([z.string().trim().max(100), z.number().int().min(0).max(MAX_ID)]).nullish(),
    /**
     * The client's id of this submit (a UUID; the scan outbox replays it after a network cut): a replay with the same
     * id and body answers the first answer and changes nothing; the id with another bin or body is refused (409
     * naming clientScanId).
     */
    clientScanId: z.uuid('clientScanId must be a UUID').optional(),
  })
  .meta({ id: 'UpdateBinItems' });
export type TUpdateBinItems = z.input<typeof ZUpdateBinItemsSchema>;

export const updateBinItemsRoute = defineRoute({
  method: 'PUT',
  path: '/api/ims/bins/{binId}/items',
  access: 'inventory:view',
  summary:
    "Add (isAdding) or remove the staged UPCs' quantities to or from a bin, all or nothing; a line's refusal names it (items.N.upc / items.N.updateQty) with the spec's message; a replay with the same clientScanId answers the first answer",
  tag: 'bins',
  params: z.object({ binId: ZIdSchema }),
  body: ZUpdateBinItemsSchema,
  response: ZBinSchema,
});

export const ZBinLabelsQuerySchema = z.object({
  ids: idListSchema(200, 'must be 1 to 200 bin ids separated by commas'),
  format: emptyAsAbsent(z.enum(['pdf', 'zpl'])),
});

export const binLabelsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bins/labels',
  access: 'inventory:view',
  summary:
    'Bin labels (ours): one label per bin with its name, location, condition and a Code 128 of BINASSIGN={location}_{bin}, as a PDF (default) or ZPL (format=zpl)',
  tag: 'bins',
  query: ZBinLabelsQuerySchema,
  response: z.any(),
  download: { contentTypes: [FILE_TYPES.pdf, FILE_TYPES.zpl] },
});
