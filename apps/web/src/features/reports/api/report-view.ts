import {
  formatUsd,
  hasPermission,
  type TPermission,
  type TReportCatalogueEntry,
  type TReportColumn,
  type TReportResult,
} from '@keystone/contracts';
import { formatDate, formatTimestamp } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';

/** The catalogue's filter: a case-insensitive part of the name, and the ticked categories (none ticked: all). */
export function filterCatalogue(
  entries: readonly TReportCatalogueEntry[],
  name: string,
  categories: ReadonlySet<string>,
  role: string | null,
): TReportCatalogueEntry[] {
  const needle = name.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (needle === '' || e.name.toLowerCase().includes(needle)) &&
      (categories.size === 0 || categories.has(e.category)) &&
      mayOpen(role, e.permission),
  );
}

/** The viewed role may open it (the server lists only what the signed-in role may; view-as-role narrows it further). */
export function mayOpen(role: string | null, permission: TPermission | null): boolean {
  return permission === null || (role !== null && hasPermission(role, permission));
}

/** A cell as the table and the chart's tooltip show it: money in US dollars, percent with 2 decimals, dates formatted. */
export function formatCell(column: TReportColumn, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'money':
      return formatUsd(Number(value));
    case 'integer':
      return formatCount(Number(value));
    case 'percent':
      return `${Number(value).toFixed(2)} %`;
    case 'date':
      return formatDate(String(value));
    case 'timestamp':
      return formatTimestamp(String(value));
    case 'text':
    case 'id':
      return String(value);
  }
}

export type TParameterValues = Record<string, string>;

/** The form's starting values: each parameter's default as text. */
export function defaultValues(entry: TReportCatalogueEntry): TParameterValues {
  const values: TParameterValues = {};
  for (const p of entry.parameters) values[p.name] = p.default === null ? '' : String(p.default);
  return values;
}

/**
 * Whether Download CSV goes through a background job: a definition marked background (its file may be large), or an
 * answer holding only the first rows of more. Otherwise the CSV streams straight from the server.
 */
export function downloadsInBackground(entry: TReportCatalogueEntry, result: TReportResult | undefined): boolean {
  return entry.background || (result?.truncated ?? false);
}

/** The rows a chart draws: at most `max` (a bar chart of thousands of bars says nothing). */
export function chartRows<T>(rows: readonly T[], max = 60): T[] {
  return rows.slice(0, max);
}
