import { describe, expect, it } from 'vitest';
import { formatCount, formatUsd } from './format-number';

describe('formatCount', () => {
  it('groups thousands with commas, whatever the sign', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
  });
});

describe('formatUsd', () => {
  it('shows dollars to the cent with grouped thousands', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(2062.66)).toBe('$2,062.66');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
    expect(formatUsd(-2)).toBe('-$2.00');
    expect(formatUsd(-0.001)).toBe('$0.00');
  });
});
