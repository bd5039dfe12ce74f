/**
 * Cell readers of the uploads (settlement and holdings files), shared by the browser and the server: money to
 * integer cents through its text (never a float), dates to YYYY-MM-DD. Each answers null for text it cannot read;
 * the caller names the line and column. Pure: no papaparse here.
 */

/** US money text: optional sign and `$`, digits (thousands grouped by commas or not), at most 2 decimals. `1,234.5` → 123450. */
const POINT_MONEY = /^([-+])?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{1,2}))?$/;
/** Decimal-comma money (EU marketplaces): thousands grouped by `.` or a space, at most 2 decimals after `,`. `1.234,56` → 123456. */
const COMMA_MONEY = /^([-+])?(\d{1,3}(?:[. \u00A0\u202F]\d{3})+|\d*)(?:,(\d{1,2}))?$/;

/**
 * Money text to integer cents, or null. `decimalComma` reads the EU form (`199,99`, `-1.234,56`); without it the US
 * form (`199.99`, `-1,234.56`). Either way at most 2 decimals and at most 13 whole digits; `12,34` is not US money
 * and `12.34` is not decimal-comma money, so a file read with the wrong convention is refused, never misread.
 */
export function moneyCellToCents(text: string, decimalComma = false): number | null {
  const match = (decimalComma ? COMMA_MONEY : POINT_MONEY).exec(text.replace(/^\$|(?<=^[-+])\$/, ''));
  if (!match || (!match[2] && !match[3])) return null;
  const whole = (match[2] ?? '').replace(/[^\d]/g, '');
  if (whole.length > 13) return null;
  const cents = Number(whole || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2999 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A 2-digit year is 20yy (the files are this century's: Amazon's `posted-date` is MM/DD/YY). */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * What a date cell says: `{ date }` when it can be read one way only; `{ ambiguous }` for a slash date whose two
 * first parts are both 12 or less and differ (09/06/25 is 6 September month-first, as Amazon writes it, but 9 June
 * day-first, as Excel re-saves it in a UK locale); null when it is not a date.
 * - YYYY-MM-DD, a time after it ignored (`2025-06-09 07:00:00 UTC`, `2025-06-09T07:00:00+00:00`);
 * - slash dates with a 2- or 4-digit year: month-first when the second part is over 12, day-first when the first is;
 * - DD.MM.YYYY or DD.MM.YY (the dotted form is day-first only); a time after the slash and dotted forms is ignored.
 */
export type TDateRead = { date: string } | { ambiguous: { monthFirst: string; dayFirst: string } } | null;

export function readDate(text: string): TDateRead {
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  if (m) return orNull(validDate(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?: .*)?$/.exec(text);
  if (m) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), fullYear(m[3]!)];
    const monthFirst = validDate(y, a, b);
    const dayFirst = validDate(y, b, a);
    if (monthFirst && dayFirst && monthFirst !== dayFirst) return { ambiguous: { monthFirst, dayFirst } };
    return orNull(monthFirst ?? dayFirst);
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?: .*)?$/.exec(text);
  if (m) return orNull(validDate(fullYear(m[3]!), Number(m[2]), Number(m[1])));
  return null;
}

const orNull = (date: string | null): TDateRead => (date ? { date } : null);

/** A date cell read month-first when it could be either (a US partner's file), or null. */
export function dateCell(text: string): string | null {
  const read = readDate(text);
  if (!read) return null;
  return 'date' in read ? read.date : read.ambiguous.monthFirst;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2025-09-06` → `6 September 2025`. */
export function spelledDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** A whole number within [min, max], or null. */
export function integerCell(text: string, min: number, max: number): number | null {
  if (!/^[-+]?\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}
