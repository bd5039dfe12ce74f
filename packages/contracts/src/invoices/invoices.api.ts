import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { emptyAsAbsent, emptyAsDefault, isCalendarDate, ZDateSchema, ZIdSchema } from '../http/common.js';
import { ZDollarsSchema } from '../money.js';
import { AP_INVOICE_PERMISSIONS, type TPermission } from '../permissions.js';

/** The invoice page's reads: PO viewers and anyone who may act on invoices (docs/decisions.md). */
export const AP_INVOICE_READ_ACCESS = [
  'purchase-order:view',
  ...AP_INVOICE_PERMISSIONS,
] as const satisfies readonly TPermission[];

/**
 * Accounts-payable invoices and finance companies (001 §3 "Accounts payable invoice", §4 "Invoice to PO link",
 * §5 Invoices, §7 Invoices, §9). Money is dollars with 2 decimals on the wire, integer cents in the database.
 */

/** The invoice table shows 10 rows a page (001 §9). */
export const INVOICE_PAGE_SIZE = 10;
/** The invoice amount input's step (001 §3, §9). */
export const INVOICE_AMOUNT_STEP = 0.01;
/** The largest invoice amount taken, in dollars. */
export const MAX_INVOICE_AMOUNT = 99_999_999.99;

/** The texts the invoice screens show (001 §8 Invoices). */
export const INVOICE_MESSAGES = {
  serverError: 'A server error occured-please try resubmitting.',
  created: 'Successfully Created Accounts Payable Invoice!',
  financeCompanyCreated: 'Successfully Created Finance Company!',
  linkedCannotBeDeleted: 'An invoice with a linked purchase order cannot be deleted.',
  /** Link PO by the PO number a person reads (ours, docs/decisions.md "The spec's remaining deviations"). */
  poNumberUnknown: (poNumber: string) => `No purchase order has the number ${poNumber}.`,
  linkTargetRequired: 'Give the PO number (purchase_id) or the purchase order id (purchase_order_id, null to un-link).',
  linkTargetTwice: 'Give the PO number (purchase_id) or the purchase order id (purchase_order_id), not both.',
} as const;
/** How long the invoice screens' messages stay (001 §8, §9). */
export const INVOICE_MESSAGE_MS = { success: 5_000, error: 7_000 } as const;

export { isCalendarDate };

/** A `YYYY-MM-DD` date that exists: every date schema is one now (ZDateSchema); the name stays for the invoice screens. */
export const ZCalendarDateSchema = ZDateSchema;

/** An invoice amount in dollars: more than 0, at most 2 decimals (a bigint cents column: its own, higher bound). */
export const ZInvoiceAmountSchema = ZDollarsSchema.positive('must be greater than 0').max(
  MAX_INVOICE_AMOUNT,
  'is too large',
);

/** A company as invoices show it: a vendor or a finance company. */
export const ZInvoiceCompanySchema = z
  .object({ id: z.number().int(), company_name: z.string() })
  .meta({ id: 'InvoiceCompany' });
export type TInvoiceCompany = z.infer<typeof ZInvoiceCompanySchema>;

export const ZFinanceCompanySchema = z
  .object({ id: z.number().int(), company_name: z.string() })
  .meta({ id: 'FinanceCompany' });
export type TFinanceCompany = z.infer<typeof ZFinanceCompanySchema>;

export const ZInvoicePurchaseSchema = z
  .object({ id: z.number().int(), purchase_ref_id: z.string() })
  .meta({ id: 'InvoicePurchase' });

export const ZApInvoiceSchema = z
  .object({
    id: z.number().int(),
    invoice_number: z.string(),
    /** Dollars, 2 decimals. */
    invoice_amount: z.number(),
    invoice_date: ZDateSchema.nullable(),
    due_date: ZDateSchema.nullable(),
    purchase_date: ZDateSchema.nullable(),
    vendor: ZInvoiceCompanySchema,
    finance_company: ZInvoiceCompanySchema.nullable(),
    /** The linked purchase order's purchase_ref_id (the spec's "purchase ref"), or null. */
    purchase_id: z.string().nullable(),
    purchase: ZInvoicePurchaseSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ApInvoice' });
export type TApInvoice = z.infer<typeof ZApInvoiceSchema>;

// ---------------------------------------------------------------------------------------------------
// Finance companies

export const listFinanceCompaniesRoute = defineRoute({
  method: 'GET',
  path: '/api/finance-company',
  access: AP_INVOICE_READ_ACCESS,
  summary: 'Every finance company, by name',
  tag: 'invoices',
  response: z.object({ data: z.array(ZFinanceCompanySchema) }),
});

export const ZCreateFinanceCompanySchema = z
  .object({ company_name: z.string().trim().min(1, 'Required').max(200) })
  .meta({ id: 'CreateFinanceCompany' });
export type TCreateFinanceCompany = z.input<typeof ZCreateFinanceCompanySchema>;

export const createFinanceCompanyRoute = defineRoute({
  method: 'POST',
  path: '/api/finance-company/',
  access: 'finance-company:create',
  summary: 'Create a finance company (names are unique regardless of case)',
  tag: 'invoices',
  body: ZCreateFinanceCompanySchema,
  response: ZFinanceCompanySchema,
});

// ---------------------------------------------------------------------------------------------------
// Invoices

export const ZCreateApInvoiceSchema = z
  .object({
    invoice_number: z.string().trim().min(1, 'Required').max(100),
    invoice_amount: ZInvoiceAmountSchema,
    invoice_date: ZCalendarDateSchema,
    /** Null (or left out) when empty. */
    due_date: ZCalendarDateSchema.nullable().optional(),
    purchase_date: ZCalendarDateSchema.nullable().optional(),
    /** Vendor id. */
    vendor: ZIdSchema,
    /** Finance company id, or null. */
    finance_company: ZIdSchema.nullable().optional(),
    /** A purchase order's purchase_ref_id to link the invoice to at creation, or null. */
    purchase_id: z.string().trim().min(1, 'Required').max(100).nullable().optional(),
  })
  .meta({ id: 'CreateApInvoice' });
export type TCreateApInvoice = z.input<typeof ZCreateApInvoiceSchema>;

export const createApInvoiceRoute = defineRoute({
  method: 'POST',
  path: '/api/accounts-payable-invoice',
  access: 'ap-invoices:create',
  summary: 'Create an accounts-payable invoice, optionally linked to a PO by its purchase ref',
  tag: 'invoices',
  body: ZCreateApInvoiceSchema,
  response: ZApInvoiceSchema,
});

/** A money amount in a query: the dollars as text (`12.5`), at most 2 decimals. */
const ZQueryMoneySchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals')
      .transform(Number),
  ])
  .pipe(ZDollarsSchema.max(MAX_INVOICE_AMOUNT, 'is too large'));

/** A query schema stays inline (no component id): the OpenAPI generator lists its keys as query parameters. */
export const ZApInvoiceSearchSchema = z.object({
  /** Contains, regardless of case. An empty value of any filter (`?invoice_number=`) is no filter. */
  invoice_number: emptyAsAbsent(z.string().trim().min(1).max(100)),
  /** Exact amount in dollars. */
  invoice_amount: emptyAsAbsent(ZQueryMoneySchema),
  finance_company: emptyAsAbsent(ZIdSchema),
  vendor: emptyAsAbsent(ZIdSchema),
  invoice_date: emptyAsAbsent(ZCalendarDateSchema),
  purchase_date: emptyAsAbsent(ZCalendarDateSchema),
  due_date: emptyAsAbsent(ZCalendarDateSchema),
  page: emptyAsDefault(z.coerce.number().int().min(1).max(100_000), 1),
  per_page: emptyAsDefault(z.coerce.number().int().min(1).max(100), INVOICE_PAGE_SIZE),
});
export type TApInvoiceSearch = z.input<typeof ZApInvoiceSearchSchema>;

export const listApInvoicesRoute = defineRoute({
  method: 'GET',
  path: '/api/accounts-payable-invoice',
  access: AP_INVOICE_READ_ACCESS,
  summary: 'Invoices matching the filters, newest first, a page at a time (10 by default)',
  tag: 'invoices',
  query: ZApInvoiceSearchSchema,
  response: z.object({
    data: z.array(ZApInvoiceSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});

/** The invoice list's columns in its export (CSV and XLSX), in order. */
export const INVOICE_EXPORT_COLUMNS = [
  { header: 'Invoice #', value: (r) => r.invoice_number, kind: 'id' },
  { header: 'Vendor', value: (r) => r.vendor.company_name },
  { header: 'Amount', value: (r) => r.invoice_amount },
  { header: 'Invoice date', value: (r) => r.invoice_date },
  { header: 'Due date', value: (r) => r.due_date },
  { header: 'Purchase date', value: (r) => r.purchase_date },
  { header: 'Finance company', value: (r) => r.finance_company?.company_name ?? null },
  { header: 'PO #', value: (r) => r.purchase_id, kind: 'id' },
  { header: 'Created', value: (r) => r.created_at, kind: 'timestamp' },
] satisfies readonly TListExportColumn<TApInvoice>[];

export const exportApInvoicesRoute = defineRoute({
  method: 'GET',
  path: '/api/accounts-payable-invoice/export',
  access: AP_INVOICE_READ_ACCESS,
  summary: "The list's invoices as CSV or XLSX",
  tag: 'invoices',
  query: ZApInvoiceSearchSchema.omit({ page: true, per_page: true }).extend(LIST_EXPORT_QUERY_SHAPE),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

/**
 * POST accounts-payable-invoice/link-purchase-order (001 §7: id, purchase_order_id, null to un-link). The screen sends
 * the PO number a person reads (`purchase_id`, e.g. W000286, the name the invoice itself gives it; any case); the id
 * is still taken. Exactly one of the two.
 */
export const ZLinkPurchaseOrderSchema = z
  .object({
    /** Invoice id. */
    id: ZIdSchema,
    /** Purchase order id to link, or null to un-link. */
    purchase_order_id: ZIdSchema.nullable().optional(),
    /** The purchase order's number (its purchase_ref_id) to link. */
    purchase_id: z.string().trim().min(1, 'Required').max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.purchase_id !== undefined && v.purchase_order_id !== undefined)
      ctx.addIssue({ code: 'custom', path: ['purchase_id'], message: INVOICE_MESSAGES.linkTargetTwice });
    if (v.purchase_id === undefined && v.purchase_order_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['purchase_id'], message: INVOICE_MESSAGES.linkTargetRequired });
  })
  .meta({ id: 'LinkPurchaseOrder' });
export type TLinkPurchaseOrder = z.input<typeof ZLinkPurchaseOrderSchema>;

export const linkApInvoicePurchaseOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/accounts-payable-invoice/link-purchase-order',
  access: 'ap-invoices:edit',
  summary:
    'Link an invoice to a purchase order named by its number (purchase_id, e.g. W000286) or its id (purchase_order_id), or un-link it (purchase_order_id null); 422 naming purchase_id for an unknown number, purchase_order_id for an unknown id',
  tag: 'invoices',
  body: ZLinkPurchaseOrderSchema,
  response: ZApInvoiceSchema,
});

export const deleteApInvoiceRoute = defineRoute({
  method: 'DELETE',
  path: '/api/accounts-payable-invoice/{id}',
  access: 'ap-invoices:delete',
  summary: 'Delete an invoice that has no linked purchase order',
  tag: 'invoices',
  params: z.object({ id: ZIdSchema }),
  response: z.null(),
  status: 204,
});

export const attachedApInvoicesRoute = defineRoute({
  method: 'GET',
  path: '/api/accounts-payable-invoice/attached-purchase-orders/{poId}',
  access: 'purchase-order:view',
  summary: 'The invoices linked to a purchase order',
  tag: 'invoices',
  params: z.object({ poId: ZIdSchema }),
  response: z.object({ data: z.array(ZApInvoiceSchema) }),
});
