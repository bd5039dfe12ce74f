import { z } from 'zod';
import { ZDateSchema, emptyAsAbsent } from '../http/common.js';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { SALES_CHANNELS } from '../committed-sales/committed-sales.api.js';
import { addDays } from '../purchase-orders/po-rules.js';

/**
 * Sales figures and the brand reports (002 §2 "Reports", §5 the brand rules, §7 "Reports and uploads", §9
 * the low-stock colours). Money is integer cents (`*_cents`), dates YYYY-MM-DD, a sale's day is the UTC day it was
 * transacted. Definitions the spec leaves open: docs/decisions.md "Sales figures and brand reports".
 */

/** Messages: the spec's quoted (002 §2, §5), the others ours. */
export const SALES_REPORT_MESSAGES = {
  /** 002 §5. */
  brandRequired: 'A brand must be chosen to run the brand reports.',
  /** 002 §5. */
  brandsRequired: 'The sellout threat report needs at least one brand.',
  /** 002 §2 sellout threat, empty. */
  noData: 'There is no data to display.',
  /** 002 §2 brand purchasing, empty. */
  brandPurchasingEmpty: 'Brand Not Selected, or No Data to Display',
  unknownBrand: (brand: string) => `No brand has the code or name ${brand}`,
  endBeforeStart: 'must be on or after the start date',
  rangeTooLong: (days: number) => `the range may span at most ${days} days`,
  skuRequired: 'Enter the model or bundle SKU this report type is for.',
  workInProgress: 'This report is a work in progress.',
} as const;

/** 002 §9 low-stock colours: red at 10 or below, yellow at 25 or below. */
export const LOW_STOCK_RED_AT = 10;
export const LOW_STOCK_YELLOW_AT = 25;
export type TLowStockLevel = 'red' | 'yellow' | null;
export function lowStockLevel(onHand: number): TLowStockLevel {
  return onHand <= LOW_STOCK_RED_AT ? 'red' : onHand <= LOW_STOCK_YELLOW_AT ? 'yellow' : null;
}
/** 002 §9 brand colours (by location, used for the charts' series). */
export const BRAND_COLOURS = ['#20B2BB', '#0f4D7B', '#4CB944', '#FF7800'] as const;

/** The sellout threat's daily sales rate is taken over the last 30 days (ours). */
export const SELLOUT_RATE_DAYS = 30;
/** A report's default range: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;
/** The longest range a report takes (ours): about five years. */
export const REPORT_MAX_DAYS = 1_830;
/** Brand purchasing splits its range into periods of this many days (the last one ends at the range's end). */
export const BRAND_PURCHASING_PERIOD_DAYS = 7;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
/** The default range: the last 30 days, today (UTC) included. */
export function defaultSalesReportRange(today: Date = new Date()): { from: string; to: string } {
  const to = isoDay(today);
  return { from: addDays(to, -(REPORT_DEFAULT_DAYS - 1)), to };
}

const optionalDate = emptyAsAbsent(ZDateSchema);

/** A range of two optional dates: start ≤ end, at most REPORT_MAX_DAYS (400 naming the end field). */
function checkRange(fromKey: string, toKey: string) {
  return (q: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const from = q[fromKey] as string | undefined;
    const to = q[toKey] as string | undefined;
    if (from && to && to < from)
      ctx.addIssue({ code: 'custom', path: [toKey], message: SALES_REPORT_MESSAGES.endBeforeStart });
    else if (from && to && daysInRange(from, to) > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: [toKey], message: SALES_REPORT_MESSAGES.rangeTooLong(REPORT_MAX_DAYS) });
  };
}

/** The range a report runs on: the given dates, else the default (30 days ending at the end, or today). */
export function resolveRange(
  from: string | undefined,
  to: string | undefined,
  today: Date = new Date(),
): { from: string; to: string } {
  const end = to ?? (from && from > isoDay(today) ? from : isoDay(today));
  return { from: from ?? addDays(end, -(REPORT_DEFAULT_DAYS - 1)), to: end };
}

const brandParam = z
  .string({ error: SALES_REPORT_MESSAGES.brandRequired })
  .trim()
  .min(1, SALES_REPORT_MESSAGES.brandRequired)
  .max(100);

export const ZReportBrandSchema = z
  .object({ brand_code: z.string(), brand_name: z.string() })
  .meta({ id: 'ReportBrand' });

// ---------------------------------------------------------------------------------------------------------------
// Brand sell-thru (002 §2, §7)

export const ZBrandSellThruQuerySchema = z
  .object({ brand: brandParam, startDate: optionalDate, endDate: optionalDate })
  .superRefine(checkRange('startDate', 'endDate'));
export type TBrandSellThruQuery = z.input<typeof ZBrandSellThruQuerySchema>;

/**
 * One model's sell-thru over the range: units sold ÷ units available, available = on hand at the start + received
 * in the range (receipts less un-receipts). Null when nothing was available.
 */
export const ZSellThruRowSchema = z
  .object({
    product_id: z.number().int(),
    model: z.string(),
    description: z.string(),
    on_hand_start: z.number().int(),
    received: z.number().int(),
    available: z.number().int(),
    units_sold: z.number().int(),
    revenue_cents: z.number().int(),
    on_hand_now: z.number().int(),
    /** Percent with one decimal (units_sold / available × 100), null when available is 0. */
    sell_thru_percent: z.number().nullable(),
  })
  .meta({ id: 'SellThruRow' });
export type TSellThruRow = z.infer<typeof ZSellThruRowSchema>;

export const ZBrandSellThruSchema = z
  .object({
    brand: ZReportBrandSchema,
    startDate: z.string(),
    endDate: z.string(),
    /** 'With Sales': models that sold in the range, best sell-thru first. */
    True: z.array(ZSellThruRowSchema),
    /** 'Without Sales': models with stock available in the range that sold none, most available first. */
    False: z.array(ZSellThruRowSchema),
    /** How many models each group has; a group lists at most SELL_THRU_ROW_LIMIT of them (the first in its order). */
    counts: z.object({ True: z.number().int(), False: z.number().int() }),
  })
  .meta({ id: 'BrandSellThru' });

/** The most models one sell-thru group lists (a brand may have thousands). */
export const SELL_THRU_ROW_LIMIT = 500;
export type TBrandSellThru = z.infer<typeof ZBrandSellThruSchema>;

export const brandSellThruRoute = defineRoute({
  method: 'GET',
  path: '/api/report/brand-sell-thru',
  access: 'purchasing:reports',
  summary:
    "A brand's sell-thru per model between startDate and endDate (default the last 30 days): True = models with sales, False = models with stock available and no sales, at most 500 each (counts gives all). Sell-thru = units sold ÷ (on hand at the start + received in the range). brand is a brand code or name (400 when missing or unknown)",
  tag: 'sales-reports',
  query: ZBrandSellThruQuerySchema,
  response: ZBrandSellThruSchema,
});

// ---------------------------------------------------------------------------------------------------------------
// Sellout threat (002 §2, §7, §9)

const brandList = z.union([z.string().max(100), z.array(z.string().max(100)).max(200)]);
/** 002 §7 `?brands[]=…` (also without the brackets); 002 §5 at least one brand. */
export const ZSelloutThreatQuerySchema = z
  .object({ 'brands[]': brandList.optional(), brands: brandList.optional() })
  .superRefine((q, ctx) => {
    if (brandsOf(q).length === 0)
      ctx.addIssue({ code: 'custom', path: ['brands[]'], message: SALES_REPORT_MESSAGES.brandsRequired });
  });
export function brandsOf(query: { 'brands[]'?: string | string[]; brands?: string | string[] }): string[] {
  const all = [query['brands[]'], query.brands].flat().filter((v): v is string => typeof v === 'string');
  return [...new Set(all.map((v) => v.trim()).filter((v) => v !== ''))];
}

export const ZSelloutThreatRowSchema = z
  .object({
    model: z.string(),
    description: z.string(),
    brand_code: z.string(),
    on_hand: z.number().int(),
    /** Units sold in the last SELLOUT_RATE_DAYS days. */
    units_sold: z.number().int(),
    /** Units a day (units_sold / SELLOUT_RATE_DAYS), 2 decimals. */
    daily_rate: z.number(),
    /** on_hand ÷ daily_rate, 1 decimal; null when nothing sold (no threat from sales). */
    days_of_cover: z.number().nullable(),
    /** 002 §9: red at 10 or below on hand, yellow at 25 or below. */
    level: z.enum(['red', 'yellow']).nullable(),
  })
  .meta({ id: 'SelloutThreatRow' });
export type TSelloutThreatRow = z.infer<typeof ZSelloutThreatRowSchema>;

export const ZSelloutThreatSchema = z
  .object({ brands: z.array(ZReportBrandSchema), rate_days: z.number().int(), data: z.array(ZSelloutThreatRowSchema) })
  .meta({ id: 'SelloutThreat' });
export type TSelloutThreat = z.infer<typeof ZSelloutThreatSchema>;

/** The most models the sellout threat answers (the most threatened first). */
export const SELLOUT_ROW_LIMIT = 1_000;

export const selloutThreatRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/reporting/sellout-threat',
  access: 'purchasing:reports',
  summary:
    "Per model of the brands (brands[]=code or name, at least one): on hand (every bucket), units sold in the last 30 days, the daily rate and days of cover, with 002 §9's low-stock level; models with stock or recent sales, the fewest days of cover first, at most 1,000",
  tag: 'sales-reports',
  query: ZSelloutThreatQuerySchema,
  response: ZSelloutThreatSchema,
});

// ---------------------------------------------------------------------------------------------------------------
// Bundle sales (002 §2, §7): a CSV

export const BUNDLE_REPORT_TYPES = [
  'getAllBundleSales',
  'getBundleSalesByIncludedModel',
  'getBundleSalesByBundleSku',
] as const;
export type TBundleReportType = (typeof BUNDLE_REPORT_TYPES)[number];
export const BUNDLE_REPORT_TYPE_LABELS: Record<TBundleReportType, string> = {
  getAllBundleSales: 'All bundle sales',
  getBundleSalesByIncludedModel: 'Bundle sales by included model',
  getBundleSalesByBundleSku: 'Bundle sales by bundle SKU',
};

export const ZBundleSalesQuerySchema = z
  .object({
    fromDate: optionalDate,
    toDate: optionalDate,
    sku: emptyAsAbsent(z.string().trim().max(100)),
    reportType: z
      .union([z.literal('').transform(() => 'getAllBundleSales' as const), z.enum(BUNDLE_REPORT_TYPES)])
      .default('getAllBundleSales'),
  })
  .superRefine(checkRange('fromDate', 'toDate'))
  .superRefine((q, ctx) => {
    if (q.reportType !== 'getAllBundleSales' && !q.sku)
      ctx.addIssue({ code: 'custom', path: ['sku'], message: SALES_REPORT_MESSAGES.skuRequired });
  });
export type TBundleSalesQuery = z.input<typeof ZBundleSalesQuerySchema>;

/** The bundle-sales CSV's columns, one row per member line of a bundle sale. */
export const BUNDLE_SALES_COLUMNS = [
  { key: 'sale_date', header: 'Sale Date' },
  { key: 'order', header: 'Order', kind: 'id' },
  { key: 'bundle_sku', header: 'Bundle SKU' },
  { key: 'invoice', header: 'Invoice', kind: 'id' },
  { key: 'reference', header: 'Reference', kind: 'id' },
  { key: 'model', header: 'Model' },
  { key: 'brand', header: 'Brand' },
  { key: 'quantity', header: 'Quantity' },
  { key: 'unit_price', header: 'Unit Price' },
  { key: 'line_total', header: 'Line Total' },
  { key: 'channel', header: 'Channel' },
  { key: 'ship_to_state', header: 'Ship To State' },
] as const;

export const bundleSalesRoute = defineRoute({
  method: 'GET',
  path: '/api/report/bundle-sales',
  access: 'purchasing:reports',
  summary:
    'Bundle sales between fromDate and toDate (default the last 30 days) as a CSV (report-{MM-DD-YYYY}.csv), one row per member line. A bundle sale is the transacted lines sharing item_group_ref_id (the order) and item_member_ref_id (the bundle SKU) of two or more lines. reportType getAllBundleSales (default), getBundleSalesByIncludedModel (sku = a model the bundle includes) or getBundleSalesByBundleSku (sku = the bundle SKU); sku is required for the last two',
  tag: 'sales-reports',
  query: ZBundleSalesQuerySchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});

// ---------------------------------------------------------------------------------------------------------------
// Brand purchasing (002 §2, §7)

export const ZBrandPurchasingQuerySchema = z
  .object({ brand: brandParam, givenFromDate: optionalDate, givenToDate: optionalDate })
  .superRefine(checkRange('givenFromDate', 'givenToDate'));
export type TBrandPurchasingQuery = z.input<typeof ZBrandPurchasingQuerySchema>;

export const ZPurchasingPeriodSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** PO lines of the brand on POs created in the period (cancelled POs left out): units and invoice cost. */
    po_count: z.number().int(),
    ordered_units: z.number().int(),
    ordered_cents: z.number().int(),
    /** Units received in the period (receipts less un-receipts) at their line's invoice cost. */
    received_units: z.number().int(),
    received_cents: z.number().int(),
  })
  .meta({ id: 'PurchasingPeriod' });
export type TPurchasingPeriod = z.infer<typeof ZPurchasingPeriodSchema>;

export const ZBrandPurchasingSchema = z
  .object({
    brand: ZReportBrandSchema,
    givenFromDate: z.string(),
    givenToDate: z.string(),
    /** 002 §2 'Number of Days in Range' (both ends included). */
    numOfDays: z.number().int(),
    /** Keyed by the period's range, "YYYY-MM-DD - YYYY-MM-DD", in date order. */
    data: z.record(z.string(), ZPurchasingPeriodSchema),
    totals: ZPurchasingPeriodSchema,
  })
  .meta({ id: 'BrandPurchasing' });
export type TBrandPurchasing = z.infer<typeof ZBrandPurchasingSchema>;

export const purchasingPeriodKey = (from: string, to: string) => `${from} - ${to}`;

export const brandPurchasingRoute = defineRoute({
  method: 'GET',
  path: '/api/brandPurchasingReport',
  access: 'inventory:reports',
  summary:
    'A brand\'s purchasing between givenFromDate and givenToDate (default the last 30 days): numOfDays, and per 7-day period (data keyed "from - to") the PO lines ordered (POs created in it, cancelled left out) and the units received in it, units and invoice-cost cents',
  tag: 'sales-reports',
  query: ZBrandPurchasingQuerySchema,
  response: ZBrandPurchasingSchema,
});

// ---------------------------------------------------------------------------------------------------------------
// Sales summary (002 §2 Sales Reports: content not shown, ours)

export const ZSalesReportQuerySchema = z
  .object({
    startDate: optionalDate,
    endDate: optionalDate,
    channel: emptyAsAbsent(z.enum(SALES_CHANNELS, { error: `must be one of ${SALES_CHANNELS.join(', ')}` })),
  })
  .superRefine(checkRange('startDate', 'endDate'));
export type TSalesReportQuery = z.input<typeof ZSalesReportQuerySchema>;

const ZSalesFigures = {
  /** Sale lines (committed sales transacted). */
  lines: z.number().int(),
  invoices: z.number().int(),
  units: z.number().int(),
  /** Units × unit price of the lines with a price. */
  revenue_cents: z.number().int(),
  /** Units sold on lines without a price (not in revenue). */
  unpriced_units: z.number().int(),
};
export const ZSalesDaySchema = z.object({ date: z.string(), ...ZSalesFigures }).meta({ id: 'SalesDay' });
export const ZSalesChannelFiguresSchema = z
  .object({ channel: z.string(), channel_name: z.string(), ...ZSalesFigures })
  .meta({ id: 'SalesChannelFigures' });
export const ZSalesReportSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    channel: z.string().nullable(),
    totals: z.object(ZSalesFigures),
    /** Every day of the range, days without sales at 0. */
    by_day: z.array(ZSalesDaySchema),
    /** Every channel that sold in the range ("none" for lines without one), most revenue first. */
    by_channel: z.array(ZSalesChannelFiguresSchema),
  })
  .meta({ id: 'SalesReport' });
export type TSalesReport = z.infer<typeof ZSalesReportSchema>;
export type TSalesDay = z.infer<typeof ZSalesDaySchema>;

/** The channel key of lines sold without a channel. */
export const NO_CHANNEL = 'none';

export const salesReportRoute = defineRoute({
  method: 'GET',
  path: '/api/report/sales',
  access: 'dev-route:view',
  summary:
    'Sales summary between startDate and endDate (default the last 30 days), optionally of one channel: totals, units and revenue per day (every day) and per channel, from the transacted committed sales (a sale counts on the UTC day it was transacted)',
  tag: 'sales-reports',
  query: ZSalesReportQuerySchema,
  response: ZSalesReportSchema,
});

/** The sales CSV's columns, one row per sale line. */
export const SALES_CSV_COLUMNS = [
  { key: 'sale_date', header: 'Sale Date' },
  { key: 'invoice', header: 'Invoice', kind: 'id' },
  { key: 'reference', header: 'Reference', kind: 'id' },
  { key: 'model', header: 'Model' },
  { key: 'brand', header: 'Brand' },
  { key: 'quantity', header: 'Quantity' },
  { key: 'unit_price', header: 'Unit Price' },
  { key: 'line_total', header: 'Line Total' },
  { key: 'channel', header: 'Channel' },
  { key: 'ship_to_state', header: 'Ship To State' },
  { key: 'source_bucket', header: 'Source Bucket' },
] as const;

export const salesReportCsvRoute = defineRoute({
  method: 'GET',
  path: '/api/report/sales/csv',
  access: 'dev-route:view',
  summary: 'The sale lines of the sales summary (same query) as a CSV (report-{MM-DD-YYYY}.csv), oldest first',
  tag: 'sales-reports',
  query: ZSalesReportQuerySchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});
