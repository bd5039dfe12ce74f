import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  RECONCILIATION_MESSAGES as M,
  moneyCents,
  OVERRIDE_REASON_MAX,
  type TApplyPaymentsResult,
  type TStagedPayment,
} from '@keystone/contracts';
import {
  applyFailureMessage,
  applyPayments,
  downloadBatchResults,
  type ResultsFormat,
} from '../api/shipping-reconciliation-api';
import {
  applyBody,
  formatDollars,
  paidInFullRefusals,
  type PaidInFullRefusal,
  type PayAnyway,
} from './reconciliation-state';

type DialogState =
  | { step: 'confirm' }
  | { step: 'submitting' }
  | { step: 'success'; result: TApplyPaymentsResult }
  | { step: 'failure'; message: string }
  | { step: 'paidInFull'; refusals: PaidInFullRefusal[] };

/**
 * Pay anyway (docs/decisions.md, "Pay anyway: paying a shipment already paid in full again"): the shipments the server refused as already paid in full, each with its message, a Pay anyway
 * checkbox and the reason it needs (recorded with the payment and shown in the shipment's history).
 */
function PayAnywayForm(props: {
  refusals: PaidInFullRefusal[];
  chosen: boolean;
  reason: string;
  onChosen: (chosen: boolean) => void;
  onReason: (reason: string) => void;
}) {
  const missing = props.chosen && props.reason.trim() === '';
  return (
    <Stack spacing={2} data-testid="pay-anyway">
      <Alert severity="warning">
        <AlertTitle>Already paid in full</AlertTitle>
        {props.refusals.map((r) => (
          <Typography key={r.trackingNumber} variant="body2">
            <strong>{r.trackingNumber}</strong>: {r.message}
          </Typography>
        ))}
      </Alert>
      <FormControlLabel
        control={<Checkbox checked={props.chosen} onChange={(e) => props.onChosen(e.target.checked)} />}
        label={props.refusals.length === 1 ? 'Pay anyway' : `Pay anyway (${props.refusals.length} shipments)`}
      />
      <TextField
        label="Reason"
        value={props.reason}
        onChange={(e) => props.onReason(e.target.value)}
        disabled={!props.chosen}
        required={props.chosen}
        error={missing}
        helperText={
          missing ? M.overrideReasonRequired : "Recorded with the payment and shown in the shipment's history."
        }
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: OVERRIDE_REASON_MAX } }}
      />
    </Stack>
  );
}

/**
 * 002 §4 apply payments: confirm, submitting, then success (batch id and the spreadsheet download) or failure with the
 * error (002 §8). It cannot be dismissed while submitting. The idempotency key is made at the first submit of this
 * dialog and reused by every retry, so a retry after a lost answer pays nothing twice.
 */
export function ApplyPaymentsDialog(props: {
  rows: TStagedPayment[];
  onClose: () => void;
  onApplied: (result: TApplyPaymentsResult) => void;
  /** Opens on Pay anyway for these shipments (a single row's Save was refused as already paid in full). */
  paidInFull?: PaidInFullRefusal[];
}) {
  const [state, setState] = useState<DialogState>(
    props.paidInFull?.length ? { step: 'paidInFull', refusals: props.paidInFull } : { step: 'confirm' },
  );
  const [key, setKey] = useState<string | null>(null);
  const [payAnyway, setPayAnyway] = useState(false);
  const [reason, setReason] = useState('');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const total = props.rows.reduce((sum, r) => sum + (moneyCents(r.payment) ?? 0), 0);
  const working = state.step === 'submitting';

  // A refused batch commits nothing, so the same key serves the batch sent again with Pay anyway.
  const submit = async (override?: PayAnyway) => {
    const idempotencyKey = key ?? crypto.randomUUID();
    setKey(idempotencyKey);
    setState({ step: 'submitting' });
    try {
      const result = await applyPayments(applyBody(props.rows, idempotencyKey, override));
      setState({ step: 'success', result });
      props.onApplied(result);
    } catch (error) {
      const refusals = paidInFullRefusals(error);
      setState(
        refusals.length ? { step: 'paidInFull', refusals } : { step: 'failure', message: applyFailureMessage(error) },
      );
    }
  };
  const payAnywayReady = state.step === 'paidInFull' && payAnyway && reason.trim() !== '';
  const download = (batchId: number, format: ResultsFormat) => {
    setDownloadError(null);
    downloadBatchResults(batchId, format).catch(() => setDownloadError(M.unknownError));
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      onClose={working ? undefined : props.onClose}
      aria-labelledby="apply-payments-title"
    >
      <DialogTitle id="apply-payments-title">Apply Payments</DialogTitle>
      <DialogContent>
        {state.step === 'confirm' ? (
          <Typography>
            Apply {props.rows.length} payment{props.rows.length === 1 ? '' : 's'} totalling {formatDollars(total / 100)}
            ?
          </Typography>
        ) : null}
        {state.step === 'submitting' ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} />
            <Typography>Submitting payments…</Typography>
          </Stack>
        ) : null}
        {state.step === 'success' ? (
          <Box role="status">
            <Alert severity="success" sx={{ mb: 2 }}>
              <AlertTitle>Payments applied</AlertTitle>
              Batch ID: <strong data-testid="batch-id">{state.result.batchId}</strong> ({state.result.lines.length}{' '}
              shipment{state.result.lines.length === 1 ? '' : 's'})
            </Alert>
            <Typography sx={{ mb: 1 }}>Download the spreadsheet of what was applied:</Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={() => download(state.result.batchId, 'xlsx')}>
                Download XLSX
              </Button>
              <Button variant="outlined" onClick={() => download(state.result.batchId, 'csv')}>
                Download CSV
              </Button>
            </Stack>
            {downloadError ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {downloadError}
              </Alert>
            ) : null}
          </Box>
        ) : null}
        {state.step === 'paidInFull' ? (
          <PayAnywayForm
            refusals={state.refusals}
            chosen={payAnyway}
            reason={reason}
            onChosen={setPayAnyway}
            onReason={setReason}
          />
        ) : null}
        {state.step === 'failure' ? (
          <Alert severity="error" role="alert">
            <AlertTitle>{M.paymentsFailed}</AlertTitle>
            {M.errorOccurred(state.message)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {state.step === 'confirm' ? (
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => void submit()}>
              Apply
            </Button>
          </>
        ) : null}
        {state.step === 'failure' ? (
          <>
            <Button onClick={props.onClose}>Close</Button>
            <Button variant="contained" onClick={() => void submit()}>
              Retry
            </Button>
          </>
        ) : null}
        {state.step === 'paidInFull' ? (
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            <Button
              variant="contained"
              color="warning"
              disabled={!payAnywayReady}
              onClick={() =>
                state.step === 'paidInFull' &&
                void submit({ trackingNumbers: new Set(state.refusals.map((r) => r.trackingNumber)), reason })
              }
            >
              Pay Anyway
            </Button>
          </>
        ) : null}
        {state.step === 'success' ? <Button onClick={props.onClose}>Close</Button> : null}
        {working ? <Button disabled>Working…</Button> : null}
      </DialogActions>
    </Dialog>
  );
}
