import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, TextField } from '@mui/material';
import type { TTransactedTransfer } from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import { SavedViewsControl, useViewParams } from '../../../lib/saved-views';
import { useUpdateTransferNotes } from '../api/transfers-api';
import { firstServerError } from './server-error';
import { PagedTable, type TColumn } from './paged-table';

function NotesDialog({ transfer, onClose }: { transfer: TTransactedTransfer; onClose(): void }) {
  const update = useUpdateTransferNotes();
  const [notes, setNotes] = useState(transfer.transfer_notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: transfer.id, transfer_notes: notes.trim() ? notes : null });
      onClose();
    } catch (e) {
      setError(firstServerError(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="transfer-notes-dialog">
      <DialogTitle>Transfer Notes of {transfer.ims_transaction_reference_id}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label="Transfer Notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'transfer-notes-input', maxLength: 2000 } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
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
          data-testid="transfer-notes-save"
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The text a submitted transfer is searched by: its reference, buckets, who made it and its notes. */
const searchText = (t: TTransactedTransfer) =>
  [t.ims_transaction_reference_id, t.from_bucket, t.to_bucket, t.transferred_by_name, t.transfer_notes]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/**
 * The model's submitted (transacted) transfers, newest first; notes editable; the reference links to the
 * transaction. A search (`submittedSearch` in the URL, so a saved view keeps it) narrows the rows.
 */
export function TransactedTransfersTable({ rows }: { rows: TTransactedTransfer[] }) {
  const [editing, setEditing] = useState<TTransactedTransfer | null>(null);
  const [params, setParams] = useViewParams();
  const search = params.get('submittedSearch') ?? '';
  const needle = search.trim().toLowerCase();
  const shown = needle ? rows.filter((t) => searchText(t).includes(needle)) : rows;
  const columns: TColumn<TTransactedTransfer>[] = [
    {
      label: 'Reference',
      minWidth: 110,
      render: (t) => (
        <Link component={RouterLink} to={`/inventory-transactions/${t.ims_transaction_reference_id}`}>
          {t.ims_transaction_reference_id}
        </Link>
      ),
    },
    { label: 'Quantity', render: (t) => t.transferred_quantity },
    { label: 'From', render: (t) => t.from_bucket },
    { label: 'To', render: (t) => t.to_bucket },
    { label: 'Transferred By', render: (t) => t.transferred_by_name ?? '' },
    { label: 'Transferred At', render: (t) => formatTimestamp(t.transferred_at), minWidth: 140 },
    {
      label: 'Transfer Notes',
      minWidth: 200,
      wrap: true,
      render: (t) => (
        <>
          <span data-testid="transfer-notes">{t.transfer_notes ?? ''}</span>{' '}
          <Button size="small" onClick={() => setEditing(t)} data-testid="edit-transfer-notes">
            Edit
          </Button>
        </>
      ),
    },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          label="Search Submitted Transfers"
          value={search}
          onChange={(e) => setParams({ submittedSearch: e.target.value || null })}
          size="small"
          autoComplete="off"
          sx={{ minWidth: { xs: '100%', sm: 300 } }}
        />
        <SavedViewsControl list="transacted-transfers" />
      </Box>
      <PagedTable
        rows={shown}
        noMatch={
          needle
            ? {
                message: `No submitted transfers match "${search.trim()}".`,
                onClear: () => setParams({ submittedSearch: null }),
              }
            : undefined
        }
        columns={columns}
        rowKey={(t) => t.id}
        empty="No submitted transfers."
        testId="transacted-transfers"
      />
      {editing && <NotesDialog transfer={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
