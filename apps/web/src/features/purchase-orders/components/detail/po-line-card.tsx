import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Grid, TextField, Tooltip, Typography } from '@mui/material';
import { formatUsd, dollarsToCents, parseLineCost, type TPoLine } from '@keystone/contracts';
import { useCan } from '../../../../lib/session-store';
import { useConfirm } from '../../../../shell/confirm-dialog';
import { usePoReceiving, type TPoLineDialog } from '../../po-receiving';
import { DateField } from '../../../../shell/date-field';

export const NO_MORE_TO_RECEIVE = 'There are no more items to receive on this PO line.';

interface Props {
  line: TPoLine;
  editingDisabled: boolean;
  receivingDisabled: boolean;
  /** Order Sent: carrier and tracking number are locked on the lines as on the header (001 §4). */
  shippingLocked?: boolean;
  /** Told whether the card holds unsaved edits. */
  onDirtyChange?: (dirty: boolean) => void;
  onUpdate(body: {
    invoice_cost: string;
    qty: number;
    expected_arrival_date: string | null;
    carrier_name?: string;
    tracking_number?: string;
  }): Promise<unknown>;
  onDelete(): Promise<unknown>;
}

/**
 * One PO line (000 §2, §4): Receive turns into a disabled Received button once everything arrived, Un-Receive
 * shows only when something was received, Delete only when nothing was, Update unless editing is disabled.
 */
export function PoLineCard({
  line,
  editingDisabled,
  receivingDisabled,
  shippingLocked = false,
  onDirtyChange,
  onUpdate,
  onDelete,
}: Props) {
  const canReceive = useCan('purchase-order:receive');
  const canUnreceive = useCan('purchase-order:un-receive');
  const canEdit = useCan('purchase-order:edit');
  const [cost, setCost] = useState(line.invoice_cost.toFixed(2));
  const [qty, setQty] = useState(String(line.qty_ordered));
  const [arrival, setArrival] = useState(line.expected_arrival_date ?? '');
  const [carrier, setCarrier] = useState(line.carrier_name ?? '');
  const [tracking, setTracking] = useState(line.tracking_number ?? '');
  const [dialog, setDialog] = useState<TPoLineDialog | null>(null);
  const { LineDialog } = usePoReceiving();
  const { dialog: confirmDialog, confirm } = useConfirm();
  const dirty =
    cost !== line.invoice_cost.toFixed(2) ||
    qty !== String(line.qty_ordered) ||
    arrival !== (line.expected_arrival_date ?? '') ||
    carrier !== (line.carrier_name ?? '') ||
    tracking !== (line.tracking_number ?? '');
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const fullyReceived = line.qty_received >= line.qty_ordered;
  const readOnly = editingDisabled || !canEdit;
  const costValid = Number.isFinite(parseLineCost(cost)) && parseLineCost(cost) >= 0;
  const lineTotal = costValid && Number(qty) > 0 ? formatUsd(dollarsToCents(parseLineCost(cost)) * Number(qty)) : '—';

  return (
    <Card variant="outlined" data-testid="po-line-card">
      <CardContent>
        <Grid container spacing={1.5} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} data-testid="line-model">
              {line.product.model_number}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              MPN {line.product.part_number ?? '—'} · {line.product.product_title}
            </Typography>
          </Grid>
          <Grid size={{ xs: 6, md: 1.5 }}>
            <TextField
              label="Item Cost"
              size="small"
              value={cost}
              onChange={(e) => setCost(e.target.value)}
              disabled={readOnly}
              error={!costValid}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 6, md: 1.2 }}>
            <TextField
              label="Qty Ordered"
              size="small"
              type="number"
              value={qty}
              onChange={(e) => setQty(e.target.value)}
              disabled={readOnly}
              slotProps={{ htmlInput: { min: Math.max(1, line.qty_received), step: 1 } }}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 6, md: 1.2 }}>
            <TextField
              label="Qty Received"
              size="small"
              value={line.qty_received}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 6, md: 1.3 }}>
            <Typography variant="caption" color="text.secondary">
              Line Total
            </Typography>
            <Typography data-testid="line-total">{lineTotal}</Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 3.8 }}>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                label="Carrier"
                size="small"
                value={carrier}
                onChange={(e) => setCarrier(e.target.value)}
                disabled={readOnly || shippingLocked}
                helperText={shippingLocked ? 'Locked while Order Sent' : undefined}
                fullWidth
              />
              <TextField
                label="Tracking Number"
                size="small"
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
                disabled={readOnly || shippingLocked}
                helperText={shippingLocked ? 'Locked while Order Sent' : undefined}
                fullWidth
              />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <DateField
              label="Expected Arrival Date"
              value={arrival}
              onChange={setArrival}
              disabled={readOnly}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }} sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {canReceive &&
              (fullyReceived ? (
                <Tooltip title={NO_MORE_TO_RECEIVE}>
                  <span>
                    <Button variant="outlined" disabled title={NO_MORE_TO_RECEIVE}>
                      Received
                    </Button>
                  </span>
                </Tooltip>
              ) : (
                <Button
                  variant="contained"
                  color="success"
                  disabled={receivingDisabled}
                  onClick={() => setDialog('Receiving')}
                >
                  Receive
                </Button>
              ))}
            {canUnreceive && line.qty_received > 0 && (
              <Button
                variant="outlined"
                color="warning"
                disabled={receivingDisabled}
                onClick={() => setDialog('Un-Receiving')}
              >
                Un-Receive
              </Button>
            )}
            {line.qty_received > 0 && (
              <Button variant="outlined" onClick={() => setDialog('Received Serials')}>
                View Serials
              </Button>
            )}
            {canEdit && line.qty_received === 0 && !editingDisabled && (
              <Button
                variant="outlined"
                color="error"
                onClick={() =>
                  void confirm({
                    title: 'Delete this line?',
                    message: `Delete ${line.product.model_number} (${line.qty_ordered} ordered) from this PO?`,
                    confirmLabel: 'Delete',
                    destructive: true,
                  }).then((yes) => yes && onDelete())
                }
              >
                Delete
              </Button>
            )}
            {canEdit && !editingDisabled && (
              <Button
                variant="contained"
                disabled={!costValid || !(Number(qty) >= 1)}
                onClick={() =>
                  void onUpdate({
                    invoice_cost: cost,
                    qty: Number(qty),
                    expected_arrival_date: arrival || null,
                    ...(shippingLocked ? {} : { carrier_name: carrier, tracking_number: tracking }),
                  })
                }
              >
                Update
              </Button>
            )}
          </Grid>
        </Grid>
      </CardContent>
      {confirmDialog}
      {dialog && <LineDialog dialog={dialog} line={line} onClose={() => setDialog(null)} />}
    </Card>
  );
}
