import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from '@mui/material';
import { dollarsToCents, formatUsd, INVOICE_MESSAGES, type TApInvoice } from '@keystone/contracts';
import { INVOICE_TABLE_PAGES, rowsPerPageOptions } from '../../../shell/table-pages';
import { ApiCallError } from '../../../lib/api-client';
import { EmptyState } from '../../../lib/empty-state';
import { useCan } from '../../../lib/session-store';
import { useDeleteInvoice, useLinkInvoice } from '../api/invoices-api';
import { LinkPoDialog } from './link-po-dialog';
import type { TNotice } from './timed-notice';
import { formatDate } from '../../../lib/format-date';

function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiCallError) || error.status >= 500) return INVOICE_MESSAGES.serverError;
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * The invoice table (001 §2, §9): 10 a page, Link PO / Un-Link PO with ap-invoices:edit, and a Delete column
 * only with ap-invoices:delete (001 §6).
 */
export function InvoiceTable(props: {
  rows: TApInvoice[] | undefined;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  failed: boolean;
  notify: (severity: TNotice['severity'], text: string) => void;
  /** Whether a search is applied: an empty table then offers Clear filters. */
  filtered: boolean;
  onClearFilters: () => void;
  canCreate: boolean;
}) {
  const canEdit = useCan('ap-invoices:edit');
  const canDelete = useCan('ap-invoices:delete');
  const link = useLinkInvoice();
  const remove = useDeleteInvoice();
  const [linking, setLinking] = useState<TApInvoice | null>(null);
  const [deleting, setDeleting] = useState<TApInvoice | null>(null);
  const columns = 9 + (canEdit ? 1 : 0) + (canDelete ? 1 : 0);

  const unlink = async (invoice: TApInvoice) => {
    try {
      await link.mutateAsync({ id: invoice.id, purchase_order_id: null });
      props.notify('success', `Invoice ${invoice.invoice_number} was un-linked from PO ${invoice.purchase_id ?? ''}.`);
    } catch (error) {
      props.notify('error', failureText(error, 'The invoice could not be un-linked.'));
    }
  };

  const confirmDelete = async () => {
    const invoice = deleting;
    if (!invoice) return;
    setDeleting(null);
    try {
      await remove.mutateAsync(invoice.id);
      props.notify('success', `Invoice ${invoice.invoice_number} was deleted.`);
    } catch (error) {
      props.notify('error', failureText(error, 'The invoice could not be deleted.'));
    }
  };

  const body = () => {
    if (props.failed)
      return (
        <TableRow>
          <TableCell colSpan={columns}>There was an error.</TableCell>
        </TableRow>
      );
    if (!props.rows || props.rows.length === 0)
      return (
        <TableRow>
          <TableCell colSpan={columns}>
            {props.loading ? (
              'Loading...'
            ) : props.filtered ? (
              <EmptyState
                kind="no-match"
                message="No data to display."
                hint="No invoice matches this search."
                action={{ label: 'Clear filters', onClick: props.onClearFilters }}
                testId="invoices-no-results"
              />
            ) : (
              <EmptyState
                kind="none"
                message="No data to display."
                hint={
                  props.canCreate ? 'Enter the first invoice in the form above.' : 'No invoices have been entered yet.'
                }
                testId="invoices-none-yet"
              />
            )}
          </TableCell>
        </TableRow>
      );
    return props.rows.map((invoice) => (
      <TableRow key={invoice.id} hover data-testid="invoice-row">
        <TableCell>{invoice.invoice_number}</TableCell>
        <TableCell>{invoice.vendor.company_name}</TableCell>
        <TableCell align="right">{formatUsd(dollarsToCents(invoice.invoice_amount))}</TableCell>
        <TableCell>{invoice.invoice_date ?? ''}</TableCell>
        <TableCell>{invoice.due_date ?? ''}</TableCell>
        <TableCell>{invoice.purchase_date ?? ''}</TableCell>
        <TableCell>{invoice.finance_company?.company_name ?? ''}</TableCell>
        <TableCell>
          {invoice.purchase ? (
            <Link component={RouterLink} to={`/purchase-orders/review/${invoice.purchase.id}`}>
              {invoice.purchase.purchase_ref_id}
            </Link>
          ) : (
            ''
          )}
        </TableCell>
        <TableCell>{formatDate(invoice.created_at)}</TableCell>
        {canEdit && (
          <TableCell>
            {invoice.purchase ? (
              <Button size="small" onClick={() => unlink(invoice)} disabled={link.isPending}>
                Un-Link PO
              </Button>
            ) : (
              <Button size="small" onClick={() => setLinking(invoice)}>
                Link PO
              </Button>
            )}
          </TableCell>
        )}
        {canDelete && (
          <TableCell>
            <Tooltip title={invoice.purchase ? INVOICE_MESSAGES.linkedCannotBeDeleted : ''}>
              <span>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(invoice)}
                  disabled={!!invoice.purchase || remove.isPending}
                >
                  Delete
                </Button>
              </span>
            </Tooltip>
          </TableCell>
        )}
      </TableRow>
    ));
  };

  return (
    <Paper>
      <TableContainer>
        <Table size="small" aria-label="Accounts Payable Invoices">
          <TableHead>
            <TableRow>
              <TableCell>Invoice Number</TableCell>
              <TableCell>Vendor</TableCell>
              <TableCell align="right">Invoice Amount</TableCell>
              <TableCell>Invoice Date</TableCell>
              <TableCell>Due Date</TableCell>
              <TableCell>Purchase Date</TableCell>
              <TableCell>Finance Company</TableCell>
              <TableCell>PO</TableCell>
              <TableCell>Created</TableCell>
              {canEdit && <TableCell>PO Link</TableCell>}
              {canDelete && <TableCell>Delete</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>{body()}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={props.page}
        rowsPerPage={INVOICE_TABLE_PAGES.initial}
        rowsPerPageOptions={rowsPerPageOptions(INVOICE_TABLE_PAGES)}
        onPageChange={(_, page) => props.onPageChange(page)}
      />
      {linking && (
        <LinkPoDialog
          invoice={linking}
          onClose={() => setLinking(null)}
          onLinked={() => {
            props.notify('success', `Invoice ${linking.invoice_number} was linked.`);
            setLinking(null);
          }}
        />
      )}
      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="delete-invoice-title">
        <DialogTitle id="delete-invoice-title">Delete invoice?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete invoice {deleting?.invoice_number} of {deleting?.vendor.company_name}? This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
