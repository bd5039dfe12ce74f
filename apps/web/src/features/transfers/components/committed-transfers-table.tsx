import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { TRANSFER_MESSAGES, type TCommittedTransfer } from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import { useDeleteCommittedTransfer, useUpdateCommittedTransfer } from '../api/transfers-api';
import { firstServerError, statusOf } from './server-error';
import { PagedTable, type TColumn } from './paged-table';

const text = (v: string | null) => v ?? '';

/** Edit a committed transfer (PATCH, 001 §7); a 404 says 'Failed to update: commitment not found' (001 §8). */
function EditDialog({ transfer, onClose }: { transfer: TCommittedTransfer; onClose(): void }) {
  const update = useUpdateCommittedTransfer();
  const [values, setValues] = useState({
    committedQty: String(transfer.committed_quantity),
    posTransferBatchRefId: text(transfer.pos_transfer_batch_ref_id),
    posTransferBatchName: text(transfer.pos_transfer_batch_name),
    senderSku: text(transfer.sender_sku),
    receiverSku: text(transfer.receiver_sku),
    commitNotes: text(transfer.commit_notes),
  });
  const [error, setError] = useState<string | null>(null);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const save = async () => {
    setError(null);
    const qty = Number(values.committedQty);
    if (!Number.isInteger(qty) || qty < 1) {
      setError('Quantity must be a whole number, 1 or more');
      return;
    }
    try {
      await update.mutateAsync({
        refId: transfer.ims_transaction_reference_id,
        body: {
          committedQty: qty,
          posTransferBatchRefId: values.posTransferBatchRefId,
          posTransferBatchName: values.posTransferBatchName,
          senderSku: values.senderSku,
          receiverSku: values.receiverSku,
          commitNotes: values.commitNotes,
        },
      });
      onClose();
    } catch (e) {
      setError(statusOf(e) === 404 ? TRANSFER_MESSAGES.updateNotFound : firstServerError(e));
    }
  };
  const fields: [keyof typeof values, string][] = [
    ['committedQty', 'Committed Quantity'],
    ['posTransferBatchRefId', 'Shipment Id (Batch Ref Id)'],
    ['posTransferBatchName', 'Shipment Name (Batch Name)'],
    ['senderSku', 'Sender SKU'],
    ['receiverSku', 'Receiver SKU'],
    ['commitNotes', 'Commit Notes'],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="edit-transfer-dialog">
      <DialogTitle>Edit {transfer.ims_transaction_reference_id}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {fields.map(([name, label]) => (
          <TextField
            key={name}
            size="small"
            label={label}
            type={name === 'committedQty' ? 'number' : 'text'}
            multiline={name === 'commitNotes'}
            value={values[name]}
            onChange={set(name)}
            slotProps={{
              htmlInput: {
                'data-testid': `edit-${name}`,
                ...(name === 'committedQty' ? { min: Math.max(1, transfer.total_scanned_quantity) } : {}),
              },
            }}
          />
        ))}
        {error && (
          <Alert severity="error" data-testid="edit-transfer-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={update.isPending}
          data-testid="edit-transfer-save"
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Delete after a confirm (001 §7); a 404 says 'Failed to delete: commitment not found' (001 §8). */
function DeleteDialog({ transfer, onClose }: { transfer: TCommittedTransfer; onClose(): void }) {
  const remove = useDeleteCommittedTransfer();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(transfer.ims_transaction_reference_id);
      onClose();
    } catch (e) {
      setError(statusOf(e) === 404 ? TRANSFER_MESSAGES.deleteNotFound : firstServerError(e));
    }
  };
  return (
    <Dialog open onClose={onClose} data-testid="delete-transfer-dialog">
      <DialogTitle>Delete {transfer.ims_transaction_reference_id}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The committed transfer of {transfer.committed_quantity} from {transfer.from_bucket} to {transfer.to_bucket} is
          deleted, with its {transfer.total_scanned_quantity} scanned unit(s). Nothing has moved yet.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="delete-transfer-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={remove.isPending}
          data-testid="delete-transfer-confirm"
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The model's committed (not yet submitted) transfers, with Edit, Delete and Scan (001 §2, §3, §4). */
export function CommittedTransfersTable({
  rows,
  onScan,
}: {
  rows: TCommittedTransfer[];
  onScan(t: TCommittedTransfer): void;
}) {
  const [editing, setEditing] = useState<TCommittedTransfer | null>(null);
  const [deleting, setDeleting] = useState<TCommittedTransfer | null>(null);
  const columns: TColumn<TCommittedTransfer>[] = [
    { label: 'Reference', render: (t) => t.ims_transaction_reference_id, minWidth: 110 },
    {
      label: 'Scanned / Committed',
      minWidth: 120,
      render: (t) => (
        <Box data-testid="committed-progress">
          <Typography variant="body2">
            {t.total_scanned_quantity} / {t.committed_quantity}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={t.committed_quantity ? Math.min(100, (100 * t.total_scanned_quantity) / t.committed_quantity) : 0}
          />
        </Box>
      ),
    },
    { label: 'From', render: (t) => t.from_bucket },
    { label: 'To', render: (t) => t.to_bucket },
    { label: 'Committed By', render: (t) => t.committed_by_name ?? '' },
    { label: 'Committed At', render: (t) => formatTimestamp(t.committed_at), minWidth: 140 },
    { label: 'Notes', render: (t) => t.commit_notes ?? '', minWidth: 160, wrap: true },
    {
      label: 'Batch',
      minWidth: 160,
      wrap: true,
      render: (t) =>
        [
          t.pos_transfer_batch_ref_id && `Id ${t.pos_transfer_batch_ref_id}`,
          t.pos_transfer_batch_name && `Name ${t.pos_transfer_batch_name}`,
          t.sender_sku && `Sender SKU ${t.sender_sku}`,
          t.receiver_sku && `Receiver SKU ${t.receiver_sku}`,
        ]
          .filter(Boolean)
          .join('; '),
    },
    {
      label: 'Actions',
      render: (t) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button size="small" variant="contained" onClick={() => onScan(t)} data-testid="scan-transfer">
            Scan
          </Button>
          <Button size="small" onClick={() => setEditing(t)} data-testid="edit-transfer">
            Edit
          </Button>
          <Button size="small" color="error" onClick={() => setDeleting(t)} data-testid="delete-transfer">
            Delete
          </Button>
        </Box>
      ),
    },
  ];
  return (
    <>
      <PagedTable
        rows={rows}
        columns={columns}
        rowKey={(t) => t.id}
        empty="No committed transfers."
        testId="committed-transfers"
      />
      {editing && <EditDialog transfer={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteDialog transfer={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
