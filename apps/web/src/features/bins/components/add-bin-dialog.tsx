import { useEffect, useState } from 'react';
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
  Typography,
} from '@mui/material';
import { BIN_DEFAULTS, binNameOf, binPlaceError, BIN_SUCCESS_CLOSE_MS } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';
import { createBin } from '../api/bins-api';

/** Conditions a warehouse location has a bucket for (002 §9's legacy buckets). */
export const BIN_CONDITIONS = ['NEW', 'B_STOCK', 'C_STOCK', 'DAMAGED', 'RENEWED'] as const;

type TField = 'locationCode' | 'conditionCode' | 'row' | 'bay' | 'shelf' | 'binName';
type TErrors = Partial<Record<TField, string>>;

/**
 * Add New Bin Location (001 §2, §5): row, bay and shelf default to 1, the condition to NEW; the name R##-B##-S##
 * shows as it is typed; each field shows its error (the page's row/bay/shelf check, then the server's per-field
 * errors); Create is disabled while any exists. Success shows for 1 s, then the dialog closes.
 */
export function AddBinDialog({
  open,
  locations,
  defaultLocation,
  onClose,
  onCreated,
}: {
  open: boolean;
  locations: string[];
  defaultLocation: string;
  onClose(): void;
  onCreated(): void;
}) {
  const [values, setValues] = useState({
    locationCode: defaultLocation,
    conditionCode: BIN_DEFAULTS.conditionCode as string,
    row: '1',
    bay: '1',
    shelf: '1',
  });
  const [serverErrors, setServerErrors] = useState<TErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'success'>('idle');

  useEffect(() => {
    if (!open) return;
    setValues({
      locationCode: defaultLocation,
      conditionCode: BIN_DEFAULTS.conditionCode,
      row: String(BIN_DEFAULTS.row),
      bay: String(BIN_DEFAULTS.bay),
      shelf: String(BIN_DEFAULTS.shelf),
    });
    setServerErrors({});
    setGeneral(null);
    setState('idle');
  }, [open, defaultLocation]);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => {
      onCreated();
      onClose();
    }, BIN_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, onClose, onCreated]);

  const local: TErrors = {
    ...(binPlaceError('row', values.row) ? { row: binPlaceError('row', values.row)! } : {}),
    ...(binPlaceError('bay', values.bay) ? { bay: binPlaceError('bay', values.bay)! } : {}),
    ...(binPlaceError('shelf', values.shelf) ? { shelf: binPlaceError('shelf', values.shelf)! } : {}),
    ...(!values.locationCode ? { locationCode: 'Location is required' } : {}),
  };
  const errors: TErrors = { ...serverErrors, ...local };
  const hasErrors = Object.keys(errors).length > 0;
  const name =
    local.row || local.bay || local.shelf
      ? null
      : binNameOf(Number(values.row), Number(values.bay), Number(values.shelf));

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setServerErrors((s) => {
      const next = { ...s };
      delete next[field];
      if (field === 'row' || field === 'bay' || field === 'shelf') delete next.binName;
      return next;
    });
    setGeneral(null);
  };

  const submit = async () => {
    if (hasErrors || !name) return;
    setState('saving');
    try {
      await createBin({ ...values, binName: name });
      setState('success');
    } catch (error) {
      setState('idle');
      const body = (error instanceof ApiCallError ? error.body : null) as {
        message?: string;
        errors?: Record<string, string[]>;
      } | null;
      const fields: TErrors = {};
      for (const [key, messages] of Object.entries(body?.errors ?? {})) fields[key as TField] = messages[0];
      setServerErrors(fields);
      if (!Object.keys(fields).length) setGeneral(body?.message ?? 'The bin could not be created.');
    }
  };

  const field = (key: 'row' | 'bay' | 'shelf', label: string) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={set(key)}
      error={!!errors[key]}
      helperText={errors[key] ?? ' '}
      inputMode="numeric"
      size="small"
      slotProps={{ htmlInput: { 'data-testid': `bin-field-${key}`, maxLength: 4, inputMode: 'numeric' } }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={state === 'saving' ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="add-bin-title"
    >
      <DialogTitle id="add-bin-title">Add New Bin Location</DialogTitle>
      <DialogContent>
        {state === 'success' ? (
          <Alert severity="success" data-testid="add-bin-success">
            Bin {name} created in {values.locationCode}.
          </Alert>
        ) : (
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              select
              label="Location"
              value={values.locationCode}
              onChange={set('locationCode')}
              error={!!errors.locationCode}
              helperText={errors.locationCode ?? ' '}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'bin-location' } }}
            >
              {locations.map((l) => (
                <MenuItem key={l} value={l}>
                  {l}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Condition"
              value={values.conditionCode}
              onChange={set('conditionCode')}
              error={!!errors.conditionCode}
              helperText={errors.conditionCode ?? ' '}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'bin-condition' } }}
            >
              {BIN_CONDITIONS.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={1}>
              {field('row', 'Row')}
              {field('bay', 'Bay')}
              {field('shelf', 'Shelf')}
            </Stack>
            <Typography data-testid="bin-name-preview" aria-label="Bin name">
              Bin name: <strong>{name ?? '—'}</strong>
            </Typography>
            {errors.binName && (
              <Alert severity="error" data-testid="bin-name-error">
                {errors.binName}
              </Alert>
            )}
            {general && <Alert severity="error">{general}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state === 'saving'}>
          {state === 'success' ? 'Close' : 'Cancel'}
        </Button>
        {state !== 'success' && (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={hasErrors || state === 'saving'}
            data-testid="create-bin"
          >
            Create
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
