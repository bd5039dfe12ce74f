/**
 * Dates as the spec writes them (000 §9): YYYY-MM-DD, and timestamps YYYY-MM-DD HH:mm (24-hour), never the
 * browser's locale. Zones (docs/decisions.md): a calendar date (`2026-11-20`) is shown as it is; a timestamp's
 * date is its UTC calendar date, the day the server's date filters and reports use; a timestamp with its time is
 * shown in the browser's local time, the clock the user reads.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DASH = '—';

function parse(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** YYYY-MM-DD: a calendar date as it is, a timestamp's UTC date; empty or invalid gives a dash. */
export function formatDate(value: string | Date | null | undefined, empty = DASH): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return value;
  const d = parse(value);
  if (!d) return typeof value === 'string' && value ? value : empty;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** YYYY-MM-DD HH:mm in the browser's local time; empty or invalid gives a dash. */
export function formatTimestamp(value: string | Date | null | undefined, empty = DASH): string {
  const d = parse(value);
  if (!d) return typeof value === 'string' && value ? value : empty;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Today's local calendar date, YYYY-MM-DD (the default of a date field). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
