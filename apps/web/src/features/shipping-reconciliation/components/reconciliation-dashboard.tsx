import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import {
  RECONCILIATION_MESSAGES as M,
  RECONCILIATION_TAB_LABELS,
  isValidQuote,
  type TApplyPaymentsResult,
  type TReconciliationTab,
  type TShippingTransaction,
  type TShippingTransactionsResult,
  type TStagedPayment,
} from '@keystone/contracts';
import { formatCount } from '../../../lib/format-number';
import { applyFailureMessage, applyPayments } from '../api/shipping-reconciliation-api';
import { ApplyPaymentsDialog } from './apply-payments-dialog';
import {
  allStagedValid,
  applyBatchToRows,
  applyBody,
  dashboardCounts,
  firstTabWithRows,
  formatDollars,
  groupReconciliationRows,
  initialStaged,
  paidInFullRefusals,
  shownTab,
  visibleReconciliationTabs,
  withSelection,
  type PaidInFullRefusal,
  type StagedMap,
} from './reconciliation-state';
import { ShipmentHistoryDialog } from './shipment-history-dialog';
import { StagedEditor } from './staged-editor';

/** 002 §9: a saved row shows green for 5 seconds. */
export const ROW_SAVED_HIGHLIGHT_MS = 5_000;

/** The tabs whose rows can be selected for a payment (a row paid in full is paid again only by Pay anyway, when a payment is refused; not found rows cannot be paid). */
const SELECTABLE_TABS: readonly TReconciliationTab[] = ['paymentsToApply', 'partiallyPaid'];

const money = (
  field: keyof TShippingTransaction,
  headerName: string,
  width = 120,
): GridColDef<TShippingTransaction> => ({
  field,
  headerName,
  width,
  type: 'number',
  valueFormatter: (value: number | null) => formatDollars(value),
});

/** The grid's height: its rows (compact, 36 px each) up to 12 of them, then it scrolls; room for 4 when empty. */
const gridHeight = (rows: number) => 112 + 36 * Math.min(Math.max(rows, 4), 12);

/** The grid's columns; the tracking number opens the shipment's history (its invoice lines and payments) when `onHistory` is given. */
const columns = (onHistory: ((trackingNumber: string) => void) | null): GridColDef<TShippingTransaction>[] => [
  {
    field: 'tracking_number',
    headerName: 'Tracking Number',
    width: 180,
    renderCell: ({ row }) =>
      onHistory ? (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onHistory(row.tracking_number)}
          aria-label={`History of ${row.tracking_number}`}
        >
          {row.tracking_number}
        </Link>
      ) : (
        row.tracking_number
      ),
  },
  { field: 'fulfillment_po_number', headerName: 'Fulfillment PO', width: 150 },
  { field: 'ship_company', headerName: 'Carrier', width: 80 },
  { field: 'date_shipped', headerName: 'Date Shipped', width: 115 },
  { field: 'fulfillment_warehouse', headerName: 'Warehouse', width: 95 },
  {
    field: 'shipping_quote',
    headerName: 'Quote',
    width: 95,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: string | null) => (isValidQuote(value) ? formatDollars(value) : (value ?? '—')),
  },
  money('reported_billed_charge', 'Reported Billed', 125),
  money('reconciled_difference', 'Difference', 100),
  money('shipping_cost_billed', 'Billed', 95),
  money('shipping_cost_paid', 'Paid', 95),
  { field: 'reconciliation_result', headerName: 'Result', flex: 1, minWidth: 290 },
];

/**
 * The reconciliation dashboard (002 §2, §4): the tabs with their counts, the grid of the tab's rows with selection
 * and pre-selection, the staged-row editor and the apply-payments dialog. Applied rows move tabs and show green.
 */
export function ReconciliationDashboard({ result, mock }: { result: TShippingTransactionsResult; mock: boolean }) {
  const [rows, setRows] = useState<TShippingTransaction[]>(result.transactions);
  const [staged, setStaged] = useState<StagedMap>(() => initialStaged(result.transactions));
  const [wantedTab, setWantedTab] = useState<TReconciliationTab>(() =>
    firstTabWithRows(dashboardCounts(result, result.transactions)),
  );
  const [dialog, setDialog] = useState<{ rows: TStagedPayment[]; paidInFull?: PaidInFullRefusal[] } | null>(null);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const [savingRow, setSavingRow] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  // The mock sample has no invoices behind it: no history to open.
  const gridColumns = useMemo(() => columns(mock ? null : setHistoryOf), [mock]);
  const [singleMessage, setSingleMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    setRows(result.transactions);
    setStaged(initialStaged(result.transactions));
    setWantedTab(firstTabWithRows(dashboardCounts(result, result.transactions)));
  }, [result]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const groups = useMemo(() => groupReconciliationRows(rows), [rows]);
  const counts = dashboardCounts(result, rows);
  const visible = visibleReconciliationTabs(counts);
  const tab = shownTab(wantedTab, visible);
  const tabRows = groups[tab];
  const selectable = SELECTABLE_TABS.includes(tab);
  const stagedRows = Object.values(staged);
  const selection: GridRowSelectionModel = useMemo(
    () => ({
      type: 'include',
      ids: new Set(tabRows.filter((r) => staged[r.tracking_number]).map((r) => r.tracking_number)),
    }),
    [tabRows, staged],
  );

  const applied = (batch: TApplyPaymentsResult) => {
    const done = new Set(batch.lines.map((l) => l.tracking_number));
    setRows((current) => applyBatchToRows(current, batch.lines));
    setStaged((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !done.has(id))));
    setHighlighted(done);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlighted(new Set()), ROW_SAVED_HIGHLIGHT_MS);
  };

  const saveOne = async (row: TStagedPayment) => {
    setSavingRow(row.tracking_number);
    setSingleMessage(null);
    try {
      const batch = await applyPayments(applyBody([row], crypto.randomUUID()));
      applied(batch);
      setSingleMessage({ severity: 'success', text: M.updateSuccessful(batch.batchId) });
    } catch (error) {
      // Already paid in full: the dialog offers Pay anyway for the row.
      const paidInFull = paidInFullRefusals(error);
      if (paidInFull.length) setDialog({ rows: [row], paidInFull });
      else setSingleMessage({ severity: 'error', text: M.updateFailed(applyFailureMessage(error)) });
    } finally {
      setSavingRow(null);
    }
  };

  return (
    <Stack spacing={2}>
      {result.truncated ? (
        <Alert severity="info">
          Showing {formatCount(rows.length)} of {formatCount(result.total)} transactions; the counts cover them all.
          Narrow the filters to see the rest.
        </Alert>
      ) : null}
      {mock ? <Alert severity="info">Mock data: the embedded sample. Payments cannot be applied to it.</Alert> : null}
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, next: TReconciliationTab) => setWantedTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Reconciliation tabs"
        >
          {visible.map((t) => (
            <Tab key={t} value={t} label={`${RECONCILIATION_TAB_LABELS[t]} (${counts[t]})`} data-testid={`tab-${t}`} />
          ))}
        </Tabs>
        <Box
          sx={{
            height: gridHeight(tabRows.length),
            '& .row-saved': { bgcolor: 'success.light', transition: 'background-color 0.3s' },
            '& .row-saved:hover': { bgcolor: 'success.light' },
          }}
        >
          <DataGrid
            rows={tabRows}
            columns={gridColumns}
            getRowId={(r) => r.tracking_number}
            checkboxSelection={selectable}
            disableRowSelectionOnClick
            rowSelectionModel={selection}
            onRowSelectionModelChange={(model) => {
              const chosen =
                model.type === 'include'
                  ? new Set([...model.ids].map(String))
                  : new Set(tabRows.map((r) => r.tracking_number).filter((id) => !model.ids.has(id)));
              setStaged((current) => withSelection(current, tabRows, chosen));
            }}
            getRowClassName={(p) => (highlighted.has(String(p.id)) ? 'row-saved' : '')}
            density="compact"
            pageSizeOptions={[25, 50, 100]}
            initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
            localeText={{ noRowsLabel: M.noResults }}
          />
        </Box>
      </Paper>
      <ShipmentHistoryDialog trackingNumber={historyOf} onClose={() => setHistoryOf(null)} />
      <StagedEditor
        rows={stagedRows}
        onChange={(row) => setStaged((current) => ({ ...current, [row.tracking_number]: row }))}
        onRemove={(id) =>
          setStaged((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== id)))
        }
        onSave={(row) => void saveOne(row)}
        savingRow={savingRow}
        canSave={!mock}
        message={singleMessage}
      />
      <Box>
        <Button
          variant="contained"
          disabled={mock || !allStagedValid(staged)}
          onClick={() => setDialog({ rows: stagedRows })}
        >
          Apply Payments ({stagedRows.length})
        </Button>
        {stagedRows.length > 0 && !allStagedValid(staged) ? (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            Every staged row needs a billed and a paid amount.
          </Typography>
        ) : null}
      </Box>
      {dialog ? (
        <ApplyPaymentsDialog
          rows={dialog.rows}
          paidInFull={dialog.paidInFull}
          onClose={() => setDialog(null)}
          onApplied={applied}
        />
      ) : null}
    </Stack>
  );
}
