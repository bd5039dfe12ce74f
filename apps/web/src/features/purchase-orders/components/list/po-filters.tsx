import { memo, useDeferredValue, useState } from 'react';
import { Box, Button, MenuItem, Paper, TextField } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { isCalendarDate, type TVendor } from '@keystone/contracts';
import { useCan } from '../../../../lib/session-store';
import { useStableCallback } from '../../../../lib/stable-callback';
import { DateField } from '../../../../shell/date-field';
import { useCurrentUser, usePoStatuses, useReceivingLocations, useUsers } from '../../api/purchase-order-list';
import { useVendors } from '../../api/vendors';
import { DebouncedTextFilter } from './debounced-text-filter';
import { VendorPicker } from './vendor-picker';
import { hasFilters, PAID_OPTIONS, type TPoFilterName, type TPoFilters } from './po-list-state';

/**
 * A date filter (YYYY-MM-DD, the shell's date field): what is typed applies once it is a whole date, or cleared.
 * A filter changed elsewhere (Clear Filters, a saved view) shows here.
 */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value);
  }
  return (
    <DateField
      label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        if (next === '' || isCalendarDate(next)) onChange(next);
      }}
      // A phone's larger type needs the room for the whole YYYY-MM-DD.
      sx={{ width: { xs: 190, sm: 170 } }}
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
 * The pick lists arrive as five answers; each re-renders this component at once, and the fields (two date
 * pickers among them) follow from deferred copies in a render React can interrupt.
 */
export const PoFilters = memo(function PoFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: TPoFilters;
  onChange: (updates: Partial<TPoFilters>) => void;
  onClear: () => void;
}) {
  const canListUsers = useCan('role-editor:view');
  const statuses = useDeferredValue(usePoStatuses().data);
  const vendors = useDeferredValue(useVendors().data);
  const locations = useDeferredValue(useReceivingLocations().data);
  const me = useDeferredValue(useCurrentUser().data);
  const users = useDeferredValue(useUsers(canListUsers).data);
  return (
    <PoFilterFields
      filters={filters}
      onChange={onChange}
      onClear={onClear}
      canListUsers={canListUsers}
      statuses={statuses}
      vendors={vendors}
      locations={locations}
      me={me}
      users={users}
    />
  );
});

const PoFilterFields = memo(function PoFilterFields({
  filters,
  onChange,
  onClear,
  canListUsers,
  statuses,
  vendors,
  locations,
  me,
  users,
}: {
  filters: TPoFilters;
  onChange: (updates: Partial<TPoFilters>) => void;
  onClear: () => void;
  canListUsers: boolean;
  statuses: ReturnType<typeof usePoStatuses>['data'];
  vendors: ReturnType<typeof useVendors>['data'];
  locations: ReturnType<typeof useReceivingLocations>['data'];
  me: ReturnType<typeof useCurrentUser>['data'];
  users: ReturnType<typeof useUsers>['data'];
}) {
  const set = (name: TPoFilterName) => (value: string) => onChange({ [name]: value });

  const userOptions = canListUsers
    ? (users ?? []).map((u) => ({ value: String(u.id), label: u.username }))
    : me
      ? [{ value: String(me.id), label: 'Mine' }]
      : [];
  const selectedVendor = vendors?.find((v) => String(v.id) === filters.selectedVendor) ?? null;
  const chooseVendor = useStableCallback((vendor: TVendor | null) =>
    onChange({ selectedVendor: vendor ? String(vendor.id) : '' }),
  );

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
          options={(statuses ?? []).map((s) => ({ value: String(s.id), label: s.status_name }))}
          testId="filter-status"
        />
        <VendorPicker vendors={vendors} value={selectedVendor} onChange={chooseVendor} placeholder="All" width={240} />
        <SelectFilter
          label="Ship To"
          value={filters.selectedShipToLocation}
          onChange={set('selectedShipToLocation')}
          options={(locations ?? []).map((code) => ({ value: code, label: code }))}
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
});
