import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd, MAX_MONEY, moneyTextTooLarge, ZMoneySchema } from './money.js';

describe('money', () => {
  it('converts through the decimal text, exactly', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents('1,234.5')).toBe(123450);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(-3.07)).toBe(-307);
    expect(centsToDollars(123450)).toBe(1234.5);
  });
  it('rejects text that is not money', () => {
    expect(() => dollarsToCents('abc')).toThrow();
    expect(() => dollarsToCents('1.234')).toThrow();
  });
  it('formats US dollars with 2 decimals', () => {
    expect(formatUsd(123450)).toBe('$1,234.50');
  });
  it('takes no more than an integer cents column holds', () => {
    expect(MAX_MONEY).toBe(21_474_836.47);
    expect(ZMoneySchema.safeParse(21_474_836.47).success).toBe(true);
    for (const v of [21_474_836.48, 1e21, 1e308, Number.MAX_SAFE_INTEGER]) {
      const result = ZMoneySchema.safeParse(v);
      expect(result.success, String(v)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain('must be at most 21,474,836.47');
    }
  });
  it('tells money text past the column', () => {
    expect(moneyTextTooLarge('21,474,836.47')).toBe(false);
    expect(moneyTextTooLarge('21474836.48')).toBe(true);
    expect(moneyTextTooLarge('99999999999999999999')).toBe(true);
    expect(moneyTextTooLarge('abc')).toBe(false);
  });
});
