import { describe, expect, it } from 'vitest';
import { dateCell, integerCell, moneyCellToCents } from './upload-cells.js';

describe('upload cells', () => {
  it('reads money exactly, in cents', () => {
    expect(moneyCellToCents('12.5')).toBe(1250);
    expect(moneyCellToCents('-0.29')).toBe(-29);
    expect(moneyCellToCents('1,234.56')).toBe(123456);
    expect(moneyCellToCents('$19.99')).toBe(1999);
    expect(moneyCellToCents('.07')).toBe(7);
    expect(moneyCellToCents('0.1')).toBe(10);
    for (const bad of ['', '-', '1.234', '12,34', 'abc', '1e5', '1,23.00', '99999999999999'])
      expect(moneyCellToCents(bad)).toBeNull();
  });
  it('reads dates in three layouts and refuses impossible ones', () => {
    expect(dateCell('2020-05-01')).toBe('2020-05-01');
    expect(dateCell('2020-05-01 07:00:00 UTC')).toBe('2020-05-01');
    expect(dateCell('5/1/2020')).toBe('2020-05-01');
    expect(dateCell('01.05.2020')).toBe('2020-05-01');
    expect(dateCell('13/01/2020')).toBe('2020-01-13'); // day-first when it can only be (issue 31 item 2)
    expect(dateCell('06/03/25')).toBe('2025-06-03'); // Amazon's MM/DD/YY
    for (const bad of ['2020-02-30', '13/13/2020', 'May 1', '']) expect(dateCell(bad)).toBeNull();
  });
  it('reads whole numbers within bounds', () => {
    expect(integerCell('3', 1, 10)).toBe(3);
    expect(integerCell('0', 1, 10)).toBeNull();
    expect(integerCell('2.5', 1, 10)).toBeNull();
  });
});
