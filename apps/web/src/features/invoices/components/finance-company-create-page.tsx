import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Paper, TextField } from '@mui/material';
import { INVOICE_MESSAGES, ZCreateFinanceCompanySchema, type TCreateFinanceCompany } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { Page } from '../../../shell/page';
import { useCreateFinanceCompany } from '../api/invoices-api';
import { TimedNotice, useTimedNotice } from './timed-notice';
import { queueSaved } from '../../../lib/message-queue';

/** /finance-company/create (001 §2, finance-company:create): one field, the company name. */
export function FinanceCompanyCreatePage() {
  const create = useCreateFinanceCompany();
  const { notice, show, clear } = useTimedNotice();
  const { register, handleSubmit, setError, reset, formState } = useForm<
    TCreateFinanceCompany,
    unknown,
    TCreateFinanceCompany
  >({
    resolver: zodResolver(ZCreateFinanceCompanySchema),
    defaultValues: { company_name: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    clear();
    try {
      await create.mutateAsync(body);
      reset({ company_name: '' });
      show('success', INVOICE_MESSAGES.financeCompanyCreated);
      queueSaved('Finance company', body.company_name);
    } catch (error) {
      if (!(error instanceof ApiCallError) || error.status >= 500) return show('error', INVOICE_MESSAGES.serverError);
      const data = (error.body ?? {}) as { message?: string; errors?: Record<string, string[]> };
      const message = data.errors?.company_name?.[0];
      if (message) setError('company_name', { type: 'server', message });
      else show('error', data.message ?? `The finance company could not be created (${error.status}).`);
    }
  });
  const error = formState.errors.company_name?.message;

  return (
    <Page title="Create Finance Company">
      <Paper
        component="form"
        aria-label="Create Finance Company"
        noValidate
        onSubmit={onSubmit}
        sx={{ p: 2, maxWidth: 480 }}
      >
        <TimedNotice notice={notice} onClose={clear} testId="finance-company-notice" />
        <TextField
          fullWidth
          label="Company Name"
          required
          {...register('company_name')}
          error={!!error}
          helperText={error}
        />
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Create Finance Company
          </Button>
        </Box>
      </Paper>
    </Page>
  );
}
