import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import type { TInventoryTransactionDetail } from '@keystone/contracts';
import { FieldList } from './field-list';
import { dateTime } from './format';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/**
 * INVENTORY_TRANSFER (002 §3 Transfer transaction): the transfer a ledger row posts, or a committed transfer that has
 * not moved yet (reached by its CT- reference).
 */
export function TransferTransactionView({ tx }: { tx: TInventoryTransactionDetail }) {
  const t = tx.transfer;
  if (!t) return <Typography color="text.secondary">No transfer record is linked to this transaction.</Typography>;
  const rows: [string, ReactNode][] = [
    ['Transfer Reference', t.ims_transaction_reference_id],
    ['POS Transfer Batch Name', dash(t.pos_transfer_batch_name)],
    ['POS Transfer Batch Ref ID', dash(t.pos_transfer_batch_ref_id)],
    ['Committed Quantity', t.committed_quantity],
    ['Transferred Quantity', dash(t.transferred_quantity)],
    ['Sender SKU', dash(t.sender_sku)],
    ['Receiver SKU', dash(t.receiver_sku)],
    [
      'Model',
      <Link key="m" component={RouterLink} to={`/inventory/transfer/${encodeURIComponent(t.product.model)}`}>
        {t.product.model}
      </Link>,
    ],
    ['From Bucket', t.from_bucket],
    ['To Bucket', t.to_bucket],
    ['Committed At', dateTime(t.committed_at)],
    ['Transferred At', t.transferred_at ? dateTime(t.transferred_at) : '—'],
    ['Scanning Required', t.scanning_required ? 'Yes' : 'No'],
    ['Committed By', dash(t.committed_by_name)],
    ['Transferred By', dash(t.transferred_by_name)],
    ['Commit Notes', dash(t.committed_notes)],
    ['Transfer Notes', dash(t.transfer_notes)],
    [
      'Ledger Rows',
      t.ledger_references.length
        ? t.ledger_references.map((ref, i) => (
            <Box component="span" key={ref}>
              {i > 0 && ', '}
              <Link component={RouterLink} to={`/inventory-transactions/${encodeURIComponent(ref)}`}>
                {ref}
              </Link>
            </Box>
          ))
        : '—',
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="transfer-transaction">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        Transfer
      </Typography>
      {!t.transferred_at && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Committed, not transferred yet: nothing has moved.
        </Alert>
      )}
      <FieldList rows={rows} testId="transfer-fields" />
    </Paper>
  );
}
