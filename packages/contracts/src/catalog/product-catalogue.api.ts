import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { ZIdParamsSchema, ZIdSchema } from '../http/common.js';
import { ZMoneySchema } from '../money.js';
import { ZBrandSchema, ZCategorySchema } from '../reference/reference.api.js';
import { ZProductSchema } from './catalog.api.js';
import { isValidGtin } from './upc.js';

/**
 * The product catalogue (002 §2 "Quotes, products, brands, categories", §3 "Product creation fields",
 * Brand, Category, §7 "Products, brands, categories, taxes", §9). Reads need `inventory:view` (sales staff look
 * products up for quotes); writes need `dev-route:view`, the permission of the /products route (002 §6: a route
 * without a listed permission requires dev-route:view). docs/decisions.md "Products, brands, categories and
 * manufacturers".
 *
 * Money is a number of dollars with at most 2 decimals on the wire (as the existing product reads answer `cost`),
 * stored as integer cents (`*_cents` columns).
 */

export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type TProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_ITEM_TYPES = ['FREIGHT', 'NON FREIGHT'] as const;
export type TProductItemType = (typeof PRODUCT_ITEM_TYPES)[number];

/** The quantities of 002 §3: derived from the ledger's tables on read, never written by the product calls. */
export const PRODUCT_QTY_FIELDS = ['qty_on_hand', 'qty_on_order', 'qty_committed', 'qty_on_quoted'] as const;
export type TProductQtyField = (typeof PRODUCT_QTY_FIELDS)[number];

/** The money fields of 002 §3, in form order. */
export const PRODUCT_MONEY_FIELDS = [
  'current_cost',
  'current_rebate_credit',
  'current_adj_cost',
  'current_map',
  'current_adj_map',
  'current_rebate',
  'map',
  'msrp',
  'minimum_price',
  'spiff',
] as const;
export type TProductMoneyField = (typeof PRODUCT_MONEY_FIELDS)[number];

/** The text fields of 002 §3 besides model_number and description, in form order. */
export const PRODUCT_TEXT_FIELDS = [
  'part_number',
  'serial_number',
  'model_code',
  'item_class',
  'external_data_source',
  'external_data_model',
  'external_data_source_id',
  'external_data_source_update_status',
  // The marketplace listing (001 §2 serial result cards; ours to store: docs/decisions.md).
  'asin',
  'listing_id',
  'sku',
] as const;
export type TProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number];

/** Defaults of a new product (002 §3, §9); item_type NON FREIGHT is ours (the spec lists the two values only). */
export const PRODUCT_DEFAULTS = {
  marketing_class: 'STANDARD',
  stock_class: 'STOCK',
  box_qty: 1,
  status: 'ACTIVE',
  item_type: 'NON FREIGHT',
  spiff: 0,
  current_cost: 0,
  qty_on_hand: 0,
  qty_on_order: 0,
  qty_committed: 0,
  qty_on_quoted: 0,
} as const;

export const PRODUCT_MESSAGES = {
  upcInvalid: 'must be a 12-digit UPC-A or 13-digit EAN-13 with a valid check digit',
  modelTaken: 'has already been taken',
  taken: 'has already been taken',
  qtyDerived: 'is derived from the inventory ledger and cannot be set here; send 0 or leave it out',
  notFound: 'does not exist',
  deleteConfirm: 'Are you sure you want to delete?',
  created: 'Product Created!',
  updated: 'Product Updated!',
  deleted: 'Product Deleted!',
  /** The refusal of a delete; the product can be made inactive instead. */
  cannotDelete: (model: string, reason: string) =>
    `Product ${model} cannot be deleted: ${reason}. Make it inactive instead (status INACTIVE).`,
} as const;

export const PRODUCT_FIELD_MAX = {
  model_number: 100,
  description: 500,
  upc: 13,
  text: 100,
  marketing_class: 50,
  stock_class: 50,
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/** Every writable field; create and update share it (update: any subset). */
const productFieldShape = {
  model_number: z.string().trim().min(1, 'is required').max(PRODUCT_FIELD_MAX.model_number),
  description: z.string().trim().min(1, 'is required').max(PRODUCT_FIELD_MAX.description),
  /** Digits only; '' or null means none. The check digit is verified (superRefine below). */
  upc: z
    .string()
    .trim()
    .max(PRODUCT_FIELD_MAX.upc, PRODUCT_MESSAGES.upcInvalid)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  fk_category_id: ZIdSchema.nullish(),
  fk_brand_id: ZIdSchema.nullish(),
  fk_manufacturer_id: ZIdSchema.nullish(),
  part_number: optionalText(PRODUCT_FIELD_MAX.text),
  serial_number: optionalText(PRODUCT_FIELD_MAX.text),
  model_code: optionalText(PRODUCT_FIELD_MAX.text),
  item_class: optionalText(PRODUCT_FIELD_MAX.text),
  external_data_source: optionalText(PRODUCT_FIELD_MAX.text),
  external_data_model: optionalText(PRODUCT_FIELD_MAX.text),
  external_data_source_id: optionalText(PRODUCT_FIELD_MAX.text),
  external_data_source_update_status: optionalText(PRODUCT_FIELD_MAX.text),
  asin: optionalText(PRODUCT_FIELD_MAX.text),
  listing_id: optionalText(PRODUCT_FIELD_MAX.text),
  sku: optionalText(PRODUCT_FIELD_MAX.text),
  marketing_class: z.string().trim().min(1, 'is required').max(PRODUCT_FIELD_MAX.marketing_class).optional(),
  stock_class: z.string().trim().min(1, 'is required').max(PRODUCT_FIELD_MAX.stock_class).optional(),
  item_type: z.enum(PRODUCT_ITEM_TYPES, 'must be FREIGHT or NON FREIGHT').optional(),
  status: z.enum(PRODUCT_STATUSES, 'must be ACTIVE or INACTIVE').optional(),
  box_qty: z.number().int('must be a whole number').min(1).max(100_000).optional(),
  current_cost: ZMoneySchema.optional(),
  spiff: ZMoneySchema.optional(),
  current_rebate_credit: ZMoneySchema.nullish(),
  current_adj_cost: ZMoneySchema.nullish(),
  current_map: ZMoneySchema.nullish(),
  current_adj_map: ZMoneySchema.nullish(),
  current_rebate: ZMoneySchema.nullish(),
  map: ZMoneySchema.nullish(),
  msrp: ZMoneySchema.nullish(),
  minimum_price: ZMoneySchema.nullish(),
  /** Accepted only as 0 (or left out): a non-zero value is a 422 naming the field (stock moves through the ledger). */
  qty_on_hand: z.number().int().optional(),
  qty_on_order: z.number().int().optional(),
  qty_committed: z.number().int().optional(),
  qty_on_quoted: z.number().int().optional(),
};

function checkUpc(value: { upc?: string | null }, ctx: z.RefinementCtx) {
  if (value.upc && !isValidGtin(value.upc))
    ctx.addIssue({ code: 'custom', path: ['upc'], message: PRODUCT_MESSAGES.upcInvalid });
}

/** POST /api/product payload: model_number and description required, every other field optional (defaults above). */
export const ZProductCreateSchema = z.object(productFieldShape).superRefine(checkUpc).meta({ id: 'ProductCreate' });
export type TProductCreate = z.input<typeof ZProductCreateSchema>;
export type TProductCreateParsed = z.output<typeof ZProductCreateSchema>;

/** PUT /api/product/{id} payload: the fields to change; a field left out keeps its value, null clears it. */
export const ZProductUpdateSchema = z
  .object(productFieldShape)
  .partial()
  .superRefine(checkUpc)
  .meta({ id: 'ProductUpdate' });
export type TProductUpdate = z.input<typeof ZProductUpdateSchema>;
export type TProductUpdateParsed = z.output<typeof ZProductUpdateSchema>;

const money = z.number().nullable();

/** The catalogue's view of a product: the inventory view (ZProductSchema) plus every 002 §3 field. */
export const ZCatalogProductSchema = ZProductSchema.extend({
  description: z.string(),
  part_number: z.string().nullable(),
  serial_number: z.string().nullable(),
  model_code: z.string().nullable(),
  item_class: z.string().nullable(),
  external_data_source: z.string().nullable(),
  external_data_model: z.string().nullable(),
  external_data_source_id: z.string().nullable(),
  external_data_source_update_status: z.string().nullable(),
  asin: z.string().nullable(),
  listing_id: z.string().nullable(),
  sku: z.string().nullable(),
  fk_category_id: z.number().int().nullable(),
  fk_brand_id: z.number().int().nullable(),
  fk_manufacturer_id: z.number().int().nullable(),
  category_code: z.string().nullable(),
  marketing_class: z.string(),
  stock_class: z.string(),
  box_qty: z.number().int(),
  current_cost: z.number(),
  spiff: z.number(),
  current_rebate_credit: money,
  current_adj_cost: money,
  current_map: money,
  current_adj_map: money,
  current_rebate: money,
  map: money,
  msrp: money,
  minimum_price: money,
  /** Units on hand over every bucket (inventory). */
  qty_on_hand: z.number().int(),
  /** Units ordered and not yet received on open purchase orders (not Complete or Cancelled). */
  qty_on_order: z.number().int(),
  /** Units of open committed sales (not yet transacted). */
  qty_committed: z.number().int(),
  /** Units on open quotes: 0 until quotes exist (docs/decisions.md). */
  qty_on_quoted: z.number().int(),
  created_at: z.string(),
}).meta({ id: 'CatalogProduct' });
export type TCatalogProduct = z.infer<typeof ZCatalogProductSchema>;

export const getProductRoute = defineRoute({
  method: 'GET',
  path: '/api/product/{id}',
  access: 'inventory:view',
  summary: 'One product, with every 002 §3 field and its derived quantities',
  tag: 'catalog',
  params: ZIdParamsSchema,
  response: ZCatalogProductSchema,
});

/** Product list page size (002 §9). */
export const PRODUCT_PAGE_SIZE = 100;

/** The product list's query: its five filters and the page. */
export const ZProductListQuerySchema = z.object({
  category: z.string().max(100).optional(),
  brand: z.string().max(100).optional(),
  description: z.string().max(200).optional(),
  modelTerm: z.string().max(100).optional(),
  upc: z.string().max(20).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const listProductsRoute = defineRoute({
  method: 'GET',
  path: '/api/product',
  access: 'inventory:view',
  summary: 'Products filtered by category, brand, description, model (modelTerm, prefix) and UPC; 100 a page',
  tag: 'catalog',
  query: ZProductListQuerySchema,
  response: z.object({
    data: z.array(ZCatalogProductSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});

/** The product list's columns in its export (CSV and XLSX), in order. */
export const PRODUCT_EXPORT_COLUMNS = [
  { header: 'Model', value: (r) => r.model_number, kind: 'id' },
  { header: 'Description', value: (r) => r.description },
  { header: 'Brand', value: (r) => r.brand_name },
  { header: 'Category', value: (r) => r.category_name },
  { header: 'Manufacturer', value: (r) => r.manufacturer_name },
  { header: 'UPC', value: (r) => r.upc, kind: 'id' },
  { header: 'Alternate UPC', value: (r) => r.alternate_upc, kind: 'id' },
  { header: 'MPN', value: (r) => r.mpn, kind: 'id' },
  { header: 'Status', value: (r) => r.status },
  { header: 'Item type', value: (r) => r.item_type },
  { header: 'Serial tracked', value: (r) => r.serial_number_tracked === 1 },
  { header: 'On hand', value: (r) => r.qty_on_hand },
  { header: 'On order', value: (r) => r.qty_on_order },
  { header: 'Committed', value: (r) => r.qty_committed },
  { header: 'Cost', value: (r) => r.current_cost },
  { header: 'MAP', value: (r) => r.map },
  { header: 'MSRP', value: (r) => r.msrp },
  { header: 'Created', value: (r) => r.created_at, kind: 'timestamp' },
] satisfies readonly TListExportColumn<TCatalogProduct>[];

export const exportProductsRoute = defineRoute({
  method: 'GET',
  path: '/api/product/export',
  access: 'inventory:view',
  summary: "The list's products as CSV or XLSX",
  tag: 'catalog',
  query: ZProductListQuerySchema.omit({ page: true }).extend(LIST_EXPORT_QUERY_SHAPE),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

export const createProductRoute = defineRoute({
  method: 'POST',
  path: '/api/product',
  access: 'dev-route:view',
  summary: 'Create a product (002 §3 fields and defaults; UPC check digit verified; model number unique)',
  tag: 'catalog',
  body: ZProductCreateSchema,
  response: ZCatalogProductSchema,
  status: 201,
});

export const updateProductRoute = defineRoute({
  method: 'PUT',
  path: '/api/product/{id}',
  access: 'dev-route:view',
  summary: 'Update a product (the fields sent); status INACTIVE retires it',
  tag: 'catalog',
  params: ZIdParamsSchema,
  body: ZProductUpdateSchema,
  response: ZCatalogProductSchema,
});

export const deleteProductRoute = defineRoute({
  method: 'DELETE',
  path: '/api/product/{id}',
  access: 'dev-route:view',
  summary: 'Delete a product nothing refers to (409 when it has stock, PO lines or ledger history: make it inactive)',
  tag: 'catalog',
  params: ZIdParamsSchema,
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});

export const BRAND_CODE_MAX = 50;

/**
 * A brand or category code derived from its name when none is given: upper-cased, every run of characters other
 * than A-Z and 0-9 becomes one '_', no '_' at either end, at most 50 characters ("Bell & Howell" → BELL_HOWELL).
 * A name of no letters or digits gives ''. The server adds _2, _3, … when the code is taken.
 */
export function deriveCode(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, BRAND_CODE_MAX)
    .replace(/_+$/, '');
}

const codeSchema = z
  .string()
  .trim()
  .max(BRAND_CODE_MAX)
  .regex(/^[A-Za-z0-9_-]*$/, 'must hold only letters, digits, _ and -')
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));

export const ZBrandCreateSchema = z
  .object({ brand_name: z.string().trim().min(1, 'is required').max(100), brand_code: codeSchema })
  .meta({ id: 'BrandCreate' });
export type TBrandCreate = z.input<typeof ZBrandCreateSchema>;

export const ZCategoryCreateSchema = z
  .object({ category_name: z.string().trim().min(1, 'is required').max(100), category_code: codeSchema })
  .meta({ id: 'CategoryCreate' });
export type TCategoryCreate = z.input<typeof ZCategoryCreateSchema>;

export const ZManufacturerSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'Manufacturer' });
export type TManufacturer = z.infer<typeof ZManufacturerSchema>;
export const ZManufacturerCreateSchema = z
  .object({ name: z.string().trim().min(1, 'is required').max(100) })
  .meta({ id: 'ManufacturerCreate' });
export type TManufacturerCreate = z.input<typeof ZManufacturerCreateSchema>;

export const createBrandRoute = defineRoute({
  method: 'POST',
  path: '/api/brand',
  access: 'dev-route:view',
  summary: 'Create a brand (brand_code derived from the name when not given); 409 when the name or code is taken',
  tag: 'catalog',
  body: ZBrandCreateSchema,
  response: ZBrandSchema,
  status: 201,
});

export const createCategoryRoute = defineRoute({
  method: 'POST',
  path: '/api/category',
  access: 'dev-route:view',
  summary: 'Create a category (category_code derived from the name when not given); 409 when the name or code is taken',
  tag: 'catalog',
  body: ZCategoryCreateSchema,
  response: ZCategorySchema,
  status: 201,
});

export const createManufacturerRoute = defineRoute({
  method: 'POST',
  path: '/api/manufacturer',
  access: 'dev-route:view',
  summary: 'Create a manufacturer (name); 409 when the name is taken',
  tag: 'catalog',
  body: ZManufacturerCreateSchema,
  response: ZManufacturerSchema,
  status: 201,
});

export const allManufacturersRoute = defineRoute({
  method: 'GET',
  path: '/api/manufacturer/all',
  access: 'inventory:view',
  summary: 'Every manufacturer, by name (the product form select)',
  tag: 'catalog',
  response: z.object({ data: z.array(ZManufacturerSchema) }),
});
