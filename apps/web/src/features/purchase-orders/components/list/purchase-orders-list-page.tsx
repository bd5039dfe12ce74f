import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { exportPurchaseOrdersRoute } from '@keystone/contracts';
import { Page } from '../../../../shell/page';
import { DeferredMount } from '../../../../lib/deferred-mount';
import { EmptyState } from '../../../../lib/empty-state';
import { ListExportButton } from '../../../../lib/list-export';
import { newPoTarget } from '../../../../lib/po-links';
import { useCan, useSession } from '../../../../lib/session-store';
import { SavedViewsControl, savedViewsQuery } from '../../../../lib/saved-views';
import { useStableCallback } from '../../../../lib/stable-callback';
import {
  currentUserQuery,
  poListQuery,
  poStatusesQuery,
  receivingLocationsQuery,
  usePurchaseOrders,
} from '../../api/purchase-order-list';
import { vendorsQuery } from '../../api/vendors';
import { serverFailure } from '../vendors/vendor-form';
import { CreatePoPanel } from './create-po-panel';
import { PoFilters } from './po-filters';
import { PoLinesByModelTable } from './po-lines-by-model-table';
import {
  filtersFromParams,
  hasFilters,
  listCallFor,
  PO_FILTER_NAMES,
  readStoredPage,
  readStoredPerPage,
  sortFromParams,
  storePage,
  storePerPage,
  type TPoFilters,
  type TPoSortColumn,
  type TSortOrder,
} from './po-list-state';
import { PoTable } from './po-table';

const SORT_ORDER_LABELS: Record<TSortOrder, string> = { asc: 'Ascending', desc: 'Descending' };

/**
 * The list's first reads, started as this module arrives on a first load (lazyPage's `reads`): the page of POs the
 * query string and the stored page ask for, and what the filters and the Create PO panel list.
 */
export function purchaseOrdersListReads(client: QueryClient): void {
  const params = new URLSearchParams(window.location.search);
  const list = listCallFor(params, filtersFromParams(params), readStoredPage(), readStoredPerPage());
  if (!list.byModel) void client.prefetchQuery(poListQuery(list.query));
  void client.prefetchQuery(savedViewsQuery('purchase-orders'));
  void client.prefetchQuery(poStatusesQuery);
  void client.prefetchQuery(vendorsQuery);
  void client.prefetchQuery(receivingLocationsQuery);
  void client.prefetchQuery(currentUserQuery(useSession.getState().username));
}

/**
 * /purchase-orders (000 §2): the Create PO panel, the filters (in the query string), and the PO list with
 * server-side pages and sorting; the page number (and the page size) are kept in local storage. With a model
 * number filter, the model's PO lines replace the PO table.
 */
export function PurchaseOrdersListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const canCreatePo = useCan('purchase-order:create');
  // One object per query string, so the memoized filters and table below see a change only when there is one.
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [page, setPageState] = useState(readStoredPage);
  const [perPage, setPerPageState] = useState(readStoredPerPage);
  const { sortBy, sortOrder } = sortFromParams(params);

  const setPage = useStableCallback((next: number) => {
    storePage(next);
    setPageState(next);
  });
  const setPerPage = useStableCallback((next: number) => {
    storePerPage(next);
    setPerPageState(next);
    setPage(1);
  });
  // The query string as last written. React Router's functional update starts from the params of the last render,
  // so two filters applied before the page renders again (two debounced fields typed within one debounce) would
  // each start from the same old string and the second would undo the first; every update starts from this instead.
  const latest = useRef({ rendered: params, current: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, current: params };
  /** Filters replace the current history entry, so Back leaves the list rather than undoing keystrokes. */
  const setFilters = useStableCallback((updates: Partial<TPoFilters & Record<'sortBy' | 'sortOrder', string>>) => {
    const next = new URLSearchParams(latest.current.current);
    for (const [name, value] of Object.entries(updates)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    latest.current.current = next;
    setParams(next, { replace: true });
    setPage(1);
  });
  // Clearing also drops text typed but not yet applied, so a pending keystroke cannot bring a filter back.
  const [clearCount, setClearCount] = useState(0);
  const clearFilters = useStableCallback(() => {
    setClearCount((n) => n + 1);
    setFilters(Object.fromEntries(PO_FILTER_NAMES.map((n) => [n, ''])));
  });
  // The sort is in the query string too (sortBy, sortOrder), so a saved view holds it.
  const setSort = (by: TPoSortColumn, order: TSortOrder) => setFilters({ sortBy: by, sortOrder: order });
  const sort = useStableCallback((column: TPoSortColumn) =>
    setSort(column, column === sortBy && sortOrder === 'asc' ? 'desc' : 'asc'),
  );

  const { byModel, query: listQuery } = listCallFor(params, filters, page, perPage);
  const list = usePurchaseOrders(listQuery, !byModel);
  const total = list.data?.total;

  // A stored page past the end of the current results (fewer POs, another filter) falls back to the last page.
  useEffect(() => {
    if (byModel || total === undefined) return;
    const last = Math.max(1, Math.ceil(total / perPage));
    if (page > last) {
      storePage(last);
      setPageState(last);
    }
  }, [byModel, total, perPage, page]);

  // The table renders from a deferred copy of the answer: a query's answer re-renders the page at once (TanStack
  // Query's store updates are synchronous), and the 25 rows follow in a render React can interrupt, so the page
  // answers input while they are built (docs/performance.md, "Lighthouse desktop on the PO list").
  const answer = list.data;
  const filtered = hasFilters(filters);
  const table = useDeferredValue(
    useMemo(
      () =>
        answer && {
          rows: answer.data,
          total: answer.total,
          totalCapped: answer.totalCapped,
          page,
          perPage,
          sortBy,
          sortOrder,
          filtered,
        },
      [answer, page, perPage, sortBy, sortOrder, filtered],
    ),
  );
  const noMatch = useMemo(
    () => (
      <EmptyState
        kind="no-match"
        message="No purchase orders match these filters."
        action={{ label: 'Clear filters', onClick: clearFilters }}
        testId="po-no-results"
      />
    ),
    [clearFilters],
  );
  const noneYet = useMemo(
    () => (
      <EmptyState
        kind="none"
        message="No purchase orders yet."
        action={
          canCreatePo
            ? {
                label: 'Create a PO',
                onClick: () => {
                  const target = newPoTarget();
                  void navigate(target.to, { state: target.state });
                },
              }
            : null
        }
        testId="po-none-yet"
      />
    ),
    [canCreatePo, navigate],
  );

  return (
    <Page title="Purchase Orders" actions={<SavedViewsControl list="purchase-orders" onApplied={() => setPage(1)} />}>
      <CreatePoPanel />
      {/* The first commit is the panel, then the filters, then the list: three tasks rather than one long one. */}
      <DeferredMount>
        <PoFilters key={clearCount} filters={filters} onChange={setFilters} onClear={clearFilters} />
        <DeferredMount>
          {byModel ? (
            <PoLinesByModelTable model={filters.modelNumber} />
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="po-count">
                  {total === undefined ? '' : `${total} purchase order${total === 1 ? '' : 's'}`}
                </Typography>
                <Button
                  size="small"
                  startIcon={sortOrder === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
                  onClick={() => setSort(sortBy, sortOrder === 'asc' ? 'desc' : 'asc')}
                  data-testid="sort-order-toggle"
                  aria-label={`Sort order: ${SORT_ORDER_LABELS[sortOrder]}. Toggle`}
                >
                  {SORT_ORDER_LABELS[sortOrder]}
                </Button>
                <ListExportButton route={exportPurchaseOrdersRoute} query={listQuery} />
              </Box>
              {list.isFetching && <LinearProgress sx={{ mb: 1 }} />}
              {list.isError && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {serverFailure(list.error).message}
                </Alert>
              )}
              {table && (
                <PoTable
                  rows={table.rows}
                  total={table.total}
                  totalCapped={table.totalCapped}
                  page={table.page}
                  perPage={table.perPage}
                  sortBy={table.sortBy}
                  sortOrder={table.sortOrder}
                  onSort={sort}
                  onPageChange={setPage}
                  onPerPageChange={setPerPage}
                  empty={table.filtered ? noMatch : noneYet}
                />
              )}
            </>
          )}
        </DeferredMount>
      </DeferredMount>
    </Page>
  );
}
