import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  RECEIVING_MESSAGES,
  STATUS_MESSAGE_MS,
  unreceiveRoute,
  upcMatches,
  type TPoLine,
  type TRouteResponse,
  type canBeUnreceivedRoute,
} from '@keystone/contracts';
import { ApiCallError, callApi, serverMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/session-store';
import { scanProductOf, unreceivableKey, useRefreshAfterReceiving, useUnreceivableReceipts } from '../api/receiving';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import { floorActions, floorArea } from '../../../lib/scan/floor-layout';
import { ScanUnitFields } from '../../../lib/scan/scan-unit-fields';
import { playSound } from '../../../lib/scan/sounds';
import { SCAN_TIMING, useTimers } from '../../../lib/scan/timing';
import { useScanEngine } from '../../../lib/scan/use-scan-engine';
import { matchReceipt } from './unreceive-match';
import { formatTimestamp } from '../../../lib/format-date';

/**
 * The Un-Receiving dialog of one PO line (001 §2, §4, §5, §8): the receipts that can still be un-received; scan
 * the UPC and the serials of one receipt, enter notes, submit. A user with admin:override may turn Scanning
 * Required off and pick a receipt from the list instead.
 */
/** Submit before a receipt is matched, while there are receipts to un-receive. */
export const NOTHING_MATCHED_MESSAGE =
  'Nothing has been matched yet: scan the UPC and the serials of the unit to un-receive.';
export const NOTHING_SELECTED_MESSAGE = 'Nothing has been selected yet: pick the receipt to un-receive.';

/** Columns a phone leaves out, so the list fits 390 px. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function UnreceivingDialog({ line, onClose }: { line: TPoLine; onClose(): void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const client = useQueryClient();
  const canOverride = useCan('admin:override');
  const receipts = useUnreceivableReceipts(line.id);
  const refresh = useRefreshAfterReceiving(line.purchaseOrderId, line.id);
  const later = useTimers();
  const feedback = useScanFeedback();
  const { show } = feedback;
  const product = scanProductOf(line);

  const [scanningRequired, setScanningRequired] = useState(true);
  const [matched, setMatched] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const notesRef = useRef<HTMLTextAreaElement>(null);

  const list = receipts.data ?? [];
  const scanning = scanningRequired || !canOverride;
  // Receipts without serials (a product not serial tracked) match on the UPC alone; otherwise the scanned serials
  // must make one receipt's set (the unit is complete when they do), and the matched unit waits for notes and Submit.
  const byUpc = list.length > 0 && list.every((r) => r.serials.length === 0);
  const engine = useScanEngine({
    feedback,
    ready: scanning && list.length > 0,
    busy: submitting,
    hold: true,
    serialsPerUnit: byUpc ? 0 : null,
    checkUpc: (value) => (upcMatches(product, value) ? null : RECEIVING_MESSAGES.upcMismatch),
    checkSerial: (value, unit) => {
      if (unit.serials.some((s) => s.toUpperCase() === value.toUpperCase())) return RECEIVING_MESSAGES.serialRescanned;
      return matchReceipt(list, [...unit.serials, value]).candidates.length ? null : RECEIVING_MESSAGES.serialMismatch;
    },
    isComplete: (unit) => !!matchReceipt(list, unit.serials).exact,
    submit: (unit) => {
      const receipt = byUpc ? list[0] : matchReceipt(list, unit.serials).exact;
      if (receipt) matchFound(receipt.ims_transaction_reference_id);
    },
  });
  const { fail } = engine;
  const scannedUpc = engine.unit?.upc ?? null;
  const serials = engine.unit?.serials ?? [];

  function resetScan() {
    engine.reset();
    setMatched(null);
  }

  function matchFound(reference: string) {
    setMatched(reference);
    playSound('good');
    show('good', `Matched ${reference}: enter notes and submit.`);
    later(() => notesRef.current?.focus(), SCAN_TIMING.focusMoveMs);
  }

  async function submit() {
    // The spec's message when there is nothing to un-receive; before a match, say what is missing.
    if (!list.length) return fail(RECEIVING_MESSAGES.unreceiveListEmpty);
    if (!matched) return fail(scanning ? NOTHING_MATCHED_MESSAGE : NOTHING_SELECTED_MESSAGE);
    if (!notes.trim()) return fail(RECEIVING_MESSAGES.notesEmpty);
    setSubmitting(true);
    try {
      const result = await callApi(unreceiveRoute, {
        params: { imsTransactionReferenceId: matched },
        body: {
          lineItemId: line.id,
          notes: notes.trim(),
          ...(scanning && scannedUpc ? { scannedUpc, scannedSerialNumbers: serials } : {}),
        },
        silent: true,
      });
      client.setQueryData<TRouteResponse<typeof canBeUnreceivedRoute>>(unreceivableKey(line.id), {
        data: result.remaining_transacted_receipts,
      });
      refresh();
      playSound('unreceive');
      show('good', `Un-received ${matched} (${result.transactionReferenceId}).`, STATUS_MESSAGE_MS);
      resetScan();
      setNotes('');
    } catch (error) {
      // The server's answer to a refused request (422, 409, 404); anything else is unexpected.
      const known = error instanceof ApiCallError && error.status < 500 ? serverMessage(error) : null;
      fail(known ?? RECEIVING_MESSAGES.unreceiveUnknown);
      void client.invalidateQueries({ queryKey: unreceivableKey(line.id) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="unreceiving-dialog">
      <DialogTitle>Un-Receiving</DialogTitle>
      <DialogContent sx={[{ display: 'grid', gap: 2, gridAutoRows: 'max-content', pt: '8px !important' }, floorArea]}>
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="h6">{line.product.model_number}</Typography>
          <Typography>Received: {line.qty_received}</Typography>
          {canOverride && (
            <FormControlLabel
              control={
                <Switch
                  checked={scanningRequired}
                  onChange={(_, on) => {
                    setScanningRequired(on);
                    resetScan();
                  }}
                />
              }
              label="Scanning Required"
            />
          )}
        </Box>

        {receipts.isPending ? (
          <Typography>Loading...</Typography>
        ) : receipts.isError ? (
          <Typography color="error">There was an error.</Typography>
        ) : list.length === 0 ? (
          <Typography data-testid="unreceive-empty">{RECEIVING_MESSAGES.noneToUnreceive}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="unreceive-list">
              <TableHead>
                <TableRow>
                  {!scanning && <TableCell padding="checkbox" />}
                  <TableCell>Reference</TableCell>
                  <TableCell>Serials</TableCell>
                  <TableCell sx={wide}>Bucket</TableCell>
                  <TableCell>Received At</TableCell>
                  <TableCell sx={wide}>Received By</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((r) => (
                  <TableRow
                    key={r.ims_transaction_reference_id}
                    data-testid="unreceive-receipt"
                    selected={matched === r.ims_transaction_reference_id}
                    hover={!scanning}
                    onClick={scanning ? undefined : () => setMatched(r.ims_transaction_reference_id)}
                    sx={scanning ? undefined : { cursor: 'pointer' }}
                  >
                    {!scanning && (
                      <TableCell padding="checkbox">
                        <Radio
                          checked={matched === r.ims_transaction_reference_id}
                          slotProps={{ input: { 'aria-label': `Select ${r.ims_transaction_reference_id}` } }}
                        />
                      </TableCell>
                    )}
                    <TableCell>{r.ims_transaction_reference_id}</TableCell>
                    <TableCell>{r.serials.map((s) => s.scanned_serial_number).join(', ') || '—'}</TableCell>
                    <TableCell sx={wide}>{r.receiving_bucket}</TableCell>
                    <TableCell>{formatTimestamp(r.transacted_at)}</TableCell>
                    <TableCell sx={wide}>{r.transacted_by ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}

        {scanning && list.length > 0 && (
          <ScanUnitFields
            engine={engine}
            testIds={{ upc: 'unreceive-upc', serial: 'unreceive-serial' }}
            showSerial={!byUpc}
          />
        )}

        <TextField
          label="Notes"
          required
          multiline
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          inputRef={notesRef}
          slotProps={{ htmlInput: { 'data-testid': 'unreceive-notes' } }}
        />
        <ScanFeedback feedback={feedback.feedback} testId="unreceive-feedback" />
      </DialogContent>
      <DialogActions sx={floorActions}>
        {scanning && (
          <Button onClick={resetScan} disabled={submitting}>
            Reset Scan
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" color="warning" onClick={() => void submit()} disabled={submitting}>
          Submit Un-Receive
        </Button>
      </DialogActions>
    </Dialog>
  );
}
