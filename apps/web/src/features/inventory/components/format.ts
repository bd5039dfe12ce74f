/** Dollars as $1,234.56; a missing price as a dash. */
export function money(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** Commission as a truncated percent (001 §9): 0.03759 → "3.75%" (two decimals, never rounded up). */
export function commissionPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '—';
  const hundredths = Math.trunc(Math.round(rate * 1_000_000) / 100);
  return `${(hundredths / 100).toFixed(2)}%`;
}

/** A timestamp in the user's locale. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US');
}
