import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Link, Paper, Typography } from '@mui/material';
import { workOrderNumber, type TInventoryTransactionDetail } from '@keystone/contracts';
import { FieldList } from './field-list';
import { dateTime } from './format';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/**
 * INVENTORY_SALE (001 §3: invoiced_quantity, source bucket, pos_work_order_id, legacy_pos_invoice_id, sale_type_code):
 * the committed sale a ledger row posts, or an open sale reached by its CS- reference.
 */
export function SaleTransactionView({ tx }: { tx: TInventoryTransactionDetail }) {
  const s = tx.sale;
  if (!s) return <Typography color="text.secondary">No committed sale is linked to this transaction.</Typography>;
  const sold = s.transacted_at !== null;
  // Serials that left with the sale (the ledger row's), else those committed at the point of sale.
  const serials =
    sold && tx.serials.length ? tx.serials.map((x) => x.scanned_serial_number) : s.serials.map((x) => x.serial_number);
  const rows: [string, ReactNode][] = [
    ['Sale Reference', s.ims_transaction_reference_id],
    ['Legacy POS Invoice', s.legacy_pos_invoice_id],
    [
      'Model',
      <Link key="m" component={RouterLink} to={`/inventory/detail/model/${encodeURIComponent(s.product.model)}`}>
        {s.product.model}
      </Link>,
    ],
    ['Committed Quantity', s.committed_quantity],
    ['Invoiced Quantity', sold && tx.quantity_delta < 0 ? -tx.quantity_delta : '—'],
    ['Source Bucket', s.source_bucket],
    [
      'POS Work Order ID',
      s.pos_work_order_id === null ? (
        '—'
      ) : (
        <Link key="wo" component={RouterLink} to={`/work-orders/${s.pos_work_order_id}`}>
          {workOrderNumber(s.pos_work_order_id)}
        </Link>
      ),
    ],
    ['Sale Type Code', dash(s.sale_type_code)],
    [sold ? 'Serials Sold' : 'Committed Serials', serials.length ? serials.join(', ') : '—'],
    ['Committed At', dateTime(s.created_at)],
    ['Committed By', dash(s.committed_by_name)],
    ['Transacted At', s.transacted_at ? dateTime(s.transacted_at) : '—'],
    ['Transacted By', dash(s.transacted_by_name)],
    ['Invoiced By', dash(s.invoiced_by_name)],
    ['Commit Notes', dash(s.commit_notes)],
    ['Finish Notes', dash(s.finish_notes)],
    ['Strict Mode', s.strict_mode === null ? '—' : s.strict_mode ? 'On' : 'Off'],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="sale-transaction">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        Sale
      </Typography>
      {!sold && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Committed, not transacted yet: nothing has moved.
        </Alert>
      )}
      <FieldList rows={rows} testId="sale-fields" />
    </Paper>
  );
}
