import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { defaultAuditName } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';
import { useAuditBucketNames, useCreateAuditBatch } from '../api/audits-api';

const DATE_FORMAT = 'YYYY-MM-DD';
type TField = 'default_audit_bucket' | 'audit_batch_name';

/** The server's per-field errors of a refused create (`errors.default_audit_bucket`, `errors.audit_batch_name`). */
export function createFieldErrors(error: unknown): { fields: Partial<Record<TField, string>>; general: string | null } {
  const body = (error instanceof ApiCallError ? error.body : null) as {
    message?: string;
    errors?: Record<string, string[] | string>;
  } | null;
  const fields: Partial<Record<TField, string>> = {};
  for (const [key, messages] of Object.entries(body?.errors ?? {})) {
    const name = key;
    const first = Array.isArray(messages) ? messages[0] : messages;
    if ((name === 'default_audit_bucket' || name === 'audit_batch_name') && first) fields[name] = first;
  }
  const general = Object.keys(fields).length
    ? null
    : (body?.message ??
      (error instanceof ApiCallError
        ? `The audit could not be created (${error.status}).`
        : 'No answer from the server: check the connection and try again.'));
  return { fields, general };
}

/**
 * Create New Audit (001 §2, §5, §8): the date (today by default), then the default bucket; only once a bucket is
 * chosen do the name field (default '{date} {BUCKET} Audit', following the date and bucket until edited; the server
 * numbers a default name already taken, '… Audit 2') and Create appear. The server's field errors show under their fields. A created audit opens in the scan tool.
 */
export function CreateAuditDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const buckets = useAuditBucketNames();
  const create = useCreateAuditBatch();
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [bucket, setBucket] = useState('');
  const [name, setName] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setDate(dayjs());
    setBucket('');
    setName(null);
    setErrors({});
    setGeneral(null);
  }, [open]);

  const dateText = date.isValid() ? date.format(DATE_FORMAT) : dayjs().format(DATE_FORMAT);
  const shownName = name ?? (bucket ? defaultAuditName(dateText, bucket) : '');

  async function submit() {
    setGeneral(null);
    try {
      const batch = await create.mutateAsync({ audit_batch_name: shownName, default_audit_bucket: bucket });
      onClose();
      void navigate(`/inventory/audit-scans/${batch.audit_batch_id}`);
    } catch (error) {
      const { fields, general: message } = createFieldErrors(error);
      setErrors(fields);
      setGeneral(message);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="create-audit-title"
      data-testid="create-audit-dialog"
    >
      <DialogTitle id="create-audit-title">Create New Audit</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DatePicker
            label="Audit Date"
            format={DATE_FORMAT}
            value={date}
            onChange={(next: Dayjs | null) => next && next.isValid() && setDate(next)}
            slotProps={{ textField: { size: 'small' } }}
          />
          <TextField
            select
            label="Default Bucket"
            value={bucket}
            onChange={(e) => {
              setBucket(e.target.value);
              setErrors((s) => ({ ...s, default_audit_bucket: undefined }));
            }}
            error={!!errors.default_audit_bucket}
            helperText={errors.default_audit_bucket ?? (bucket ? ' ' : 'Choose the bucket to count.')}
            size="small"
            slotProps={{
              htmlInput: { 'data-testid': 'audit-bucket' },
              select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
            }}
          >
            {(buckets.data ?? []).map((b) => (
              <MenuItem key={b} value={b}>
                {b}
              </MenuItem>
            ))}
          </TextField>
          {bucket && (
            <TextField
              label="Audit Name"
              value={shownName}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((s) => ({ ...s, audit_batch_name: undefined }));
              }}
              error={!!errors.audit_batch_name}
              helperText={
                errors.audit_batch_name ??
                (name === null ? `Taken already? It is numbered: ${defaultAuditName(dateText, bucket, 2)}` : ' ')
              }
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'audit-name', maxLength: 200 } }}
            />
          )}
          {general && (
            <Alert severity="error" data-testid="create-audit-error">
              {general}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        {bucket && (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={create.isPending}
            data-testid="create-audit-submit"
          >
            Create
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
