import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useShipmentHistory } from '../api/shipping-reconciliation-api';
import { queryErrorText } from './query-error';
import { formatDollars } from './reconciliation-state';

/**
 * A shipment's history: every carrier invoice line that billed its tracking number (a later
 * correction or credit adds a line, it does not replace one), the payments applied to it, and billed − paid.
 */
export function ShipmentHistoryDialog({
  trackingNumber,
  onClose,
}: {
  trackingNumber: string | null;
  onClose: () => void;
}) {
  const history = useShipmentHistory(trackingNumber);
  const data = history.data;
  // On a phone the tables get the whole screen (they still scroll sideways).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={trackingNumber !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="shipment-history-title"
    >
      <DialogTitle id="shipment-history-title">History of {trackingNumber}</DialogTitle>
      <DialogContent>
        {history.isPending ? <CircularProgress size={24} aria-label="Loading the history" /> : null}
        {history.isError ? <Alert severity="error">{queryErrorText(history.error)}</Alert> : null}
        {data ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={3} data-testid="history-sums">
              <Typography>Billed {formatDollars(data.billed)}</Typography>
              <Typography>Paid {formatDollars(data.paid)}</Typography>
              <Typography sx={{ fontWeight: 600 }}>Unpaid {formatDollars(data.unpaid)}</Typography>
            </Stack>
            <Box sx={{ overflowX: 'auto' }}>
              <Typography variant="subtitle2">Invoice lines</Typography>
              <Table size="small" aria-label="Invoice lines">
                <TableHead>
                  <TableRow>
                    <TableCell>Carrier</TableCell>
                    <TableCell>Invoice</TableCell>
                    <TableCell>Line</TableCell>
                    <TableCell>Invoice date</TableCell>
                    <TableCell>Category</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>File</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.invoice_lines.map((line) => (
                    <TableRow key={`${line.carrier}-${line.invoice_number}-${line.line_number}`}>
                      <TableCell>{line.carrier.toUpperCase()}</TableCell>
                      <TableCell>{line.invoice_number}</TableCell>
                      <TableCell>{line.line_number}</TableCell>
                      <TableCell>{line.invoice_date ?? '—'}</TableCell>
                      <TableCell>{line.charge_category ?? '—'}</TableCell>
                      <TableCell align="right">{formatDollars(line.amount)}</TableCell>
                      <TableCell>{line.original_name}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box sx={{ overflowX: 'auto' }}>
              <Typography variant="subtitle2">Payments</Typography>
              {data.payments.length === 0 ? (
                <Typography variant="body2">No payment applied yet.</Typography>
              ) : (
                <Table size="small" aria-label="Payments">
                  <TableHead>
                    <TableRow>
                      <TableCell>Batch</TableCell>
                      <TableCell>When</TableCell>
                      <TableCell>By</TableCell>
                      <TableCell align="right">Billed then</TableCell>
                      <TableCell align="right">Paid</TableCell>
                      <TableCell align="right">Paid in all</TableCell>
                      <TableCell>Pay anyway</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.payments.map((payment) => (
                      <TableRow key={payment.batch_id}>
                        <TableCell>{payment.batch_id}</TableCell>
                        <TableCell>{payment.created_at.slice(0, 16).replace('T', ' ')}</TableCell>
                        <TableCell>{payment.created_by ?? '—'}</TableCell>
                        <TableCell align="right">{formatDollars(payment.reported_billed_charge)}</TableCell>
                        <TableCell align="right">{formatDollars(payment.payment_to_apply)}</TableCell>
                        <TableCell align="right">{formatDollars(payment.paid_after)}</TableCell>
                        <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                          {payment.override ? (payment.override_reason ?? 'Yes (no reason recorded)') : '—'}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
