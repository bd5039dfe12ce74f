import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  ZAuditItemReferenceSchema,
  ZTransactionLookupReferenceSchema,
  type TInventoryTransactionDetail,
} from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { Page } from '../../../shell/page';
import { transactionQuery } from '../api/inventory-api';
import { FieldList } from './field-list';
import { dateTime } from './format';
import { legacyPoReviewPath, poReviewPath } from '../../../lib/po-links';
import { AuditItemReferenceView } from './audit-item-reference-view';
import { SaleTransactionView } from './sale-transaction-view';
import { TransferTransactionView } from './transfer-transaction-view';

const refLink = (ref: string | null) =>
  ref ? (
    <Link component={RouterLink} to={`/inventory-transactions/${encodeURIComponent(ref)}`}>
      {ref}
    </Link>
  ) : (
    '—'
  );

/** Legacy purchase orders link to /purchase-orders/review/{id}?legacy=true (001 §2). */
const legacyPoLink = (legacy: string | null) =>
  legacy ? (
    <Link component={RouterLink} to={legacyPoReviewPath(legacy)}>
      {legacy}
    </Link>
  ) : (
    '—'
  );

const poLink = (id: number | null, ref: string | null) =>
  id ? (
    <Link component={RouterLink} to={poReviewPath(id)}>
      {ref ?? id}
    </Link>
  ) : (
    '—'
  );

/** A committed transfer or sale (CT-/CS-) not transacted yet: no ledger row, so no bucket change to show. */
const commitmentOnly = (tx: TInventoryTransactionDetail) => /^C[TS]-/.test(tx.ims_transaction_reference_id);

function commonRows(tx: TInventoryTransactionDetail): [string, ReactNode][] {
  if (commitmentOnly(tx))
    return [
      ['Reference', tx.ims_transaction_reference_id],
      ['Type', tx.type],
    ];
  return [
    ['Reference', tx.ims_transaction_reference_id],
    ['Type', tx.type],
    [
      'Product',
      <Link key="p" component={RouterLink} to={`/inventory/detail/model/${encodeURIComponent(tx.product.model)}`}>
        {tx.product.model}: {tx.product.product_title}
      </Link>,
    ],
    ['Bucket', tx.bucket],
    ['Quantity Change', tx.quantity_delta > 0 ? `+${tx.quantity_delta}` : String(tx.quantity_delta)],
    ['Transacted At', dateTime(tx.transacted_at)],
    ['Transacted By', tx.transacted_by ?? '—'],
    ['Notes', tx.notes ?? '—'],
  ];
}

/** The fields of the transaction's type; null for a type this screen does not know. */
function typeRows(tx: TInventoryTransactionDetail): [string, ReactNode][] | null {
  switch (tx.type) {
    case 'INVENTORY_RECEIPT': {
      const r = tx.receipt;
      return [
        ['Received Quantity', r?.received_quantity ?? tx.quantity_delta],
        ['Receiving Bucket', r?.receiving_bucket ?? tx.bucket],
        ['PO API PO ID', poLink(r?.po_api_po_id ?? null, r?.purchase_ref_id ?? null)],
        ['Purchase Ref ID', r?.purchase_ref_id ?? '—'],
        ['Legacy PO API PO ID', legacyPoLink(r?.legacy_po_api_po_id ?? null)],
        ['Scanned By', r?.scanned_by ?? '—'],
        ['Reversed By', refLink(tx.reversed_by)],
      ];
    }
    case 'INVENTORY_UNRECEIPT': {
      const u = tx.unreceipt;
      return [
        ['Receipt Reversal Of', refLink(u?.reverses_ims_transaction_reference_id ?? null)],
        ['Un-received Quantity', u?.unreceived_quantity ?? -tx.quantity_delta],
        ['PO API PO ID', poLink(u?.po_api_po_id ?? null, u?.purchase_ref_id ?? null)],
        ['Legacy PO API PO ID', legacyPoLink(u?.legacy_po_api_po_id ?? null)],
      ];
    }
    case 'INVENTORY_TRANSFER':
    case 'INVENTORY_SALE':
      // Their fields come in their own view below (transfer-transaction-view, sale-transaction-view).
      return [];
    case 'INVENTORY_AUDIT_ADJUSTMENT': {
      // 001 §3, 002 §3; the serials with their old and new location, condition and disposition are the table below.
      const a = tx.audit_adjustment;
      return [
        ['Audit Type Code', a?.audit_type_code ?? '—'],
        ['Old Quantity', a?.old_quantity ?? '—'],
        ['New Quantity', a?.new_quantity ?? '—'],
        ['Audit Bucket', a?.audit_bucket ?? tx.bucket],
        ['Submitted By', a?.submitted_by ?? tx.transacted_by ?? '—'],
        ['Submit Notes', a?.submit_notes ?? tx.notes ?? '—'],
        // An audit's AA- reference opens the item's view (its adjustments and its audit's report).
        [
          'IMS Initiating Transaction ID',
          /^(I[RUTSAXO]|C[TS]|AA)-\d{7,}$/.test(a?.ims_initiating_transaction_id ?? '')
            ? refLink(a!.ims_initiating_transaction_id)
            : (a?.ims_initiating_transaction_id ?? '—'),
        ],
      ];
    }
    case 'INVENTORY_OPENING_BALANCE':
      // Stock brought in by an import: the import and its rows are in the notes.
      return [
        ['Opening Quantity', tx.quantity_delta],
        ['Bucket', tx.bucket],
      ];
    default:
      return null;
  }
}

const TITLES: Record<string, string> = {
  INVENTORY_RECEIPT: 'Inventory Receipt',
  INVENTORY_UNRECEIPT: 'Inventory Un-Receipt (Receipt Reversal)',
  INVENTORY_TRANSFER: 'Inventory Transfer',
  INVENTORY_SALE: 'Inventory Sale',
  INVENTORY_AUDIT_ADJUSTMENT: 'Inventory Audit Adjustment',
  INVENTORY_OPENING_BALANCE: 'Opening Balance (Import)',
};

export function TransactionDetail({ tx }: { tx: TInventoryTransactionDetail }) {
  const specific = typeRows(tx);
  if (specific === null) return <Alert severity="warning">Unsupported transaction type</Alert>;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="transaction-detail">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {TITLES[tx.type]}
        </Typography>
        <FieldList rows={[...commonRows(tx), ...specific]} />
      </Paper>
      {tx.type === 'INVENTORY_TRANSFER' && <TransferTransactionView tx={tx} />}
      {tx.type === 'INVENTORY_SALE' && <SaleTransactionView tx={tx} />}
      {tx.serials.length > 0 && (
        // A phone scrolls the serial table, not the page.
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {[
                  'Serial',
                  'Scanned UPC',
                  'Scanned At',
                  'From (location / condition / disposition)',
                  'To (location / condition / disposition)',
                ].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {tx.serials.map((s) => (
                <TableRow key={`${s.fk_inventory_serial_id}-${s.scanned_at}`}>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/inventory-serials/${s.fk_inventory_serial_id}`}
                      state={{ fresh: true }}
                    >
                      {s.scanned_serial_number}
                    </Link>
                  </TableCell>
                  <TableCell>{s.scanned_upc ?? '—'}</TableCell>
                  <TableCell>{dateTime(s.scanned_at)}</TableCell>
                  <TableCell>
                    {[s.old_location_code, s.old_condition_code, s.old_disposition_code]
                      .map((v) => v ?? '—')
                      .join(' / ')}
                  </TableCell>
                  <TableCell>
                    {[s.new_location_code, s.new_condition_code, s.new_disposition_code]
                      .map((v) => v ?? '—')
                      .join(' / ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}

/**
 * /inventory-transactions/{ims_transaction_reference_id}: the detail per type, with a Refresh button (001 §2). An
 * audit item's reference (AA-…) shows the item's adjustment transactions instead (AuditItemReferenceView).
 */
export function TransactionDetailPage() {
  const { id: raw = '' } = useParams();
  const parsed = ZTransactionLookupReferenceSchema.safeParse(raw);
  const ref = parsed.success ? parsed.data : null;
  const tx = useQuery({ ...transactionQuery(ref ?? ''), enabled: ref !== null });
  const audit = ref === null ? ZAuditItemReferenceSchema.safeParse(raw) : null;
  let content: ReactNode;
  if (audit?.success) content = <AuditItemReferenceView auditRef={audit.data} />;
  else if (ref === null) content = <Alert severity="warning">{`${raw} is not a transaction reference.`}</Alert>;
  else if (tx.isPending) content = <Typography>Loading...</Typography>;
  else if (tx.error)
    content = (
      <Alert severity="warning">
        {tx.error instanceof ApiCallError && tx.error.status === 404
          ? `Transaction ${ref} does not exist.`
          : 'There was an error.'}
      </Alert>
    );
  else content = <TransactionDetail tx={tx.data} />;
  return (
    <Page
      title={`Inventory Transaction ${ref ?? raw}`}
      actions={
        <Button
          startIcon={<RefreshIcon />}
          variant="outlined"
          disabled={ref === null || tx.isFetching}
          onClick={() => void tx.refetch()}
        >
          Refresh
        </Button>
      }
    >
      {content}
    </Page>
  );
}
