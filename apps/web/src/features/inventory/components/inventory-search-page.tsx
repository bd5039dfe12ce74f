import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import CancelIcon from '@mui/icons-material/Cancel';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { INVENTORY_SEARCH_BY, INVENTORY_SEARCH_BY_LABELS, INVENTORY_SEARCH_LIMIT } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { useCurrentLocation } from '../../../lib/queries';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { useInventorySearch, useModelSuggestions } from '../api/inventory-api';
import { AdvancedSearchDialog } from './advanced-search-dialog';
import { ProductResultCard, SerialResultCard } from './result-cards';
import { parseSearchBy, searchProblem } from './search-rules';

/** Debounces a value (the model autocomplete waits 500 ms, 001 §9). */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** /inventory/search/serial redirects to the search with searchBy=serial (001 §2), keeping a given searchValue. */
export function SerialSearchRedirect() {
  const [params] = useSearchParams();
  const next = new URLSearchParams({ searchBy: 'serial' });
  const value = params.get('searchValue');
  if (value) next.set('searchValue', value);
  return <Navigate to={`/inventory/search?${next.toString()}`} replace />;
}

/** The shared inventory search panel (001 §2): search-by selector, box, Include Inactive Models, Expand All, results. */
export function InventorySearchPage() {
  const [params, setParams] = useSearchParams();
  const searchBy = parseSearchBy(params.get('searchBy'));
  const searchValue = params.get('searchValue') ?? '';
  const includeInactive = params.get('includeInactive') === '1';
  const bucket = searchBy === 'serial' ? null : params.get('bucket') || null;
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [text, setText] = useState(searchValue);
  const [expandAll, setExpandAll] = useState(false);
  const location = useCurrentLocation();
  const canTransfer = useCan('inventory-transfer:view');
  useEffect(() => setText(searchValue), [searchValue]);

  const problem = searchProblem(searchBy, searchValue);
  const criteria =
    searchValue.trim() && !problem ? { searchBy, searchValue: searchValue.trim(), includeInactive, bucket } : null;
  const result = useInventorySearch(criteria);
  const suggestions = useModelSuggestions(useDebounced(searchBy === 'model' ? text : '', 500), includeInactive);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const submit = (value = text) => update({ searchBy, searchValue: value.trim() || null });
  const serverError =
    result.error instanceof ApiCallError
      ? ((result.error.body as { message?: string } | null)?.message ?? 'There was an error.')
      : result.error
        ? 'There was an error.'
        : null;
  const data = result.data;
  const count = data ? (searchBy === 'serial' ? data.serials.length : data.data.length) : 0;

  return (
    <Page title="Inventory Search">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Search By"
          value={searchBy}
          onChange={(e) =>
            update({
              searchBy: e.target.value,
              includeInactive: e.target.value === 'model' ? (includeInactive ? '1' : null) : null,
              ...(e.target.value === 'serial' ? { bucket: null } : {}),
            })
          }
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'search-by' } }}
        >
          {INVENTORY_SEARCH_BY.map((option) => (
            <MenuItem key={option} value={option}>
              {INVENTORY_SEARCH_BY_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          freeSolo
          disableClearable
          options={searchBy === 'model' && text.trim().length > 1 ? (suggestions.data ?? []) : []}
          inputValue={text}
          onInputChange={(_, value, reason) => {
            if (reason !== 'reset') setText(value);
          }}
          onChange={(_, value) => {
            if (typeof value === 'string' && value) {
              setText(value);
              submit(value);
            }
          }}
          sx={{ width: 250 }}
          renderInput={(props) => (
            <TextField
              {...props}
              size="small"
              label="Search"
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  submit();
                }
              }}
            />
          )}
        />
        <Button variant="contained" onClick={() => submit()}>
          Search
        </Button>
        <Button onClick={() => setAdvancedOpen(true)}>Advanced Search</Button>
      </Stack>
      {advancedOpen && (
        <AdvancedSearchDialog
          open
          initial={{ model: searchBy === 'model' ? searchValue : '', bucket }}
          onClose={() => setAdvancedOpen(false)}
          onSearch={({ model, bucket: chosen }) => {
            setAdvancedOpen(false);
            update({ searchBy: 'model', searchValue: model, bucket: chosen });
          }}
        />
      )}
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {searchBy === 'model' && (
          <FormControlLabel
            control={
              <Checkbox
                checked={includeInactive}
                onChange={(e) => update({ includeInactive: e.target.checked ? '1' : null })}
              />
            }
            label="Include Inactive Models"
          />
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={expandAll && searchBy !== 'serial'}
              disabled={searchBy === 'serial'}
              onChange={(e) => setExpandAll(e.target.checked)}
            />
          }
          label="Expand All Search Results"
        />
      </Stack>

      {bucket && (
        <Chip
          sx={{ mb: 2 }}
          label={`With on-hand in ${bucket}`}
          onDelete={() => update({ bucket: null })}
          deleteIcon={<CancelIcon titleAccess="Remove bucket filter" />}
          data-testid="bucket-filter"
        />
      )}
      {problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {result.isFetching && <Typography>Loading...</Typography>}
      {serverError && <Alert severity="error">{serverError}</Alert>}
      {data && !result.isFetching && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {count === 0
              ? 'No Results To Display'
              : data.more
                ? `The first ${INVENTORY_SEARCH_LIMIT} results; narrow the search to see others.`
                : `${count} result${count === 1 ? '' : 's'}`}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {data.searchBy === 'serial'
              ? data.serials.map((s) => <SerialResultCard key={s.id} serial={s} />)
              : data.data.map((card) => (
                  <ProductResultCard
                    key={card.id}
                    card={card}
                    expandAll={expandAll}
                    location={location}
                    canTransfer={canTransfer}
                  />
                ))}
          </Box>
        </>
      )}
    </Page>
  );
}
