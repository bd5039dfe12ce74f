import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { missingSaleSerials, type TCommittedSale } from '@keystone/contracts';
import { floorActions, floorArea } from '../../../lib/scan/floor-layout';
import { useCan, useSession } from '../../../lib/session-store';
import { COMMITTED_SALES_QUERY_KEY, finishInvoice, transactSale } from '../api/committed-sales-api';
import { saleFailureOutcome, saleSuccessOutcome, type TSaleOutcome } from './sale-result';
import { InvoiceSerialScan } from './invoice-serial-scan';
import { invoiceSales } from './invoice-serials';
import { SaleSerialScan } from './sale-serial-scan';
import { useSaleScansPending } from './use-sale-serial-scans';

/** Which dialog: Manually Transact Sale (one sale) or Finish by Invoice (every open sale of an invoice). */
export type TSaleAction = { kind: 'transact'; sale: TCommittedSale } | { kind: 'finish'; invoiceId: string };

type TStage = { name: 'confirm' } | { name: 'processing' } | { name: 'results'; outcome: TSaleOutcome };

/**
 * The two committed-sale dialogs (001 §2, §4): confirm, processing, results. Strict mode is on by default (001 §5);
 * only admin:override holders see its toggle (001 §6). The signed-in username is sent as invoicedById and
 * invoicedByName (the session knows no other name). A sale that lacks committed serials shows the serial scan in its
 * confirm stage, and Finish by Invoice the scan of each of the invoice's sales (`sales`: the board's open sales) that
 * lacks them; Transact and Finish Invoice wait while scanned serials are still on their way.
 */
export function SaleActionDialog({
  action,
  sales,
  onClose,
}: {
  action: TSaleAction | null;
  sales: readonly TCommittedSale[];
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const username = useSession((s) => s.username);
  const canOverride = useCan('admin:override');
  const [stage, setStage] = useState<TStage>({ name: 'confirm' });
  const [invoiceId, setInvoiceId] = useState('');
  const [notes, setNotes] = useState('');
  const [strictMode, setStrictMode] = useState(true);
  /** The sale as its serial scans' answers leave it. */
  const [sale, setSale] = useState<TCommittedSale | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  useEffect(() => {
    if (!action) return;
    setSale(action.kind === 'transact' ? action.sale : null);
    setStage({ name: 'confirm' });
    setInvoiceId(action.kind === 'finish' ? action.invoiceId : '');
    setNotes('');
    setStrictMode(true);
  }, [action]);

  const finish = action?.kind === 'finish';
  // Shown while serials are missing, and after the scans that completed them.
  const [scanShown, setScanShown] = useState(false);
  useEffect(
    () => setScanShown(!!action && action.kind === 'transact' && missingSaleSerials(action.sale) > 0),
    [action],
  );
  const invoice = finish ? invoiceSales(sales, invoiceId) : [];
  const sending = useSaleScansPending(
    finish ? invoice.map((s) => s.ims_transaction_reference_id) : sale ? [sale.ims_transaction_reference_id] : [],
  );
  const fullScreen = phone && (scanShown || invoice.some((s) => s.serials_needed > 0));
  const title = finish ? 'Finish by Invoice' : 'Manually Transact Sale';
  const processing = stage.name === 'processing';

  const submit = async () => {
    if (!action) return;
    setStage({ name: 'processing' });
    const common = {
      invoicedById: username,
      invoicedByName: username,
      finishNotes: notes.trim() || null,
      strictMode: canOverride ? strictMode : true,
    };
    try {
      const answer =
        action.kind === 'finish'
          ? await finishInvoice({ ...common, legacyPosInvoiceId: invoiceId.trim() })
          : await transactSale((sale ?? action.sale).ims_transaction_reference_id, common);
      setStage({ name: 'results', outcome: saleSuccessOutcome(answer) });
    } catch (error) {
      setStage({ name: 'results', outcome: saleFailureOutcome(error) });
    }
    void queryClient.invalidateQueries({ queryKey: COMMITTED_SALES_QUERY_KEY });
  };

  const close = () => {
    if (!processing) onClose();
  };

  return (
    <Dialog
      open={!!action}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="sale-action-title"
      data-testid="sale-action-dialog"
      data-stage={stage.name}
    >
      <DialogTitle id="sale-action-title">{title}</DialogTitle>
      {/* With the scan on a phone: the floor layout (big targets, the camera button clear of the buttons). */}
      <DialogContent sx={fullScreen ? floorArea : undefined}>
        {stage.name === 'confirm' && action && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            {action.kind === 'transact' ? (
              <>
                <DialogContentText component="div" data-testid="sale-confirm-summary">
                  Transact <strong>{action.sale.ims_transaction_reference_id}</strong>: {action.sale.committed_quantity}{' '}
                  × {action.sale.product.model} from {action.sale.source_bucket}, invoice{' '}
                  {action.sale.legacy_pos_invoice_id}? This cannot be undone.
                </DialogContentText>
                {scanShown && sale && (
                  <SaleSerialScan sale={sale} onSale={(s) => setSale((was) => (was && s.id === was.id ? s : was))} />
                )}
              </>
            ) : (
              <>
                <DialogContentText>
                  Every open committed sale of the invoice is transacted, all or none. This cannot be undone.
                </DialogContentText>
                <TextField
                  label="Invoice ID"
                  value={invoiceId}
                  onChange={(e) => setInvoiceId(e.target.value)}
                  required
                  autoFocus
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
                <InvoiceSerialScan key={invoice.map((s) => s.id).join()} sales={invoice} />
              </>
            )}
            <TextField
              label="Finish Notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            {canOverride && (
              <FormControlLabel
                control={<Switch checked={strictMode} onChange={(e) => setStrictMode(e.target.checked)} />}
                label="Strict Mode"
                data-testid="strict-mode-toggle"
              />
            )}
          </Box>
        )}
        {processing && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }} role="status">
            <CircularProgress size={28} />
            <Typography>Processing…</Typography>
          </Box>
        )}
        {stage.name === 'results' && (
          <Alert
            severity={stage.outcome.ok ? 'success' : 'error'}
            data-testid="sale-result"
            sx={{ mt: 1, overflowWrap: 'anywhere' }}
          >
            {stage.outcome.lines.map((line, i) => (
              <Typography key={i} variant="body2">
                {line}
              </Typography>
            ))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={fullScreen ? floorActions : undefined}>
        {stage.name === 'confirm' && (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={(finish && !invoiceId.trim()) || sending > 0}
            >
              {finish ? 'Finish Invoice' : 'Transact Sale'}
            </Button>
          </>
        )}
        {stage.name === 'results' && (
          <Button variant="contained" onClick={close}>
            Close
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
