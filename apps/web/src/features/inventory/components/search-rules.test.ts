import { describe, expect, it } from 'vitest';
import { commissionPercent, money } from './format';
import { onHandAt, parseSearchBy, searchProblem } from './search-rules';

describe('inventory search rules', () => {
  it('reads searchBy from the query, defaulting to the first option (model)', () => {
    expect(parseSearchBy('serial')).toBe('serial');
    expect(parseSearchBy('upc')).toBe('upc');
    expect(parseSearchBy(null)).toBe('model');
    expect(parseSearchBy('sku')).toBe('model');
  });

  it('asks for 3 or more characters on a serial search only', () => {
    expect(searchProblem('serial', 'ab')).toBe('Please Extend Search Parameters.');
    expect(searchProblem('serial', ' ab ')).toBe('Please Extend Search Parameters.');
    expect(searchProblem('serial', 'abc')).toBeNull();
    expect(searchProblem('serial', '')).toBeNull();
    expect(searchProblem('model', 'ab')).toBeNull();
  });

  it("counts on-hand in the current location's NEW bucket, or every NEW bucket for All Locations", () => {
    const card = {
      inventory: [
        { bucket: 'KY01', location_code: 'KY01', condition_code: 'NEW', quantity: 3 },
        { bucket: 'TX01', location_code: 'TX01', condition_code: 'NEW', quantity: 2 },
        { bucket: 'KY01_B_STOCK', location_code: 'KY01', condition_code: 'B_STOCK', quantity: 7 },
      ],
    };
    expect(onHandAt(card, 'KY01')).toBe(3);
    expect(onHandAt(card, 'AZ02')).toBe(0);
    expect(onHandAt(card, null)).toBe(5);
  });

  it('shows commission as a truncated percent and money in dollars', () => {
    expect(commissionPercent(0.03759)).toBe('3.75%');
    expect(commissionPercent(0.015)).toBe('1.50%');
    expect(commissionPercent(0.0799)).toBe('7.99%');
    expect(commissionPercent(null)).toBe('—');
    expect(money(1234.5)).toBe('$1,234.50');
    expect(money(null)).toBe('—');
  });
});
