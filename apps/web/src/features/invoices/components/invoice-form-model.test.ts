import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import {
  canSubmitInvoice,
  describeCreateFailure,
  emptyInvoiceForm,
  invoiceFormResolver,
  toCreateInvoiceBody,
  type TInvoiceFormValues,
} from './invoice-form-model';

const filled = (extra: Partial<TInvoiceFormValues> = {}): TInvoiceFormValues => ({
  ...emptyInvoiceForm('2025-03-10'),
  vendor: 7,
  invoice_number: ' INV-1 ',
  invoice_amount: '1234.56',
  ...extra,
});

const resolve = (values: TInvoiceFormValues) =>
  invoiceFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the invoice create form', () => {
  it('starts empty with today as the invoice date', () => {
    expect(emptyInvoiceForm('2025-03-10')).toEqual({
      vendor: null,
      invoice_number: '',
      invoice_amount: '',
      invoice_date: '2025-03-10',
      due_date: '',
      purchase_date: '',
      finance_company: null,
      purchase_id: '',
    });
  });

  it('may be submitted only with vendor, invoice number and amount filled', () => {
    expect(canSubmitInvoice(filled())).toBe(true);
    expect(canSubmitInvoice(filled({ vendor: null }))).toBe(false);
    expect(canSubmitInvoice(filled({ invoice_number: '  ' }))).toBe(false);
    expect(canSubmitInvoice(filled({ invoice_amount: '' }))).toBe(false);
  });

  it('sends empty dates, finance company and PO as null, the amount as a number', () => {
    expect(toCreateInvoiceBody(filled())).toEqual({
      invoice_number: 'INV-1',
      invoice_amount: 1234.56,
      invoice_date: '2025-03-10',
      due_date: null,
      purchase_date: null,
      vendor: 7,
      finance_company: null,
      purchase_id: null,
    });
    expect(
      toCreateInvoiceBody(filled({ due_date: '2025-04-01', finance_company: 3, purchase_id: ' PO-9 ' })),
    ).toMatchObject({
      due_date: '2025-04-01',
      finance_company: 3,
      purchase_id: 'PO-9',
    });
  });

  it('checks the body with the contract schema and names the field', async () => {
    expect((await resolve(filled())).errors).toEqual({});
    const bad = await resolve(filled({ vendor: null, invoice_amount: '1.234', invoice_date: '2025-02-30' }));
    expect(Object.keys(bad.errors).sort()).toEqual(['invoice_amount', 'invoice_date', 'vendor']);
    expect(bad.errors.vendor?.message).toBe('Required');
    expect((await resolve(filled({ invoice_amount: 'abc' }))).errors.invoice_amount).toBeDefined();
  });
});

describe('a failed create', () => {
  it('shows the server-error text on status 500 and when no answer came', () => {
    expect(describeCreateFailure(new ApiCallError(500, { message: 'boom' }, '/api/accounts-payable-invoice'))).toEqual({
      fields: {},
      message: INVOICE_MESSAGES.serverError,
    });
    expect(describeCreateFailure(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      message: INVOICE_MESSAGES.serverError,
    });
  });

  it('puts the server field errors under the fields (a 422 and a 400 key a field alike)', () => {
    const unprocessable = new ApiCallError(
      422,
      { message: 'The given data was invalid.', errors: { invoice_number: ['taken'], due_date: ['early'] } },
      '/x',
    );
    expect(describeCreateFailure(unprocessable)).toEqual({
      fields: { invoice_number: 'taken', due_date: 'early' },
      message: null,
    });
    const bad = new ApiCallError(
      400,
      { message: 'Invalid request', errors: { invoice_amount: ['must be greater than 0'] } },
      '/x',
    );
    expect(describeCreateFailure(bad)).toEqual({ fields: { invoice_amount: 'must be greater than 0' }, message: null });
  });

  it('shows the server message when no field is named', () => {
    expect(describeCreateFailure(new ApiCallError(403, { message: 'access denied' }, '/x'))).toEqual({
      fields: {},
      message: 'access denied',
    });
  });
});
