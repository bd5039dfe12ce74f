import { useState, type FormEvent } from 'react';
import { Box, Button, Paper, TextField } from '@mui/material';
import { INVOICE_AMOUNT_STEP, type TApInvoiceSearch } from '@keystone/contracts';
import { useFinanceCompanies, useInvoiceVendors } from '../api/invoices-api';
import { CompanySelect } from './company-select';
import { DateField } from '../../../shell/date-field';

/** The filters of `GET accounts-payable-invoice` (001 §7), without paging. */
export type TInvoiceFilters = Omit<TApInvoiceSearch, 'page' | 'per_page'>;

interface TFilterValues {
  invoice_number: string;
  invoice_amount: string;
  vendor: number | null;
  finance_company: number | null;
  invoice_date: string;
  purchase_date: string;
  due_date: string;
}

const EMPTY: TFilterValues = {
  invoice_number: '',
  invoice_amount: '',
  vendor: null,
  finance_company: null,
  invoice_date: '',
  purchase_date: '',
  due_date: '',
};

/** Only the filled filters are sent. */
export function toInvoiceFilters(values: TFilterValues): TInvoiceFilters {
  const filters: TInvoiceFilters = {};
  if (values.invoice_number.trim()) filters.invoice_number = values.invoice_number.trim();
  if (values.invoice_amount.trim()) filters.invoice_amount = values.invoice_amount.trim();
  if (values.vendor !== null) filters.vendor = values.vendor;
  if (values.finance_company !== null) filters.finance_company = values.finance_company;
  if (values.invoice_date) filters.invoice_date = values.invoice_date;
  if (values.purchase_date) filters.purchase_date = values.purchase_date;
  if (values.due_date) filters.due_date = values.due_date;
  return filters;
}

const asId = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v) || null);

/** The form's fields for filters already applied (the URL's). */
export function fromInvoiceFilters(filters: TInvoiceFilters): TFilterValues {
  return {
    invoice_number: String(filters.invoice_number ?? ''),
    invoice_amount: String(filters.invoice_amount ?? ''),
    vendor: asId(filters.vendor),
    finance_company: asId(filters.finance_company),
    invoice_date: String(filters.invoice_date ?? ''),
    purchase_date: String(filters.purchase_date ?? ''),
    due_date: String(filters.due_date ?? ''),
  };
}

/** The invoice search: applied with Search, emptied with Clear; it opens showing the `applied` filters. */
export function InvoiceSearchForm({
  applied = {},
  onSearch,
}: {
  applied?: TInvoiceFilters;
  onSearch: (filters: TInvoiceFilters) => void;
}) {
  const vendors = useInvoiceVendors();
  const financeCompanies = useFinanceCompanies();
  const [values, setValues] = useState<TFilterValues>(() => fromInvoiceFilters(applied));
  const set = <K extends keyof TFilterValues>(key: K, value: TFilterValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(toInvoiceFilters(values));
  };
  const clearAll = () => {
    setValues(EMPTY);
    onSearch({});
  };

  return (
    <Paper component="form" aria-label="Search Invoices" noValidate onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}>
        <TextField
          size="small"
          label="Invoice Number"
          value={values.invoice_number}
          onChange={(e) => set('invoice_number', e.target.value)}
        />
        <TextField
          size="small"
          label="Invoice Amount"
          type="number"
          value={values.invoice_amount}
          onChange={(e) => set('invoice_amount', e.target.value)}
          slotProps={{ htmlInput: { step: INVOICE_AMOUNT_STEP, min: 0 } }}
        />
        <CompanySelect
          size="small"
          label="Vendor"
          options={vendors.data}
          loading={vendors.isLoading}
          value={values.vendor}
          onChange={(id) => set('vendor', id)}
        />
        <CompanySelect
          size="small"
          label="Finance Company"
          options={financeCompanies.data}
          loading={financeCompanies.isLoading}
          value={values.finance_company}
          onChange={(id) => set('finance_company', id)}
        />
        <DateField label="Invoice Date" value={values.invoice_date} onChange={(v) => set('invoice_date', v)} />
        <DateField label="Purchase Date" value={values.purchase_date} onChange={(v) => set('purchase_date', v)} />
        <DateField label="Due Date" value={values.due_date} onChange={(v) => set('due_date', v)} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button type="submit" variant="contained">
            Search
          </Button>
          <Button onClick={clearAll}>Clear</Button>
        </Box>
      </Box>
    </Paper>
  );
}
