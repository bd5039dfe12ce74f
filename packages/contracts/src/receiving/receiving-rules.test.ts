import { describe, expect, it } from 'vitest';
import { isProductNotInListMessage, productNotInListMessage } from './receiving-rules.js';

describe('the product-not-in-list message (001 §8)', () => {
  it('is quoted as the spec writes it and recognised from the server answer', () => {
    expect(productNotInListMessage('TV-65', 'TV-65X')).toBe('Product TV-65 not found in TV-65X products list.');
    expect(isProductNotInListMessage(productNotInListMessage('TV-65', 'TV-65X'))).toBe(true);
    expect(isProductNotInListMessage("UPC doesn't match")).toBe(false);
    expect(isProductNotInListMessage('Product TV-65 not found in TV-65X products list')).toBe(false);
  });
});
