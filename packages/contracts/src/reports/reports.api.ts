import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { ZBigIdSchema } from '../http/common.js';
import { ZJobSchema } from '../jobs/jobs.api.js';
import { defaultGenericRange } from '../shipping-reconciliation/shipping-reconciliation.api.js';
import { PERMISSIONS, type TPermission } from '../permissions.js';

/**
 * The report catalogue and the generic report engine (002 §2 "Reports", §9 categories and the default
 * generic range, 000 §7 "Report download"). A generic report is a definition on the server (name, slug, category,
 * parameters with defaults, a read-only query, typed columns, an optional chart), answered by one set of routes and
 * shown by one generic page. Choices the spec leaves open: docs/decisions.md "Reports engine".
 */

/** 002 §2 / §9: the catalogue's categories, in the order its checkboxes show them. */
export const REPORT_CATEGORIES = [
  'Accounting',
  'Administrative',
  'Claims',
  'Installation',
  'Operations',
  'Procurement',
  'Pricing',
] as const;
export type TReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_PARAMETER_TYPES = ['date', 'text', 'number', 'select', 'boolean'] as const;
export type TReportParameterType = (typeof REPORT_PARAMETER_TYPES)[number];

/**
 * How a column's values come: text; integer; money (integer cents, shown in US dollars with 2 decimals); date
 * (YYYY-MM-DD); timestamp (ISO 8601 UTC); percent (percentage points, e.g. 12.5 is 12.5 %, null when undefined); id
 * (text naming one thing: a tracking, UPC, serial, PO or invoice number; shown as text, and kept text when the CSV is
 * opened in a spreadsheet, docs/decisions.md "Spreadsheet-ready files").
 */
export const REPORT_COLUMN_TYPES = ['text', 'integer', 'money', 'date', 'timestamp', 'percent', 'id'] as const;
export type TReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

/**
 * Generic reports name no permission in the spec, so they follow the project's rule for such routes
 * (002 §1 "A route with no permission listed requires dev-route:view"): docs/decisions.md "Reports engine". The
 * generic routes require it; the server also checks the definition's own permission (the same today).
 */
export const GENERIC_REPORT_PERMISSION = 'dev-route:view' satisfies TPermission;

/** The most rows the on-screen answer holds; the CSV download has them all. */
export const REPORT_ROW_LIMIT = 5_000;

/** Messages of the report engine (ours: the spec shows no text for these). */
export const REPORT_MESSAGES = {
  unknownReport: (slug: string) => `There is no report named ${slug}.`,
  badParameter: 'The report parameters are not valid.',
  noRows: 'There is no data to display.',
  /** A finished job's file no longer on disk: deleted after the retention period (REPORT_FILES_RETENTION_HOURS), or lost. */
  jobFileGone: (retentionHours: number) =>
    `This report file is no longer available (report files are deleted ${retentionHours} ${retentionHours === 1 ? 'hour' : 'hours'} after they are written): run the download again.`,
  jobNotReady: 'This report file is not ready yet.',
} as const;

const ZPermissionSchema = z.enum(PERMISSIONS);

export const ZReportParameterSchema = z
  .object({
    /** The query-string key. */
    name: z.string(),
    label: z.string(),
    type: z.enum(REPORT_PARAMETER_TYPES),
    /** The value used when the parameter is absent; a date default is computed on the server's day (ranges: one month ago to today). */
    default: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    /** For select: its choices ('' is "All" when the default is ''). */
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    /** Whether a value must be given (a required parameter without a default refuses an absent value). */
    required: z.boolean(),
  })
  .meta({ id: 'ReportParameter' });
export type TReportParameter = z.infer<typeof ZReportParameterSchema>;

export const ZReportColumnSchema = z
  .object({ key: z.string(), label: z.string(), type: z.enum(REPORT_COLUMN_TYPES) })
  .meta({ id: 'ReportColumn' });
export type TReportColumn = z.infer<typeof ZReportColumnSchema>;

export const ZReportChartSchema = z
  .object({
    type: z.enum(['bar', 'line']),
    /** The column whose values run along the x axis. */
    x: z.string(),
    /** The numeric columns drawn, one series each. */
    series: z.array(z.string()).min(1),
  })
  .meta({ id: 'ReportChart' });
export type TReportChart = z.infer<typeof ZReportChartSchema>;

export const ZReportCatalogueEntrySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    category: z.enum(REPORT_CATEGORIES),
    description: z.string(),
    /** named: a page of its own (002 §2 lists them); generic: the generic report page. */
    kind: z.enum(['named', 'generic']),
    /** The web path the card links to. */
    path: z.string(),
    /** The permission that opens it; null when any signed-in user may. */
    permission: ZPermissionSchema.nullable(),
    /** Generic reports: the parameters form; empty for named reports. */
    parameters: z.array(ZReportParameterSchema),
    columns: z.array(ZReportColumnSchema),
    chart: ZReportChartSchema.nullable(),
    /** Generic reports whose CSV may be large: the screen downloads it through a background job. */
    background: z.boolean(),
  })
  .meta({ id: 'ReportCatalogueEntry' });
export type TReportCatalogueEntry = z.infer<typeof ZReportCatalogueEntrySchema>;

/**
 * Seconds the reports database (a streaming standby, REPORTS_DATABASE_URL) is behind the primary, when more than a few
 * (REPORTS_LAG_NOTICE_SECONDS, default 5); null when the reports read the primary or a standby that is caught up.
 */
export const ZReplicaLagSchema = z.number().nonnegative().nullable();

/** The notice a report screen shows when its figures come from a standby that is behind. */
export const replicaLagNotice = (seconds: number) =>
  `These figures come from a replica that is ${Math.round(seconds)} s behind: the latest changes may be missing.`;

export const ZReportCatalogueSchema = z
  .object({ reports: z.array(ZReportCatalogueEntrySchema), replicaLagSeconds: ZReplicaLagSchema })
  .meta({ id: 'ReportCatalogue' });
export type TReportCatalogue = z.infer<typeof ZReportCatalogueSchema>;

/** A report slug: lower-case words joined by hyphens. */
export const ZReportSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a report name (lower-case words joined by hyphens)')
  .max(80);

/**
 * The parameters of a run, as the query string carries them: each report has its own (the catalogue lists them), so
 * the keys are open here and each is checked against the definition on the server (a 400 naming it).
 */
export const ZReportParametersQuerySchema = z.object({}).catchall(z.string().max(200));

export const ZReportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZReportResultSchema = z
  .object({
    slug: z.string(),
    columns: z.array(ZReportColumnSchema),
    /** Each row keyed by column key; at most REPORT_ROW_LIMIT rows. */
    rows: z.array(z.record(z.string(), ZReportCellSchema)),
    /** Rows the report has in all (the CSV's rows). */
    rowCount: z.number().int(),
    /** True when rows holds only the first REPORT_ROW_LIMIT of rowCount. */
    truncated: z.boolean(),
    /** The parameters the report ran with, defaults filled in. */
    parameters: z.record(z.string(), ZReportCellSchema),
    /** The reports database's lag when it is more than a few seconds behind (ZReplicaLagSchema). */
    replicaLagSeconds: ZReplicaLagSchema,
  })
  .meta({ id: 'ReportResult' });
export type TReportResult = z.infer<typeof ZReportResultSchema>;

const slugParams = z.object({ slug: ZReportSlugSchema });

export const reportCatalogueRoute = defineRoute({
  method: 'GET',
  path: '/api/reports',
  access: 'authenticated',
  summary: 'The report catalogue: the named and generic reports the caller may open',
  tag: 'reports',
  response: ZReportCatalogueSchema,
});

export const runGenericReportRoute = defineRoute({
  method: 'GET',
  path: '/api/reports/generic/{slug}',
  access: GENERIC_REPORT_PERMISSION,
  summary:
    "Runs a generic report with the query's parameters (defaults for the absent ones); 403 without its permission",
  tag: 'reports',
  params: slugParams,
  query: ZReportParametersQuerySchema,
  response: ZReportResultSchema,
});

export const genericReportCsvRoute = defineRoute({
  method: 'GET',
  path: '/api/reports/generic/{slug}/csv',
  access: GENERIC_REPORT_PERMISSION,
  summary: 'Every row of a generic report as a CSV file (report-{MM-DD-YYYY}.csv), streamed from the database',
  tag: 'reports',
  params: slugParams,
  query: ZReportParametersQuerySchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});

export const queueGenericReportCsvRoute = defineRoute({
  method: 'POST',
  path: '/api/reports/generic/{slug}/csv-jobs',
  access: GENERIC_REPORT_PERMISSION,
  summary: "Queues a background job writing the report's CSV; follow it with GET /api/jobs/{id}, then fetch its file",
  tag: 'reports',
  params: slugParams,
  body: z.object({ parameters: ZReportParametersQuerySchema.default({}) }),
  response: ZJobSchema,
  status: 202,
});

export const reportCsvJobFileRoute = defineRoute({
  method: 'GET',
  path: '/api/reports/csv-jobs/{id}/file',
  access: GENERIC_REPORT_PERMISSION,
  summary: 'The CSV file a report job wrote (only to the user who queued it)',
  tag: 'reports',
  params: z.object({ id: ZBigIdSchema }),
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});

/** The job kind of a report's CSV written in the background. */
export const REPORT_CSV_JOB_KIND = 'report-csv';

/** What a finished report job's result holds. */
export const ZReportCsvJobResultSchema = z.object({ rows: z.number().int(), bytes: z.number().int() });
export type TReportCsvJobResult = z.infer<typeof ZReportCsvJobResultSchema>;

/** 002 §9: the generic report's default range, from one month ago to today (the shipping reconciliation's generic view uses it too). */
export const defaultReportRange = defaultGenericRange;

/** Money in cents as US dollars with 2 decimals, without a currency sign (the CSV's and the table's figure). */
export function reportMoneyText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A report with a page of its own (002 §2 "Reports"): listed in the catalogue, built by its own screen. */
export interface TNamedReport {
  slug: string;
  name: string;
  category: TReportCategory;
  description: string;
  path: string;
  permission: TPermission;
}

/**
 * 002 §2's named report routes with the permissions it names (a route naming none, /reports/sales, takes
 * dev-route:view as every such route). Categories are ours: the spec names the seven but not which report is where.
 */
export const NAMED_REPORTS: readonly TNamedReport[] = [
  {
    slug: 'ge-on-hand-export',
    name: 'GE On-Hand Export',
    category: 'Accounting',
    description: 'GE on-hand quantities on a date, as a CSV.',
    path: '/reports/ge-on-hand-export',
    permission: 'purchasing:reports',
  },
  {
    slug: 'inventory-accounting',
    name: 'Inventory Accounting Report',
    category: 'Accounting',
    description: 'Inventory value on a date, as a CSV.',
    path: '/reports/inventory-accounting',
    permission: 'purchasing:reports',
  },
  {
    slug: 'settlement-upload',
    name: 'Settlement Upload',
    category: 'Accounting',
    description: 'Import a marketplace settlement report (.csv, .tsv, .txt).',
    path: '/reports/settlement-upload',
    permission: 'purchasing:reports',
  },
  {
    slug: 'holdings-upload',
    name: 'Holdings Orders Upload',
    category: 'Accounting',
    description: 'Upload and sync the holdings orders CSV.',
    path: '/ep-holdings/orders/upload',
    permission: 'purchasing:reports',
  },
  {
    slug: 'fba-discrepancy-report',
    name: 'FBA Discrepancy Report',
    category: 'Claims',
    description: 'Moved to the BI dashboard FBA Inventory Discrepancy Report.',
    path: '/fba-discrepancy-report',
    permission: 'inventory:reports',
  },
  {
    slug: 'model-po-reconciliation',
    name: 'Model PO Reconciliation',
    category: 'Procurement',
    description: 'Ordered and received quantities of a model, PO by PO.',
    path: '/reports/model-po-reconciliation',
    permission: 'purchase-order:view',
  },
  {
    slug: 'sales',
    name: 'Sales Reports',
    category: 'Operations',
    description: 'Sales reports.',
    path: '/reports/sales',
    permission: GENERIC_REPORT_PERMISSION,
  },
  {
    slug: 'brand-sell-thru',
    name: 'Brand Sell Thru',
    category: 'Procurement',
    description: "A brand's products with and without sales in a date range.",
    path: '/reports/brand-sell-thru',
    permission: 'purchasing:reports',
  },
  {
    slug: 'sellout-threat',
    name: 'Sellout Threat',
    category: 'Procurement',
    description: 'Products of chosen brands close to selling out.',
    path: '/reports/sellout-threat',
    permission: 'purchasing:reports',
  },
  {
    slug: 'bundle-sales',
    name: 'Bundle Sales',
    category: 'Operations',
    description: 'Bundle sales by bundle or included model, as a CSV.',
    path: '/reports/bundle-sales',
    permission: 'purchasing:reports',
  },
  {
    slug: 'daily-received',
    name: 'Daily Received',
    category: 'Operations',
    description: 'Units received per location between two dates.',
    path: '/reports/daily-received',
    permission: 'inventory:reports',
  },
  {
    slug: 'unreceived-invoices-report',
    name: 'Unreceived Invoices Report',
    category: 'Accounting',
    description: 'Per vendor: units and dollars invoiced but not received.',
    path: '/report/unreceived-invoices-report',
    permission: 'inventory:reports',
  },
  {
    slug: 'brand-purchasing',
    name: 'Brand Purchasing',
    category: 'Procurement',
    description: "A brand's purchases per date range.",
    path: '/reports/brand-purchasing',
    permission: 'inventory:reports',
  },
  {
    slug: 'inactive-inventory',
    name: 'Inactive Inventory',
    category: 'Operations',
    description: 'Inventory without recent movement, as a CSV.',
    path: '/reports/inactive-inventory',
    permission: 'inventory:reports',
  },
  {
    slug: 'peak-days-fulfillment',
    name: 'Peak Days Fulfillment',
    category: 'Operations',
    description: 'Fulfillment needs for a peak day, as a CSV.',
    path: '/reports/peak-days-fulfillment',
    permission: 'inventory:reports',
  },
  {
    slug: 'fba-pending-orders-in-dollars',
    name: 'FBA Pending Orders in Dollars',
    category: 'Accounting',
    description: 'Pending FBA orders valued in dollars, as a CSV.',
    path: '/reports/fba-pending-orders-in-dollars',
    permission: 'inventory:reports',
  },
];
