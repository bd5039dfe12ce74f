import { Autocomplete, Box, Button, MenuItem, Paper, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useCan } from '../../../../lib/session-store';
import { useCurrentUser, usePoStatuses, useReceivingLocations, useUsers } from '../../api/purchase-order-list';
import { useVendors } from '../../api/vendors';
import { DebouncedTextFilter } from './debounced-text-filter';
import { hasFilters, PAID_OPTIONS, type TPoFilterName, type TPoFilters } from './po-list-state';

const DATE_FORMAT = 'YYYY-MM-DD';

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={date && date.isValid() ? date : null}
      onChange={(next: Dayjs | null) => {
        if (next === null) onChange('');
        else if (next.isValid()) onChange(next.format(DATE_FORMAT));
      }}
      slotProps={{ textField: { size: 'small', sx: { width: 170 } }, field: { clearable: true } }}
    />
  );
}

function SelectFilter({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
  testId,
  width = 170,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel?: string | null;
  testId: string;
  width?: number;
}) {
  const known = options.some((o) => o.value === value) || value === '';
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      sx={{ width }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      {allLabel !== null && <MenuItem value="">{allLabel}</MenuItem>}
      {!known && <MenuItem value={value}>{value}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The PO list filters (000 §2), each kept in the query string under its spec name. The user filter lists every
 * user for a caller holding role-editor:view (the user list needs it); others may pick Mine, their own id.
 */
export function PoFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: TPoFilters;
  onChange: (updates: Partial<TPoFilters>) => void;
  onClear: () => void;
}) {
  const canListUsers = useCan('role-editor:view');
  const statuses = usePoStatuses();
  const vendors = useVendors();
  const locations = useReceivingLocations();
  const me = useCurrentUser();
  const users = useUsers(canListUsers);
  const set = (name: TPoFilterName) => (value: string) => onChange({ [name]: value });

  const userOptions = canListUsers
    ? (users.data ?? []).map((u) => ({ value: String(u.id), label: u.username }))
    : me.data
      ? [{ value: String(me.data.id), label: 'Mine' }]
      : [];
  const selectedVendor = vendors.data?.find((v) => String(v.id) === filters.selectedVendor) ?? null;

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Filters">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <DateFilter label="From Date" value={filters.fromDate} onChange={set('fromDate')} />
        <DateFilter label="To Date" value={filters.toDate} onChange={set('toDate')} />
        <DebouncedTextFilter
          label="PO Number"
          value={filters.poNumber}
          onCommit={set('poNumber')}
          testId="filter-po-number"
        />
        <DebouncedTextFilter
          label="Model Number"
          value={filters.modelNumber}
          onCommit={set('modelNumber')}
          testId="filter-model-number"
        />
        <DebouncedTextFilter
          label="Vendor Order #"
          value={filters.vendorOrderId}
          onCommit={set('vendorOrderId')}
          testId="filter-vendor-order-id"
        />
        <SelectFilter
          label="Status"
          value={filters.selectedStatus}
          onChange={set('selectedStatus')}
          options={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.status_name }))}
          testId="filter-status"
        />
        <Autocomplete
          options={vendors.data ?? []}
          value={selectedVendor}
          onChange={(_e, vendor) => onChange({ selectedVendor: vendor ? String(vendor.id) : '' })}
          getOptionLabel={(v) => v.company_name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={(props, v) => (
            <li {...props} key={v.id}>
              {v.company_name}
            </li>
          )}
          size="small"
          sx={{ width: 240 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Vendor"
              placeholder="All"
              slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
            />
          )}
        />
        <SelectFilter
          label="Ship To"
          value={filters.selectedShipToLocation}
          onChange={set('selectedShipToLocation')}
          options={(locations.data ?? []).map((code) => ({ value: code, label: code }))}
          testId="filter-ship-to"
        />
        <SelectFilter
          label="User"
          value={filters.selectedUser}
          onChange={set('selectedUser')}
          options={userOptions}
          testId="filter-user"
        />
        <SelectFilter
          label="Paid"
          value={filters.paid || 'All'}
          onChange={(v) => onChange({ paid: v === 'All' ? '' : v })}
          options={PAID_OPTIONS.map((p) => ({ value: p, label: p }))}
          allLabel={null}
          testId="filter-paid"
          width={110}
        />
        <Button startIcon={<FilterAltOffIcon />} onClick={onClear} disabled={!hasFilters(filters)}>
          Clear Filters
        </Button>
      </Box>
    </Paper>
  );
}
