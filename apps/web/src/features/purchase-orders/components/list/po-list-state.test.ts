import { describe, expect, it } from 'vitest';
import { filtersFromParams, listCallFor } from './po-list-state';

const callOf = (search: string, page = 1, perPage = 25) => {
  const params = new URLSearchParams(search);
  return listCallFor(params, filtersFromParams(params), page, perPage);
};

describe('listCallFor: the list call the page makes and its first reads prefetch', () => {
  it('asks for newest first with no sort in the query string', () => {
    expect(callOf('', 3, 50)).toEqual({
      byModel: false,
      query: expect.objectContaining({ page: 3, perPage: 50, sortBy: 'created_at', sortOrder: 'desc' }),
    });
  });

  it('a sort column without an order is ascending; an unknown column falls back to the newest first', () => {
    expect(callOf('sortBy=vendor_name').query).toMatchObject({ sortBy: 'vendor_name', sortOrder: 'asc' });
    expect(callOf('sortBy=drop_table').query).toMatchObject({ sortBy: 'created_at', sortOrder: 'asc' });
  });

  it('leaves out what the server would refuse and keeps the rest', () => {
    const { query } = callOf(
      'fromDate=2026-13&toDate=2026-12-01&selectedVendor=abc&selectedStatus=4&poNumber=%20P1%20',
    );
    expect(query.fromDate).toBeUndefined();
    expect(query.toDate).toBe('2026-12-01');
    expect(query.vendor).toBeUndefined();
    expect(query.status).toBe(4);
    expect(query.poNumber).toBe('P1');
  });

  it('a model number filter replaces the list with the model’s lines', () => {
    expect(callOf('modelNumber=ABC-1').byModel).toBe(true);
    expect(callOf('modelNumber=%20').byModel).toBe(false);
  });
});
