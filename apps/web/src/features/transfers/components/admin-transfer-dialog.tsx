import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { NOT_SELECTED, scanningForced } from '@keystone/contracts';
import { useSession } from '../../../lib/session-store';
import { useCommitTransfer } from '../api/transfers-api';
import { firstServerError } from './server-error';
import {
  commitBody,
  needsExtraFields,
  REQUIRED_FIELDS_MISSING,
  TRANSFER_SCAN_MESSAGES,
  transferFormErrors,
  type TTransferFormValues,
} from './transfer-rules-client';

/**
 * The Admin-Level Transfer Tool (001 §2, §6 admin:override): any bucket to any bucket, quantity at least 1 with no
 * upper bound, notes; strictMode false. Scanning as the product needs (a serial-tracked product is committed, then
 * scanned; otherwise it moves at once), or as asked.
 */
export function AdminTransferDialog({
  model,
  tracked,
  buckets,
  onClose,
}: {
  model: string;
  tracked: boolean;
  buckets: string[];
  onClose(): void;
}) {
  const username = useSession((s) => s.username);
  const commit = useCommitTransfer();
  const [values, setValues] = useState<TTransferFormValues>({
    fromBucket: NOT_SELECTED,
    toBucket: NOT_SELECTED,
    model,
    requestedQuantity: NOT_SELECTED,
    scanningRequired: tracked,
    commitNotes: '',
    posTransferBatchRefId: '',
    posTransferBatchName: '',
    senderSku: '',
    receiverSku: '',
  });
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const set = <K extends keyof TTransferFormValues>(name: K, value: TTransferFormValues[K]) =>
    setValues((v) => ({ ...v, [name]: value }));
  const from = values.fromBucket === NOT_SELECTED ? '' : values.fromBucket;
  const extra = !!from && needsExtraFields(from, values.toBucket);
  const forced = scanningForced(from, values.toBucket === NOT_SELECTED ? '' : values.toBucket);

  const submit = async () => {
    setAlert(null);
    const errors = transferFormErrors(values, 0, true);
    if (!from) errors.fromBucket = 'is required';
    if (Object.keys(errors).length) {
      setAlert({ kind: 'error', text: REQUIRED_FIELDS_MISSING });
      return;
    }
    const body = commitBody(values, username, { strictMode: false });
    try {
      await commit.mutateAsync({ body, quick: !body.scanningRequired });
      setAlert({ kind: 'success', text: TRANSFER_SCAN_MESSAGES.updated });
    } catch (e) {
      setAlert({ kind: 'error', text: firstServerError(e) });
    }
  };

  const bucketSelect = (name: 'fromBucket' | 'toBucket', label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': `admin-${name}` } }}
    >
      <MenuItem value={NOT_SELECTED}>{NOT_SELECTED}</MenuItem>
      {buckets.map((b) => (
        <MenuItem key={b} value={b}>
          {b}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="admin-transfer-dialog">
      <DialogTitle>Admin-Level Transfer Tool</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {bucketSelect('fromBucket', 'From Bucket')}
        {bucketSelect('toBucket', 'To Bucket')}
        <TextField
          size="small"
          type="number"
          label="Quantity"
          value={values.requestedQuantity === NOT_SELECTED ? '' : values.requestedQuantity}
          onChange={(e) => set('requestedQuantity', e.target.value === '' ? NOT_SELECTED : Number(e.target.value))}
          slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'admin-quantity' } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={forced || values.scanningRequired}
              disabled={forced}
              onChange={(e) => set('scanningRequired', e.target.checked)}
            />
          }
          label="Scanning Required"
        />
        {extra &&
          (['posTransferBatchRefId', 'posTransferBatchName', 'senderSku', 'receiverSku'] as const).map((name) => (
            <TextField
              key={name}
              size="small"
              label={
                {
                  posTransferBatchRefId: 'Shipment Id (Batch Ref Id)',
                  posTransferBatchName: 'Shipment Name (Batch Name)',
                  senderSku: 'Sender SKU',
                  receiverSku: 'Receiver SKU',
                }[name]
              }
              value={values[name]}
              onChange={(e) => set(name, e.target.value)}
            />
          ))}
        <TextField
          size="small"
          label="Notes"
          multiline
          value={values.commitNotes}
          onChange={(e) => set('commitNotes', e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'admin-notes' } }}
        />
        {alert && (
          <Alert severity={alert.kind} data-testid="admin-transfer-alert">
            {alert.text}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={commit.isPending}
          data-testid="admin-transfer-submit"
        >
          Transfer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
