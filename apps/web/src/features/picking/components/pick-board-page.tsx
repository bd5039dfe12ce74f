import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  ALL_WAREHOUSES,
  PICK_LIST_MESSAGES,
  PICK_MESSAGES,
  PICK_WAREHOUSES,
  PRINT_SUCCESS_CLOSE_MS,
  pickBarcodeValue,
  shipPriorityLabel,
  type TPickItem,
} from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { errorRow } from '../../../lib/error-row';
import { EmptyState } from '../../../lib/empty-state';
import { formatDate, formatTimestamp } from '../../../lib/format-date';
import { LiveIndicator } from '../../../lib/live/live-indicator';
import { useCan, useSession } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { PICK_LIST_TABLE_PAGES, rowsPerPageOptions } from '../../../shell/table-pages';
import {
  openPickListDocument,
  PICK_LISTS_QUERY_KEY,
  printPickList,
  unprintPickItem,
  usePickList,
  type TPickTab,
} from '../api/picking-api';

type TPrintState =
  { kind: 'idle' } | { kind: 'printing' } | { kind: 'success'; count: number } | { kind: 'error'; lines: string[] };

const errorsOf = (e: unknown): Record<string, string[]> => {
  const body = e instanceof ApiCallError ? (e.body as { errors?: Record<string, string[]> } | null) : null;
  return body && typeof body === 'object' && body.errors ? body.errors : {};
};

function BinText({ item }: { item: TPickItem }) {
  return (
    <>
      {item.suggestedBin ? (
        item.suggestedBin.binName
      ) : (
        <Typography variant="caption" color="text.secondary">
          {PICK_MESSAGES.noBinToSuggest}
        </Typography>
      )}
    </>
  );
}

function ItemLink({ item }: { item: TPickItem }) {
  const code = pickBarcodeValue(item.pickListItemId);
  return item.pickListItemId ? (
    <Link component={RouterLink} to={`/pick-item/${item.pickListItemId}`} data-testid="pick-row-barcode">
      {code}
    </Link>
  ) : (
    <span data-testid="pick-row-barcode">{code}</span>
  );
}

function UnprintButton({ item, onUnprint }: { item: TPickItem; onUnprint(item: TPickItem): void }) {
  const allowed = useCan('bin:admin');
  const button = (
    <Button
      size="small"
      color="warning"
      disabled={!allowed}
      onClick={() => onUnprint(item)}
      aria-label={`Unprint ${pickBarcodeValue(item.pickListItemId)}`}
    >
      Unprint
    </Button>
  );
  return allowed ? (
    button
  ) : (
    <Tooltip title={PICK_LIST_MESSAGES.noPermission}>
      <span data-testid="unprint-denied">{button}</span>
    </Tooltip>
  );
}

interface RowsProps {
  items: TPickItem[];
  tab: TPickTab;
  selected: Set<string>;
  rowErrors: Record<string, string>;
  onToggle(item: TPickItem): void;
  onUnprint(item: TPickItem): void;
}

/** A row's selection box: warned rows cannot be selected (they cannot be printed). */
function SelectBox({
  item,
  selected,
  onToggle,
  error,
}: {
  item: TPickItem;
  selected: boolean;
  onToggle(item: TPickItem): void;
  error?: string;
}) {
  const box = (
    <Checkbox
      size="small"
      checked={selected}
      disabled={!!item.warning}
      onChange={() => onToggle(item)}
      slotProps={{ input: { 'aria-label': `Select ${item.transactionReferenceId}` } }}
    />
  );
  const tip = error ?? item.warning;
  return tip ? (
    <Tooltip title={tip}>
      <span data-testid={error ? 'pick-row-error' : undefined}>{box}</span>
    </Tooltip>
  ) : (
    box
  );
}

function PickTable({ items, tab, selected, rowErrors, onToggle, onUnprint }: RowsProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="pick-table">
        <TableHead>
          <TableRow>
            {tab === 'unprinted' && <TableCell padding="checkbox" />}
            <TableCell>Barcode</TableCell>
            <TableCell>Model</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell>Bin</TableCell>
            <TableCell>Ship priority</TableCell>
            <TableCell>Ship by</TableCell>
            <TableCell>Invoice</TableCell>
            <TableCell>Bucket</TableCell>
            {tab === 'unprinted' ? <TableCell>Warning</TableCell> : <TableCell>Printed</TableCell>}
            {tab === 'printed' && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const error = rowErrors[item.transactionReferenceId];
            return (
              <TableRow
                key={item.transactionReferenceId}
                hover
                selected={selected.has(item.transactionReferenceId)}
                sx={error ? errorRow : undefined}
                data-testid="pick-row"
              >
                {tab === 'unprinted' && (
                  <TableCell padding="checkbox">
                    <SelectBox
                      item={item}
                      selected={selected.has(item.transactionReferenceId)}
                      onToggle={onToggle}
                      error={error}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <ItemLink item={item} />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.model}</TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
                <TableCell>
                  <BinText item={item} />
                </TableCell>
                <TableCell>{shipPriorityLabel(item) ?? ''}</TableCell>
                <TableCell>{formatDate(item.shipByDate, '')}</TableCell>
                <TableCell>{item.invoice}</TableCell>
                <TableCell>{item.sourceBucket}</TableCell>
                {tab === 'unprinted' ? (
                  <TableCell sx={{ color: 'warning.dark' }}>{item.warning ?? ''}</TableCell>
                ) : (
                  <TableCell>
                    {formatTimestamp(item.printedAt)}
                    {item.printedBy ? ` · ${item.printedBy}` : ''}
                  </TableCell>
                )}
                {tab === 'printed' && (
                  <TableCell>
                    <UnprintButton item={item} onUnprint={onUnprint} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below `md`: a card per item, selection and actions at hand, nothing scrolls sideways. */
function PickCards({ items, tab, selected, rowErrors, onToggle, onUnprint }: RowsProps) {
  return (
    <Stack spacing={1}>
      {items.map((item) => {
        const error = rowErrors[item.transactionReferenceId];
        const priority = shipPriorityLabel(item);
        return (
          <Card
            key={item.transactionReferenceId}
            variant="outlined"
            data-testid="pick-row"
            sx={error ? { borderColor: 'error.main' } : undefined}
          >
            <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', '&:last-child': { pb: 1.5 } }}>
              {tab === 'unprinted' && (
                <SelectBox
                  item={item}
                  selected={selected.has(item.transactionReferenceId)}
                  onToggle={onToggle}
                  error={error}
                />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.model} × {item.quantity}
                </Typography>
                <Typography variant="body2">
                  <ItemLink item={item} /> · Bin <BinText item={item} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    priority,
                    item.shipByDate ? `ship by ${formatDate(item.shipByDate)}` : null,
                    item.invoice,
                    item.sourceBucket,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {item.warning && (
                  <Typography variant="body2" color="warning.dark">
                    {item.warning}
                  </Typography>
                )}
                {error && (
                  <Typography variant="body2" color="error">
                    {error}
                  </Typography>
                )}
              </Box>
              {tab === 'printed' && <UnprintButton item={item} onUnprint={onUnprint} />}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * /boards/pick (001 §2, §5): the unprinted and printed pick lists per warehouse (AZ02, TX01, KY01 or all), selection,
 * the print flow (printing → success closing after 1 s, or 'Error Printing' with per-row errors as tooltips) and the
 * printed list's PDF / ZPL, unprint with bin:admin. Live: another user's print, pick or sale refreshes it.
 */
export function PickBoardPage() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const queryClient = useQueryClient();
  const username = useSession((s) => s.username);
  const [tab, setTab] = useState<TPickTab>('unprinted');
  const [warehouse, setWarehouse] = useState<string>(ALL_WAREHOUSES);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PICK_LIST_TABLE_PAGES.initial);
  /** The selected unprinted items by reference (kept across pages: printing sends their data). */
  const [chosenItems, setChosen] = useState<Map<string, TPickItem>>(new Map());
  const selected = useMemo(() => new Set(chosenItems.keys()), [chosenItems]);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [print, setPrint] = useState<TPrintState>({ kind: 'idle' });
  const [lastList, setLastList] = useState<number | null>(null);
  const [unprintError, setUnprintError] = useState<string[] | null>(null);
  const { data, isPending, isError, error, isFetching } = usePickList(tab, warehouse, page, pageSize);
  const items = useMemo(() => data?.items ?? [], [data]);
  const shown = items;
  const setSelected = (refs: Set<string>) =>
    setChosen(
      new Map(items.filter((i) => refs.has(i.transactionReferenceId)).map((i) => [i.transactionReferenceId, i])),
    );

  // A selected row of this page that gained a warning (or left the list) is deselected: it cannot be printed.
  useEffect(() => {
    if (tab !== 'unprinted') return;
    const onPage = new Map(items.map((i) => [i.transactionReferenceId, i]));
    setChosen((c) => {
      const stale = [...c.keys()].filter((r) => onPage.get(r)?.warning);
      if (!stale.length) return c;
      const next = new Map(c);
      for (const r of stale) next.delete(r);
      return next;
    });
  }, [items, tab]);
  useEffect(() => {
    if (print.kind !== 'success') return;
    const timer = setTimeout(() => setPrint({ kind: 'idle' }), PRINT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [print]);

  // A page past the end (rows printed or picked meanwhile): go to the last page.
  useEffect(() => {
    if (data && page > 0 && page * pageSize >= data.total) setPage(Math.max(0, Math.ceil(data.total / pageSize) - 1));
  }, [data, page, pageSize]);
  const toggle = (item: TPickItem) =>
    setChosen((c) => {
      const next = new Map(c);
      if (next.has(item.transactionReferenceId)) next.delete(item.transactionReferenceId);
      else next.set(item.transactionReferenceId, item);
      return next;
    });
  const printable = items.filter((i) => !i.warning);
  const allSelected = printable.length > 0 && printable.every((i) => selected.has(i.transactionReferenceId));
  const selectPage = () =>
    setChosen((c) => {
      const next = new Map(c);
      for (const i of printable) {
        if (allSelected) next.delete(i.transactionReferenceId);
        else next.set(i.transactionReferenceId, i);
      }
      return next;
    });
  const canPrint = warehouse !== ALL_WAREHOUSES && selected.size > 0 && print.kind !== 'printing';
  const printHint =
    warehouse === ALL_WAREHOUSES
      ? 'Choose a warehouse to print'
      : selected.size === 0
        ? 'Select the items to print'
        : '';

  const doPrint = async () => {
    const chosen = [...chosenItems.values()].filter((i) => !i.warning);
    setPrint({ kind: 'printing' });
    setRowErrors({});
    try {
      const result = await printPickList({
        printedBy: username ?? undefined,
        items: chosen.map((i) => ({
          imsTransactionReferenceId: i.transactionReferenceId,
          itemMemberRefId: i.itemMemberRefId,
          itemGroupRefId: i.itemGroupRefId,
          fkProductId: i.productId,
          productUpc: i.upc,
          productAltUpc: i.alternateUpc,
          itemCondition: i.condition,
          itemWarehouse: i.warehouse,
          quantityRequested: i.quantity,
          isExpress: i.isExpress,
          isFreight: i.isFreight,
          isPremium: i.isPremium,
          isPrime: i.isPrime,
          shipByDate: i.shipByDate,
          suggestedBinId: i.suggestedBin?.binId ?? null,
        })),
      });
      setSelected(new Set());
      setLastList(result[0]?.ims_pick_list_id ?? null);
      setPrint({ kind: 'success', count: result.length });
    } catch (e) {
      const errors = errorsOf(e);
      const perRow: Record<string, string> = {};
      const lines: string[] = [];
      for (const [key, messages] of Object.entries(errors)) {
        const index = /^items\.(\d+)/.exec(key)?.[1];
        const item = index === undefined ? undefined : chosen[Number(index)];
        if (item) perRow[item.transactionReferenceId] = messages.join(' ');
        else lines.push(...messages.map((m) => `${key}: ${m}`));
      }
      setRowErrors(perRow);
      if (!(e instanceof ApiCallError)) lines.push(PICK_MESSAGES.noResponse);
      else if (!Object.keys(errors).length) lines.push(serverMessage(e) ?? `HTTP ${e.status}`);
      setPrint({ kind: 'error', lines: [...lines, ...Object.entries(perRow).map(([ref, m]) => `${ref}: ${m}`)] });
    } finally {
      void queryClient.invalidateQueries({ queryKey: PICK_LISTS_QUERY_KEY });
    }
  };

  const doUnprint = async (item: TPickItem) => {
    setUnprintError(null);
    try {
      await unprintPickItem(item.pickListItemId!);
    } catch (e) {
      setUnprintError([PICK_LIST_MESSAGES.unprintError, ...(errorsOf(e).id ?? [])]);
    } finally {
      void queryClient.invalidateQueries({ queryKey: PICK_LISTS_QUERY_KEY });
    }
  };

  const loadError = (() => {
    if (!isError) return null;
    const w = errorsOf(error).warehouse;
    return w ? `${warehouse}: ${w.join(' ')}` : PICK_LIST_MESSAGES.loadError;
  })();
  const rows = {
    items: shown,
    tab,
    selected,
    rowErrors,
    onToggle: toggle,
    onUnprint: (i: TPickItem) => void doUnprint(i),
  };

  return (
    <Page title="Pick Lists" actions={<LiveIndicator />}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Tabs value={tab} onChange={(_, v: TPickTab) => (setTab(v), setPage(0), setRowErrors({}))} sx={{ flex: 1 }}>
          <Tab value="unprinted" label="Unprinted" data-testid="tab-unprinted" />
          <Tab value="printed" label="Printed" data-testid="tab-printed" />
        </Tabs>
        <TextField
          select
          size="small"
          label="Warehouse"
          value={warehouse}
          onChange={(e) => (setWarehouse(e.target.value), setPage(0), setSelected(new Set()), setRowErrors({}))}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pick-warehouse' } as object } }}
        >
          <MenuItem value={ALL_WAREHOUSES}>All</MenuItem>
          {PICK_WAREHOUSES.map((w) => (
            <MenuItem key={w} value={w}>
              {w}
            </MenuItem>
          ))}
        </TextField>
        {tab === 'unprinted' && (
          <Tooltip title={printHint}>
            <span>
              <Button
                variant="contained"
                disabled={!canPrint}
                onClick={() => void doPrint()}
                data-testid="pick-print"
                fullWidth
              >
                Print{selected.size ? ` (${selected.size})` : ''}
              </Button>
            </span>
          </Tooltip>
        )}
      </Stack>
      {lastList !== null && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="pick-last-list"
          onClose={() => setLastList(null)}
          action={
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                onClick={() => void openPickListDocument(lastList, 'pdf')}
                data-testid="pick-open-pdf"
              >
                PDF
              </Button>
              <Button
                size="small"
                onClick={() => void openPickListDocument(lastList, 'zpl')}
                data-testid="pick-open-zpl"
              >
                ZPL
              </Button>
            </Stack>
          }
        >
          Pick list {lastList} printed
        </Alert>
      )}
      {unprintError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setUnprintError(null)} data-testid="unprint-error">
          {unprintError.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && !isPending && <LinearProgress aria-label="Refreshing" />}</Box>
      {isPending && <LinearProgress />}
      {loadError && (
        <Alert severity="error" data-testid="pick-load-error">
          {loadError}
        </Alert>
      )}
      {data && items.length === 0 && page === 0 && (
        <EmptyState
          kind="none"
          message="No data to display."
          hint={tab === 'unprinted' ? 'Every pick list has been printed.' : 'No pick list has been printed yet.'}
          testId="pick-empty"
        />
      )}
      {items.length > 0 && (
        <>
          {tab === 'unprinted' && (
            <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
              <Checkbox
                size="small"
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                onChange={selectPage}
                slotProps={{ input: { 'aria-label': 'Select the printable items of this page' } }}
              />
              <Typography variant="body2" color="text.secondary" data-testid="pick-count">
                {selected.size} selected · {data?.total ?? items.length} unprinted
              </Typography>
            </Stack>
          )}
          {narrow ? <PickCards {...rows} /> : <PickTable {...rows} />}
          <TablePagination
            component="div"
            count={data?.total ?? items.length}
            page={Math.min(page, Math.max(0, Math.ceil((data?.total ?? 0) / pageSize) - 1))}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={rowsPerPageOptions(PICK_LIST_TABLE_PAGES)}
            onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
          />
        </>
      )}
      <Dialog
        open={print.kind !== 'idle'}
        onClose={() => print.kind === 'error' && setPrint({ kind: 'idle' })}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>
          {print.kind === 'error' ? PICK_LIST_MESSAGES.printError : print.kind === 'success' ? 'Printed' : 'Printing…'}
        </DialogTitle>
        <DialogContent data-testid="print-dialog">
          {print.kind === 'printing' && <LinearProgress />}
          {print.kind === 'success' && <Alert severity="success">{print.count} item(s) printed</Alert>}
          {print.kind === 'error' && (
            <Alert severity="error" data-testid="print-error">
              {print.lines.map((l) => (
                <div key={l}>{l}</div>
              ))}
            </Alert>
          )}
        </DialogContent>
        {print.kind === 'error' && (
          <DialogActions>
            <Button onClick={() => setPrint({ kind: 'idle' })}>Close</Button>
          </DialogActions>
        )}
      </Dialog>
    </Page>
  );
}
