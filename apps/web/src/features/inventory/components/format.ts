import { formatTimestamp } from '../../../lib/format-date';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as $1,234.56; a missing price as a dash. */
export function money(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return USD.format(value);
}

/** Commission as a truncated percent (001 §9): 0.03759 → "3.75%" (two decimals, never rounded up). */
export function commissionPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '—';
  const hundredths = Math.trunc(Math.round(rate * 1_000_000) / 100);
  return `${(hundredths / 100).toFixed(2)}%`;
}

/** A timestamp as YYYY-MM-DD HH:mm, local time (000 §9, lib/format-date). */
export function dateTime(iso: string | null | undefined): string {
  return formatTimestamp(iso);
}
