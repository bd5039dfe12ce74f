import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  MenuItem,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  exportBinsRoute,
  BIN_DEFAULTS,
  BIN_MESSAGES,
  BIN_SEARCH_DEBOUNCE_MS,
  BIN_SUCCESS_CLOSE_MS,
  BIN_TABLE_HEIGHT,
  binsPageTitle,
  type TBin,
} from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';
import { EmptyState } from '../../../lib/empty-state';
import { formatTimestamp } from '../../../lib/format-date';
import { useCurrentLocation, useLocations } from '../../../lib/queries';
import { ListExportButton } from '../../../lib/list-export';
import { SavedViewsControl, useViewParams, VIEW_SORT_BY_PARAM, VIEW_SORT_ORDER_PARAM } from '../../../lib/saved-views';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { rowsPerPageOptions, TRANSFER_AND_BIN_TABLE_PAGES } from '../../../shell/table-pages';
import { BINS_QUERY_KEY, deleteBin, downloadBinLabels, useBins } from '../api/bins-api';
import { AddBinDialog } from './add-bin-dialog';

/** The sorts the page offers; the title follows the sort (001 §2). */
const SORTS = [
  { key: 'created_at:desc', label: 'Recently created' },
  { key: 'bin_name:asc', label: 'Bin name A-Z' },
  { key: 'bin_name:desc', label: 'Bin name Z-A' },
  { key: 'created_at:asc', label: 'Oldest first' },
  { key: 'condition_code:asc', label: 'Condition' },
] as const;

const assignmentPath = (b: Pick<TBin, 'locationCode' | 'binName'>) =>
  `/inventory/bins/assignment/${encodeURIComponent(b.locationCode)}/${encodeURIComponent(b.binName)}`;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Delete a bin: the server's id errors are shown; success shows for 1 s, then the dialog closes. */
function DeleteBinDialog({ bin, onClose, onDeleted }: { bin: TBin | null; onClose(): void; onDeleted(): void }) {
  const [state, setState] = useState<'idle' | 'deleting' | 'success'>('idle');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setState('idle');
    setError(null);
  }, [bin]);
  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => {
      onDeleted();
      onClose();
    }, BIN_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, onClose, onDeleted]);
  const submit = async () => {
    if (!bin) return;
    setState('deleting');
    try {
      await deleteBin(bin.id);
      setState('success');
    } catch (e) {
      setState('idle');
      const body = (e instanceof ApiCallError ? e.body : null) as {
        message?: string;
        errors?: Record<string, string[]>;
      } | null;
      setError(body?.errors?.id?.[0] ?? body?.message ?? 'The bin could not be deleted.');
    }
  };
  return (
    <Dialog open={!!bin} onClose={state === 'deleting' ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Delete Bin</DialogTitle>
      <DialogContent>
        {state === 'success' ? (
          <Alert severity="success" data-testid="delete-bin-success">
            Bin {bin?.binName} deleted.
          </Alert>
        ) : (
          <Typography>
            Delete bin <strong>{bin?.binName}</strong> of {bin?.locationCode}?
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="delete-bin-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state === 'deleting'}>
          {state === 'success' ? 'Close' : 'Cancel'}
        </Button>
        {state !== 'success' && (
          <Button
            color="error"
            variant="contained"
            onClick={() => void submit()}
            disabled={state === 'deleting'}
            data-testid="confirm-delete-bin"
          >
            Delete
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** A button that is disabled with the spec's tooltip without bin:admin (001 §6). */
function AdminButton({
  allowed,
  tooltip,
  children,
  ...props
}: { allowed: boolean; tooltip: string } & React.ComponentProps<typeof Button>) {
  if (allowed) return <Button {...props}>{children}</Button>;
  return (
    <Tooltip title={tooltip}>
      <span>
        <Button {...props} disabled>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * /inventory/bins (001 §2, §5, §9): the bins of a location, searched (500 ms debounce), sorted (the title follows
 * the sort), paged 5/10/25 (10 by default) in a 420 px table; Add New Bin Location and delete with bin:admin; labels
 * for the selected bins as PDF or ZPL; each bin's name opens its contents page.
 */
export function BinsPage() {
  const client = useQueryClient();
  const { data: allLocations } = useLocations();
  const current = useCurrentLocation();
  const locations = (allLocations ?? []).filter((l) => !l.includes('_'));
  // The location, search and sort are the URL's (a saved view keeps them); no location there: the current one.
  const [params, setParam] = useViewParams();
  const search = params.get('search') ?? '';
  const setSearch = (value: string) => setParam({ search: value });
  const urlSort = `${params.get(VIEW_SORT_BY_PARAM)}:${params.get(VIEW_SORT_ORDER_PARAM)}`;
  const sort = SORTS.some((s) => s.key === urlSort) ? urlSort : `${BIN_DEFAULTS.orderBy}:${BIN_DEFAULTS.sortDirection}`;
  const setSort = (key: string) => {
    const [by, order] = key.split(':') as [string, string];
    setParam({ [VIEW_SORT_BY_PARAM]: by, [VIEW_SORT_ORDER_PARAM]: order });
  };
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(TRANSFER_AND_BIN_TABLE_PAGES.initial);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TBin | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const isAdmin = useCan('bin:admin');
  const searchTerm = useDebounced(search.trim(), BIN_SEARCH_DEBOUNCE_MS);
  const [orderBy, sortDirection] = sort.split(':') as [string, string];

  const urlLocation = params.get('location');
  const location =
    urlLocation && locations.includes(urlLocation)
      ? urlLocation
      : current && locations.includes(current)
        ? current
        : locations.includes('KY01')
          ? 'KY01'
          : (locations[0] ?? '');
  const setLocation = (value: string) => setParam({ location: value });
  useEffect(() => setPage(0), [searchTerm, location, sort, perPage]);

  const { data, isPending, isError, isFetching } = useBins({
    locationCode: location,
    searchTerm,
    orderBy: orderBy as 'created_at',
    sortDirection: sortDirection as 'desc',
    page: page + 1,
    perPage,
  });
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: BINS_QUERY_KEY }), [client]);
  const rows = data?.data ?? [];
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const print = async (format: 'pdf' | 'zpl') => {
    setPrinting(true);
    try {
      await downloadBinLabels([...selected], format);
    } finally {
      setPrinting(false);
    }
  };
  const pageAllSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <Page
      title={binsPageTitle(orderBy, sortDirection)}
      actions={
        <>
          <SavedViewsControl list="bins" />
          <AdminButton
            allowed={isAdmin}
            tooltip={BIN_MESSAGES.noCreatePermission}
            variant="contained"
            onClick={() => setAdding(true)}
            data-testid="add-bin"
          >
            Add New Bin Location
          </AdminButton>
        </>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          select
          label="Location"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          size="small"
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'bins-location' } }}
        >
          {locations.map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Search bins"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          size="small"
          sx={{ width: { xs: '100%', sm: 250 } }}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'bins-search' } }}
        />
        <TextField
          select
          label="Sort"
          value={sort}
          onChange={(e) => setSort(e.target.value)}
          size="small"
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'bins-sort' } }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <Typography variant="body2" color="text.secondary">
          {selected.size} selected
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={!selected.size || printing}
          onClick={() => void print('pdf')}
          data-testid="print-labels-pdf"
        >
          Print Labels (PDF)
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={!selected.size || printing}
          onClick={() => void print('zpl')}
          data-testid="print-labels-zpl"
        >
          Labels for Zebra (ZPL)
        </Button>
        <Button size="small" onClick={() => setNotice(BIN_MESSAGES.comingSoon)} data-testid="view-bin-contents">
          View Bin Contents
        </Button>
        <ListExportButton
          route={exportBinsRoute}
          query={{
            locationCode: location,
            searchTerm,
            orderBy: orderBy as 'created_at',
            sortDirection: sortDirection as 'desc',
          }}
        />
      </Stack>
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading bins" />}</Box>
      <TableContainer sx={{ height: BIN_TABLE_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Bins" data-testid="bins-table">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={pageAllSelected}
                  onChange={() =>
                    setSelected(
                      (s) =>
                        new Set(
                          pageAllSelected
                            ? [...s].filter((id) => !rows.some((r) => r.id === id))
                            : [...s, ...rows.map((r) => r.id)],
                        ),
                    )
                  }
                  slotProps={{ input: { 'aria-label': 'Select all bins on this page' } }}
                />
              </TableCell>
              {['Bin Name', 'Condition', 'Units', 'Created', ''].map((h) => (
                <TableCell
                  key={h}
                  align={h === 'Units' ? 'right' : undefined}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((b) => (
              <TableRow key={b.id} hover data-testid="bin-row" data-bin={b.binName}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(b.id)}
                    onChange={() => toggle(b.id)}
                    slotProps={{ input: { 'aria-label': `Select ${b.binName}` } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={assignmentPath(b)}>
                    {b.binName}
                  </Link>
                </TableCell>
                <TableCell>{b.conditionCode}</TableCell>
                <TableCell align="right">{b.totalQuantity}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(b.createdAt)}</TableCell>
                <TableCell>
                  <AdminButton
                    allowed={isAdmin}
                    tooltip={BIN_MESSAGES.noPermission}
                    size="small"
                    color="error"
                    onClick={() => setDeleting(b)}
                    aria-label={`Delete ${b.binName}`}
                  >
                    Delete
                  </AdminButton>
                </TableCell>
              </TableRow>
            ))}
            {!isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  {isError ? (
                    <Typography color="text.secondary">There was an error.</Typography>
                  ) : searchTerm ? (
                    <EmptyState
                      kind="no-match"
                      message="No data to display."
                      hint={`No bin in ${location} matches "${searchTerm}".`}
                      action={{ label: 'Clear search', onClick: () => setSearch('') }}
                      testId="bins-no-results"
                    />
                  ) : (
                    <EmptyState
                      kind="none"
                      message="No data to display."
                      hint={`${location} has no bins yet.`}
                      action={isAdmin ? { label: 'Add New Bin Location', onClick: () => setAdding(true) } : null}
                      testId="bins-none-yet"
                    />
                  )}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        onPageChange={(_, p) => setPage(p)}
        rowsPerPage={perPage}
        rowsPerPageOptions={rowsPerPageOptions(TRANSFER_AND_BIN_TABLE_PAGES)}
        onRowsPerPageChange={(e) => setPerPage(Number(e.target.value))}
      />
      <AddBinDialog
        open={adding}
        locations={locations}
        defaultLocation={location}
        onClose={() => setAdding(false)}
        onCreated={refresh}
      />
      <DeleteBinDialog bin={deleting} onClose={() => setDeleting(null)} onDeleted={refresh} />
      <Snackbar
        open={!!notice}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="info" onClose={() => setNotice(null)} data-testid="bins-notice">
          {notice}
        </Alert>
      </Snackbar>
    </Page>
  );
}
