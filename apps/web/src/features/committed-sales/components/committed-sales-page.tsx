import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Link,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import {
  exportCommittedSalesRoute,
  formatUsd,
  missingSaleSerials,
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
import { Board, BoardCardHeading, BoardTable } from '../../../lib/board';
import { formatTimestamp } from '../../../lib/format-date';
import { ListExportButton } from '../../../lib/list-export';
import { SavedViewsControl, useViewParams } from '../../../lib/saved-views';
import { Page } from '../../../shell/page';
import { LiveIndicator } from '../../../lib/live/live-indicator';
import { useCommittedSales } from '../api/committed-sales-api';
import { SaleActionDialog, type TSaleAction } from './sale-action-dialog';
import { loadFailureText } from './sale-result';
import { filterCommittedSales } from './sale-search';

const productPath = (model: string) => `/inventory/detail/model/${encodeURIComponent(model)}`;
const serialList = (s: TCommittedSale) => s.serials.map((x) => x.serial_number).join(', ');

/**
 * The mark of a sale strict mode cannot transact yet: fewer committed serials than it needs (docs/decisions.md "Committed serials by scan"). Its name says
 * how many it has; its Transact dialog takes them by scan.
 */
function NeedsSerial({ sale }: { sale: TCommittedSale }) {
  const missing = missingSaleSerials(sale);
  if (!missing) return null;
  return (
    <Chip
      size="small"
      color="warning"
      label="Needs serial"
      role="note"
      aria-label={`Needs serial: ${sale.serials.length} of ${sale.serials_needed} committed`}
      data-testid="needs-serial"
    />
  );
}

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

const SALE_HEADERS = [
  'Reference',
  'Invoice',
  'Model',
  'Title',
  { label: 'Qty', align: 'right' },
  'Sold For',
  'Source Bucket',
  'Scanning Required',
  'Serials',
  'Notes',
  'Created At',
  'Actions',
] as const;

/** Desk width: one table row per sale with every 001 §3 field. */
function SalesTable({ sales, onAction }: { sales: TCommittedSale[]; onAction(a: TSaleAction): void }) {
  return (
    <BoardTable label="Committed sales" testId="committed-sales-table" headers={SALE_HEADERS}>
      {sales.map((s) => (
        <TableRow key={s.id} hover data-testid="committed-sale-row" data-reference={s.ims_transaction_reference_id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {s.ims_transaction_reference_id}
            {/* Under the reference, as narrow as it: the table keeps its width at a desk. */}
            <Box sx={{ mt: 0.5, '&:empty': { display: 'none' } }}>
              <NeedsSerial sale={s} />
            </Box>
          </TableCell>
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
    </BoardTable>
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
            <BoardCardHeading
              title={`Invoice ${s.legacy_pos_invoice_id}`}
              aside={
                <Typography variant="subtitle1" sx={{ whiteSpace: 'nowrap' }}>
                  × {s.committed_quantity}
                </Typography>
              }
            />
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
            <NeedsSerial sale={s} />
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
  const { data, isPending, isError, error, isFetching } = useCommittedSales();
  // The search is the URL's ?search= (a committed-sale serial card's invoice link opens the board searched).
  const [params, setParams] = useViewParams();
  const search = (params.get('search') ?? '').slice(0, 100);
  const setSearch = (value: string) => setParams({ search: value });
  const [action, setAction] = useState<TSaleAction | null>(null);
  const sales = useMemo(() => filterCommittedSales(data ?? [], search), [data, search]);
  const noMatch = !!data && search.trim() !== '' && sales.length === 0;

  return (
    <Page
      title="Committed Sales"
      actions={
        <>
          <SavedViewsControl list="committed-sales" />
          <LiveIndicator />
          <Button variant="contained" onClick={() => setAction({ kind: 'finish', invoiceId: '' })}>
            Finish by Invoice
          </Button>
        </>
      }
    >
      <Board
        testId="committed-sales"
        search={{
          label: 'Search by invoice or model',
          value: search,
          onChange: setSearch,
          maxWidth: 420,
          noMatch: noMatch ? noCommittedSaleResultsMessage(search) : null,
        }}
        pending={isPending}
        fetching={isFetching}
        loadingText="Loading committed sales…"
        errorText={isError ? loadFailureText(error) : null}
        emptyText={data && data.length === 0 ? 'No committed sales are waiting.' : null}
        exportButton={
          <ListExportButton route={exportCommittedSalesRoute} query={search.trim() ? { search: search.trim() } : {}} />
        }
        count={sales.length}
        table={() => <SalesTable sales={sales} onAction={setAction} />}
        cards={() => <SalesCards sales={sales} onAction={setAction} />}
      />
      <SaleActionDialog action={action} sales={data ?? []} onClose={() => setAction(null)} />
    </Page>
  );
}
