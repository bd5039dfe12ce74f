/**
 * A whole number with thousands separators (12,345), the same in every browser locale: the app shows figures one
 * way, as it shows dates one way (lib/format-date; scripts/structure.test.ts keeps locale formatting out).
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Dollars as $1,234.50 (-$2.00), rounded to the cent, the same in every browser locale. */
export function formatUsd(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}
