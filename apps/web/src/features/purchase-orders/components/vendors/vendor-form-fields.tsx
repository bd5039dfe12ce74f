import { Box, Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { VENDOR_TYPES, type TPurchaseTerm } from '@keystone/contracts';
import {
  VENDOR_FIELD_LABELS,
  VENDOR_TYPE_LABELS,
  type TVendorDialogMode,
  type TVendorFormValues,
  type TVendorTextField,
} from './vendor-form';

interface TextFieldSpec {
  field: TVendorTextField;
  type?: 'text' | 'email' | 'number';
  wide?: boolean;
  multiline?: boolean;
  required?: boolean;
}

const CONTACT_FIELDS: TextFieldSpec[] = [
  { field: 'rep' },
  { field: 'rep_email', type: 'email' },
  { field: 'rep_phone', type: 'number' },
  { field: 'fax_phone' },
  { field: 'dealer_number' },
  { field: 'program_name' },
];

const ADDRESS_FIELDS: TextFieldSpec[] = [
  { field: 'address', wide: true },
  { field: 'address2', wide: true },
  { field: 'city' },
  { field: 'state' },
  { field: 'zip' },
  { field: 'country' },
];

const EDI_FIELDS: TextFieldSpec[] = [{ field: 'edi_interchange_id' }, { field: 'edi_qualifier' }];

const isDigits = (value: string) => /^\d*$/.test(value);

/**
 * Every vendor field of 000 §3. Rep Email is an email input and Rep Phone a number input (000 §5); a phone
 * already stored with other characters (dashes, brackets) is shown as a telephone field, since a number input
 * cannot display it.
 */
export function VendorFormFields({
  mode,
  control,
  errors,
  terms,
  disabled,
  missing,
}: {
  mode: TVendorDialogMode;
  control: Control<TVendorFormValues>;
  errors: FieldErrors<TVendorFormValues>;
  terms: readonly TPurchaseTerm[];
  disabled?: boolean;
  /** The required fields to mark after a blocked save. */
  missing: { company_name: boolean; vendor_type: boolean };
}) {
  const text = ({ field, type, wide, multiline, required }: TextFieldSpec) => (
    <Controller
      key={field}
      name={field}
      control={control}
      render={({ field: f }) => (
        <TextField
          label={VENDOR_FIELD_LABELS[field]}
          type={type === 'number' && !isDigits(f.value) ? 'tel' : (type ?? 'text')}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          inputRef={f.ref}
          name={f.name}
          required={required}
          disabled={disabled}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          autoComplete="off"
          error={!!errors[field] || (field === 'company_name' && missing.company_name)}
          helperText={errors[field]?.message}
          sx={wide || multiline ? { gridColumn: { sm: '1 / -1' } } : undefined}
        />
      )}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
      {text({ field: 'company_name', required: true })}
      <Controller
        name="vendor_type"
        control={control}
        render={({ field: f }) => (
          <TextField
            select
            label={VENDOR_FIELD_LABELS.vendor_type}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            inputRef={f.ref}
            required={mode === 'create'}
            disabled={disabled}
            error={!!errors.vendor_type || missing.vendor_type}
            helperText={errors.vendor_type?.message}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {mode === 'create' && (
              <MenuItem value="">
                <em>Select a Vendor Type</em>
              </MenuItem>
            )}
            {VENDOR_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {VENDOR_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {CONTACT_FIELDS.map(text)}
      {ADDRESS_FIELDS.map(text)}
      <Controller
        name="default_terms"
        control={control}
        render={({ field: f }) => (
          <TextField
            select
            label={VENDOR_FIELD_LABELS.default_terms}
            value={f.value}
            onChange={(e) => {
              const value = e.target.value as unknown as number[] | string;
              f.onChange(typeof value === 'string' ? value.split(',').map(Number) : value);
            }}
            onBlur={f.onBlur}
            inputRef={f.ref}
            disabled={disabled}
            error={!!errors.default_terms}
            helperText={errors.default_terms?.message}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (selected) => {
                  const ids = selected as number[];
                  if (ids.length === 0) return <em>None</em>;
                  return terms
                    .filter((t) => ids.includes(t.id))
                    .map((t) => t.type)
                    .join(', ');
                },
              },
              inputLabel: { shrink: true },
            }}
          >
            {terms.map((term) => (
              <MenuItem key={term.id} value={term.id}>
                <Checkbox size="small" checked={f.value.includes(term.id)} />
                <ListItemText primary={term.type} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {EDI_FIELDS.map(text)}
      {text({ field: 'notes', multiline: true })}
    </Box>
  );
}
