import { describe, expect, it } from 'vitest';
import {
  EMPTY_INVOICE_FILTERS,
  invoiceFilterParams,
  invoiceFilterValuesFromParams,
  toInvoiceFilters,
} from './invoice-filters';

describe('invoice filters in the URL', () => {
  it('reads the list parameters a search hit opens with', () => {
    const values = invoiceFilterValuesFromParams(new URLSearchParams('invoice_number=INV-7&vendor=12'));
    expect(values).toEqual({ ...EMPTY_INVOICE_FILTERS, invoice_number: 'INV-7', vendor: 12 });
    expect(toInvoiceFilters(values)).toEqual({ invoice_number: 'INV-7', vendor: 12 });
  });

  it('leaves out a value the list query would refuse', () => {
    const params = new URLSearchParams(
      'vendor=x&finance_company=0&invoice_date=2025-02-30&due_date=2025-03-01&invoice_amount=1.234&search=INV-7',
    );
    expect(toInvoiceFilters(invoiceFilterValuesFromParams(params))).toEqual({ due_date: '2025-03-01' });
  });

  it('writes the filled filters back in the same names, and reads them again', () => {
    const filters = toInvoiceFilters({
      ...EMPTY_INVOICE_FILTERS,
      invoice_number: ' A-1 ',
      invoice_amount: '12.50',
      finance_company: 3,
      purchase_date: '2025-01-31',
    });
    const params = invoiceFilterParams(filters);
    expect(params.toString()).toBe(
      'invoice_number=A-1&invoice_amount=12.50&purchase_date=2025-01-31&finance_company=3',
    );
    expect(toInvoiceFilters(invoiceFilterValuesFromParams(params))).toEqual(filters);
  });
});
