import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { dollarsToCents, formatUsd, INVOICE_MESSAGES, type TPurchaseOrder } from '@keystone/contracts';
import { ApiCallError } from '../../../../lib/api-client';
import { queueSaved } from '../../../../lib/message-queue';
import { useCan } from '../../../../lib/session-store';
import { useAttachedInvoices, useFinanceCompanies, useInvoiceMutations } from '../../api/purchase-order-detail';
import { localToday } from '../../../../lib/format-date';
import { DateField } from '../../../../shell/date-field';
import { PO_AREA_TABLE_PAGES, useClientPages } from '../../../../shell/table-pages';

function AttachInvoiceDialog({ po, open, onClose }: { po: TPurchaseOrder; open: boolean; onClose(): void }) {
  const { create } = useInvoiceMutations(po.id);
  const { data: companies = [] } = useFinanceCompanies();
  const [values, setValues] = useState({
    invoice_number: '',
    invoice_amount: '',
    invoice_date: localToday(),
    due_date: '',
    purchase_date: '',
    finance_company: '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [key]: e.target.value });
    setErrors({ ...errors, [key]: [] });
  };
  const dateField = (key: 'invoice_date' | 'due_date' | 'purchase_date', label: string) => (
    <DateField
      label={label}
      value={values[key]}
      onChange={(value) => set(key)({ target: { value } })}
      error={!!errors[key]?.length}
      helperText={errors[key]?.[0]}
    />
  );
  const field = (key: keyof typeof values, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={set(key)}
      error={!!errors[key]?.length}
      helperText={errors[key]?.[0]}
      size="small"
      {...extra}
    />
  );

  async function submit() {
    setGeneral(null);
    try {
      await create.mutateAsync({
        invoice_number: values.invoice_number,
        invoice_amount: Number(values.invoice_amount),
        invoice_date: values.invoice_date,
        due_date: values.due_date || null,
        purchase_date: values.purchase_date || null,
        vendor: po.vendor_id,
        finance_company: values.finance_company ? Number(values.finance_company) : null,
        purchase_id: po.purchase_ref_id,
      });
      queueSaved('Invoice', values.invoice_number, INVOICE_MESSAGES.created);
      onClose();
    } catch (error) {
      if (error instanceof ApiCallError && error.status < 500) {
        const body = error.body as { errors?: Record<string, string[]>; message?: string } | null;
        const fieldErrors = body?.errors ?? {};
        setErrors(fieldErrors);
        if (!Object.keys(fieldErrors).length) setGeneral(body?.message ?? 'The invoice could not be created.');
      } else {
        setGeneral(INVOICE_MESSAGES.serverError);
      }
    }
  }

  const ready = values.invoice_number.trim() !== '' && values.invoice_amount !== '';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Attach an Invoice</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          {po.vendor_name} · {po.purchase_ref_id}
        </Typography>
        {field('invoice_number', 'Invoice Number')}
        {field('invoice_amount', 'Invoice Amount', {
          type: 'number',
          slotProps: { htmlInput: { min: 0, step: 0.01 } },
        })}
        {dateField('invoice_date', 'Invoice Date')}
        {dateField('due_date', 'Due Date')}
        {dateField('purchase_date', 'Purchase Date')}
        <TextField
          select
          label="Finance Company"
          value={values.finance_company}
          onChange={set('finance_company')}
          size="small"
        >
          <MenuItem value="">None</MenuItem>
          {companies.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.company_name}
            </MenuItem>
          ))}
        </TextField>
        {general && <Alert severity="error">{general}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!ready || create.isPending} onClick={() => void submit()}>
          Attach Invoice
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Invoices attached to the PO, with the Attach an Invoice dialog (001 §2). */
export function PoInvoices({ po }: { po: TPurchaseOrder }) {
  const { data: invoices = [] } = useAttachedInvoices(po.id);
  const { unlink } = useInvoiceMutations(po.id);
  const canCreate = useCan('ap-invoices:create');
  const canEdit = useCan('ap-invoices:edit');
  const [open, setOpen] = useState(false);
  const { rows: shown, pagination } = useClientPages(invoices, PO_AREA_TABLE_PAGES);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="po-invoices">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Invoices
        </Typography>
        {canCreate && (
          <Button variant="outlined" onClick={() => setOpen(true)}>
            Attach an Invoice
          </Button>
        )}
      </Box>
      {invoices.length === 0 ? (
        <Typography color="text.secondary">No invoices attached.</Typography>
      ) : (
        <>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Invoice Number</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Invoice Date</TableCell>
                <TableCell>Due Date</TableCell>
                <TableCell>Finance Company</TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((inv) => (
                <TableRow key={inv.id}>
                  <TableCell>{inv.invoice_number}</TableCell>
                  <TableCell align="right">{formatUsd(dollarsToCents(inv.invoice_amount))}</TableCell>
                  <TableCell>{inv.invoice_date}</TableCell>
                  <TableCell>{inv.due_date ?? '—'}</TableCell>
                  <TableCell>{inv.finance_company?.company_name ?? '—'}</TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      <Button size="small" onClick={() => void unlink.mutateAsync(inv.id)}>
                        Un-Link PO
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination component="div" {...pagination} />
        </>
      )}
      <AttachInvoiceDialog key={String(open)} po={po} open={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}
