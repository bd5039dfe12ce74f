import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box } from '@mui/material';
import { exportApInvoicesRoute } from '@keystone/contracts';
import { ListExportButton } from '../../../lib/list-export';
import { SavedViewsControl } from '../../../lib/saved-views';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { useInvoices } from '../api/invoices-api';
import { InvoiceCreateForm } from './invoice-create-form';
import { invoiceFilterParams, invoiceFilterValuesFromParams, toInvoiceFilters } from './invoice-filters';
import { InvoiceSearchForm } from './invoice-search-form';
import { InvoiceTable } from './invoice-table';
import { TimedNotice, useTimedNotice } from './timed-notice';

/**
 * /accounts-payable-invoices (001 §2): the create form, the search and the invoice table. The search's filters are
 * the URL's query in the list's parameter names (a search hit opens `?invoice_number=…&vendor=…`).
 */
export function InvoicesPage() {
  const canCreate = useCan('ap-invoices:create');
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const values = useMemo(() => invoiceFilterValuesFromParams(new URLSearchParams(query)), [query]);
  const filters = useMemo(() => toInvoiceFilters(values), [values]);
  // The page belongs to the filters it was chosen under: new filters start at the first page.
  const [paged, setPaged] = useState({ query, page: 0 });
  const page = paged.query === query ? paged.page : 0;
  const setPage = (next: number) => setPaged({ query, page: next });
  const invoices = useInvoices({ ...filters, page: page + 1 });
  const { notice, show, clear } = useTimedNotice();

  return (
    <Page
      title="Accounts Payable Invoices"
      actions={<SavedViewsControl list="ap-invoices" onApplied={() => setPage(0)} />}
    >
      {canCreate && <InvoiceCreateForm />}
      {/* Keyed by the query, so a hit opened while on the page shows its filters in the fields. */}
      <InvoiceSearchForm
        key={query}
        initial={values}
        onSearch={(next) => {
          setParams(invoiceFilterParams(next), { replace: true });
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
        onClearFilters={() => setParams(new URLSearchParams(), { replace: true })}
        canCreate={canCreate}
      />
    </Page>
  );
}
