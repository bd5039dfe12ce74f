import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, TextField, Typography } from '@mui/material';
import {
  NOT_SELECTED,
  scanningForced,
  STATUS_MESSAGE_MS,
  ZCommitTransferSchema,
  type TInventoryRow,
} from '@keystone/contracts';
import { useSession } from '../../../lib/session-store';
import { useCommitTransfer } from '../api/transfers-api';
import {
  commitBody,
  hasMissingFields,
  needsExtraFields,
  REQUIRED_FIELDS_MISSING,
  TRANSFER_SCAN_MESSAGES,
  transferFormErrors,
  type TTransferFormValues,
} from './transfer-rules-client';
import { firstServerError } from './server-error';

/**
 * The shared contract schema checks the body the form would send, and the client mirror of the commit rules
 * (missingTransferFields, the quantity range) checks the fields; errors are keyed by form field.
 */
export function transferResolver(
  onHand: number,
  admin: boolean,
  username: string | null,
): Resolver<TTransferFormValues> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const parsed = ZCommitTransferSchema.safeParse(commitBody(values, username));
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        errors[String(issue.path[0] ?? 'root')] ??= { type: 'schema', message: issue.message };
    for (const [field, message] of Object.entries(transferFormErrors(values, onHand, admin)))
      errors[field] ??= { type: 'rule', message };
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<TTransferFormValues> }
      : { values, errors: {} };
  };
}

function emptyValues(row: TInventoryRow, model: string, tracked: boolean): TTransferFormValues {
  return {
    fromBucket: row.bucket,
    model,
    toBucket: NOT_SELECTED,
    requestedQuantity: NOT_SELECTED,
    scanningRequired: tracked,
    commitNotes: '',
    posTransferBatchRefId: '',
    posTransferBatchName: '',
    senderSku: '',
    receiverSku: '',
  };
}

/**
 * The stock transfer form of one source bucket row (001 §2, §3 Transfer form, §5): destination, quantity,
 * scanning, notes; batch and SKU fields when either side is inbound or KY01/TX01/AZ02 (scanning is then forced).
 * Without scanning it posts quickTransferWithoutSerials, with scanning it commits (the transfer is then scanned
 * from the committed transfers table). 'Updated!' on success; the first server error as an alert.
 */
export function TransferForm({
  row,
  model,
  tracked,
  buckets,
  admin,
}: {
  row: TInventoryRow;
  model: string;
  tracked: boolean;
  buckets: string[];
  admin: boolean;
}) {
  const username = useSession((s) => s.username);
  const commit = useCommitTransfer();
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // 'Updated!' clears itself after the status time; the timer belongs to that message, so an error shown before it
  // runs out (a second Transfer Now refused at once) is not cleared with it.
  useEffect(() => {
    if (alert?.kind !== 'success') return;
    const timer = setTimeout(() => setAlert(null), STATUS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [alert]);
  const { control, handleSubmit, reset, getValues, formState } = useForm<TTransferFormValues>({
    resolver: transferResolver(row.available, admin, username),
    defaultValues: emptyValues(row, model, tracked),
  });
  const [toBucket, scanning] = useWatch({ control, name: ['toBucket', 'scanningRequired'] });
  const extra = needsExtraFields(row.bucket, toBucket);
  const forced = scanningForced(row.bucket, toBucket === NOT_SELECTED ? '' : toBucket);
  const destinations = buckets.filter((b) => b !== row.bucket);
  const testId = `transfer-form-${row.bucket}`;

  const submit = async (values: TTransferFormValues) => {
    setAlert(null);
    const body = commitBody(values, username);
    try {
      await commit.mutateAsync({ body, quick: !body.scanningRequired });
      reset(emptyValues(row, model, tracked));
      setAlert({ kind: 'success', text: TRANSFER_SCAN_MESSAGES.updated });
    } catch (error) {
      setAlert({ kind: 'error', text: firstServerError(error) });
    }
  };
  const invalid = (errors: FieldErrors<TTransferFormValues>) => {
    const values = getValues();
    const first = Object.values(errors)[0]?.message;
    setAlert({
      kind: 'error',
      text: hasMissingFields(values) ? REQUIRED_FIELDS_MISSING : String(first ?? REQUIRED_FIELDS_MISSING),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid={testId} data-bucket={row.bucket}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {row.bucket}
        </Typography>
        <Typography color="text.secondary" data-testid="on-hand">
          On hand: {row.quantity}
        </Typography>
        {row.committed_quantity > 0 && (
          <Typography color="text.secondary" data-testid="available">
            Available: {row.available} ({row.committed_quantity} committed)
          </Typography>
        )}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(submit, invalid)}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Controller
          control={control}
          name="toBucket"
          render={({ field, fieldState }) => (
            <TextField
              select
              size="small"
              label="Destination Bucket"
              {...field}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { 'data-testid': 'to-bucket' } }}
            >
              <MenuItem value={NOT_SELECTED}>{NOT_SELECTED}</MenuItem>
              {destinations.map((b) => (
                <MenuItem key={b} value={b}>
                  {b}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="requestedQuantity"
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              type="number"
              label="Requested Quantity"
              value={field.value === NOT_SELECTED ? '' : field.value}
              onChange={(e) => field.onChange(e.target.value === '' ? NOT_SELECTED : Number(e.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? (admin ? 'At least 1' : `1 to ${row.available}`)}
              slotProps={{
                htmlInput: {
                  min: 1,
                  ...(admin ? {} : { max: Math.max(row.available, 1) }),
                  step: 1,
                  'data-testid': 'requested-quantity',
                },
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="scanningRequired"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={forced || field.value}
                  disabled={forced}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'scanning-required' } as never }}
                />
              }
              label={forced ? 'Scanning Required (always for KY01, TX01, AZ02)' : 'Scanning Required'}
            />
          )}
        />
        {extra && (
          <>
            {(['posTransferBatchRefId', 'posTransferBatchName', 'senderSku', 'receiverSku'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <TextField
                    size="small"
                    label={
                      {
                        posTransferBatchRefId: 'Shipment Id (Batch Ref Id)',
                        posTransferBatchName: 'Shipment Name (Batch Name)',
                        senderSku: 'Sender SKU',
                        receiverSku: 'Receiver SKU',
                      }[name]
                    }
                    {...field}
                    error={!!fieldState.error}
                    helperText={
                      fieldState.error?.message ?? (name === 'receiverSku' ? 'Defaults to the sender SKU' : undefined)
                    }
                    slotProps={{ htmlInput: { 'data-testid': name } }}
                  />
                )}
              />
            ))}
          </>
        )}
        <Controller
          control={control}
          name="commitNotes"
          render={({ field }) => (
            <TextField
              size="small"
              label="Commit Notes"
              multiline
              minRows={1}
              {...field}
              sx={{ gridColumn: { sm: '1 / -1' } }}
              slotProps={{ htmlInput: { 'data-testid': 'commit-notes' } }}
            />
          )}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting || commit.isPending}
            data-testid="transfer-submit"
          >
            {forced || scanning ? 'Commit Transfer' : 'Transfer Now'}
          </Button>
        </Box>
      </Box>
      {alert && (
        <Alert severity={alert.kind} data-testid="transfer-form-alert" onClose={() => setAlert(null)}>
          {alert.text}
        </Alert>
      )}
    </Paper>
  );
}

/** A non-admin's negative row: shown, not transferable (001 §5). */
export function ReadOnlySourceRow({ row }: { row: TInventoryRow }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`transfer-readonly-${row.bucket}`}>
      <Typography>
        <b>{row.bucket}</b>: {row.quantity} on hand (negative: nothing to transfer)
      </Typography>
    </Paper>
  );
}
