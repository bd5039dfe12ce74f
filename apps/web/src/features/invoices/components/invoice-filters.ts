import { ZApInvoiceSearchSchema, type TApInvoiceSearch } from '@keystone/contracts';

/** The filters of `GET accounts-payable-invoice` (001 §7), without paging. */
export type TInvoiceFilters = Omit<TApInvoiceSearch, 'page' | 'per_page'>;

/** The search form's fields. */
export interface TInvoiceFilterValues {
  invoice_number: string;
  invoice_amount: string;
  vendor: number | null;
  finance_company: number | null;
  invoice_date: string;
  purchase_date: string;
  due_date: string;
}

export const EMPTY_INVOICE_FILTERS: TInvoiceFilterValues = {
  invoice_number: '',
  invoice_amount: '',
  vendor: null,
  finance_company: null,
  invoice_date: '',
  purchase_date: '',
  due_date: '',
};

const TEXT_NAMES = ['invoice_number', 'invoice_amount', 'invoice_date', 'purchase_date', 'due_date'] as const;
const ID_NAMES = ['vendor', 'finance_company'] as const;

/** Only the filled filters are sent. */
export function toInvoiceFilters(values: TInvoiceFilterValues): TInvoiceFilters {
  const filters: TInvoiceFilters = {};
  for (const name of TEXT_NAMES) if (values[name].trim()) filters[name] = values[name].trim();
  for (const name of ID_NAMES) if (values[name] !== null) filters[name] = values[name];
  return filters;
}

/** A value the list's query accepts for this filter (the contract's own rule), so a bad URL never asks for a 400. */
const accepted = (name: keyof TInvoiceFilters, value: string) =>
  value !== '' && ZApInvoiceSearchSchema.shape[name].safeParse(value).success;

/**
 * The form's fields from the list's URL (`/accounts-payable-invoices?invoice_number=…&vendor=…`, as a search hit
 * opens it); a missing or refused value is an empty field.
 */
export function invoiceFilterValuesFromParams(params: URLSearchParams): TInvoiceFilterValues {
  const values = { ...EMPTY_INVOICE_FILTERS };
  for (const name of TEXT_NAMES) {
    const value = (params.get(name) ?? '').trim();
    if (accepted(name, value)) values[name] = value;
  }
  for (const name of ID_NAMES) {
    const value = (params.get(name) ?? '').trim();
    if (accepted(name, value)) values[name] = Number(value);
  }
  return values;
}

/** The URL's query for the filters, in the list's own parameter names. */
export function invoiceFilterParams(filters: TInvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
  return params;
}
