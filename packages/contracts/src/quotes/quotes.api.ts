import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { MAX_ID, ZIdParamsSchema, ZIdSchema } from '../http/common.js';
import { ZMoneySchema } from '../money.js';
import { ZContactSchema } from '../contacts/contacts.api.js';
import { CONDITION_CODES } from '../reference/locations.js';

/**
 * Quotes and work orders (002 §3 Quote, Quote item, §4 messages, §7 "Quotes"; 000 §2 /work-orders/{id}).
 * The spec shows only the calls and the client messages; the rest is ours (docs/decisions.md "Quotes and work orders
 *"). Money is dollars with at most 2 decimals on the wire and integer cents in the database; every total
 * is computed by the server. Every route needs `sales-desk:manage`.
 */

/** Quote statuses: OPEN → SENT → ACCEPTED or DECLINED (set by an update); CONVERTED only by convert to order. */
export const QUOTE_STATUSES = ['OPEN', 'SENT', 'ACCEPTED', 'DECLINED', 'CONVERTED'] as const;
export type TQuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_EDITABLE_STATUSES = ['OPEN', 'SENT', 'ACCEPTED', 'DECLINED'] as const;
/** Statuses whose units count as a product's qty_on_quoted (002 §3): the quote may still become an order. */
export const QUOTE_OPEN_STATUSES = ['OPEN', 'SENT', 'ACCEPTED'] as const satisfies readonly TQuoteStatus[];
export const QUOTE_STATUS_LABELS: Record<TQuoteStatus, string> = {
  OPEN: 'Open',
  SENT: 'Sent',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  CONVERTED: 'Converted',
};
/** Approval (a manager's sign-off on price or terms): PENDING until APPROVED or REJECTED, with notes. */
export const QUOTE_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type TQuoteApprovalStatus = (typeof QUOTE_APPROVAL_STATUSES)[number];
export const QUOTE_TYPES = ['RETAIL', 'INSTALLATION', 'COMMERCIAL'] as const;
export const QUOTE_CLASSES = ['STANDARD', 'PROJECT', 'SERVICE'] as const;
/** The product condition codes (002 §9). */
export const QUOTE_CONDITIONS = CONDITION_CODES;
export type TQuoteCondition = (typeof QUOTE_CONDITIONS)[number];
/** A labor line is hours × an hourly rate, or a flat amount. */
export const LABOR_TYPES = ['HOURLY', 'FLAT'] as const;
export type TLaborType = (typeof LABOR_TYPES)[number];

/** The platform whose tax map column the sales desk follows (Walt's own sales). */
export const SALES_DESK_TAX_PLATFORM = 'walts';
/** The default location the units of a converted quote are committed from. */
export const DEFAULT_WORK_ORDER_LOCATION = 'KY01';

/** The client messages of 002 §4 (verbatim) and the server's. */
export const QUOTE_MESSAGES = {
  created: 'New Quote Created!',
  updatedSuccessfully: 'Quote Updated Successfully!',
  updated: 'Quote Updated!',
  itemAdded: 'New Item Added to Quote!',
  deleteItemFailed: 'Delete Item Failed!',
  invalid: 'The given data was invalid.',
  convertedToOrder: 'Quote converted to a work order',
  noResults: 'No results to display',
} as const;

export const quoteNumber = (id: number) => `Q-${String(id).padStart(6, '0')}`;
export const workOrderNumber = (id: number) => `WO-${String(id).padStart(6, '0')}`;
export const quoteLockedMessage = (quoteId: number, workOrderId: number | null) =>
  `Quote ${quoteNumber(quoteId)} was converted${workOrderId ? ` to work order ${workOrderNumber(workOrderId)}` : ''}: it is locked and can no longer be changed`;

/** The most lines of each kind a quote takes. */
export const QUOTE_MAX_LINES = 500;
export const QUOTE_MAX_UNITS = 100_000;
/** The most hours a labor line takes. */
export const LABOR_MAX_HOURS = 10_000;

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const optionalUserId = ZIdSchema.nullish();

export const ZQuoteSchema = z
  .object({
    id: z.number().int(),
    quote_number: z.string(),
    sold_contact_id: z.number().int(),
    ship_contact_id: z.number().int(),
    bill_contact_id: z.number().int(),
    sold_account_id: z.number().int().nullable(),
    quote_type: z.string(),
    quote_class: z.string(),
    quote_status: z.enum(QUOTE_STATUSES),
    primary_sales_id: z.number().int().nullable(),
    second_sales_id: z.number().int().nullable(),
    third_sales_id: z.number().int().nullable(),
    primary_sales_name: z.string().nullable(),
    product_total: z.number(),
    labor_total: z.number(),
    shipping_total: z.number(),
    tax_total: z.number(),
    total: z.number(),
    /** The tax rate applied, in percent (6.25 = 6.25%), and the ship-to state it was taken for (null: no tax). */
    tax_rate: z.number(),
    tax_state: z.string().nullable(),
    notes: z.string().nullable(),
    lead_source: z.string().nullable(),
    primary_development: z.string().nullable(),
    primary_product_interest: z.string().nullable(),
    primary_feature_interest: z.string().nullable(),
    demo_affinity: z.string().nullable(),
    approval_status: z.enum(QUOTE_APPROVAL_STATUSES),
    approval_status_notes: z.string().nullable(),
    /** The sold contact's name ("First Last"). */
    sold_contact_name: z.string(),
    locked: z.boolean(),
    work_order_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    converted_at: z.string().nullable(),
  })
  .meta({ id: 'Quote' });
export type TQuote = z.infer<typeof ZQuoteSchema>;

export const ZQuoteItemSchema = z
  .object({
    id: z.number().int(),
    quote_id: z.number().int(),
    productId: z.number().int(),
    model: z.string(),
    description: z.string(),
    condition: z.enum(QUOTE_CONDITIONS),
    number_units: z.number().int(),
    unit_price: z.number(),
    /** number_units × unit_price. */
    line_total: z.number(),
  })
  .meta({ id: 'QuoteItem' });
export type TQuoteItem = z.infer<typeof ZQuoteItemSchema>;

export const ZLaborLineSchema = z
  .object({
    id: z.number().int(),
    quote_id: z.number().int(),
    description: z.string(),
    labor_type: z.enum(LABOR_TYPES),
    /** Hours (at most 2 decimals) of an HOURLY line; null for FLAT. */
    hours: z.number().nullable(),
    /** The hourly rate (HOURLY) or the flat amount (FLAT), dollars. */
    rate: z.number(),
    /** hours × rate rounded half-up to the cent, or the flat amount. */
    amount: z.number(),
  })
  .meta({ id: 'LaborLine' });
export type TLaborLine = z.infer<typeof ZLaborLineSchema>;

export const ZQuoteFullSchema = z
  .object({
    quote: ZQuoteSchema,
    sold_contact: ZContactSchema,
    ship_contact: ZContactSchema,
    bill_contact: ZContactSchema,
    items: z.array(ZQuoteItemSchema),
    labor_lines: z.array(ZLaborLineSchema),
  })
  .meta({ id: 'QuoteFull' });
export type TQuoteFull = z.infer<typeof ZQuoteFullSchema>;

/** The quote's editable header fields (store and update). */
const quoteFieldShape = {
  ship_contact_id: ZIdSchema.optional(),
  bill_contact_id: ZIdSchema.optional(),
  sold_account_id: z.number().int().min(1).max(MAX_ID).nullish(),
  quote_type: z.enum(QUOTE_TYPES).optional(),
  quote_class: z.enum(QUOTE_CLASSES).optional(),
  primary_sales_id: optionalUserId,
  second_sales_id: optionalUserId,
  third_sales_id: optionalUserId,
  shipping_total: ZMoneySchema.optional(),
  notes: optionalText(5000),
  lead_source: optionalText(200),
  primary_development: optionalText(200),
  primary_product_interest: optionalText(200),
  primary_feature_interest: optionalText(200),
  demo_affinity: optionalText(200),
  approval_status: z.enum(QUOTE_APPROVAL_STATUSES).optional(),
  approval_status_notes: optionalText(2000),
};

/** POST quote/store: the sold contact is required; ship and bill default to it; the caller is the primary sales person by default. */
export const ZQuoteStoreSchema = z
  .object({
    sold_contact_id: ZIdSchema,
    ...quoteFieldShape,
  })
  .meta({ id: 'QuoteStore' });
export type TQuoteStore = z.input<typeof ZQuoteStoreSchema>;

/** POST quote/update: the id and the fields to change (a field left out keeps its value). CONVERTED is not set here. */
export const ZQuoteUpdateSchema = z
  .object({
    id: ZIdSchema,
    sold_contact_id: ZIdSchema.optional(),
    quote_status: z
      .enum(QUOTE_EDITABLE_STATUSES, {
        error: 'must be OPEN, SENT, ACCEPTED or DECLINED (CONVERTED is set by Convert to order)',
      })
      .optional(),
    ...quoteFieldShape,
  })
  .meta({ id: 'QuoteUpdate' });
export type TQuoteUpdate = z.input<typeof ZQuoteUpdateSchema>;

export const QUOTE_SEARCH_SIZE = { default: 50, max: 200 } as const;
const ZSearchSizeSchema = z.number().int().min(1).max(QUOTE_SEARCH_SIZE.max).default(QUOTE_SEARCH_SIZE.default);

/**
 * Search keys: `name` the sold contact's name ("Ann Smi", "Smith, Ann", one word: first or last name start),
 * `quote_number` (Q-000012 or 12), `status` (a quote status), `contact_id` (the sold, ship or bill contact).
 */
export const QUOTE_SEARCH_KEYS = ['name', 'quote_number', 'status', 'contact_id'] as const;
export type TQuoteSearchKey = (typeof QUOTE_SEARCH_KEYS)[number];
export const QUOTE_SEARCH_KEY_LABELS: Record<TQuoteSearchKey, string> = {
  name: 'Contact name',
  quote_number: 'Quote number',
  status: 'Status',
  contact_id: 'Contact id',
};

export const ZQuoteSearchSchema = z
  .object({
    searchKey: z.enum(QUOTE_SEARCH_KEYS),
    searchValue: z.string().trim().min(1).max(200),
    searchSize: ZSearchSizeSchema,
  })
  .meta({ id: 'QuoteSearch' });
export type TQuoteSearch = z.input<typeof ZQuoteSearchSchema>;

const ZQuoteListSchema = z.object({ data: z.array(ZQuoteSchema) });

/** A unit line's editable fields (add and update). */
const quoteItemFieldShape = {
  condition: z.enum(QUOTE_CONDITIONS).optional(),
  number_units: z.number().int().min(1).max(QUOTE_MAX_UNITS).optional(),
  unit_price: ZMoneySchema.optional(),
};

/** POST quote/item: adds a product (default condition NEW, 1 unit, the product's selling price). */
export const ZQuoteItemAddSchema = z
  .object({ productId: ZIdSchema, quote_id: ZIdSchema, ...quoteItemFieldShape })
  .meta({ id: 'QuoteItemAdd' });
export type TQuoteItemAdd = z.input<typeof ZQuoteItemAddSchema>;

/** POST quote/item/update (002 §7: id, condition, number_units, quote_id, unit_price). */
export const ZQuoteItemUpdateSchema = z
  .object({ id: ZIdSchema, quote_id: ZIdSchema, ...quoteItemFieldShape })
  .meta({ id: 'QuoteItemUpdate' });
export type TQuoteItemUpdate = z.input<typeof ZQuoteItemUpdateSchema>;

/** POST quote/item/search: a quote's items, optionally only those whose model starts with `model`. */
export const ZQuoteItemSearchSchema = z
  .object({ quote_id: ZIdSchema, model: z.string().trim().max(100).optional() })
  .meta({ id: 'QuoteItemSearch' });

const hoursSchema = z
  .number()
  .positive()
  .max(LABOR_MAX_HOURS)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most 2 decimals');

/** POST quote/laborLines: HOURLY needs hours; FLAT takes no hours (rate is the amount). */
export const ZLaborLineAddSchema = z
  .object({
    quote_id: ZIdSchema,
    description: z.string().trim().min(1).max(500),
    labor_type: z.enum(LABOR_TYPES),
    hours: hoursSchema.nullish(),
    rate: ZMoneySchema,
  })
  .meta({ id: 'LaborLineAdd' });
export type TLaborLineAdd = z.input<typeof ZLaborLineAddSchema>;

export const ZLaborLineUpdateSchema = z
  .object({
    id: ZIdSchema,
    quote_id: ZIdSchema.optional(),
    description: z.string().trim().min(1).max(500).optional(),
    labor_type: z.enum(LABOR_TYPES).optional(),
    hours: hoursSchema.nullish(),
    rate: ZMoneySchema.optional(),
  })
  .meta({ id: 'LaborLineUpdate' });
export type TLaborLineUpdate = z.input<typeof ZLaborLineUpdateSchema>;

/** POST contact/quotes: the quotes where the contact is the sold, ship or bill contact, newest first. */
export const ZContactQuotesSchema = z
  .object({ contact_id: ZIdSchema, searchSize: ZSearchSizeSchema })
  .meta({ id: 'ContactQuotes' });
/** POST contact/quotes/name: quotes whose sold contact's first and last names start with these (one may be ''). */
export const ZContactQuotesNameSchema = z
  .object({
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    searchSize: ZSearchSizeSchema,
  })
  .meta({ id: 'ContactQuotesName' });

/** What a unit line of a work order became: its committed sale and how far it went. */
export const WORK_ORDER_ITEM_STATES = [
  'BACKORDERED',
  'COMMITTED',
  'ON_PICK_LIST',
  'PICKED',
  'PACKED',
  'TRANSACTED',
] as const;
export const WORK_ORDER_ITEM_STATE_LABELS: Record<(typeof WORK_ORDER_ITEM_STATES)[number], string> = {
  BACKORDERED: 'Backordered',
  COMMITTED: 'Committed',
  ON_PICK_LIST: 'On pick list',
  PICKED: 'Picked',
  PACKED: 'Packed',
  TRANSACTED: 'Transacted',
};

export const ZWorkOrderItemSchema = z
  .object({
    quote_item_id: z.number().int(),
    productId: z.number().int(),
    model: z.string(),
    description: z.string(),
    condition: z.enum(QUOTE_CONDITIONS),
    number_units: z.number().int(),
    unit_price: z.number(),
    line_total: z.number(),
    /** The committed sale of the units in stock at conversion (the backorder's when none were). */
    committed_sale_reference: z.string(),
    source_bucket: z.string(),
    /** The state of that sale: BACKORDERED when none of the units were in stock and the backorder is open. */
    state: z.enum(WORK_ORDER_ITEM_STATES),
    /** Units of the line on backorder: not in stock at conversion and not transacted yet; 0 when none. */
    backordered_units: z.number().int(),
    /** The backordered committed sale of the line (CS-…), open or transacted; null when every unit was in stock. */
    backorder_reference: z.string().nullable(),
  })
  .meta({ id: 'WorkOrderItem' });

export const ZWorkOrderSchema = z
  .object({
    id: z.number().int(),
    work_order_number: z.string(),
    quote_id: z.number().int(),
    quote_number: z.string(),
    location_code: z.string(),
    created_at: z.string(),
    created_by_name: z.string().nullable(),
    quote: ZQuoteSchema,
    sold_contact: ZContactSchema,
    ship_contact: ZContactSchema,
    bill_contact: ZContactSchema,
    items: z.array(ZWorkOrderItemSchema),
    labor_lines: z.array(ZLaborLineSchema),
  })
  .meta({ id: 'WorkOrder' });
export type TWorkOrder = z.infer<typeof ZWorkOrderSchema>;

export const ZConvertQuerySchema = z.object({
  /** The location whose buckets the units are committed from (default KY01). */
  location: z.string().trim().toUpperCase().min(1).max(40).optional(),
});

export const storeQuoteRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/store',
  access: 'sales-desk:manage',
  summary: 'Create a quote for a sold contact (ship and bill default to it); answers the full quote',
  tag: 'quotes',
  body: ZQuoteStoreSchema,
  response: ZQuoteFullSchema,
  status: 201,
});

export const updateQuoteRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/update',
  access: 'sales-desk:manage',
  summary: 'Change a quote (contacts, status, approval, shipping, notes…); totals recomputed; 409 once converted',
  tag: 'quotes',
  body: ZQuoteUpdateSchema,
  response: ZQuoteFullSchema,
});

export const searchQuotesRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/search',
  access: 'sales-desk:manage',
  summary: 'Quote search by sold contact name, quote number, status or contact id (searchKey), newest first',
  tag: 'quotes',
  body: ZQuoteSearchSchema,
  response: ZQuoteListSchema,
});

export const addQuoteItemRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/item',
  access: 'sales-desk:manage',
  summary: 'Add a product to a quote (condition NEW, 1 unit, its selling price unless given); answers the full quote',
  tag: 'quotes',
  body: ZQuoteItemAddSchema,
  response: ZQuoteFullSchema,
  status: 201,
});

export const updateQuoteItemRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/item/update',
  access: 'sales-desk:manage',
  summary: "Change a quote item's condition, number of units or unit price; answers the full quote",
  tag: 'quotes',
  body: ZQuoteItemUpdateSchema,
  response: ZQuoteFullSchema,
});

export const searchQuoteItemsRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/item/search',
  access: 'sales-desk:manage',
  summary: "A quote's items (optionally those whose model starts with `model`)",
  tag: 'quotes',
  body: ZQuoteItemSearchSchema,
  response: z.object({ data: z.array(ZQuoteItemSchema) }),
});

export const deleteQuoteItemRoute = defineRoute({
  method: 'DELETE',
  path: '/api/quote/item/{id}',
  access: 'sales-desk:manage',
  summary: 'Remove an item from its quote; answers the full quote',
  tag: 'quotes',
  params: ZIdParamsSchema,
  response: ZQuoteFullSchema,
});

export const getFullQuoteRoute = defineRoute({
  method: 'GET',
  path: '/api/quote/getFull/{id}',
  access: 'sales-desk:manage',
  summary: 'The quote with its contacts, items and labor lines',
  tag: 'quotes',
  params: ZIdParamsSchema,
  response: ZQuoteFullSchema,
});

export const convertQuoteRoute = defineRoute({
  method: 'GET',
  path: '/api/quote/convertToOrder/{id}',
  access: 'sales-desk:manage',
  summary:
    'Convert to order: one work order, its units committed as sales from the location (default KY01); idempotent',
  tag: 'quotes',
  params: ZIdParamsSchema,
  query: ZConvertQuerySchema,
  response: ZWorkOrderSchema,
});

export const contactQuotesRoute = defineRoute({
  method: 'POST',
  path: '/api/contact/quotes',
  access: 'sales-desk:manage',
  summary: "A contact's quotes (as sold, ship or bill contact), newest first",
  tag: 'quotes',
  body: ZContactQuotesSchema,
  response: ZQuoteListSchema,
});

export const contactQuotesByNameRoute = defineRoute({
  method: 'POST',
  path: '/api/contact/quotes/name',
  access: 'sales-desk:manage',
  summary: "Quotes whose sold contact's first and last names start with firstName and lastName",
  tag: 'quotes',
  body: ZContactQuotesNameSchema,
  response: ZQuoteListSchema,
});

export const addLaborLineRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/laborLines',
  access: 'sales-desk:manage',
  summary: 'Add a labor line (HOURLY: hours × rate; FLAT: the rate is the amount); answers the full quote',
  tag: 'quotes',
  body: ZLaborLineAddSchema,
  response: ZQuoteFullSchema,
  status: 201,
});

export const updateLaborLineRoute = defineRoute({
  method: 'POST',
  path: '/api/quote/laborLines/update',
  access: 'sales-desk:manage',
  summary: 'Change a labor line; answers the full quote',
  tag: 'quotes',
  body: ZLaborLineUpdateSchema,
  response: ZQuoteFullSchema,
});

export const deleteLaborLineRoute = defineRoute({
  method: 'GET',
  path: '/api/quote/laborLines/delete/{id}',
  access: 'sales-desk:manage',
  summary: 'Remove a labor line; answers the full quote',
  tag: 'quotes',
  params: ZIdParamsSchema,
  response: ZQuoteFullSchema,
});

export const quotePdfRoute = defineRoute({
  method: 'GET',
  path: '/api/quote/{id}/pdf',
  access: 'sales-desk:manage',
  summary: 'The quote as a printable PDF (quote-Q-000012.pdf)',
  tag: 'quotes',
  params: ZIdParamsSchema,
  response: z.any(),
  download: { contentTypes: [FILE_TYPES.pdf], fileName: 'quote.pdf' },
});

export const getWorkOrderRoute = defineRoute({
  method: 'GET',
  path: '/api/work-order/{id}',
  access: 'sales-desk:manage',
  summary: 'A work order: its quote, contacts, units with their committed-sale state, labor and totals',
  tag: 'quotes',
  params: ZIdParamsSchema,
  response: ZWorkOrderSchema,
});

/** Rounds a non-negative `numerator / denominator` half-up to an integer (exact for integers below 2^53). */
export function roundHalfUpDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** An HOURLY line's amount in cents: hundredths of hours × rate cents / 100, half-up. */
export function laborAmountCents(laborType: TLaborType, hundredthsOfHours: number | null, rateCents: number): number {
  return laborType === 'FLAT' ? rateCents : roundHalfUpDiv((hundredthsOfHours ?? 0) * rateCents, 100);
}
