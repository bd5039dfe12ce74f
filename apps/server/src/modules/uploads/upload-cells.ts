/**
 * Cell readers of the uploads (settlement and holdings files): money to integer cents through its text (never a
 * float), dates to YYYY-MM-DD. Each answers null for text it cannot read; the caller names the row and field.
 */

/** US money text: optional sign, digits (thousands grouped by commas or not), at most 2 decimals. `1,234.5` → 123450. */
export function moneyCellToCents(text: string): number | null {
  const match = /^([-+])?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{1,2}))?$/.exec(text.replace(/^\$|(?<=^[-+])\$/, ''));
  if (!match || (!match[2] && !match[3])) return null;
  const whole = (match[2] ?? '').replace(/,/g, '');
  if (whole.length > 13) return null;
  const cents = Number(whole || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2999 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** YYYY-MM-DD (a time after it is ignored: `2020-05-01T07:00:00+00:00`, `2020-05-01 07:00:00 UTC`), MM/DD/YYYY or DD.MM.YYYY. */
export function dateCell(text: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(text);
  if (m) return validDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?: .*)?$/.exec(text);
  if (m) return validDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

/** A whole number within [min, max], or null. */
export function integerCell(text: string, min: number, max: number): number | null {
  if (!/^[-+]?\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}
