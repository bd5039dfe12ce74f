import { useState, type FormEvent } from 'react';
import { Box, Button, Paper, TextField } from '@mui/material';
import { INVOICE_AMOUNT_STEP } from '@keystone/contracts';
import { useFinanceCompanies, useInvoiceVendors } from '../api/invoices-api';
import { CompanySelect } from './company-select';
import { DateField } from '../../../shell/date-field';
import {
  EMPTY_INVOICE_FILTERS,
  toInvoiceFilters,
  type TInvoiceFilters,
  type TInvoiceFilterValues,
} from './invoice-filters';

/** The invoice search: applied with Search, emptied with Clear; it opens with `initial` (the URL's filters). */
export function InvoiceSearchForm({
  initial,
  onSearch,
}: {
  initial: TInvoiceFilterValues;
  onSearch: (filters: TInvoiceFilters) => void;
}) {
  const vendors = useInvoiceVendors();
  const financeCompanies = useFinanceCompanies();
  const [values, setValues] = useState<TInvoiceFilterValues>(initial);
  const set = <K extends keyof TInvoiceFilterValues>(key: K, value: TInvoiceFilterValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(toInvoiceFilters(values));
  };
  const clearAll = () => {
    setValues(EMPTY_INVOICE_FILTERS);
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
