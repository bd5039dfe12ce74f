import { useState } from 'react';
import { Box } from '@mui/material';
import { exportApInvoicesRoute } from '@keystone/contracts';
import { ListExportButton } from '../../../lib/list-export';
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
  const [filters, setFilters] = useState<TInvoiceFilters>({});
  const [page, setPage] = useState(0);
  // Clear filters (the empty table's) also empties the search form: a new key gives it fresh fields.
  const [clearCount, setClearCount] = useState(0);
  const invoices = useInvoices({ ...filters, page: page + 1 });
  const { notice, show, clear } = useTimedNotice();

  return (
    <Page title="Accounts Payable Invoices">
      {canCreate && <InvoiceCreateForm />}
      <InvoiceSearchForm
        key={clearCount}
        onSearch={(next) => {
          setFilters(next);
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
        filtered={Object.keys(filters).length > 0}
        onClearFilters={() => {
          setClearCount((n) => n + 1);
          setFilters({});
          setPage(0);
        }}
        canCreate={canCreate}
      />
    </Page>
  );
}
