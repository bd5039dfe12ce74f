import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import {
  NO_DATA_AVAILABLE_MESSAGE,
  NO_PRODUCT_MODEL_MESSAGE,
  SIMULATION_PAGE_SIZE,
  type TFinalInventoryRow,
  type TSimulationEvent,
  type TSimulationEventsSummary,
} from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { formatTimestamp } from '../../../lib/format-date';
import { useSimulationHistory, type SimulationState } from '../api/simulation-api';
import { formatCount } from '../../../lib/format-number';

const OnHandChart = lazy(() => import('./on-hand-chart').then((m) => ({ default: m.OnHandChart })));

const TYPE_LABELS: Record<string, string> = {
  INVENTORY_RECEIPT: 'Receipt',
  INVENTORY_UNRECEIPT: 'Un-receipt',
  INVENTORY_TRANSFER: 'Transfer',
  INVENTORY_SALE: 'Sale',
  INVENTORY_AUDIT_ADJUSTMENT: 'Audit adjustment',
  INVENTORY_OPENING_BALANCE: 'Opening balance',
};
const typeLabel = (type: string) => TYPE_LABELS[type] ?? type;
/** Columns left out on a phone, where the figures must fit. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } };
const n = formatCount;
const signed = (value: number) => (value > 0 ? `+${n(value)}` : n(value));

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Progress({ state, onCancel }: { state: SimulationState; onCancel: () => void }) {
  const total = state.totalEvents;
  const value = total ? Math.min(100, (state.eventsLoaded / total) * 100) : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="simulation-progress">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography sx={{ flex: 1 }} aria-live="polite">
          {state.pagesLoaded === 0
            ? 'Loading history…'
            : `Loaded ${state.pagesLoaded} ${state.pagesLoaded === 1 ? 'page' : 'pages'}: ${n(state.eventsLoaded)} of ${n(total ?? 0)} events`}
        </Typography>
        <Button variant="outlined" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
      <LinearProgress variant={total ? 'determinate' : 'indeterminate'} value={value} />
    </Paper>
  );
}

function FinalHistory({ rows }: { rows: TFinalInventoryRow[] }) {
  const differing = rows.filter((r) => !r.matches);
  return (
    <Section title="Final Inventory History" testId="final-inventory-history">
      {rows.length === 0 ? (
        <Typography>No Inventory Available</Typography>
      ) : differing.length === 0 ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          The replayed ledger equals on-hand in every bucket.
        </Alert>
      ) : (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="final-mismatch">
          The replayed ledger differs from on-hand in {differing.length} {differing.length === 1 ? 'bucket' : 'buckets'}
          : {differing.map((r) => r.bucket).join(', ')}.
        </Alert>
      )}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Bucket</TableCell>
                <TableCell sx={WIDE_ONLY}>Location</TableCell>
                <TableCell sx={WIDE_ONLY}>Condition</TableCell>
                <TableCell align="right">Replayed</TableCell>
                <TableCell align="right">On Hand</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Difference
                </TableCell>
                <TableCell>Check</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const color = r.matches ? undefined : 'error.main';
                return (
                  <TableRow
                    key={r.bucket}
                    data-testid={`final-row-${r.bucket}`}
                    sx={r.matches ? undefined : { bgcolor: 'error.50' }}
                  >
                    <TableCell sx={{ color, fontWeight: r.matches ? undefined : 700 }}>{r.bucket}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{r.location_code ?? '—'}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{r.condition_code ?? '—'}</TableCell>
                    <TableCell align="right">{n(r.replayed_quantity)}</TableCell>
                    <TableCell align="right" sx={{ color }}>
                      {n(r.on_hand_quantity)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...WIDE_ONLY, color }}>
                      {signed(r.difference)}
                    </TableCell>
                    <TableCell>
                      {r.matches ? (
                        <Chip size="small" color="success" label="Matches" />
                      ) : (
                        <Chip size="small" color="error" label={`Differs ${signed(r.difference)}`} />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

function TotalsTable({
  first,
  rows,
}: {
  first: string;
  rows: { key: string; label: string; events: number; quantity_in: number; quantity_out: number; net_change: number }[];
}) {
  return (
    <Box sx={{ overflowX: 'auto', flex: 1, minWidth: 0 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{first}</TableCell>
            <TableCell align="right">Events</TableCell>
            <TableCell align="right">In</TableCell>
            <TableCell align="right">Out</TableCell>
            <TableCell align="right">Net</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.label}</TableCell>
              <TableCell align="right">{n(r.events)}</TableCell>
              <TableCell align="right">{n(r.quantity_in)}</TableCell>
              <TableCell align="right">{n(r.quantity_out)}</TableCell>
              <TableCell align="right">{signed(r.net_change)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function EventsSummary({ summary }: { summary: TSimulationEventsSummary }) {
  return (
    <Section title="Events Summary" testId="events-summary">
      <Typography sx={{ mb: 1 }} data-testid="events-summary-totals">
        {n(summary.events)} events from {formatTimestamp(summary.first_event_date)} to{' '}
        {formatTimestamp(summary.last_event_date)}: {n(summary.quantity_in)} in, {n(summary.quantity_out)} out, net{' '}
        {signed(summary.net_change)}.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TotalsTable
          first="Type"
          rows={summary.by_type.map((r) => ({ ...r, key: r.type, label: typeLabel(r.type) }))}
        />
        <TotalsTable first="Bucket" rows={summary.by_bucket.map((r) => ({ ...r, key: r.bucket, label: r.bucket }))} />
      </Stack>
    </Section>
  );
}

const COLUMNS: GridColDef<TSimulationEvent>[] = [
  { field: 'events_date', headerName: 'Date', width: 150, valueFormatter: (value: string) => formatTimestamp(value) },
  { field: 'type', headerName: 'Type', width: 130, valueFormatter: (value: string) => typeLabel(value) },
  {
    field: 'ims_transaction_reference_id',
    headerName: 'Reference',
    width: 130,
    renderCell: ({ value }) => (
      <Link component={RouterLink} to={`/inventory-transactions/${encodeURIComponent(String(value))}`}>
        {String(value)}
      </Link>
    ),
  },
  { field: 'document_reference', headerName: 'Document', width: 130 },
  { field: 'bucket', headerName: 'Bucket', width: 130 },
  {
    field: 'quantity_delta',
    headerName: 'Change',
    type: 'number',
    width: 90,
    renderCell: ({ value }) => (
      <Box component="span" sx={{ color: (value as number) < 0 ? 'error.main' : 'success.main' }}>
        {signed(value as number)}
      </Box>
    ),
  },
  { field: 'on_hand_after', headerName: 'Bucket On Hand', type: 'number', width: 130 },
  { field: 'total_on_hand_after', headerName: 'Total On Hand', type: 'number', width: 120 },
  { field: 'transacted_by', headerName: 'User', width: 130 },
  { field: 'notes', headerName: 'Notes', flex: 1, minWidth: 160 },
];

/** Every event, virtualised (the MIT grid pages by 100 at most; sorting and filtering run over all events). */
function EventsTable({ events }: { events: TSimulationEvent[] }) {
  return (
    <Section title={`Events (${n(events.length)})`} testId="simulation-events">
      <Box sx={{ height: 560, width: '100%' }}>
        <DataGrid
          rows={events}
          columns={COLUMNS}
          density="compact"
          disableRowSelectionOnClick
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 100, page: 0 } } }}
          showToolbar
        />
      </Box>
    </Section>
  );
}

function Results({ state }: { state: SimulationState }) {
  const events = state.events;
  const showChart = events.length > 0;
  return (
    <>
      {state.final && <FinalHistory rows={state.final} />}
      {showChart && (
        <Section title="On Hand Over Time" testId="on-hand-chart">
          <Suspense fallback={<Typography>Loading</Typography>}>
            <OnHandChart events={events} />
          </Suspense>
        </Section>
      )}
      {state.summary && <EventsSummary summary={state.summary} />}
      {events.length > 0 && <EventsTable events={events} />}
    </>
  );
}

function Simulation({ model, pageSize }: { model: string; pageSize?: number }) {
  const { state, cancel, restart } = useSimulationHistory(model, pageSize);
  const product = state.product;
  const empty = state.status === 'done' && state.events.length === 0 && (state.final?.length ?? 0) === 0;
  const heading = useMemo(
    () =>
      product && (
        <Typography sx={{ mb: 2 }} data-testid="simulation-product">
          <Link component={RouterLink} to={`/inventory/detail/model/${encodeURIComponent(product.model)}`}>
            {product.model}
          </Link>
          {product.product_title ? ` — ${product.product_title}` : ''}
        </Typography>
      ),
    [product],
  );
  if (state.status === 'error' && state.error?.status === 404) {
    return (
      <>
        <Typography>{NO_DATA_AVAILABLE_MESSAGE}</Typography>
        <Typography color="text.secondary">{state.error.message}</Typography>
      </>
    );
  }
  return (
    <>
      {heading}
      {state.status === 'loading' && <Progress state={state} onCancel={cancel} />}
      {state.status === 'cancelled' && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={restart}>
              Load Again
            </Button>
          }
        >
          Cancelled after {state.pagesLoaded} {state.pagesLoaded === 1 ? 'page' : 'pages'}: {n(state.eventsLoaded)} of{' '}
          {n(state.totalEvents ?? 0)} events loaded. The events summary and final inventory history come with the last
          page.
        </Alert>
      )}
      {state.status === 'error' && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={restart}>
              Retry
            </Button>
          }
        >
          {state.error?.message ?? 'There was an error.'}
        </Alert>
      )}
      {state.status === 'done' && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="simulation-loaded">
          {n(state.eventsLoaded)} events in {state.pagesLoaded} {state.pagesLoaded === 1 ? 'page' : 'pages'}.
        </Typography>
      )}
      {empty ? (
        <Typography>{NO_DATA_AVAILABLE_MESSAGE}</Typography>
      ) : (
        state.status !== 'loading' && <Results state={state} />
      )}
    </>
  );
}

/**
 * /inventory/simulation?model= (001 §2): the model's ledger replayed from the server, paged until done, with the
 * final inventory history (replayed vs on-hand), on-hand per bucket over time, the events summary and every event.
 * `pageSize` in the address asks the server for smaller pages (tests; at most 5,000).
 */
export function SimulationPage() {
  const [search] = useSearchParams();
  const model = search.get('model')?.trim() ?? '';
  const sizeText = search.get('pageSize');
  const pageSize =
    sizeText && /^\d+$/.test(sizeText) ? Math.min(Math.max(1, Number(sizeText)), SIMULATION_PAGE_SIZE) : undefined;
  return (
    <Page title="Inventory Events Simulation">
      {model ? (
        <Simulation key={`${model}/${pageSize ?? ''}`} model={model} pageSize={pageSize} />
      ) : (
        <Typography>{NO_PRODUCT_MODEL_MESSAGE}</Typography>
      )}
    </Page>
  );
}
