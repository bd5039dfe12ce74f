import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  formatUsd,
  noCommittedSaleResultsMessage,
  SALES_CHANNEL_NAMES,
  type TCommittedSale,
  type TSalesChannel,
} from '@keystone/contracts';

/** The unit price, channel and ship-to state the point of sale sent, e.g. "$499.99 · Amazon · TX". */
function soldFor(s: TCommittedSale): string {
  const channel = s.sales_channel ? (SALES_CHANNEL_NAMES[s.sales_channel as TSalesChannel] ?? s.sales_channel) : null;
  return [s.unit_price_cents === null ? null : formatUsd(s.unit_price_cents), channel, s.ship_to_state]
    .filter(Boolean)
    .join(' · ');
}
import { formatTimestamp } from '../../../lib/format-date';
import { Page } from '../../../shell/page';
import { LiveIndicator } from '../../../lib/live/live-indicator';
import { useCommittedSales } from '../api/committed-sales-api';
import { SaleActionDialog, type TSaleAction } from './sale-action-dialog';
import { loadFailureText } from './sale-result';
import { filterCommittedSales } from './sale-search';

const productPath = (model: string) => `/inventory/detail/model/${encodeURIComponent(model)}`;
const serialList = (s: TCommittedSale) => s.serials.map((x) => x.serial_number).join(', ');

function ModelLink({ sale }: { sale: TCommittedSale }) {
  return (
    <Link component={RouterLink} to={productPath(sale.product.model)} data-testid="sale-model-link">
      {sale.product.model}
    </Link>
  );
}

function RowActions({ sale, onAction }: { sale: TCommittedSale; onAction(a: TSaleAction): void }) {
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => onAction({ kind: 'transact', sale })}
        aria-label={`Transact ${sale.ims_transaction_reference_id}`}
      >
        Transact
      </Button>
      <Button
        size="small"
        onClick={() => onAction({ kind: 'finish', invoiceId: sale.legacy_pos_invoice_id })}
        aria-label={`Finish invoice ${sale.legacy_pos_invoice_id}`}
      >
        Finish Invoice
      </Button>
    </>
  );
}

/** Desk width: one table row per sale with every 001 §3 field. */
function SalesTable({ sales, onAction }: { sales: TCommittedSale[]; onAction(a: TSaleAction): void }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Committed sales" data-testid="committed-sales-table">
        <TableHead>
          <TableRow>
            {[
              'Reference',
              'Invoice',
              'Model',
              'Title',
              'Qty',
              'Sold For',
              'Source Bucket',
              'Scanning Required',
              'Serials',
              'Notes',
              'Created At',
              'Actions',
            ].map((h) => (
              <TableCell key={h} align={h === 'Qty' ? 'right' : undefined} sx={{ whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sales.map((s) => (
            <TableRow key={s.id} hover data-testid="committed-sale-row" data-reference={s.ims_transaction_reference_id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.ims_transaction_reference_id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.legacy_pos_invoice_id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <ModelLink sale={s} />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>{s.product.product_title}</TableCell>
              <TableCell align="right">{s.committed_quantity}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{soldFor(s) || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.source_bucket}</TableCell>
              <TableCell>{s.scanning_required ? 'Yes' : 'No'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 200 }}>{serialList(s) || '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120, maxWidth: 220 }}>
                {s.commit_notes ?? ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(s.created_at)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1, whiteSpace: 'nowrap' }}>
                  <RowActions sale={s} onAction={onAction} />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phone width: a card per sale, the invoice and model first, the actions at hand; nothing scrolls sideways. */
function SalesCards({ sales, onAction }: { sales: TCommittedSale[]; onAction(a: TSaleAction): void }) {
  return (
    <Stack spacing={1.5} data-testid="committed-sales-cards">
      {sales.map((s) => (
        <Card
          key={s.id}
          variant="outlined"
          data-testid="committed-sale-row"
          data-reference={s.ims_transaction_reference_id}
        >
          <CardContent sx={{ pb: 0 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
              <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
                Invoice {s.legacy_pos_invoice_id}
              </Typography>
              <Typography variant="subtitle1" sx={{ whiteSpace: 'nowrap' }}>
                × {s.committed_quantity}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <ModelLink sale={s} /> · {s.product.product_title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {[
                s.ims_transaction_reference_id,
                soldFor(s) || null,
                s.source_bucket,
                s.scanning_required ? 'Scanning required' : null,
                formatTimestamp(s.created_at),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {s.serials.length > 0 && (
              <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
                Serials: {serialList(s)}
              </Typography>
            )}
            {s.commit_notes && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {s.commit_notes}
              </Typography>
            )}
          </CardContent>
          <CardActions>
            <RowActions sale={s} onAction={onAction} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /boards/committed-sales (001 §2): the open committed sales, searchable by invoice and model (001 §5), with the
 * Finish by Invoice and Manually Transact Sale dialogs. A table at desk width, cards on a phone. `?search=` sets the
 * search it opens with.
 */
export function CommittedSalesPage() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const { data, isPending, isError, error, isFetching } = useCommittedSales();
  // ?search= opens the board searched (a committed-sale serial card's invoice link).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => (params.get('search') ?? '').slice(0, 100));
  const [action, setAction] = useState<TSaleAction | null>(null);
  const sales = useMemo(() => filterCommittedSales(data ?? [], search), [data, search]);
  const noMatch = !!data && search.trim() !== '' && sales.length === 0;

  return (
    <Page
      title="Committed Sales"
      actions={
        <>
          <LiveIndicator />
          <Button variant="contained" onClick={() => setAction({ kind: 'finish', invoiceId: '' })}>
            Finish by Invoice
          </Button>
        </>
      }
    >
      <TextField
        label="Search by invoice or model"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        fullWidth
        size="small"
        sx={{ mb: 2, maxWidth: { md: 420 } }}
        error={noMatch}
        helperText={noMatch ? noCommittedSaleResultsMessage(search) : ' '}
        slotProps={{
          htmlInput: { maxLength: 100, 'data-testid': 'committed-sales-search' },
          formHelperText: { 'data-testid': 'committed-sales-helper' } as object,
        }}
      />
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && !isPending && <LinearProgress aria-label="Refreshing" />}</Box>
      {isPending && (
        <Box role="status" data-testid="committed-sales-loading">
          <LinearProgress />
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Loading committed sales…
          </Typography>
        </Box>
      )}
      {isError && (
        <Alert severity="error" data-testid="committed-sales-error" sx={{ overflowWrap: 'anywhere' }}>
          {loadFailureText(error)}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography color="text.secondary" data-testid="committed-sales-empty">
          No committed sales are waiting.
        </Typography>
      )}
      {sales.length > 0 &&
        (narrow ? (
          <SalesCards sales={sales} onAction={setAction} />
        ) : (
          <SalesTable sales={sales} onAction={setAction} />
        ))}
      <SaleActionDialog action={action} onClose={() => setAction(null)} />
    </Page>
  );
}
