import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { INVOICE_MESSAGES, type TApInvoice } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { useLinkInvoice } from '../api/invoices-api';

/** What a failed link shows: the purchase order's field error, or the server's message. */
function linkFailure(error: unknown): { field: string | null; message: string | null } {
  if (!(error instanceof ApiCallError) || error.status >= 500)
    return { field: null, message: INVOICE_MESSAGES.serverError };
  const body = (error.body ?? {}) as { message?: string; errors?: Record<string, string[]> };
  const errors = body.errors ?? {};
  const field = errors.purchase_id?.[0] ?? errors.purchase_order_id?.[0] ?? null;
  return field
    ? { field, message: null }
    : { field: null, message: body.message ?? `The invoice could not be linked (${error.status}).` };
}

/** Link PO (001 §4): links the invoice to a purchase order by the PO number a person reads (W000286), sent as purchase_id. */
export function LinkPoDialog({
  invoice,
  onClose,
  onLinked,
}: {
  invoice: TApInvoice;
  onClose: () => void;
  onLinked: () => void;
}) {
  const link = useLinkInvoice();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const poNumber = value.trim();
  const valid = poNumber.length > 0 && poNumber.length <= 100;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setMessage(null);
    try {
      await link.mutateAsync({ id: invoice.id, purchase_id: poNumber });
      onLinked();
    } catch (error) {
      const failure = linkFailure(error);
      setFieldError(failure.field);
      setMessage(failure.message);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="link-po-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="link-po-title">Link PO to invoice {invoice.invoice_number}</DialogTitle>
        <DialogContent>
          {message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {message}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="PO Number"
            placeholder="W000286"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setFieldError(null);
            }}
            error={!!fieldError}
            helperText={fieldError}
            slotProps={{ htmlInput: { maxLength: 100, autoCapitalize: 'characters', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!valid || link.isPending}>
            Link PO
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
