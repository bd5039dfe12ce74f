import { Box, MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { CONTACT_SOURCE_LABELS, CONTACT_SOURCES, US_STATES, type TContactField } from '@keystone/contracts';
import { CONTACT_FIELD_LABELS, type TContactFormOutput, type TContactFormValues } from './contact-format';

const TEXT_FIELDS: {
  field: Exclude<TContactField, 'state' | 'source'>;
  wide?: boolean;
  type?: string;
  autoComplete?: string;
}[] = [
  { field: 'first_name', autoComplete: 'off' },
  { field: 'last_name', autoComplete: 'off' },
  { field: 'address', wide: true, autoComplete: 'off' },
  { field: 'address2', wide: true, autoComplete: 'off' },
  { field: 'city', autoComplete: 'off' },
];

const AFTER_STATE: typeof TEXT_FIELDS = [
  { field: 'zip', autoComplete: 'off' },
  { field: 'primary_phone', type: 'tel', autoComplete: 'off' },
  { field: 'secondary_phone', type: 'tel', autoComplete: 'off' },
  { field: 'primary_email', type: 'email', wide: true, autoComplete: 'off' },
];

/**
 * The contact fields of the create dialog and the details form. The state and source selects start on their
 * placeholders; nothing is checked here (000 §5): the server's field errors are shown under the fields.
 */
export function ContactFormFields({
  control,
  errors,
  disabled,
}: {
  control: Control<TContactFormValues, unknown, TContactFormOutput>;
  errors: FieldErrors<TContactFormValues>;
  disabled?: boolean;
}) {
  const text = ({ field, wide, type, autoComplete }: (typeof TEXT_FIELDS)[number]) => (
    <Controller
      key={field}
      name={field}
      control={control}
      render={({ field: f }) => (
        <TextField
          label={CONTACT_FIELD_LABELS[field]}
          type={type ?? 'text'}
          autoComplete={autoComplete}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          inputRef={f.ref}
          name={f.name}
          disabled={disabled}
          error={!!errors[field]}
          helperText={errors[field]?.message}
          sx={wide ? { gridColumn: { sm: '1 / -1' } } : undefined}
        />
      )}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
      {TEXT_FIELDS.map(text)}
      <Controller
        name="state"
        control={control}
        render={({ field: f }) => (
          <TextField
            select
            label={CONTACT_FIELD_LABELS.state}
            value={f.value ?? ''}
            onChange={f.onChange}
            onBlur={f.onBlur}
            inputRef={f.ref}
            disabled={disabled}
            error={!!errors.state}
            helperText={errors.state?.message}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'contact-state' },
            }}
          >
            <MenuItem value="">
              <em>Select a State</em>
            </MenuItem>
            {US_STATES.map((s) => (
              <MenuItem key={s.code} value={s.code}>
                {s.code} — {s.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {AFTER_STATE.map(text)}
      <Controller
        name="source"
        control={control}
        render={({ field: f }) => (
          <TextField
            select
            label={CONTACT_FIELD_LABELS.source}
            value={f.value ?? ''}
            onChange={f.onChange}
            onBlur={f.onBlur}
            inputRef={f.ref}
            disabled={disabled}
            error={!!errors.source}
            helperText={errors.source?.message}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'contact-source' },
            }}
          >
            <MenuItem value="">
              <em>Select a Source</em>
            </MenuItem>
            {CONTACT_SOURCES.map((s) => (
              <MenuItem key={s} value={s}>
                {CONTACT_SOURCE_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
}
