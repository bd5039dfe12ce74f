import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZIdParamsSchema } from '../http/common.js';
import { PO_SORT_COLUMNS } from '../purchase-orders/purchase-orders.api.js';
import { BIN_ORDER_BY } from '../bins/bins.api.js';

/**
 * The lists a person may keep views of (docs/decisions.md, "Saved views"), each with what its state may hold: the filters (its URL query
 * parameters), the columns it sorts by (`sortBy`/`sortOrder` in the URL) and the columns it can show or hide
 * (`columns` in the URL). An empty `sorts` or `columns` means the list has no sort or column choice.
 */
export const SAVED_VIEW_LISTS = {
  'purchase-orders': {
    filters: [
      'fromDate',
      'toDate',
      'poNumber',
      'modelNumber',
      'vendorOrderId',
      'selectedStatus',
      'selectedVendor',
      'selectedShipToLocation',
      'selectedUser',
      'paid',
    ],
    sorts: PO_SORT_COLUMNS,
    columns: [],
  },
  products: {
    filters: ['category', 'brand', 'modelTerm', 'description', 'upc'],
    sorts: [],
    columns: [
      'model_number',
      'description',
      'brand_name',
      'category_name',
      'upc',
      'status',
      'qty_on_hand',
      'current_cost',
    ],
  },
  'ap-invoices': {
    filters: [
      'invoice_number',
      'invoice_amount',
      'vendor',
      'finance_company',
      'invoice_date',
      'purchase_date',
      'due_date',
    ],
    sorts: [],
    columns: [],
  },
  /** The contact search: `searchBy` (name, address, phone) and its terms. */
  contacts: {
    filters: ['searchBy', 'firstName', 'lastName', 'searchValue'],
    sorts: [],
    columns: [],
  },
  /** The bins of a location: the location, the search's text and the sort (the page's sorts; not by location). */
  bins: {
    filters: ['location', 'search'],
    sorts: BIN_ORDER_BY.filter((c) => c !== 'location_code'),
    columns: [],
  },
  /** The audits dashboard: its tab (`tab=completed`, else in progress). */
  audits: { filters: ['tab'], sorts: [], columns: [] },
  /** The Committed Sales and Committed Transfers boards: their search. */
  'committed-sales': { filters: ['search'], sorts: [], columns: [] },
  'committed-transfers': { filters: ['search'], sorts: [], columns: [] },
  /** The vendor table (a dialog over the PO list): its search, named apart from the PO list's filters. */
  vendors: { filters: ['vendorSearch'], sorts: [], columns: [] },
  /** A model's submitted transfers (its transfer page): their search. */
  'transacted-transfers': { filters: ['submittedSearch'], sorts: [], columns: [] },
} as const satisfies Record<
  string,
  { filters: readonly string[]; sorts: readonly string[]; columns: readonly string[] }
>;
export type TSavedViewList = keyof typeof SAVED_VIEW_LISTS;
export const SAVED_VIEW_LIST_KEYS = Object.keys(SAVED_VIEW_LISTS) as [TSavedViewList, ...TSavedViewList[]];

export const SAVED_VIEW_NAME_MAX = 60;
/** Views one person may keep of one list. */
export const SAVED_VIEWS_PER_LIST_MAX = 50;
export const SAVED_VIEW_FILTER_VALUE_MAX = 200;

const ZKeySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'must be a parameter name');

/**
 * A view's state: the list's filters as its query parameters (strings), its sort (null: the list's own), and its
 * visible columns (null: the list's default columns). Which names a list takes: `savedViewStateIssues`.
 */
export const ZSavedViewStateSchema = z
  .strictObject({
    filters: z
      .record(ZKeySchema, z.string().max(SAVED_VIEW_FILTER_VALUE_MAX))
      .refine((f) => Object.keys(f).length <= 40, 'at most 40 filters'),
    sort: z.strictObject({ by: ZKeySchema, order: z.enum(['asc', 'desc']) }).nullable(),
    columns: z
      .array(ZKeySchema)
      .max(60)
      .refine((c) => new Set(c).size === c.length, 'a column is named twice')
      .nullable(),
  })
  .meta({ id: 'SavedViewState' });
export type TSavedViewState = z.infer<typeof ZSavedViewStateSchema>;

/** The names the list does not take, keyed as the API names fields (`state.filters.foo`). Empty when none. */
export function savedViewStateIssues(list: TSavedViewList, state: TSavedViewState): Record<string, string[]> {
  const spec = SAVED_VIEW_LISTS[list];
  const issues: Record<string, string[]> = {};
  for (const key of Object.keys(state.filters))
    if (!(spec.filters as readonly string[]).includes(key))
      issues[`state.filters.${key}`] = [`is not a filter of the ${list} list`];
  if (state.sort && !(spec.sorts as readonly string[]).includes(state.sort.by))
    issues['state.sort.by'] = [
      spec.sorts.length ? `must be one of ${spec.sorts.join(', ')}` : `the ${list} list has no sort`,
    ];
  if (state.columns) {
    if (!spec.columns.length) issues['state.columns'] = [`the ${list} list has no column choice`];
    else
      state.columns.forEach((c, i) => {
        if (!(spec.columns as readonly string[]).includes(c))
          issues[`state.columns.${i}`] = [`is not a column of the ${list} list`];
      });
  }
  return issues;
}

export const ZSavedViewSchema = z
  .object({
    id: z.number().int(),
    list: z.enum(SAVED_VIEW_LIST_KEYS),
    name: z.string(),
    state: ZSavedViewStateSchema,
    is_default: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedView' });
export type TSavedView = z.infer<typeof ZSavedViewSchema>;

const ZNameSchema = z
  .string()
  .trim()
  .min(1, 'a view needs a name')
  .max(SAVED_VIEW_NAME_MAX, `at most ${SAVED_VIEW_NAME_MAX} characters`);

export const ZSavedViewCreateSchema = z
  .strictObject({
    list: z.enum(SAVED_VIEW_LIST_KEYS),
    name: ZNameSchema,
    state: ZSavedViewStateSchema,
    is_default: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    for (const [path, messages] of Object.entries(savedViewStateIssues(body.list, body.state)))
      for (const message of messages) ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  })
  .meta({ id: 'SavedViewCreate' });

export const ZSavedViewUpdateSchema = z
  .strictObject({ name: ZNameSchema.optional(), state: ZSavedViewStateSchema.optional() })
  .refine((b) => b.name !== undefined || b.state !== undefined, 'send a name, a state or both')
  .meta({ id: 'SavedViewUpdate' });

export const ZSavedViewDefaultSchema = z.strictObject({ is_default: z.boolean() }).meta({ id: 'SavedViewDefault' });

/** Every route is the caller's own views only: another person's view is a 404 (docs/decisions.md, "Saved views"). */
export const listSavedViewsRoute = defineRoute({
  method: 'GET',
  path: '/api/saved-views',
  access: 'authenticated',
  summary: "The caller's saved views of one list, by name",
  tag: 'saved-views',
  query: z.object({ list: z.enum(SAVED_VIEW_LIST_KEYS) }),
  response: z.object({ data: z.array(ZSavedViewSchema) }),
});

export const createSavedViewRoute = defineRoute({
  method: 'POST',
  path: '/api/saved-views',
  access: 'authenticated',
  summary: "Saves a list's filters, sort and columns under a name (unique per person and list)",
  tag: 'saved-views',
  body: ZSavedViewCreateSchema,
  response: ZSavedViewSchema,
  status: 201,
});

export const updateSavedViewRoute = defineRoute({
  method: 'PUT',
  path: '/api/saved-views/{id}',
  access: 'authenticated',
  summary: 'Renames a saved view or replaces its state',
  tag: 'saved-views',
  params: ZIdParamsSchema,
  body: ZSavedViewUpdateSchema,
  response: ZSavedViewSchema,
});

export const deleteSavedViewRoute = defineRoute({
  method: 'DELETE',
  path: '/api/saved-views/{id}',
  access: 'authenticated',
  summary: 'Deletes a saved view',
  tag: 'saved-views',
  params: ZIdParamsSchema,
  response: z.null(),
  status: 204,
});

export const setSavedViewDefaultRoute = defineRoute({
  method: 'PUT',
  path: '/api/saved-views/{id}/default',
  access: 'authenticated',
  summary: "Makes a view its list's default for the caller (the previous default stops being one), or clears it",
  tag: 'saved-views',
  params: ZIdParamsSchema,
  body: ZSavedViewDefaultSchema,
  response: ZSavedViewSchema,
});
