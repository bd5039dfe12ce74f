import { z } from 'zod';

/**
 * Money is exact: stored and computed as integer cents. On the wire it is a number of dollars with at most
 * two decimals; conversion goes through the decimal text, never through floating-point multiplication.
 */
export function dollarsToCents(value: number | string): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim().replace(/,/g, '');
  const match = /^(-)?(\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not an amount of money: ${value}`);
  const cents = Number(match[2] || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -cents : cents;
}

export function centsToDollars(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

/** `1234.5` → `$1,234.50` (US dollars, 2 decimals, 000 §9). */
export function formatUsd(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** The most a PostgreSQL `integer` column of cents holds: 2,147,483,647 cents. */
export const MAX_INTEGER_CENTS = 2_147_483_647;
/** The same in dollars: the most a money field stored in an integer cents column takes. */
export const MAX_MONEY = MAX_INTEGER_CENTS / 100;
/** The message of an amount past `MAX_MONEY`. */
export const MONEY_TOO_LARGE = `must be at most ${MAX_MONEY.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** An amount in dollars with at most 2 decimals, min 0, with no upper bound: bound it to its column. */
export const ZDollarsSchema = z
  .number()
  .min(0)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most 2 decimals');

/** An amount in dollars with at most 2 decimals, min 0, that an integer cents column holds (at most `MAX_MONEY`). */
export const ZMoneySchema = ZDollarsSchema.max(MAX_MONEY, MONEY_TOO_LARGE);

/** Whether money text (`"1,199.99"`) is past `MAX_MONEY`; text that is not money is left to whoever parses it. */
export function moneyTextTooLarge(text: string): boolean {
  try {
    return Math.abs(dollarsToCents(text)) > MAX_INTEGER_CENTS;
  } catch {
    return false;
  }
}
