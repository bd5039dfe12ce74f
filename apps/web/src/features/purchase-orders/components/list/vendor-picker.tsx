import { memo, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import type { TVendor } from '@keystone/contracts';

const NO_VENDORS: readonly TVendor[] = [];

/**
 * A vendor by company name: the Create PO panel's and the PO filters'. MUI's Autocomplete reads its input's width
 * (`clientWidth`, for the list's width) on every render once it holds its input as the list's anchor, which forces a
 * layout of the whole page while the page is still being built (two of these on the PO list's first screen: about
 * 100 ms of forced layout on its first load, docs/performance.md). So the anchor is handed over only when the person
 * reaches the field (the pointer over it, or focus), before anything can open the list; and the picker is memoized
 * (pass a stable `onChange`), rendering only when its own props change.
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
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
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
          slotProps={{
            ...params.slotProps,
            input: { ...params.slotProps.input, ref: reached ? params.slotProps.input.ref : undefined },
            inputLabel: placeholder ? { ...params.slotProps.inputLabel, shrink: true } : params.slotProps.inputLabel,
          }}
        />
      )}
      onPointerEnter={reached ? undefined : reach}
      onFocus={reached ? undefined : reach}
      data-testid={testId}
    />
  );
});
