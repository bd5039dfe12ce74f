import { Autocomplete, Box, Checkbox, FormControlLabel, FormHelperText, MenuItem, TextField } from '@mui/material';
import {
  LOCATION_FIELD_LABELS,
  LOCATION_REQUIRED_FIELDS,
  LOCATION_TYPES,
  US_STATES,
  type TLocationFlagField,
  type TLocationTextField,
} from '@keystone/contracts';
import type { FormErrors, TLocationFormValues } from './location-form-model';

export interface LocationFieldsProps {
  values: TLocationFormValues;
  errors: FormErrors;
  onText: (field: TLocationTextField, value: string) => void;
  onFlag: (field: TLocationFlagField, value: boolean) => void;
  /** Text fields shown, in order. */
  textFields: readonly TLocationTextField[];
  flagFields: readonly TLocationFlagField[];
  /** Fields shown but not editable (the country always; the code on the update form). */
  readOnly?: readonly TLocationTextField[];
  distributors?: readonly string[];
}

const REQUIRED = new Set<string>(LOCATION_REQUIRED_FIELDS);

/** The location record's fields (002 §3) as a responsive grid: each with its error under it (002 §5). */
export function LocationFields({
  values,
  errors,
  onText,
  onFlag,
  textFields,
  flagFields,
  readOnly = [],
  distributors = [],
}: LocationFieldsProps) {
  const textField = (field: TLocationTextField) => {
    const error = errors.fields[field];
    const common = {
      id: `location-${field}`,
      label: LOCATION_FIELD_LABELS[field],
      value: values[field],
      required: REQUIRED.has(field),
      error: !!error,
      helperText: error ?? ' ',
      fullWidth: true,
      size: 'small' as const,
      slotProps: { input: { readOnly: readOnly.includes(field) } },
    };
    if (field === 'location_type' && !readOnly.includes(field)) {
      return (
        <TextField key={field} {...common} select onChange={(e) => onText(field, e.target.value)}>
          {LOCATION_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (field === 'state_or_province' && !readOnly.includes(field)) {
      return (
        <TextField key={field} {...common} select onChange={(e) => onText(field, e.target.value)}>
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {US_STATES.map((s) => (
            <MenuItem key={s.code} value={s.code}>
              {s.code} — {s.name}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (field === 'distributor' && !readOnly.includes(field)) {
      return (
        <Autocomplete
          key={field}
          freeSolo
          options={distributors}
          inputValue={values.distributor}
          onInputChange={(_, value) => onText('distributor', value)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={common.label}
              error={common.error}
              helperText={common.helperText}
              size="small"
              id={common.id}
            />
          )}
        />
      );
    }
    return (
      <TextField
        key={field}
        {...common}
        multiline={field === 'notes'}
        minRows={field === 'notes' ? 2 : undefined}
        onChange={(e) => onText(field, field === 'location_code' ? e.target.value.toUpperCase() : e.target.value)}
        sx={field === 'notes' ? { gridColumn: '1 / -1' } : undefined}
      />
    );
  };
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {textFields.map(textField)}
      </Box>
      {flagFields.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {flagFields.map((field) => (
            <Box key={field}>
              <FormControlLabel
                control={<Checkbox checked={values[field]} onChange={(e) => onFlag(field, e.target.checked)} />}
                label={LOCATION_FIELD_LABELS[field]}
              />
              {errors.fields[field] && <FormHelperText error>{errors.fields[field]}</FormHelperText>}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
