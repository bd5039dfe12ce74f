import { describe, expect, it } from 'vitest';
import { noCommittedSaleResultsMessage } from '@keystone/contracts';
import { filterCommittedSales } from './sale-search';

const sale = (invoice: string, model: string) => ({
  legacy_pos_invoice_id: invoice,
  product: {
    id: 1,
    model,
    product_title: 't',
    serial_number_tracked: 0 as const,
    upc: null,
    alternate_upc: null,
    num_of_serials_per_item: null,
  },
});
const sales = [sale('INV-1001', 'WDT750SAKZ'), sale('inv-2002', 'LG-WM3400'), sale('X9', 'wm-100')];

describe('filterCommittedSales (001 §5)', () => {
  it('is a case-insensitive contains on the invoice and the model', () => {
    expect(filterCommittedSales(sales, 'inv-').map((s) => s.legacy_pos_invoice_id)).toEqual(['INV-1001', 'inv-2002']);
    expect(filterCommittedSales(sales, 'wm').map((s) => s.product.model)).toEqual(['LG-WM3400', 'wm-100']);
    expect(filterCommittedSales(sales, '750sa')).toHaveLength(1);
    expect(filterCommittedSales(sales, ' 2002 ')).toHaveLength(1);
  });

  it('shows every sale for a blank search and none for a miss; special characters are plain text', () => {
    expect(filterCommittedSales(sales, '  ')).toHaveLength(3);
    expect(filterCommittedSales(sales, '%')).toEqual([]);
    expect(filterCommittedSales(sales, '.*')).toEqual([]);
    expect(noCommittedSaleResultsMessage('zzz')).toBe('There are no results for "zzz"');
  });
});
