import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { RECONCILIATION_MESSAGES as M } from '@keystone/contracts';
import { MENU_PATH } from './reconciliation-frame';

/** The search types the search page takes (002 §2 searchType); tracking number is the one the server answers. */
export const SEARCH_TYPES = [{ value: 'trackingNumber', label: 'Tracking Number' }] as const;

/** The tracking numbers of a search value: separated by commas, semicolons or white space, distinct. */
export function searchValues(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[\s,;]+/)
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

/** The search form: it goes to /shipping-reconciliation/search?searchType=&searchValue= (002 §5: a value is required). */
export function TrackingSearchForm({
  initialType = 'trackingNumber',
  initialValue = '',
}: {
  initialType?: string;
  initialValue?: string;
}) {
  const navigate = useNavigate();
  const [searchType, setSearchType] = useState(
    SEARCH_TYPES.some((t) => t.value === initialType) ? initialType : 'trackingNumber',
  );
  const [searchValue, setSearchValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (searchValues(searchValue).length === 0) {
      setError(M.searchValueRequired);
      return;
    }
    void navigate(
      `${MENU_PATH}/search?${new URLSearchParams({ searchType, searchValue: searchValue.trim() }).toString()}`,
    );
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        select
        size="small"
        label="Search Type"
        value={searchType}
        onChange={(e) => setSearchType(e.target.value)}
        sx={{ minWidth: 180 }}
      >
        {SEARCH_TYPES.map((t) => (
          <MenuItem key={t.value} value={t.value}>
            {t.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Search Value"
        value={searchValue}
        required
        error={error !== null}
        helperText={error ?? 'One or more tracking numbers, separated by commas or spaces'}
        onChange={(e) => {
          setSearchValue(e.target.value);
          setError(null);
        }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
    </Stack>
  );
}
