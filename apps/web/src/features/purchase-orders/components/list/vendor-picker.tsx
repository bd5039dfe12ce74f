import { memo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import type { TVendor } from '@keystone/contracts';

const NO_VENDORS: readonly TVendor[] = [];

/**
 * A vendor by company name: the Create PO panel's and the PO filters'. Memoized (pass a stable `onChange`): MUI's
 * Autocomplete reads its input's width on every render, which forces a layout while the page is still being built,
 * so it renders only when its own props change, not with each answer its parent receives.
 */
export const VendorPicker = memo(function VendorPicker({
  vendors,
  value,
  onChange,
  label = 'Vendor',
  placeholder,
  loading,
  width,
  testId,
}: {
  vendors: readonly TVendor[] | undefined;
  value: TVendor | null;
  onChange: (vendor: TVendor | null) => void;
  label?: string;
  /** Shown in the empty field, with the label kept above it (the filter's "All"). */
  placeholder?: string;
  loading?: boolean;
  width: number;
  testId?: string;
}) {
  return (
    <Autocomplete
      options={vendors ?? NO_VENDORS}
      value={value}
      onChange={(_e, next) => onChange(next)}
      getOptionLabel={(v) => v.company_name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, v) => (
        <li {...props} key={v.id}>
          {v.company_name}
        </li>
      )}
      loading={loading}
      size="small"
      sx={{ width }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          slotProps={
            placeholder
              ? { ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }
              : params.slotProps
          }
        />
      )}
      data-testid={testId}
    />
  );
});
