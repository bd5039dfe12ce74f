import { useRef, useState } from 'react';
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
  upcMatches,
  type TPoLine,
  type TRouteResponse,
  type unreceiveRoute,
} from '@keystone/contracts';
import { useCan } from '../../../lib/session-store';
import { scanProductOf, useRefreshAfterReceiving, useUnreceivableReceipts } from '../api/receiving';
import { scanOutbox } from '../../../lib/scan/outbox';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import { ScansWaiting } from '../../../lib/scan/scans-waiting';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import { useOutboxScans } from '../../../lib/scan/use-outbox-scans';
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
 * Required off and pick a receipt from the list instead. Submit goes through the scan outbox with a client scan id:
 * kept on this device, sent in order, replayed after a network cut (the server applies it once); a receipt waiting
 * to be un-received leaves the list at once, so the next scan matches another.
 */
/** Submit before a receipt is matched, while there are receipts to un-receive. */
export const NOTHING_MATCHED_MESSAGE =
  'Nothing has been matched yet: scan the UPC and the serials of the unit to un-receive.';
export const NOTHING_SELECTED_MESSAGE = 'Nothing has been selected yet: pick the receipt to un-receive.';

/** Columns a phone leaves out, so the list fits 390 px. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function UnreceivingDialog({ line, onClose }: { line: TPoLine; onClose(): void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
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
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const matchedRef = useRef<string | null>(null);
  // Un-received here, until the list is read again.
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const context = `unreceive:${line.purchaseOrderId}:${line.id}`;
  const outbox = useOutboxScans(context, (entry, answer) => {
    const reference = entry.params?.imsTransactionReferenceId ?? '';
    refresh();
    if (answer.ok) {
      const result = answer.result as TRouteResponse<typeof unreceiveRoute>;
      setDone((d) => new Set(d).add(reference));
      playSound('unreceive');
      show(
        'good',
        `${entry.delayed ? 'Sent: un-received' : 'Un-received'} ${reference} (${result.transactionReferenceId}).`,
        STATUS_MESSAGE_MS,
      );
      return;
    }
    // Refused at once: said here. Refused on a replay: also kept on the scans-waiting screen, with what to do.
    fail(entry.delayed ? `${reference}: ${answer.message}` : answer.message);
    if (!entry.delayed) void scanOutbox.dismiss(entry.id);
  });
  // Receipts waiting to be un-received (or just un-received) are no longer offered.
  const waitingFor = new Set(outbox.pending.map((e) => e.params?.imsTransactionReferenceId));
  const list = (receipts.data ?? []).filter(
    (r) => !waitingFor.has(r.ims_transaction_reference_id) && !done.has(r.ims_transaction_reference_id),
  );
  const scanning = scanningRequired || !canOverride;
  // Receipts without serials (a product not serial tracked) match on the UPC alone; otherwise the scanned serials
  // must make one receipt's set (the unit is complete when they do), and the matched unit waits for notes and Submit.
  const byUpc = list.length > 0 && list.every((r) => r.serials.length === 0);
  const engine = useScanEngine({
    feedback,
    ready: scanning && list.length > 0,
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
    matchedRef.current = null;
  }

  function matchFound(reference: string) {
    setMatched(reference);
    matchedRef.current = reference;
    playSound('good');
    show('good', `Matched ${reference}: enter notes and submit.`);
    // Unless it was submitted (or reset) meanwhile: the next UPC is being scanned by then.
    later(() => matchedRef.current === reference && notesRef.current?.focus(), SCAN_TIMING.focusMoveMs);
  }

  function submit() {
    // The spec's message when there is nothing to un-receive; before a match, say what is missing.
    if (!list.length) return fail(RECEIVING_MESSAGES.unreceiveListEmpty);
    if (!matched) return fail(scanning ? NOTHING_MATCHED_MESSAGE : NOTHING_SELECTED_MESSAGE);
    if (!notes.trim()) return fail(RECEIVING_MESSAGES.notesEmpty);
    const clientScanId = newClientScanId();
    outbox.add({
      id: clientScanId,
      kind: 'unreceive',
      params: { imsTransactionReferenceId: matched },
      body: {
        lineItemId: line.id,
        notes: notes.trim(),
        ...(scanning && scannedUpc ? { scannedUpc, scannedSerialNumbers: serials } : {}),
        clientScanId,
      },
      context,
      label: `${line.product.model_number} ${matched}${serials.length ? ` (${serials.join(', ')})` : ''}`,
    });
    // The match's message gives way; while the server cannot be reached the answer comes late: named as kept.
    show(
      'waiting',
      outbox.waiting || !navigator.onLine
        ? `Queued the un-receipt of ${matched}: it is sent when the server answers`
        : `Un-receiving ${matched}…`,
    );
    resetScan();
    setNotes('');
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="unreceiving-dialog">
      <DialogTitle>Un-Receiving</DialogTitle>
      <DialogContent sx={[{ display: 'grid', gap: 2, gridAutoRows: 'max-content', pt: '8px !important' }, floorArea]}>
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3">
            {line.product.model_number}
          </Typography>
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
        <ScansWaiting count={outbox.waiting} testId="unreceive-waiting" />
      </DialogContent>
      <DialogActions sx={floorActions}>
        {scanning && <Button onClick={resetScan}>Reset Scan</Button>}
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" color="warning" onClick={submit}>
          Submit Un-Receive
        </Button>
      </DialogActions>
    </Dialog>
  );
}
