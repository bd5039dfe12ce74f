import { z } from 'zod';
import { ZDateSchema, ZIdSchema, ZQueryFlagSchema, emptyAsAbsent } from '../http/common.js';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { ZMoneySchema } from '../money.js';

/**
 * Carrier shipping-charge reconciliation (002 §2 "Shipping reconciliation", §3 Shipping transaction, §4 the
 * grouping rules, pre-selection and apply payments, §5 money inputs and the search, §7 "Shipping reconciliation", §8,
 * §9; 000 §9 the embedded sample). Choices the spec leaves open: docs/decisions.md "Shipping reconciliation".
 *
 * Money on the wire is dollars with at most 2 decimals (numbers), stored as integer cents. The quote is text on the
 * wire because a quote that is not a number of up to 2 decimals is a row of its own (Invalid Quote, 002 §4).
 */

/** The carriers whose invoices can be uploaded (002 §7 `{ups|fedex|ceva}`), as path segments. */
export const RECONCILIATION_CARRIERS = ['ups', 'fedex', 'ceva'] as const;
export type TReconciliationCarrier = (typeof RECONCILIATION_CARRIERS)[number];
export const ZReconciliationCarrierSchema = z.enum(RECONCILIATION_CARRIERS);

/** The ship_company value a carrier's transactions carry. */
export const CARRIER_SHIP_COMPANY: Record<TReconciliationCarrier, string> = {
  ups: 'UPS',
  fedex: 'FedEx',
  ceva: 'CEVA',
};

/** 002 §9: fulfillment warehouse options. (The 000 §9 sample also holds 'Carver'.) */
export const FULFILLMENT_WAREHOUSES = ['AZ02', 'KY01', 'TX01', 'WALTS'] as const;

/** 002 §9: reconciliation request timeout setting 30 (unit not shown): read as seconds, the client's request timeout. */
export const RECONCILIATION_REQUEST_TIMEOUT_SECONDS = 30;

/** 002 §9: the generic report's default range is from one month ago to today. */
export function defaultGenericRange(today: Date = new Date()): { from: string; to: string } {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, today.getUTCDate()));
  // 31 March minus one month is 3 March in Date arithmetic: clamp to the month's last day instead.
  if (from.getUTCMonth() !== (today.getUTCMonth() + 11) % 12) from.setUTCDate(0);
  return { from: iso(from), to: iso(today) };
}

/** 002 §4: result values seen in data. */
export const RECONCILIATION_RESULTS = [
  'Matched',
  'Not Matched - In Our Favor',
  'Not Matched - Within Acceptable Threshold',
  'Not Matched - Outside Acceptable Threshold',
  'Unable to find matching gray box',
] as const;
export type TReconciliationResult = (typeof RECONCILIATION_RESULTS)[number];
export const NOT_FOUND_RESULT: TReconciliationResult = 'Unable to find matching gray box';

/** 002 §4: rows with these results are pre-selected, billed and payment both set to the reported billed charge. */
export const PRESELECTED_RESULTS: readonly TReconciliationResult[] = [
  'Matched',
  'Not Matched - In Our Favor',
  'Not Matched - Within Acceptable Threshold',
];

/** 002 §2: the dashboard's tabs, in order. Not Found and Invalid Quote show only when their count is above 0. */
export const RECONCILIATION_TABS = [
  'paymentsToApply',
  'paidInFull',
  'partiallyPaid',
  'notFound',
  'invalidQuote',
] as const;
export type TReconciliationTab = (typeof RECONCILIATION_TABS)[number];
export const RECONCILIATION_TAB_LABELS: Record<TReconciliationTab, string> = {
  paymentsToApply: 'Payments to Apply',
  paidInFull: 'Paid in Full',
  partiallyPaid: 'Partially Paid',
  notFound: 'Not Found',
  invalidQuote: 'Invalid Quote',
};
/** Tabs shown only when their count is above 0 (002 §2). */
export const RECONCILIATION_TABS_SHOWN_IF_ANY: readonly TReconciliationTab[] = ['notFound', 'invalidQuote'];

/** Messages: the spec's (002 §8) quoted; the others ours. */
export const RECONCILIATION_MESSAGES = {
  /** 002 §8 apply payments failure: the title, then the error line. */
  paymentsFailed: 'Payments failed to apply',
  errorOccurred: (message: string) => `The following error occurred: ${message}`,
  /** 002 §8: a 422 whose message is this one is followed by ' Details: {errors}'. */
  givenDataInvalid: 'The given data was invalid.',
  details: (errors: string) => ` Details: ${errors}`,
  /** 002 §8: other statuses, and an upload failure with no response body. */
  unknownError: 'Unknown error',
  /** 002 §8: file parse errors are reported with 'Unknown Error' status and the message. */
  unknownErrorStatus: 'Unknown Error',
  /** 002 §8 single update. */
  updateSuccessful: (batchId: number | string) => `Update successful! Batch ID: ${batchId}`,
  updateFailed: (reason: string) => `Update failed : ${reason}`,
  /** 002 §8 empty results. */
  noResults: 'No results to display',
  /** Ours: 002 §5 the search requires a non-empty value. */
  searchValueRequired: 'Enter at least one tracking number to search.',
  /** Ours: the mock data switch needs role-editor:view (002 §6). */
  mockNotAllowed: "The mock data set needs the permission role-editor:view (the 'Use Mock Data' switch).",
  /** Ours: a payment onto a shipment already paid in full (the screen then offers Pay anyway with a reason). */
  alreadyPaidInFull: (paid: string) =>
    `This shipment is already paid in full (${paid} paid). To pay it again, choose Pay anyway and give the reason.`,
  /** Ours: Pay anyway needs its reason, recorded with the payment. */
  overrideReasonRequired: 'Give the reason for paying a shipment already paid in full.',
  unknownTrackingNumber:
    'No shipping transaction has this tracking number: upload and generate the carrier invoice that bills it first.',
  idempotencyReused: 'This idempotency key was used for a different batch of updates: send a new key for a new batch.',
  unknownFile: 'No uploaded invoice has this filename for this carrier: upload the file first.',
  fileMissing: 'Choose the carrier invoice file to upload in the field "file".',
  notMultipart: 'Send the invoice as multipart/form-data with one file in the field "file".',
  fileEmpty: 'The file holds no invoice lines.',
  noUpdates: 'Choose at least one shipment to apply a payment to.',
  /** 002 §5: a staged row is invalid if billed or paid is empty. */
  billedRequired: 'Enter the billed amount.',
  paidRequired: 'Enter the payment to apply.',
} as const;

/** The multipart field of a carrier invoice upload. */
export const RECONCILIATION_UPLOAD_FIELD = 'file';
/** The largest carrier invoice file accepted (bytes): 100,000 lines of the widest layout (FedEx) fit well within it. */
export const RECONCILIATION_MAX_FILE_BYTES = 200 * 1024 * 1024;
/** The most transactions one generate or generic answer lists; `counts` always cover every matching row. */
export const RECONCILIATION_ROW_LIMIT = 5_000;
/** The most updates one PUT applies. */
export const RECONCILIATION_MAX_UPDATES = 5_000;

/** 002 §4: a quote is valid when it is a number of up to 2 decimals ("12", "12.5", "12.50"; not "", "N/A", "12.345"). */
export function isValidQuote(quote: string | number | null | undefined): boolean {
  if (quote === null || quote === undefined) return false;
  const text = typeof quote === 'number' ? (Number.isFinite(quote) ? String(quote) : '') : quote.trim();
  return /^-?\d+(\.\d{1,2})?$/.test(text);
}

/** Cents of a money value in dollars (a number or its text), exact through the decimal text; null when absent or not money. */
export function moneyCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? value.toFixed(2)
        : ''
      : value.trim().replace(/,/g, '').replace(/^\$/, '');
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(text) ?? /^(-)?()\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2] || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 002 §3: one shipping transaction: a carrier's billed shipment with our quote and what we paid. */
export const ZShippingTransactionSchema = z
  .object({
    tracking_number: z.string(),
    /** An earlier view of the same data names it (002 §3); null when no gray box matched. */
    fulfillment_po_number: z.string().nullable(),
    ship_company: z.string(),
    date_shipped: z.string().nullable(),
    fulfillment_warehouse: z.string().nullable(),
    /** Our quote in dollars as text ("12.50"); null or text that is not a number of up to 2 decimals is an Invalid Quote. */
    shipping_quote: z.string().nullable(),
    /** What we recorded as billed when paying (dollars); null until a payment is applied. */
    shipping_cost_billed: z.number().nullable(),
    /** What we paid so far (dollars); null means not paid (Payments to Apply). */
    shipping_cost_paid: z.number().nullable(),
    /** What the carrier's invoice bills (dollars, the sum of the tracking number's lines). */
    reported_billed_charge: z.number().nullable(),
    /** reported_billed_charge minus shipping_quote (dollars): above 0 the carrier billed more than we quoted. */
    reconciled_difference: z.number().nullable(),
    reconciliation_result: z.string(),
  })
  .meta({ id: 'ShippingTransaction' });
export type TShippingTransaction = z.infer<typeof ZShippingTransactionSchema>;

/** What the tab rules read of a row (the mock sample's rows have no billed or paid amount). */
export type TGroupableRow = Pick<TShippingTransaction, 'reconciliation_result' | 'shipping_quote'> &
  Partial<Pick<TShippingTransaction, 'shipping_cost_billed' | 'shipping_cost_paid' | 'reported_billed_charge'>>;

/**
 * 002 §4 the tab of one row, the rules in order: 'Unable to find matching gray box' is Not Found; a quote that is not
 * a number of up to 2 decimals is Invalid Quote; no paid amount is Payments to Apply; paid less than billed, compared
 * in cents, is Partially Paid; otherwise Paid in Full. Billed is shipping_cost_billed, or the reported billed charge
 * while nothing was recorded as billed.
 */
export function reconciliationTab(row: TGroupableRow): TReconciliationTab {
  if (row.reconciliation_result === NOT_FOUND_RESULT) return 'notFound';
  if (!isValidQuote(row.shipping_quote)) return 'invalidQuote';
  const paid = moneyCents(row.shipping_cost_paid);
  if (paid === null) return 'paymentsToApply';
  const billed = moneyCents(row.shipping_cost_billed) ?? moneyCents(row.reported_billed_charge) ?? 0;
  return paid < billed ? 'partiallyPaid' : 'paidInFull';
}

/** The rows of each tab, in the order given, and their counts. */
export function groupReconciliationRows<T extends TGroupableRow>(rows: readonly T[]): Record<TReconciliationTab, T[]> {
  const groups = Object.fromEntries(RECONCILIATION_TABS.map((tab) => [tab, [] as T[]])) as unknown as Record<
    TReconciliationTab,
    T[]
  >;
  for (const row of rows) groups[reconciliationTab(row)].push(row);
  return groups;
}

export type TReconciliationCounts = Record<TReconciliationTab, number>;

export function reconciliationCounts(rows: readonly TGroupableRow[]): TReconciliationCounts {
  const counts = Object.fromEntries(RECONCILIATION_TABS.map((tab) => [tab, 0])) as TReconciliationCounts;
  for (const row of rows) counts[reconciliationTab(row)] += 1;
  return counts;
}

/** The tabs to show: every tab except Not Found and Invalid Quote at 0 (002 §2). */
export function visibleReconciliationTabs(counts: TReconciliationCounts): TReconciliationTab[] {
  return RECONCILIATION_TABS.filter((tab) => !RECONCILIATION_TABS_SHOWN_IF_ANY.includes(tab) || counts[tab] > 0);
}

/** A staged row of the editor: billed and paid as the money inputs hold them (text, '' when empty). */
export interface TStagedPayment {
  tracking_number: string;
  billed: string;
  payment: string;
}

/** 002 §4: whether a row is pre-selected (Matched, In Our Favor, Within Acceptable Threshold). */
export function isPreselected(row: Pick<TShippingTransaction, 'reconciliation_result'>): boolean {
  return (PRESELECTED_RESULTS as readonly string[]).includes(row.reconciliation_result);
}

/** 002 §4: the pre-selected staged rows, billed and payment both the reported billed charge (2 decimals). */
export function preselectedPayments(
  rows: readonly Pick<TShippingTransaction, 'tracking_number' | 'reconciliation_result' | 'reported_billed_charge'>[],
): TStagedPayment[] {
  return rows.filter(isPreselected).map((row) => {
    const amount = row.reported_billed_charge === null ? '' : row.reported_billed_charge.toFixed(2);
    return { tracking_number: row.tracking_number, billed: amount, payment: amount };
  });
}

/**
 * 002 §5 a staged row: invalid if billed or paid is empty (or not money: min 0, 2 decimals); matching when paid equals
 * billed at 2 decimals, otherwise a mismatch warning.
 */
export function stagedPaymentState(row: Pick<TStagedPayment, 'billed' | 'payment'>): {
  valid: boolean;
  matching: boolean;
  errors: { billed?: string; payment?: string };
} {
  const errors: { billed?: string; payment?: string } = {};
  const billed = row.billed.trim() === '' ? null : moneyCents(row.billed);
  const payment = row.payment.trim() === '' ? null : moneyCents(row.payment);
  if (row.billed.trim() === '') errors.billed = RECONCILIATION_MESSAGES.billedRequired;
  else if (billed === null || billed < 0) errors.billed = 'must be an amount of at least 0 with at most 2 decimals';
  if (row.payment.trim() === '') errors.payment = RECONCILIATION_MESSAGES.paidRequired;
  else if (payment === null || payment < 0) errors.payment = 'must be an amount of at least 0 with at most 2 decimals';
  const valid = Object.keys(errors).length === 0;
  return { valid, matching: valid && billed === payment, errors };
}

/** The mock data switch as a query parameter (`?mock=1`): allowed only with role-editor:view (403 otherwise). */
const mockFlag = ZQueryFlagSchema.optional().describe(
  "1 to answer from the embedded sample data set instead of the database ('Use Mock Data'; needs role-editor:view)",
);

/** What generate, generic and search answer: the rows (at most RECONCILIATION_ROW_LIMIT) and every matching row's tab counts. */
export const ZShippingTransactionsResultSchema = z
  .object({
    transactions: z.array(ZShippingTransactionSchema),
    /** Tab counts over every matching row (002 §4 rules), also when `transactions` was cut at the limit. */
    counts: z.object(
      Object.fromEntries(RECONCILIATION_TABS.map((tab) => [tab, z.number().int()])) as Record<
        TReconciliationTab,
        z.ZodNumber
      >,
    ),
    total: z.number().int(),
    /** True when more rows matched than `transactions` lists (narrow the filters). */
    truncated: z.boolean(),
    /** True when the rows are the embedded sample (the mock flag). */
    mock: z.boolean(),
  })
  .meta({ id: 'ShippingTransactionsResult' });
export type TShippingTransactionsResult = z.infer<typeof ZShippingTransactionsResultSchema>;

export const ZReconciliationCarrierParamsSchema = z.object({ carrier: ZReconciliationCarrierSchema });

export const ZInvoiceUploadResultSchema = z
  .object({
    filename: z.string(),
    carrier: ZReconciliationCarrierSchema,
    /** Billed lines read from the file. */
    lines: z.number().int(),
    /** Distinct tracking numbers billed. */
    trackingNumbers: z.number().int(),
    /**
     * Lines not stored before: a line is kept once per carrier, invoice number and line, so the same
     * invoice uploaded again answers 0.
     */
    newLines: z.number().int(),
  })
  .meta({ id: 'InvoiceUploadResult' });
export type TInvoiceUploadResult = z.infer<typeof ZInvoiceUploadResultSchema>;

export const uploadCarrierInvoiceRoute = defineRoute({
  method: 'POST',
  path: '/api/shipping-reconciliation/{carrier}/upload',
  access: 'purchasing:reports',
  summary:
    'Upload a carrier invoice file (carrier ups, fedex or ceva; multipart/form-data, one file in the field "file") in the carrier\'s own export layout (docs/decisions.md "Shipping reconciliation"); answers its filename for generate. 400 naming the columns a file in a wrong layout lacks, or the line and field of a bad value; 413 past 200 MB; 415 when not multipart',
  tag: 'shipping-reconciliation',
  params: ZReconciliationCarrierParamsSchema,
  response: ZInvoiceUploadResultSchema,
  upload: {
    field: RECONCILIATION_UPLOAD_FIELD,
    maxBytes: RECONCILIATION_MAX_FILE_BYTES,
    types: [FILE_TYPES.csv, FILE_TYPES.text],
    read: 'stream',
    messages: {
      notMultipart: RECONCILIATION_MESSAGES.notMultipart,
      missing: RECONCILIATION_MESSAGES.fileMissing,
      tooLarge: `The file is larger than ${RECONCILIATION_MAX_FILE_BYTES / 1024 / 1024} MB.`,
    },
  },
});

export const ZGenerateQuerySchema = z.object({ filename: z.string().trim().min(1).max(300), mock: mockFlag });
export const generateShippingTransactionsRoute = defineRoute({
  method: 'GET',
  path: '/api/shipping-reconciliation/{carrier}/generate',
  access: 'purchasing:reports',
  summary:
    "Generate the shipping transactions of an uploaded invoice (filename from upload): each billed tracking number matched to a gray box, reconciled_difference and reconciliation_result computed and stored; answers the invoice's transactions and tab counts. 404 for an unknown filename. With mock=1 (role-editor:view) answers the embedded sample's rows of that carrier",
  tag: 'shipping-reconciliation',
  params: ZReconciliationCarrierParamsSchema,
  query: ZGenerateQuerySchema,
  response: ZShippingTransactionsResultSchema,
});

export const ZShippingCompanySchema = z.object({ ship_company: z.string() }).meta({ id: 'ShippingCompany' });
export const shippingCompaniesRoute = defineRoute({
  method: 'GET',
  path: '/api/shipping-reconciliation/shipping-companies',
  access: 'purchasing:reports',
  summary: "The ship_company values of the shipping transactions and gray boxes (the sample's with mock=1), sorted",
  tag: 'shipping-reconciliation',
  query: z.object({ mock: mockFlag }),
  response: z.array(ZShippingCompanySchema),
});

const filterText = z.string().trim().min(1).max(40);
export const ZGenericQuerySchema = z.object({
  /** Date shipped from (inclusive); default one month before `to` or today (002 §9). */
  from: emptyAsAbsent(ZDateSchema),
  /** Date shipped to (inclusive); default today. */
  to: emptyAsAbsent(ZDateSchema),
  fulfillmentWarehouse: emptyAsAbsent(filterText),
  shippingCompany: emptyAsAbsent(filterText),
  mock: mockFlag,
});
export type TGenericQuery = z.input<typeof ZGenericQuerySchema>;
export const genericReconciliationRoute = defineRoute({
  method: 'GET',
  path: '/api/shipping-reconciliation/generic',
  access: 'purchasing:reports',
  summary:
    'The shipping transactions shipped between from and to (default one month ago to today), optionally of one fulfillmentWarehouse and one shippingCompany; newest shipped first, at most 5,000 rows, with the tab counts of every match',
  tag: 'shipping-reconciliation',
  query: ZGenericQuerySchema,
  response: ZShippingTransactionsResultSchema,
});

const trackingNumbers = z.union([z.string().max(100), z.array(z.string().max(100)).max(500)]);
/** 002 §7 `?trackingNumbers[]={n}` (also without the brackets); 002 §5 at least one non-empty value (400 otherwise). */
export const ZTrackingSearchQuerySchema = z
  .object({
    'trackingNumbers[]': trackingNumbers.optional(),
    trackingNumbers: trackingNumbers.optional(),
    mock: mockFlag,
  })
  .superRefine((q, ctx) => {
    if (trackingNumbersOf(q).length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['trackingNumbers[]'],
        message: RECONCILIATION_MESSAGES.searchValueRequired,
      });
  });
export type TTrackingSearchQuery = z.output<typeof ZTrackingSearchQuerySchema>;

/** The distinct, trimmed, non-empty tracking numbers of a search query. */
export function trackingNumbersOf(query: {
  'trackingNumbers[]'?: string | string[];
  trackingNumbers?: string | string[];
}): string[] {
  const all = [query['trackingNumbers[]'], query.trackingNumbers]
    .flat()
    .filter((v): v is string => typeof v === 'string');
  return [...new Set(all.map((v) => v.trim()).filter((v) => v !== ''))];
}

export const searchShippingTransactionsRoute = defineRoute({
  method: 'GET',
  path: '/api/shipping-reconciliation/shipping-transactions',
  access: 'purchasing:reports',
  summary:
    'The shipping transactions with these tracking numbers (trackingNumbers[]=…, at least one non-empty value: 400 otherwise)',
  tag: 'shipping-reconciliation',
  query: ZTrackingSearchQuerySchema,
  response: ZShippingTransactionsResultSchema,
});

/** The most characters of an override's reason. */
export const OVERRIDE_REASON_MAX = 500;

/** One update of the apply-payments PUT (002 §7): the billed charge we accept and the payment to apply now. */
export const ZPaymentUpdateSchema = z
  .object({
    reported_billed_charge: ZMoneySchema,
    payment_to_apply: ZMoneySchema,
    /** Pay anyway: pay a shipment already paid in full again; recorded on the batch line with its reason. */
    override: z.boolean().optional(),
    /** Why it is paid again: required with override (a 400 naming updates.{tn}.override_reason), kept only with it. */
    override_reason: z.string().trim().max(OVERRIDE_REASON_MAX).nullish(),
  })
  .superRefine((update, ctx) => {
    if (update.override === true && !update.override_reason)
      ctx.addIssue({
        code: 'custom',
        path: ['override_reason'],
        message: RECONCILIATION_MESSAGES.overrideReasonRequired,
      });
  });
export type TPaymentUpdate = z.input<typeof ZPaymentUpdateSchema>;

export const ZApplyPaymentsSchema = z
  .object({
    /** The client's key of this batch (a UUID): the same request sent again answers the same batch and pays nothing twice. */
    idempotencyKey: z.string().trim().min(8).max(100),
    /** Keyed by tracking number (002 §7). */
    updates: z
      .record(z.string().trim().min(1).max(100), ZPaymentUpdateSchema)
      .refine((u) => Object.keys(u).length > 0, RECONCILIATION_MESSAGES.noUpdates)
      .refine(
        (u) => Object.keys(u).length <= RECONCILIATION_MAX_UPDATES,
        `At most ${RECONCILIATION_MAX_UPDATES} updates in one batch`,
      ),
  })
  .meta({ id: 'ApplyPayments' });
export type TApplyPayments = z.input<typeof ZApplyPaymentsSchema>;

export const ZPaymentBatchLineSchema = z
  .object({
    tracking_number: z.string(),
    reported_billed_charge: z.number(),
    payment_to_apply: z.number(),
    /** shipping_cost_paid before and after this batch (dollars; null before the first payment). */
    paid_before: z.number().nullable(),
    paid_after: z.number(),
    override: z.boolean(),
    /** The reason given with the override (null without one). */
    override_reason: z.string().nullable(),
  })
  .meta({ id: 'PaymentBatchLine' });
export type TPaymentBatchLine = z.infer<typeof ZPaymentBatchLineSchema>;

export const ZApplyPaymentsResultSchema = z
  .object({
    batchId: z.number().int(),
    /** True when this answers an earlier request with the same idempotency key (nothing was paid this time). */
    replayed: z.boolean(),
    createdAt: z.string(),
    lines: z.array(ZPaymentBatchLineSchema),
  })
  .meta({ id: 'ApplyPaymentsResult' });
export type TApplyPaymentsResult = z.infer<typeof ZApplyPaymentsResultSchema>;

export const applyPaymentsRoute = defineRoute({
  method: 'PUT',
  path: '/api/shipping-reconciliation/update',
  access: 'purchasing:reports',
  summary:
    'Apply payments, one batch in one transaction: per tracking number, shipping_cost_billed becomes reported_billed_charge and payment_to_apply is added to shipping_cost_paid; answers batchId. The same idempotencyKey answers the same batch again and pays nothing twice. 400 naming updates.{trackingNumber}.{field} for a bad amount (min 0, 2 decimals, at most 21,474,836.47) or an unknown tracking number; 409 naming updates.{trackingNumber}.override for a shipment already paid in full, which takes a payment again only with override: true and an override_reason (recorded on the batch line; 400 naming updates.{trackingNumber}.override_reason without one)',
  tag: 'shipping-reconciliation',
  body: ZApplyPaymentsSchema,
  response: ZApplyPaymentsResultSchema,
});

export const RESULTS_FORMATS = ['xlsx', 'csv'] as const;
export const ZResultsDownloadQuerySchema = z.object({ format: emptyAsAbsent(z.enum(RESULTS_FORMATS)) });
export const ZBatchIdParamsSchema = z.object({ batchId: ZIdSchema });
/** The columns of the results download, in order (XLSX and CSV). */
export const RESULTS_COLUMNS = [
  'batch_id',
  'tracking_number',
  'ship_company',
  'fulfillment_po_number',
  'date_shipped',
  'fulfillment_warehouse',
  'shipping_quote',
  'reported_billed_charge',
  'payment_to_apply',
  'paid_before',
  'paid_after',
  'override',
  'override_reason',
  'applied_at',
  'applied_by',
] as const;

export const downloadPaymentBatchRoute = defineRoute({
  method: 'GET',
  path: '/api/shipping-reconciliation/updates/{batchId}',
  access: 'purchasing:reports',
  summary:
    'The results of an apply-payments batch as a spreadsheet: XLSX (default) or CSV with format=csv; one row per line (columns RESULTS_COLUMNS). 404 for an unknown batch',
  tag: 'shipping-reconciliation',
  params: ZBatchIdParamsSchema,
  query: ZResultsDownloadQuerySchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.xlsx, FILE_TYPES.csv] },
});

/** A gray box: one outbound shipment we quoted. */
export const ZGrayBoxSchema = z
  .object({
    tracking_number: z.string(),
    fulfillment_po_number: z.string(),
    date_shipped: z.string(),
    ship_company: z.string(),
    fulfillment_warehouse: z.string(),
    /** Our quote (dollars as text, "12.50"), null when we have none (an Invalid Quote row once billed). */
    shipping_quote: z.string().nullable(),
  })
  .meta({ id: 'GrayBox' });
export type TGrayBox = z.infer<typeof ZGrayBoxSchema>;

export const ZGrayBoxInputSchema = z.object({
  tracking_number: z.string().trim().min(1).max(100),
  fulfillment_po_number: z.string().trim().min(1).max(100),
  date_shipped: ZDateSchema,
  ship_company: z.string().trim().min(1).max(40),
  fulfillment_warehouse: z.string().trim().min(1).max(40),
  /** Dollars, min 0, 2 decimals; null when there is no quote. */
  shipping_quote: ZMoneySchema.nullable(),
});
export type TGrayBoxInput = z.input<typeof ZGrayBoxInputSchema>;

export const ZGrayBoxIntakeSchema = z
  .object({ grayBoxes: z.array(ZGrayBoxInputSchema).min(1).max(5_000) })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.grayBoxes.forEach((box, index) => {
      const key = box.tracking_number.trim().toUpperCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['grayBoxes', index, 'tracking_number'],
          message: `repeats grayBoxes.${seen.get(key)}.tracking_number`,
        });
      else seen.set(key, index);
    });
  })
  .meta({ id: 'GrayBoxIntake' });
export type TGrayBoxIntake = z.input<typeof ZGrayBoxIntakeSchema>;

export const ZGrayBoxIntakeResultSchema = z
  .object({ created: z.number().int(), updated: z.number().int() })
  .meta({ id: 'GrayBoxIntakeResult' });

export const intakeGrayBoxesRoute = defineRoute({
  method: 'POST',
  path: '/api/shipping-reconciliation/gray-boxes',
  access: 'purchasing:reports',
  summary:
    'Record outbound shipments we quoted (gray boxes), keyed by tracking number: a new one is created, a known one updated (its quote, PO, date, carrier and warehouse); answers the counts. Shipping transactions already generated for a tracking number are matched again',
  tag: 'shipping-reconciliation',
  body: ZGrayBoxIntakeSchema,
  response: ZGrayBoxIntakeResultSchema,
});

export const ZGrayBoxListQuerySchema = z.object({
  from: emptyAsAbsent(ZDateSchema),
  to: emptyAsAbsent(ZDateSchema),
  trackingNumber: emptyAsAbsent(z.string().trim().min(1).max(100)),
});
export const listGrayBoxesRoute = defineRoute({
  method: 'GET',
  path: '/api/shipping-reconciliation/gray-boxes',
  access: 'purchasing:reports',
  summary:
    'Gray boxes shipped between from and to (default one month ago to today), or the one with trackingNumber; newest first, at most 5,000',
  tag: 'shipping-reconciliation',
  query: ZGrayBoxListQuerySchema,
  response: z.array(ZGrayBoxSchema),
});

/** One billed line of a carrier invoice for a shipment. */
export const ZShipmentInvoiceLineSchema = z
  .object({
    carrier: ZReconciliationCarrierSchema,
    invoice_number: z.string(),
    line_number: z.number().int(),
    invoice_date: z.string().nullable(),
    /** The carrier's charge category when it prints one (UPS: SHP shipment, ADJ adjustment, RTN return, MIS miscellaneous). */
    charge_category: z.string().nullable(),
    amount: z.number(),
    original_name: z.string(),
    uploaded_at: z.string(),
  })
  .meta({ id: 'ShipmentInvoiceLine' });

/** One payment applied to a shipment: its batch's line. */
export const ZShipmentPaymentSchema = z
  .object({
    batch_id: z.number().int(),
    created_at: z.string(),
    created_by: z.string().nullable(),
    reported_billed_charge: z.number(),
    payment_to_apply: z.number(),
    paid_before: z.number().nullable(),
    paid_after: z.number(),
    override: z.boolean(),
    override_reason: z.string().nullable(),
  })
  .meta({ id: 'ShipmentPayment' });

export const ZShipmentHistorySchema = z
  .object({
    tracking_number: z.string(),
    /** The sum of every invoice line for the shipment: its billed charge. */
    billed: z.number(),
    /** What was paid, the sum of its payments (0 when none). */
    paid: z.number(),
    /** billed − paid: what is still to pay (below 0: the carrier owes us). */
    unpaid: z.number(),
    invoice_lines: z.array(ZShipmentInvoiceLineSchema),
    payments: z.array(ZShipmentPaymentSchema),
  })
  .meta({ id: 'ShipmentHistory' });
export type TShipmentHistory = z.infer<typeof ZShipmentHistorySchema>;

export const ZShipmentHistoryParamsSchema = z.object({ trackingNumber: z.string().trim().min(1).max(100) });
export const shipmentHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/shipping-reconciliation/shipping-transactions/{trackingNumber}/history',
  access: 'purchasing:reports',
  summary:
    "A shipment's history (issue 31 item 1): every carrier invoice line billed for its tracking number (each invoice, its line and charge category), the payments applied to it, and the billed, paid and unpaid sums. 404 when no invoice bills it",
  tag: 'shipping-reconciliation',
  params: ZShipmentHistoryParamsSchema,
  response: ZShipmentHistorySchema,
});
