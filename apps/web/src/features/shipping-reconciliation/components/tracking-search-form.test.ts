import { describe, expect, it } from 'vitest';
import { searchValues } from './tracking-search-form';

describe('tracking number search values', () => {
  it('splits on commas, semicolons and white space, dropping empties and repeats', () => {
    expect(searchValues(' 1ZA, 1ZB;1ZA\n 1ZC ')).toEqual(['1ZA', '1ZB', '1ZC']);
    expect(searchValues('  , ; ')).toEqual([]);
  });
});
