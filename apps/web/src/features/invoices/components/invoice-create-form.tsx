import { Controller, useForm, useWatch } from 'react-hook-form';
import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { INVOICE_AMOUNT_STEP, INVOICE_MESSAGES } from '@keystone/contracts';
import { useCreateInvoice, useFinanceCompanies, useInvoiceVendors } from '../api/invoices-api';
import { CompanySelect } from './company-select';
import {
  canSubmitInvoice,
  describeCreateFailure,
  emptyInvoiceForm,
  invoiceFormResolver,
  type TCreateApInvoiceOutput,
  type TInvoiceField,
  type TInvoiceFormValues,
} from './invoice-form-model';
import { TimedNotice, useTimedNotice } from './timed-notice';
import { localToday } from '../../../lib/format-date';
import { DateField } from '../../../shell/date-field';
import { queueSaved } from '../../../lib/message-queue';

/**
 * The create form (001 §3, §5, §8): submit is disabled until vendor, invoice number and amount are filled; the
 * server's field errors show under their fields and clear when the field is edited; a 500 shows the
 * server-error text for 7 s, a success the created text for 5 s.
 */
export function InvoiceCreateForm() {
  const vendors = useInvoiceVendors();
  const financeCompanies = useFinanceCompanies();
  const create = useCreateInvoice();
  const { notice, show, clear } = useTimedNotice();
  const { control, register, handleSubmit, setError, reset, formState } = useForm<
    TInvoiceFormValues,
    unknown,
    TCreateApInvoiceOutput
  >({
    resolver: invoiceFormResolver,
    defaultValues: emptyInvoiceForm(localToday()),
  });
  const [vendor, invoiceNumber, invoiceAmount] = useWatch({
    control,
    name: ['vendor', 'invoice_number', 'invoice_amount'],
  });
  const ready = canSubmitInvoice({ vendor, invoice_number: invoiceNumber, invoice_amount: invoiceAmount });
  const errorOf = (field: TInvoiceField) => formState.errors[field]?.message;

  const onSubmit = handleSubmit(async (body) => {
    clear();
    try {
      await create.mutateAsync(body);
      reset(emptyInvoiceForm(localToday()));
      show('success', INVOICE_MESSAGES.created);
      queueSaved('Invoice', body.invoice_number);
    } catch (error) {
      const failure = describeCreateFailure(error);
      for (const [field, message] of Object.entries(failure.fields))
        setError(field as TInvoiceField, { type: 'server', message });
      if (failure.message) show('error', failure.message);
    }
  });

  return (
    <Paper
      component="form"
      aria-label="Create Accounts Payable Invoice"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 2, mb: 3 }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Create Accounts Payable Invoice
      </Typography>
      <TimedNotice notice={notice} onClose={clear} testId="invoice-create-notice" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}>
        <Controller
          control={control}
          name="vendor"
          render={({ field }) => (
            <CompanySelect
              label="Vendor"
              required
              options={vendors.data}
              loading={vendors.isLoading}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errorOf('vendor')}
            />
          )}
        />
        <TextField
          label="Invoice Number"
          required
          {...register('invoice_number')}
          error={!!errorOf('invoice_number')}
          helperText={errorOf('invoice_number')}
        />
        <TextField
          label="Invoice Amount"
          type="number"
          required
          {...register('invoice_amount')}
          slotProps={{ htmlInput: { step: INVOICE_AMOUNT_STEP, min: 0 } }}
          error={!!errorOf('invoice_amount')}
          helperText={errorOf('invoice_amount')}
        />
        {(
          [
            ['invoice_date', 'Invoice Date'],
            ['due_date', 'Due Date'],
            ['purchase_date', 'Purchase Date'],
          ] as const
        ).map(([name, label]) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field }) => (
              <DateField
                label={label}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                size="medium"
                error={!!errorOf(name)}
                helperText={errorOf(name)}
              />
            )}
          />
        ))}
        <Controller
          control={control}
          name="finance_company"
          render={({ field }) => (
            <CompanySelect
              label="Finance Company"
              options={financeCompanies.data}
              loading={financeCompanies.isLoading}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errorOf('finance_company')}
            />
          )}
        />
        <TextField
          label="PO"
          placeholder="Purchase ref id"
          {...register('purchase_id')}
          error={!!errorOf('purchase_id')}
          helperText={errorOf('purchase_id')}
        />
      </Box>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!ready || formState.isSubmitting}>
          Create Invoice
        </Button>
      </Box>
    </Paper>
  );
}
