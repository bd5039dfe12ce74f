import { describe, expect, it } from 'vitest';
import { formatCount } from './format-number';

describe('formatCount', () => {
  it('groups thousands with commas, whatever the sign', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
  });
});
