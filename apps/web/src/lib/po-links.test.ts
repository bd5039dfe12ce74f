import { describe, expect, it } from 'vitest';
import { legacyPoReviewPath, poReviewPath } from './po-links';

describe('PO links (001 §2)', () => {
  it('a PO by id, a legacy PO by its number with legacy=true', () => {
    expect(poReviewPath(283)).toBe('/purchase-orders/review/283');
    expect(legacyPoReviewPath('L-77001')).toBe('/purchase-orders/review/L-77001?legacy=true');
    expect(legacyPoReviewPath('A/B 1')).toBe('/purchase-orders/review/A%2FB%201?legacy=true');
  });
});
