import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, isValidGtin } from './upc.js';

describe('GS1 check digits', () => {
  it('computes known UPC-A check digits', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2); // 036000291452
    expect(gs1CheckDigit('01234567890')).toBe(5); // 012345678905
  });
  it('validates 12 and 13 digit codes', () => {
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('036000291453')).toBe(false);
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('12345')).toBe(false);
  });
});
