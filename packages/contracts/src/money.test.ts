import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from './money.js';

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
});
