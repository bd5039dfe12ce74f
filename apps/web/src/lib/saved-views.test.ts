import { describe, expect, it } from 'vitest';
import { hasViewParams, paramsWithViewState, viewStateFromParams } from './saved-views';

describe('a saved view as URL parameters', () => {
  it('reads the list’s filled filters, its sort and its visible columns, and nothing else', () => {
    const params = new URLSearchParams('poNumber=PO-7&paid=&selectedVendor=%2012%20&sortBy=vendor_name&other=1');
    expect(viewStateFromParams('purchase-orders', params)).toEqual({
      filters: { poNumber: 'PO-7', selectedVendor: '12' },
      sort: { by: 'vendor_name', order: 'desc' },
      columns: null,
    });
    // A sort column the list does not have, and columns on a list without a column choice, are no part of it.
    expect(viewStateFromParams('purchase-orders', new URLSearchParams('sortBy=price&columns=a')).sort).toBeNull();
    expect(viewStateFromParams('purchase-orders', new URLSearchParams('columns=upc')).columns).toBeNull();
    expect(viewStateFromParams('products', new URLSearchParams('columns=upc,nope,model_number')).columns).toEqual([
      'upc',
      'model_number',
    ]);
  });

  it('replaces the list’s parameters with the view’s and keeps the others', () => {
    const params = new URLSearchParams('poNumber=PO-7&sortBy=created_at&sortOrder=asc&tab=2');
    const next = paramsWithViewState('purchase-orders', params, {
      filters: { paid: 'No' },
      sort: { by: 'vendor_name', order: 'desc' },
      columns: null,
    });
    expect(next.toString()).toBe('tab=2&paid=No&sortBy=vendor_name&sortOrder=desc');
    const bare = paramsWithViewState('products', new URLSearchParams('upc=1&columns=upc'), {
      filters: {},
      sort: null,
      columns: null,
    });
    expect(bare.toString()).toBe('');
    expect(hasViewParams('products', bare)).toBe(false);
    expect(hasViewParams('products', new URLSearchParams('columns=upc'))).toBe(true);
    expect(hasViewParams('purchase-orders', new URLSearchParams('tab=2'))).toBe(false);
  });

  it('leaves the sort and columns of the list under it to a list without them (the vendor table over the PO list)', () => {
    const params = new URLSearchParams('poNumber=PO-7&sortBy=vendor_name&sortOrder=asc&vendorSearch=acme');
    const next = paramsWithViewState('vendors', params, {
      filters: { vendorSearch: 'north' },
      sort: null,
      columns: null,
    });
    expect(next.toString()).toBe('poNumber=PO-7&sortBy=vendor_name&sortOrder=asc&vendorSearch=north');
    expect(viewStateFromParams('vendors', next)).toEqual({
      filters: { vendorSearch: 'north' },
      sort: null,
      columns: null,
    });
    // The PO list's own parameters are not the vendor table's: opened over them, it is bare and takes its default.
    expect(hasViewParams('vendors', new URLSearchParams('poNumber=PO-7&sortBy=vendor_name'))).toBe(false);
    expect(hasViewParams('purchase-orders', new URLSearchParams('vendorSearch=north'))).toBe(false);
  });
});
