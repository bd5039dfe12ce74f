/**
 * A whole number with thousands separators (12,345), the same in every browser locale: the app shows figures one
 * way, as it shows dates one way (lib/format-date; scripts/structure.test.ts keeps locale formatting out).
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
