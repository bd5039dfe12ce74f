import { z } from 'zod';
import { emptyAsAbsent, emptyAsDefault, ZDateSchema } from '../http/common.js';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';

/**
 * The named inventory and accounting reports (002 §2 "Reports", §3 "Unreceived invoices report", §7
 * "Reports and uploads", §8, §9; 000 §7 "Report download"). The spec's texts are quoted; the others are ours
 * (docs/decisions.md, "Inventory reports").
 */
export const INVENTORY_REPORT_MESSAGES = {
  /** 002 §2: the daily received report's empty text. */
  nothingReceived: 'Nothing Received to AZ02, KY01, TX01 or Ruby Between These Dates',
  /** 002 §2: the FBA discrepancy report's notice. */
  fbaDiscrepancyMoved:
    'The FBA Inventory Discrepancy Report has moved to a BI dashboard called FBA Inventory Discrepancy Report.',
  dateOfReport: 'Date Of Report',
  downloadCsv: 'Download CSV',
  downloadReport: 'Download Report',
  /** Ours. */
  redirecting: (seconds: number) =>
    `Your download has started. Returning home in ${seconds} second${seconds === 1 ? '' : 's'}…`,
  dateInFuture: 'The date of the report cannot be after today.',
  peakDateBeforeToday: 'The date cannot be before today.',
  endBeforeStart: 'The end date cannot be before the start date.',
  rangeTooLong: (days: number) => `The date range cannot be longer than ${days} days.`,
  noUnreceivedInvoices: 'No results to display',
} as const;

/** 002 §9: the report redirect countdown (5 s) and the inactive report's redirect (2 s). */
export const REPORT_REDIRECT_SECONDS = 5;
export const INACTIVE_REPORT_REDIRECT_MS = 2_000;
/** 002 §9: the daily received report's locations, in the spec's order (the code of Ruby is RUBY). */
export const DAILY_RECEIVED_LOCATIONS = ['AZ02', 'KY01', 'TX01', 'RUBY'] as const;
/** The longest daily received range (ours): one chart point per day and location. */
export const DAILY_RECEIVED_MAX_DAYS = 366;
/** Inactive inventory (ours): on hand with no ledger movement of the product in the bucket for this many days. */
export const INACTIVE_DEFAULT_DAYS = 90;
/** The manufacturer whose products the GE on-hand export lists (GE, Café and Monogram in the demo catalogue). */
export const GE_MANUFACTURER = 'GE Appliances';

/** Today's UTC calendar date, the day every date filter and report of the server uses (docs/decisions.md, "Dates"). */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** ?date= of the as-of reports: a calendar date, today or before; absent or empty means today. */
export const ZAsOfDateQuerySchema = z.object({ date: emptyAsAbsent(ZDateSchema) });

/** The CSV columns of the GE on-hand export and of the inventory accounting report, in order. */
export const AS_OF_CSV_COLUMNS = [
  { key: 'as_of_date', header: 'As Of Date' },
  { key: 'model', header: 'Model' },
  { key: 'upc', header: 'UPC', kind: 'id' },
  { key: 'description', header: 'Description' },
  { key: 'brand', header: 'Brand' },
  { key: 'location_code', header: 'Location' },
  { key: 'condition_code', header: 'Condition' },
  { key: 'bucket', header: 'Bucket' },
  { key: 'quantity', header: 'Quantity On Hand' },
  { key: 'unit_cost', header: 'Unit Cost' },
  { key: 'total_value', header: 'Total Value' },
] as const;

export const geOnHandExportRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/reporting/inventory/ge-on-hand-export',
  access: 'purchasing:reports',
  summary:
    'CSV (report-{MM-DD-YYYY}.csv): on-hand of GE Appliances products per bucket as it stood at the end (UTC) of date (default today), from the ledger, valued at the last receipt cost up to then; 400 naming date when it is after today',
  tag: 'inventory-reports',
  query: ZAsOfDateQuerySchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});

export const ZOnHandTotalsSchema = z
  .object({
    date: z.string(),
    /** Products with units on hand (non-zero) then. */
    products: z.number().int(),
    /** Rows of the export: (product, bucket) pairs with units on hand. */
    rows: z.number().int(),
    units: z.number().int(),
    /** Dollars. */
    total_value: z.number(),
    locations: z.array(z.object({ location_code: z.string(), units: z.number().int(), total_value: z.number() })),
  })
  .meta({ id: 'OnHandTotals' });
export type TOnHandTotals = z.infer<typeof ZOnHandTotalsSchema>;

export const geOnHandTotalsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/reporting/inventory/ge-on-hand-export/totals',
  access: 'purchasing:reports',
  summary: "The GE on-hand export's totals as of the end of date: products, rows, units and value, and per location",
  tag: 'inventory-reports',
  query: ZAsOfDateQuerySchema,
  response: ZOnHandTotalsSchema,
});

export const inventoryAccountingRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/reporting/inventory/accounting',
  access: 'purchasing:reports',
  summary:
    'CSV: every product on hand per bucket as it stood at the end (UTC) of date (default today), from the ledger, valued at the last receipt cost up to then (else the current cost); 400 naming date when it is after today',
  tag: 'inventory-reports',
  query: ZAsOfDateQuerySchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});

/** GET ims/transacted-receipts/daily-received?startDate=&endDate= (both default today). */
export const ZDailyReceivedQuerySchema = z.object({
  startDate: emptyAsAbsent(ZDateSchema),
  endDate: emptyAsAbsent(ZDateSchema),
});

export const ZDailyReceivedDaySchema = z.object({ date: z.string(), units: z.number().int(), dollars: z.number() });
export const ZDailyReceivedLocationSchema = z
  .object({
    location_code: z.string(),
    total_units: z.number().int(),
    total_dollars: z.number(),
    /** Days with receipts, ascending. */
    days: z.array(ZDailyReceivedDaySchema),
  })
  .meta({ id: 'DailyReceivedLocation' });
export const ZDailyReceivedSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    /** The locations that received anything, in the order of DAILY_RECEIVED_LOCATIONS. */
    data: z.array(ZDailyReceivedLocationSchema),
    total_units: z.number().int(),
    total_dollars: z.number(),
  })
  .meta({ id: 'DailyReceived' });
export type TDailyReceived = z.infer<typeof ZDailyReceivedSchema>;

export const dailyReceivedRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/transacted-receipts/daily-received',
  access: 'inventory:reports',
  summary:
    'Units (receipts less un-receipts) and their PO cost received per UTC day at AZ02, KY01, TX01 and RUBY between startDate and endDate (both included, default today); 400 naming endDate when before startDate or the range is over 366 days',
  tag: 'inventory-reports',
  query: ZDailyReceivedQuerySchema,
  response: ZDailyReceivedSchema,
});

export const ZUnreceivedInvoiceVendorSchema = z
  .object({
    vendor_id: z.number().int(),
    vendor_name: z.string(),
    /** Open POs of the vendor with an AP invoice and units not received. */
    purchase_orders: z.number().int(),
    total_unreceived_units: z.number().int(),
    total_unreceived_dollars: z.number(),
    invoiced_dollars: z.number(),
    invoiced_but_not_received: z.number(),
  })
  .meta({ id: 'UnreceivedInvoiceVendor' });
export type TUnreceivedInvoiceVendor = z.infer<typeof ZUnreceivedInvoiceVendorSchema>;
export const ZUnreceivedInvoiceReportSchema = z
  .object({
    data: z.array(ZUnreceivedInvoiceVendorSchema),
    totals: ZUnreceivedInvoiceVendorSchema.omit({ vendor_id: true, vendor_name: true }),
  })
  .meta({ id: 'UnreceivedInvoiceReport' });
export type TUnreceivedInvoiceReport = z.infer<typeof ZUnreceivedInvoiceReportSchema>;

export const unreceivedInvoiceReportRoute = defineRoute({
  method: 'GET',
  path: '/api/unreceived-invoice-report',
  access: 'inventory:reports',
  summary:
    'Per vendor (by name), its POs (not cancelled) that carry an AP invoice and still await units: units and dollars not received, dollars invoiced, and invoiced dollars beyond what was received; with totals',
  tag: 'inventory-reports',
  response: ZUnreceivedInvoiceReportSchema,
});

export const ZInactiveQuerySchema = z.object({
  days: emptyAsDefault(
    z
      .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
      .pipe(z.number().int().min(1).max(3650)),
    INACTIVE_DEFAULT_DAYS,
  ),
});

export const inactiveInventoryRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/reporting/inventory/inactive',
  access: 'inventory:reports',
  summary:
    'CSV: product and bucket pairs with units on hand and no ledger movement there for `days` days (default 90), longest idle first',
  tag: 'inventory-reports',
  query: ZInactiveQuerySchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});

export const ZPeakDaysParamsSchema = z.object({ date: ZDateSchema });

export const peakDaysFulfillmentRoute = defineRoute({
  method: 'GET',
  path: '/api/report/peak-days-fulfillment/{date}',
  access: 'inventory:reports',
  summary:
    'CSV: per location and product, the open committed sales due to ship by date (or with no ship-by date), their units, the units on hand at the location and the shortfall; 400 naming date when it is before today (UTC)',
  tag: 'inventory-reports',
  params: ZPeakDaysParamsSchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});

export const fbaPendingOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/reporting/fba-pending-orders-in-dollars',
  access: 'inventory:reports',
  summary:
    'CSV: open committed sales (not yet transacted) sold on an FBA channel (amazon, amazon_home) per location and product: orders, units and their value at the current cost, with a total row',
  tag: 'inventory-reports',
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});
