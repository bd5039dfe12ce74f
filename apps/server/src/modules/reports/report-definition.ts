import { sql, type SQL } from 'drizzle-orm';
import {
  defaultReportRange,
  GENERIC_REPORT_PERMISSION,
  type TPermission,
  type TReportCatalogueEntry,
  type TReportCategory,
  type TReportChart,
  type TReportColumn,
  type TReportParameterType,
} from '@keystone/contracts';

/** A parameter's value after parsing: dates and text as strings, numbers, flags. */
export type TParamValue = string | number | boolean | null;
export type TReportParams = Record<string, TParamValue>;

export interface ReportParameterSpec {
  name: string;
  label: string;
  type: TReportParameterType;
  /** The value of an absent parameter: a value, or computed from today (date ranges: one month ago to today). */
  default: TParamValue | ((today: Date) => TParamValue);
  /** select: the choices. */
  options?: { value: string; label: string }[];
  required?: boolean;
}

/**
 * One generic report: adding a report is adding one of these under definitions/ and its test.
 * `query` answers a SELECT whose output names are the column keys, ending with an ORDER BY that makes the order
 * total (the CSV and the on-screen rows come in that order). It runs in a READ ONLY transaction.
 */
export interface ReportDefinition {
  slug: string;
  name: string;
  category: TReportCategory;
  description: string;
  /** Default: GENERIC_REPORT_PERMISSION (the project's rule for routes the spec names no permission for). */
  permission?: TPermission;
  parameters: ReportParameterSpec[];
  columns: TReportColumn[];
  chart?: TReportChart;
  /** The CSV may be large: the screen downloads it through a background job. */
  background?: boolean;
  query(params: TReportParams): SQL;
  /**
   * How many rows `query` answers, cheaper than counting it (no ORDER BY, no join that cannot change the count):
   * asked only when the on-screen answer is cut. Default: count(*) over `query`.
   */
  count?(params: TReportParams): SQL;
}

export function defineReport(definition: ReportDefinition): ReportDefinition {
  return definition;
}

/** The From and To of a date range, defaulting to one month ago and today (002 §9). */
export const DATE_RANGE: ReportParameterSpec[] = [
  { name: 'from', label: 'From', type: 'date', default: (today) => defaultReportRange(today).from },
  { name: 'to', label: 'To', type: 'date', default: (today) => defaultReportRange(today).to },
];

/** A timestamp column inside the From-To range, whole UTC days, To included. */
export function inRange(column: SQL, params: TReportParams): SQL {
  return sql`${column} >= (${params.from}::date)::timestamp at time zone 'UTC' and ${column} < (${params.to}::date + 1)::timestamp at time zone 'UTC'`;
}

/** A date column inside the From-To range, both included. */
export function dateInRange(column: SQL, params: TReportParams): SQL {
  return sql`${column} between ${params.from}::date and ${params.to}::date`;
}

/** The UTC day of a timestamp column as YYYY-MM-DD text. */
export function utcDay(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** A text filter: true when the parameter is empty, else a case-insensitive match of the column's start. */
export function startsWith(column: SQL, value: TParamValue | undefined): SQL {
  if (value === null || value === undefined || value === '') return sql`true`;
  const pattern = `${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} ilike ${pattern}`;
}

/** An equality filter on a select: true for '' (All). */
export function equalsOrAll(column: SQL, value: TParamValue | undefined): SQL {
  if (value === null || value === undefined || value === '') return sql`true`;
  return sql`${column} = ${value}`;
}

export function resolveDefault(spec: ReportParameterSpec, today: Date): TParamValue {
  return typeof spec.default === 'function' ? spec.default(today) : spec.default;
}

/** The definition as the catalogue shows it, defaults computed on `today`. */
export function catalogueEntry(definition: ReportDefinition, today: Date): TReportCatalogueEntry {
  return {
    slug: definition.slug,
    name: definition.name,
    category: definition.category,
    description: definition.description,
    kind: 'generic',
    path: `/reports/${definition.slug}`,
    permission: definition.permission ?? GENERIC_REPORT_PERMISSION,
    parameters: definition.parameters.map((p) => ({
      name: p.name,
      label: p.label,
      type: p.type,
      default: resolveDefault(p, today),
      ...(p.options ? { options: p.options } : {}),
      required: p.required ?? false,
    })),
    columns: definition.columns,
    chart: definition.chart ?? null,
    background: definition.background ?? false,
  };
}
