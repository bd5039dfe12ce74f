import { useState } from 'react';
import { Alert, LinearProgress, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { FULFILLMENT_WAREHOUSES, defaultGenericRange } from '@keystone/contracts';
import { useGenericTransactions, useShippingCompanies, type GenericFilters } from '../api/shipping-reconciliation-api';
import { queryErrorText } from './query-error';
import { ReconciliationDashboard } from './reconciliation-dashboard';
import { ReconciliationFrame, useMockSwitch } from './reconciliation-frame';

const DATE_FORMAT = 'YYYY-MM-DD';

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={date && date.isValid() ? date : null}
      onChange={(next: Dayjs | null) => {
        if (next === null) onChange('');
        else if (next.isValid()) onChange(next.format(DATE_FORMAT));
      }}
      slotProps={{ textField: { size: 'small', sx: { width: { xs: '100%', sm: 170 } } }, field: { clearable: true } }}
    />
  );
}

/** 002 §2 /shipping-reconciliation/generic: transactions by date shipped (default one month ago to today, 002 §9), warehouse and carrier. */
export function GenericReconciliationPage() {
  const { mock, control } = useMockSwitch();
  const [filters, setFilters] = useState<GenericFilters>(() => ({
    ...defaultGenericRange(),
    fulfillmentWarehouse: '',
    shippingCompany: '',
  }));
  const companies = useShippingCompanies(mock);
  const transactions = useGenericTransactions(filters, mock);
  const set = (name: keyof GenericFilters) => (value: string) => setFilters((f) => ({ ...f, [name]: value }));
  return (
    <ReconciliationFrame title="Generic Shipping Reconciliation" mockControl={control}>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <DateFilter label="From" value={filters.from} onChange={set('from')} />
            <DateFilter label="To" value={filters.to} onChange={set('to')} />
            <TextField
              select
              size="small"
              label="Fulfillment Warehouse"
              value={filters.fulfillmentWarehouse}
              onChange={(e) => set('fulfillmentWarehouse')(e.target.value)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">All</MenuItem>
              {FULFILLMENT_WAREHOUSES.map((w) => (
                <MenuItem key={w} value={w}>
                  {w}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Shipping Company"
              value={filters.shippingCompany}
              onChange={(e) => set('shippingCompany')(e.target.value)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">All</MenuItem>
              {(companies.data ?? []).map((c) => (
                <MenuItem key={c.ship_company} value={c.ship_company}>
                  {c.ship_company}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Paper>
        {transactions.isFetching ? <LinearProgress /> : null}
        {transactions.isError ? <Alert severity="error">{queryErrorText(transactions.error)}</Alert> : null}
        {transactions.data ? <ReconciliationDashboard result={transactions.data} mock={mock} /> : null}
      </Stack>
    </ReconciliationFrame>
  );
}
