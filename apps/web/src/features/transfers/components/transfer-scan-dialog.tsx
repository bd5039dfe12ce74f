import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Switch,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type TCommittedTransfer, type TTransferSubmitted } from '@keystone/contracts';
import { useCan, useSession } from '../../../lib/session-store';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import { ScansWaiting } from '../../../lib/scan/scans-waiting';
import { floorActions, floorArea, floorScanArea } from '../../../lib/scan/floor-layout';
import { ScanUnitFields } from '../../../lib/scan/scan-unit-fields';
import { playSound } from '../../../lib/scan/sounds';
import { useScanEngine } from '../../../lib/scan/use-scan-engine';
import { announceAnswer, unitText } from '../../../lib/scan/use-outbox-scans';
import type { OutboxEntry, TOutboxOutcome } from '../../../lib/scan/scan-outbox';
import { useRefreshTransfers, useTransactTransfer } from '../api/transfers-api';
import { firstServerError } from './server-error';
import {
  serialsPerUnit,
  transferSerialError,
  transferUpcError,
  TRANSFER_SCAN_MESSAGES,
  type TForcePushPrompt,
} from './transfer-rules-client';
import { forcePushOf, unitOf, useTransferScans, type TTransferAnswer, type TUnit } from './use-transfer-scans';

/** The force-push prompt of a refused unit (001 §4, §8). */
interface TPrompt {
  unit: TUnit;
  prompt: TForcePushPrompt;
  text: string;
}

export const FORCE_PUSH_TITLES = {
  'not-exist': 'Serial Does Not Exist',
  elsewhere: 'Serial Not At Expected Location',
} as const;

export function forcePushQuestion(p: TPrompt, fromBucket: string): string {
  const serial = p.unit.serials.join(', ');
  return p.prompt.kind === 'not-exist'
    ? `Serial ${serial} does not exist for this product. Do you want to force-push this serial into our records?`
    : `Serial ${serial} is recorded at ${p.prompt.location}. Do you want to force-push this serial to be from ${fromBucket}?`;
}

/**
 * The scan flow of one committed transfer (001 §4, §5, §8): scan the UPC, then the product's serials; each unit is
 * sent on its own (addScannedItem) through the scan outbox, in scanning order, while the next is scanned: kept on
 * this device first, with a fresh clientScanId, so a unit scanned while the network is down waits and is sent when
 * it returns, and recorded once however often it is replayed. Progress is total_scanned_quantity /
 * committed_quantity; when equal, scanning stops and Submit Transfer appears. A serial the server does not know for
 * the product, or knows elsewhere, opens the force-push prompt: Force Push sends the unit again as a new scan (a new
 * clientScanId, forcePushSerialCorrection 1), Cancel drops it. Every keystroke while the dialog is open belongs to it.
 */
export function TransferScanDialog({ initial, onClose }: { initial: TCommittedTransfer; onClose(): void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const admin = useCan('admin:override');
  const username = useSession((s) => s.username);
  const refresh = useRefreshTransfers();
  const transact = useTransactTransfer();
  const feedback = useScanFeedback();
  const { show } = feedback;

  const [transfer, setTransfer] = useState(initial);
  const product = transfer.product;
  const perUnit = serialsPerUnit(product);
  const scans = useTransferScans(transfer.ims_transaction_reference_id, answered);
  /** Units scanned and not yet answered, in order (the first is on its way, or waits for the network). */
  const queue = scans.pending.map(unitOf);
  const promptEntry = scans.prompts[0];
  const prompt: (TPrompt & { entry: OutboxEntry }) | null = promptEntry
    ? {
        entry: promptEntry,
        unit: unitOf(promptEntry),
        prompt: forcePushOf(promptEntry)!,
        text: promptEntry.message ?? '',
      }
    : null;
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [strictMode, setStrictMode] = useState(true);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [result, setResult] = useState<TTransferSubmitted | null>(null);

  const complete = transfer.total_scanned_quantity >= transfer.committed_quantity;
  /** A transfer committed without scanning (a product without serials) may be submitted as it stands. */
  const scanOptional = !transfer.scanning_required && !product.serial_number_tracked;
  const ready =
    !complete && !prompt && !result && transfer.total_scanned_quantity + queue.length < transfer.committed_quantity;
  const engine = useScanEngine({
    feedback,
    ready,
    serialsPerUnit: perUnit,
    upcAccepted: TRANSFER_SCAN_MESSAGES.upcMatches,
    checkUpc: (value) => transferUpcError(product, value),
    checkSerial: (value, unit) => {
      const seen = new Set<string>(transfer.serials.map((s) => s.scanned_serial_number.toUpperCase()));
      for (const q of queue) for (const s of q.serials) seen.add(s.toUpperCase());
      for (const s of unit.serials) seen.add(s.toUpperCase());
      return transferSerialError(product, value, seen);
    },
    submit: (item) => {
      scans.enqueue(item, 0, scanLabel(item));
      // While the server cannot be reached the answer comes late: the unit is named as kept.
      if (scans.waiting || !navigator.onLine)
        show('waiting', `Queued ${unitText(item)}: it is sent when the server answers`);
    },
  });
  const { unit } = engine;

  /** The server's answer to one of this transfer's scans, at once or on a replay after a network cut. */
  function answered(entry: OutboxEntry, outcome: TOutboxOutcome) {
    announceAnswer(feedback, entry, outcome, unitOf(entry), 'Scanned');
    if (outcome.ok) return setTransfer((outcome.result as TTransferAnswer).updated_committed_transfer);
    // A force-push refusal stays in the outbox until its prompt is answered; any other is done with once shown.
    if (!forcePushOf({ ...entry, state: 'refused', message: outcome.message })) void scans.dismiss(entry.id);
  }

  function scanLabel(item: TUnit) {
    return `${product.model}${item.serials.length ? ` (${item.serials.join(', ')})` : ''}`;
  }

  function forcePush() {
    if (!prompt) return;
    // A new request: a new clientScanId, with forcePushSerialCorrection 1 (the refused one is forgotten).
    void scans.dismiss(prompt.entry.id);
    scans.enqueue(prompt.unit, 1, scanLabel(prompt.unit));
    engine.later(engine.focusScanField, 0);
  }

  function cancelPrompt() {
    if (prompt) void scans.dismiss(prompt.entry.id);
    engine.reset();
  }

  async function submit() {
    setSubmitError(null);
    try {
      const answer = await transact.mutateAsync({
        refId: transfer.ims_transaction_reference_id,
        // The scan page sends only transferredById (001 §7); an admin who turns Strict Mode off sends that too.
        body: { transferredById: username ?? '', ...(admin && !strictMode ? { strictMode: false } : {}) },
      });
      setConfirmOpen(false);
      setResult(answer);
      playSound('good');
    } catch (error) {
      setSubmitError(firstServerError(error));
      playSound('bad');
    }
  }

  function close() {
    void refresh();
    onClose();
  }

  const progress = transfer.committed_quantity
    ? (100 * transfer.total_scanned_quantity) / transfer.committed_quantity
    : 0;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" fullScreen={phone} data-testid="transfer-scan-dialog">
      <DialogTitle>Scan Transfer {transfer.ims_transaction_reference_id}</DialogTitle>
      <DialogContent sx={[{ display: 'grid', gap: 2, gridAutoRows: 'max-content', pt: '8px !important' }, floorArea]}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="h6" component="h3">
            {product.model}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {transfer.from_bucket} → {transfer.to_bucket}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {perUnit ? `${perUnit} serial${perUnit > 1 ? 's' : ''} per item` : 'Not serial tracked'}
          </Typography>
        </Box>
        <Box>
          <Typography data-testid="scan-progress">
            Scanned: {transfer.total_scanned_quantity} / {transfer.committed_quantity}
            {queue.length > 0 && ` (${queue.length} ${scans.waiting ? 'queued' : 'sending'})`}
          </Typography>
          <LinearProgress variant="determinate" value={Math.min(100, progress)} sx={{ mt: 0.5 }} />
        </Box>

        {/* The scan fields and the last result: first on a phone (floor-layout.ts). */}
        <Box sx={floorScanArea}>
          {complete ? (
            <Alert severity="success" data-testid="scan-complete">
              Every unit is scanned: submit the transfer.
            </Alert>
          ) : (
            <ScanUnitFields
              engine={engine}
              testIds={{ upc: 'transfer-scan-upc', serial: 'transfer-scan-serial' }}
              showSerial={perUnit > 0}
            />
          )}
          <ScanFeedback feedback={feedback.feedback} />
          <ScansWaiting count={scans.waiting} testId="transfer-scans-waiting" />
        </Box>
        {(queue.length > 0 || scans.refused.length > 0) && (
          <Box>
            <Typography variant="subtitle2">Not yet recorded</Typography>
            <Box component="ul" data-testid="transfer-queued-scans" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
              {scans.entries
                .filter((e) => e.state !== 'refused' || !forcePushOf(e))
                .map((e) => (
                  <li
                    key={e.id}
                    data-testid="transfer-queued-scan"
                    data-state={e.state === 'refused' ? 'refused' : scans.waiting ? 'queued' : 'sending'}
                  >
                    {e.state === 'refused' ? (
                      <Chip component="span" size="small" color="error" label="Refused" sx={{ mr: 1 }} />
                    ) : (
                      <Chip
                        component="span"
                        size="small"
                        color={scans.waiting ? 'warning' : 'default'}
                        label={scans.waiting ? 'Queued' : 'Sending'}
                        sx={{ mr: 1 }}
                      />
                    )}
                    {unitText(unitOf(e))}
                    {e.state === 'refused' && (
                      <>
                        {`: ${e.message ?? ''} `}
                        <Button size="small" onClick={() => void scans.dismiss(e.id)}>
                          Dismiss
                        </Button>
                      </>
                    )}
                  </li>
                ))}
            </Box>
          </Box>
        )}
        {transfer.serials.length > 0 && (
          <Box>
            <Typography variant="subtitle2">Scanned serials</Typography>
            <Box component="ul" data-testid="transfer-scanned-serials" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
              {transfer.serials.map((s) => (
                <li key={s.scanned_serial_number}>{s.scanned_serial_number}</li>
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={[{ flexWrap: 'wrap', gap: 1 }, floorActions]}>
        {!complete && (
          <Button onClick={engine.reset} disabled={!unit && !engine.state.upcText} data-testid="reset-item">
            Reset Item
          </Button>
        )}
        {(complete || scanOptional) && (
          <Button variant="contained" onClick={() => setConfirmOpen(true)} data-testid="submit-transfer">
            Submit Transfer
          </Button>
        )}
        <Button onClick={close}>Close</Button>
      </DialogActions>

      <Dialog open={!!prompt} onClose={cancelPrompt} data-testid="force-push-dialog">
        <DialogTitle>{prompt ? FORCE_PUSH_TITLES[prompt.prompt.kind] : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1, overflowWrap: 'anywhere' }}>{prompt?.text}</DialogContentText>
          <DialogContentText>{prompt ? forcePushQuestion(prompt, transfer.from_bucket) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions sx={floorActions}>
          <Button onClick={cancelPrompt} data-testid="force-push-cancel">
            Cancel
          </Button>
          <Button variant="contained" color="warning" onClick={() => void forcePush()} data-testid="force-push-confirm">
            Force Push
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={confirmOpen}
        onClose={() => !transact.isPending && setConfirmOpen(false)}
        data-testid="submit-transfer-dialog"
      >
        <DialogTitle>Submit Transfer</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1 }}>
          <DialogContentText>
            Move {transfer.total_scanned_quantity} of {transfer.committed_quantity} from {transfer.from_bucket} to{' '}
            {transfer.to_bucket}? Submitting cannot be undone.
          </DialogContentText>
          {admin && (
            <FormControlLabel
              control={
                <Switch
                  checked={strictMode}
                  onChange={(e) => setStrictMode(e.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Strict Mode' } }}
                />
              }
              label="Strict Mode"
            />
          )}
          {transact.isPending && <LinearProgress />}
          {submitError && (
            <Alert severity="error" data-testid="submit-transfer-error">
              {submitError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)} disabled={transact.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={transact.isPending}
            data-testid="submit-transfer-confirm"
          >
            Submit
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={!!result} onClose={close} data-testid="transfer-result-dialog">
        <DialogTitle>{result?.message}</DialogTitle>
        <DialogContent>
          <Typography data-testid="transfer-result">
            {result?.transacted_transfer.transferred_quantity}/{result?.committed_transfer.committed_quantity} Scanned
            and Successfully Transferred
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
