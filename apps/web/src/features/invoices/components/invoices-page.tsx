import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box } from '@mui/material';
import { exportApInvoicesRoute } from '@keystone/contracts';
import { ListExportButton } from '../../../lib/list-export';
import { paramsWithViewState, SavedViewsControl, viewStateFromParams } from '../../../lib/saved-views';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { useInvoices } from '../api/invoices-api';
import { InvoiceCreateForm } from './invoice-create-form';
import { InvoiceSearchForm, type TInvoiceFilters } from './invoice-search-form';
import { InvoiceTable } from './invoice-table';
import { TimedNotice, useTimedNotice } from './timed-notice';

/** /accounts-payable-invoices (001 §2): the create form, the search and the invoice table. */
export function InvoicesPage() {
  const canCreate = useCan('ap-invoices:create');
  // The applied filters live in the URL (by their query names), so a saved view holds them.
  const [params, setParams] = useSearchParams();
  const filters = viewStateFromParams('ap-invoices', params).filters as TInvoiceFilters;
  const filtersKey = JSON.stringify(filters);
  const [page, setPage] = useState(0);
  const invoices = useInvoices({ ...filters, page: page + 1 });
  const { notice, show, clear } = useTimedNotice();

  return (
    <Page
      title="Accounts Payable Invoices"
      actions={<SavedViewsControl list="ap-invoices" onApplied={() => setPage(0)} />}
    >
      {canCreate && <InvoiceCreateForm />}
      <InvoiceSearchForm
        key={filtersKey}
        applied={filters}
        onSearch={(next) => {
          const state = { filters: Object.fromEntries(Object.entries(next).map(([k, v]) => [k, String(v)])) };
          setParams(paramsWithViewState('ap-invoices', params, { ...state, sort: null, columns: null }), {
            replace: true,
          });
          setPage(0);
        }}
      />
      <TimedNotice notice={notice} onClose={clear} testId="invoice-table-notice" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <ListExportButton route={exportApInvoicesRoute} query={filters} />
      </Box>
      <InvoiceTable
        rows={invoices.data?.data}
        total={invoices.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        loading={invoices.isLoading}
        failed={invoices.isError}
        notify={show}
      />
    </Page>
  );
}
