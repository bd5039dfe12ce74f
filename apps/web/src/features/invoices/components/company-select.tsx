import type { Ref } from 'react';
import { Autocomplete, TextField } from '@mui/material';

export interface TCompanyOption {
  id: number;
  company_name: string;
}

/** A vendor or finance company picker holding the id (null when none is chosen). */
export function CompanySelect(props: {
  label: string;
  options: readonly TCompanyOption[] | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  loading?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  size?: 'small' | 'medium';
}) {
  const options = props.options ?? [];
  const selected = options.find((o) => o.id === props.value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={props.loading}
      disabled={props.disabled}
      size={props.size}
      getOptionLabel={(o) => o.company_name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, option) => props.onChange(option?.id ?? null)}
      onBlur={props.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={!!props.error}
          helperText={props.error}
          inputRef={props.inputRef}
        />
      )}
    />
  );
}
