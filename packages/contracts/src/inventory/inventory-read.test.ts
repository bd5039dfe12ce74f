import { describe, expect, it } from 'vitest';
import { EXTEND_SEARCH_MESSAGE, inventorySearchCriteria, ZInventorySearchQuerySchema } from './inventory-read.api.js';

const issues = (query: Record<string, string>) => {
  const result = ZInventorySearchQuerySchema.safeParse(query);
  return result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('inventorySearchCriteria', () => {
  it('reads the spec form, the search type as the key', () => {
    expect(inventorySearchCriteria({ model: 'INV' })).toEqual({ searchBy: 'model', searchValue: 'INV' });
    expect(inventorySearchCriteria({ serial: 'ABC1' })).toEqual({ searchBy: 'serial', searchValue: 'ABC1' });
    expect(inventorySearchCriteria({ upc: '012345678905', searchBy: 'upc' })).toEqual({
      searchBy: 'upc',
      searchValue: '012345678905',
    });
  });

  it('reads searchBy and searchValue, searchBy defaulting to model', () => {
    expect(inventorySearchCriteria({ searchBy: 'brand', searchValue: 'GE' })).toEqual({
      searchBy: 'brand',
      searchValue: 'GE',
    });
    expect(inventorySearchCriteria({ searchValue: 'INV' })).toEqual({ searchBy: 'model', searchValue: 'INV' });
  });

  it('throws unless exactly one value is given', () => {
    expect(() => inventorySearchCriteria({})).toThrow();
    expect(() => inventorySearchCriteria({ model: 'A', upc: 'B' })).toThrow();
    expect(() => inventorySearchCriteria({ searchValue: 'A', mpn: 'B' })).toThrow();
  });
});

describe('ZInventorySearchQuerySchema', () => {
  it('accepts either form, with startsWith and includeCommitted', () => {
    expect(
      issues({ model: ' inv ', startsWith: '1', includeCommitted: '1', includeInactive: '1', exact: '0' }),
    ).toBeNull();
    expect(issues({ searchBy: 'serial', searchValue: 'ABC' })).toBeNull();
    expect(issues({ searchBy: 'category', category: 'RNG' })).toBeNull();
    const parsed = ZInventorySearchQuerySchema.parse({ model: ' inv ', startsWith: '1' });
    expect(inventorySearchCriteria(parsed)).toEqual({ searchBy: 'model', searchValue: 'inv' });
  });

  it('names the fields when no value or more than one is given', () => {
    expect(issues({})).toEqual([['searchValue', expect.stringContaining('model, serial')]]);
    expect(issues({ includeInactive: '1' })?.map(([path]) => path)).toEqual(['searchValue']);
    expect(issues({ model: 'x', upc: 'y' })?.map(([path]) => path)).toEqual(['model', 'upc']);
    expect(issues({ searchValue: 'x', brand: 'y' })?.map(([path]) => path)).toEqual(['searchValue', 'brand']);
  });

  it('refuses a searchBy that disagrees with the key carrying the value', () => {
    expect(issues({ searchBy: 'serial', model: 'INV' })?.map(([path]) => path)).toEqual(['searchBy']);
  });

  it('asks a serial search for 3 or more characters on the key carrying the serial', () => {
    expect(issues({ serial: 'ab' })).toEqual([['serial', EXTEND_SEARCH_MESSAGE]]);
    expect(issues({ searchBy: 'serial', searchValue: 'ab' })).toEqual([['searchValue', EXTEND_SEARCH_MESSAGE]]);
    expect(issues({ serial: 'abc' })).toBeNull();
    expect(issues({ model: 'ab' })).toBeNull();
  });
});
