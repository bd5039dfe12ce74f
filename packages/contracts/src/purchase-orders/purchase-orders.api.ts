import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { emptyAsAbsent, emptyAsDefault, ZDateSchema, ZIdSchema, ZQueryFlagSchema } from '../http/common.js';
import { MONEY_TOO_LARGE, moneyTextTooLarge, ZMoneySchema } from '../money.js';
import { PO_DEFAULT_PAGE_SIZE } from './po-rules.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { ZPurchaseTermSchema } from '../vendors/vendors.api.js';

/** Create-PO messages (000 §5), answered by the server as 422 field errors. */
export const CREATE_PO_MESSAGES = {
  vendor: 'Please select a vendor',
  location: 'Please select a location this PO will be received at.',
} as const;

export const ZPoStatusSchema = z.object({ id: z.number().int(), status_name: z.string() }).meta({ id: 'PoStatus' });
export type TPoStatus = z.infer<typeof ZPoStatusSchema>;

/** A PO in the list (000 §3 Purchase order), money in dollars. */
export const ZPurchaseOrderSummarySchema = z
  .object({
    id: z.number().int(),
    purchase_ref_id: z.string(),
    legacy_po_number: z.string().nullable(),
    created_at: z.string(),
    created_by: z.number().int().nullable(),
    created_by_name: z.string().nullable(),
    ims_location_code: z.string(),
    purchase_order_type: z.string(),
    vendor_id: z.number().int(),
    vendor_name: z.string(),
    tracking_number: z.string().nullable(),
    carrier_name: z.string().nullable(),
    vendor_order_id: z.string().nullable(),
    paid: z.boolean(),
    is_ats: z.boolean(),
    purchase_order_status: ZPoStatusSchema,
    dfi_discount_percentage: z.string(),
    purchase_terms_id: z.number().int().nullable(),
    sent_via_edi: z.boolean(),
    total: z.number(),
    total_received: z.number(),
    dfi_discount_amount: z.number(),
    balance_due: z.number(),
  })
  .meta({ id: 'PurchaseOrderSummary' });
export type TPurchaseOrderSummary = z.infer<typeof ZPurchaseOrderSummarySchema>;

export const ZPurchaseOrderSchema = ZPurchaseOrderSummarySchema.extend({
  notes: z.string().nullable(),
  shipping_requirements: z.string(),
  terms: ZPurchaseTermSchema.nullable(),
  vendor: z.object({
    id: z.number().int(),
    company_name: z.string(),
    rep: z.string().nullable(),
    rep_email: z.string().nullable(),
    ableToSendViaEdi: z.boolean(),
  }),
  requested_delivery_date: z.string().nullable(),
  edi_errors: z.array(z.string()),
  confirmed_at: z.string().nullable(),
  finished_at: z.string().nullable(),
}).meta({ id: 'PurchaseOrder' });
export type TPurchaseOrder = z.infer<typeof ZPurchaseOrderSchema>;

export const ZPoLineSchema = z
  .object({
    id: z.number().int(),
    purchaseOrderId: z.number().int(),
    productId: z.number().int(),
    product: z.object({
      model_number: z.string(),
      part_number: z.string().nullable(),
      upc: z.string().nullable(),
      alternate_upc: z.string().nullable(),
      product_title: z.string(),
      serial_number_tracked: z.union([z.literal(0), z.literal(1)]),
      num_of_serials_per_item: z.number().int().nullable(),
    }),
    invoice_cost: z.number(),
    qty_ordered: z.number().int(),
    qty_received: z.number().int(),
    shipping_cost: z.number(),
    note: z.string().nullable(),
    expected_arrival_date: z.string().nullable(),
    carrier_name: z.string().nullable(),
    tracking_number: z.string().nullable(),
    line_total: z.number(),
  })
  .meta({ id: 'PoLine' });
export type TPoLine = z.infer<typeof ZPoLineSchema>;

export const ZFullPurchaseOrderSchema = z
  .object({ data: z.object({ PO: ZPurchaseOrderSchema, PO_LINES: z.array(ZPoLineSchema) }) })
  .meta({ id: 'FullPurchaseOrder' });

export const PO_SORT_COLUMNS = [
  'created_at',
  'purchase_ref_id',
  'vendor_name',
  'purchase_order_status',
  'ims_location_code',
  'total',
  'balance_due',
  'vendor_order_id',
] as const;

const text = (max: number) => z.string().trim().max(max).optional();

/** The list's query; an empty value (`?fromDate=&toDate=`) is no filter, as the spec's clients send it. */
export const ZPoListQuerySchema = z.object({
  fromDate: emptyAsAbsent(ZDateSchema),
  toDate: emptyAsAbsent(ZDateSchema),
  poNumber: text(50),
  modelNumber: text(100),
  vendorOrderId: text(100),
  legacyPoNum: text(50),
  /** Status id (`selectedStatus` in the screen's query string). */
  status: emptyAsAbsent(ZIdSchema),
  vendor: emptyAsAbsent(ZIdSchema),
  user: emptyAsAbsent(ZIdSchema),
  shipTo: text(40),
  paid: emptyAsAbsent(z.enum(['All', 'Yes', 'No'])),
  /** 1: only Complete POs; 0: only open ones. */
  finished: emptyAsAbsent(ZQueryFlagSchema),
  page: emptyAsDefault(z.coerce.number().int().min(1).max(100_000), 1),
  perPage: emptyAsDefault(
    z.coerce
      .number()
      .int()
      .refine((n) => [5, 10, 15, 25, 50, 100].includes(n), 'must be 5, 10, 15, 25, 50 or 100'),
    PO_DEFAULT_PAGE_SIZE,
  ),
  sortBy: emptyAsDefault(z.enum(PO_SORT_COLUMNS), 'created_at'),
  sortOrder: emptyAsDefault(z.enum(['asc', 'desc']), 'desc'),
});

export const listPurchaseOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/purchase',
  access: 'purchase-order:view',
  summary: 'PO list with filters, sort and pages (vendor 127 excluded); legacyPoNum answers that PO first',
  tag: 'purchase-orders',
  query: ZPoListQuerySchema,
  response: z.object({
    data: z.array(ZPurchaseOrderSummarySchema),
    /** Exact up to 10,000; past that `totalCapped` is true and the list shows "10,000+". */
    total: z.number().int(),
    totalCapped: z.boolean(),
    page: z.number().int(),
    perPage: z.number().int(),
  }),
});

export const ZPoLineByModelSchema = z
  .object({
    id: z.number().int(),
    purchase_order_id: z.number().int(),
    purchase_ref_id: z.string(),
    legacy_po_number: z.string().nullable(),
    created_at: z.string(),
    vendor_name: z.string(),
    purchase_order_status: z.string(),
    ims_location_code: z.string(),
    model_number: z.string(),
    invoice_cost: z.number(),
    qty_ordered: z.number().int(),
    qty_received: z.number().int(),
    expected_arrival_date: z.string().nullable(),
  })
  .meta({ id: 'PoLineByModel' });

export const purchaseByModelRoute = defineRoute({
  method: 'GET',
  path: '/api/purchaseByModel',
  access: 'purchase-order:view',
  summary: 'PO lines for a model (the line-level table of the PO list)',
  tag: 'purchase-orders',
  query: z.object({ model: z.string().trim().min(1).max(100) }),
  response: z.object({ data: z.array(ZPoLineByModelSchema) }),
});

export const listPoStatusesRoute = defineRoute({
  method: 'GET',
  path: '/api/purchase/status',
  access: 'purchase-order:view',
  summary: 'PO statuses',
  tag: 'purchase-orders',
  response: z.object({ data: z.array(ZPoStatusSchema) }),
});

export const ZCreatePurchaseOrderSchema = z
  .object({
    vendorId: ZIdSchema.nullish(),
    createdBy: z.union([z.string(), z.number()]).nullish(),
    purchaseOrderType: z.literal('Default').default('Default'),
    shippingRequirements: z.literal('Default').default('Default'),
    location_code: z.string().trim().max(40).nullish(),
    purchase_terms_id: ZIdSchema.nullish(),
  })
  .meta({ id: 'CreatePurchaseOrder' });
export type TCreatePurchaseOrder = z.input<typeof ZCreatePurchaseOrderSchema>;

export const createPurchaseOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/purchase',
  access: 'purchase-order:create',
  summary: 'Create a PO (status New); the vendor and the receiving location are required',
  tag: 'purchase-orders',
  body: ZCreatePurchaseOrderSchema,
  response: ZPurchaseOrderSchema,
  status: 201,
});

const poIdParams = z.object({ id: ZIdSchema });

export const getFullPurchaseOrderRoute = defineRoute({
  method: 'GET',
  path: '/api/purchase/getFull/{id}',
  access: 'purchase-order:view',
  summary: 'A PO with its lines',
  tag: 'purchase-orders',
  params: poIdParams,
  response: ZFullPurchaseOrderSchema,
});

/**
 * Header update (001 §7, "a PUT with the full PO object"): the PO as GET purchase/getFull answers it can be sent
 * back as it is; read-only fields are ignored (stripped), and a field sent with its current value changes nothing.
 * The screen sends only changed fields.
 */
export const ZUpdatePurchaseOrderSchema = z
  .object({
    vendor_order_id: z.string().trim().max(100).nullish(),
    vendor_id: ZIdSchema.optional(),
    /** A status id, or the status object the PO is answered with (`{ id, status_name }`). */
    purchase_order_status: z.union([ZIdSchema, z.object({ id: ZIdSchema }).transform((s) => s.id)]).optional(),
    ims_location_code: z.string().trim().min(1).max(40).optional(),
    paid: z.boolean().optional(),
    /** A number, or its decimal text as the PO is answered with (`"2.50"`). */
    dfi_discount_percentage: z
      .union([
        z.number(),
        z
          .string()
          .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage with at most 2 decimals')
          .transform(Number),
      ])
      .pipe(z.number().min(0).max(100).multipleOf(0.01))
      .optional(),
    purchase_terms_id: ZIdSchema.nullish(),
    is_ats: z.boolean().optional(),
    requested_delivery_date: ZDateSchema.nullish(),
    carrier_name: z.string().trim().max(100).nullish(),
    tracking_number: z.string().trim().max(100).nullish(),
    notes: z.string().max(10_000).nullish(),
  })
  .meta({ id: 'UpdatePurchaseOrder' });
export type TUpdatePurchaseOrder = z.input<typeof ZUpdatePurchaseOrderSchema>;

export const updatePurchaseOrderRoute = defineRoute({
  method: 'PUT',
  path: '/api/purchase/{id}',
  access: 'purchase-order:edit',
  summary: 'Update PO header fields (Complete locks editing; Order Sent locks carrier, tracking and vendor order)',
  tag: 'purchase-orders',
  params: poIdParams,
  body: ZUpdatePurchaseOrderSchema,
  response: ZFullPurchaseOrderSchema,
});

export const ZAddPoLineSchema = z
  .object({
    productId: ZIdSchema,
    cost: ZMoneySchema,
    qty: z.number().int().min(1).max(100_000),
    purchaseOrderId: ZIdSchema,
  })
  .meta({ id: 'AddPoLine' });

export const addPoLineRoute = defineRoute({
  method: 'POST',
  path: '/api/purchase/orderItem',
  access: 'purchase-order:edit',
  summary: 'Add a product line (cost already discounted)',
  tag: 'purchase-orders',
  body: ZAddPoLineSchema,
  response: ZFullPurchaseOrderSchema,
  status: 201,
});

export const ZUpdatePoLineSchema = z
  .object({
    /** A number, or its text (`"1,199.99"`, parsed by the service); either way no more than the column holds. */
    invoice_cost: z
      .union([
        ZMoneySchema,
        z
          .string()
          .max(20)
          .refine((text) => !moneyTextTooLarge(text), MONEY_TOO_LARGE),
      ])
      .optional(),
    qty: z.number().int().min(1).max(100_000).optional(),
    shipping_cost: ZMoneySchema.optional(),
    note: z.string().max(2000).nullish(),
    expected_arrival_date: ZDateSchema.nullish(),
    carrier_name: z.string().trim().max(100).nullish(),
    tracking_number: z.string().trim().max(100).nullish(),
  })
  .meta({ id: 'UpdatePoLine' });

export const updatePoLineRoute = defineRoute({
  method: 'PUT',
  path: '/api/purchase/orderItem/{id}',
  access: 'purchase-order:edit',
  summary: 'Update a PO line (quantity never below what was received)',
  tag: 'purchase-orders',
  params: poIdParams,
  body: ZUpdatePoLineSchema,
  response: ZFullPurchaseOrderSchema,
});

export const deletePoLineRoute = defineRoute({
  method: 'DELETE',
  path: '/api/purchase/orderItem/{id}',
  access: 'purchase-order:edit',
  summary: 'Delete a PO line on which nothing was received',
  tag: 'purchase-orders',
  params: poIdParams,
  response: ZFullPurchaseOrderSchema,
});

export const ZApplyToAllLinesSchema = z
  .object({
    expected_arrival_date: ZDateSchema.nullish(),
    carrier_name: z.string().trim().max(100).nullish(),
    tracking_number: z.string().trim().max(100).nullish(),
  })
  .refine((v) => Object.keys(v).length > 0, 'give at least one field')
  .meta({ id: 'ApplyToAllLines' });

export const applyToAllLinesRoute = defineRoute({
  method: 'PUT',
  path: '/api/purchase/{id}/applyToAllLines',
  access: 'purchase-order:edit',
  summary: 'Set expected arrival date, carrier or tracking number on every line at once',
  tag: 'purchase-orders',
  params: poIdParams,
  body: ZApplyToAllLinesSchema,
  response: ZFullPurchaseOrderSchema,
});

const poIdParam = z.object({ poId: ZIdSchema });

export const confirmPurchaseOrderRoute = defineRoute({
  method: 'PUT',
  path: '/api/purchase/confirmOrder/{poId}',
  access: 'purchase-order:edit',
  summary: 'Confirm PO From Vendor: Order Sent → Order Confirmed',
  tag: 'purchase-orders',
  params: poIdParam,
  response: ZFullPurchaseOrderSchema,
});

export const sendPurchaseOrderEdiRoute = defineRoute({
  method: 'POST',
  path: '/api/purchase/direct/{poId}',
  access: 'purchase-order:send-to-vendor',
  summary: 'Send the PO to the vendor by EDI (X12 850); a failure answers 422 with errors.edi, the list of errors',
  tag: 'purchase-orders',
  params: poIdParam,
  response: z.object({ message: z.string(), fileName: z.string(), data: ZFullPurchaseOrderSchema.shape.data }),
});

export const updatePurchaseOrderTotalsRoute = defineRoute({
  method: 'GET',
  path: '/api/purchase/updateTotals/{poId}',
  access: 'purchase-order:view',
  summary: 'Recompute and answer the PO totals',
  tag: 'purchase-orders',
  params: poIdParam,
  response: z.object({
    total: z.number(),
    total_received: z.number(),
    dfi_discount_amount: z.number(),
    balance_due: z.number(),
  }),
});

export const finishPurchaseOrderRoute = defineRoute({
  method: 'GET',
  path: '/api/purchase/finish/{poId}',
  access: 'purchase-order:edit',
  summary: 'Finish the PO: status Complete',
  tag: 'purchase-orders',
  params: poIdParam,
  response: ZFullPurchaseOrderSchema,
});

export const purchaseOrderPdfRoute = defineRoute({
  method: 'GET',
  path: '/api/purchaseOrder/{id}/pdf',
  access: 'purchase-order:view',
  summary: 'The PO as a PDF (purchase-order.pdf)',
  tag: 'purchase-orders',
  params: poIdParams,
  response: z.any(),
  download: { contentTypes: [FILE_TYPES.pdf], fileName: 'purchase-order.pdf' },
});

export const ZEmailPurchaseOrderSchema = z
  .object({
    email: z.email(),
    name: z.string().trim().max(200).default(''),
    message: z.string().max(20_000).default(''),
    ccs: z
      .union([z.array(z.string()), z.string()])
      .default([])
      .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.email('must be e-mail addresses separated by commas')).max(20)),
  })
  .meta({ id: 'EmailPurchaseOrder' });

export const emailPurchaseOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/purchaseOrder/{id}/email',
  access: 'purchase-order:edit',
  summary: 'E-mail the PO with its PDF attached',
  tag: 'purchase-orders',
  params: poIdParams,
  body: ZEmailPurchaseOrderSchema,
  response: z.object({ message: z.string(), messageId: z.string() }),
});

export const ZModelPoReconciliationSchema = z
  .object({
    model: z.string(),
    total_ordered: z.number().int(),
    total_received: z.number().int(),
    purchase_orders: z.array(
      z.object({
        id: z.number().int(),
        purchase_ref_id: z.string(),
        legacy_po_number: z.string().nullable(),
        status: z.string(),
        last_received: z.string().nullable(),
        qty_ordered: z.number().int(),
        qty_received: z.number().int(),
        date_ordered: z.string(),
        vendor: z.string(),
      }),
    ),
  })
  .meta({ id: 'ModelPoReconciliation' });

export const modelPoReconciliationRoute = defineRoute({
  method: 'GET',
  path: '/api/reports/model-po-reconciliation',
  access: 'purchase-order:view',
  summary: 'Per-PO ordered and received quantities of a model',
  tag: 'reports',
  query: z.object({ model: z.string().trim().min(1).max(100) }),
  response: ZModelPoReconciliationSchema,
});

/** The PO list's columns in its export (CSV and XLSX), in order. */
export const PO_EXPORT_COLUMNS = [
  { header: 'PO #', value: (r) => r.purchase_ref_id, kind: 'id' },
  { header: 'Legacy PO #', value: (r) => r.legacy_po_number, kind: 'id' },
  { header: 'Created', value: (r) => r.created_at, kind: 'timestamp' },
  { header: 'Created by', value: (r) => r.created_by_name },
  { header: 'Vendor', value: (r) => r.vendor_name },
  { header: 'Status', value: (r) => r.purchase_order_status.status_name },
  { header: 'Ship to', value: (r) => r.ims_location_code },
  { header: 'Type', value: (r) => r.purchase_order_type },
  { header: 'Vendor order #', value: (r) => r.vendor_order_id, kind: 'id' },
  { header: 'Tracking #', value: (r) => r.tracking_number, kind: 'id' },
  { header: 'Carrier', value: (r) => r.carrier_name },
  { header: 'Paid', value: (r) => r.paid },
  { header: 'Total', value: (r) => r.total },
  { header: 'Received', value: (r) => r.total_received },
  { header: 'Discount', value: (r) => r.dfi_discount_amount },
  { header: 'Balance due', value: (r) => r.balance_due },
] satisfies readonly TListExportColumn<TPurchaseOrderSummary>[];

export const exportPurchaseOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/purchase/export',
  access: 'purchase-order:view',
  summary: "The list's POs as CSV or XLSX",
  tag: 'purchase-orders',
  query: ZPoListQuerySchema.omit({ page: true, perPage: true }).extend(LIST_EXPORT_QUERY_SHAPE),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});
