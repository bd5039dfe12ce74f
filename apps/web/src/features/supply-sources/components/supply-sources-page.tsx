import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  isClosedDay,
  SUPPLY_SOURCE_LIMITS,
  SUPPLY_SOURCE_MESSAGES,
  SUPPLY_SOURCE_WEEKDAYS,
  toggledSupplySourceStatus,
  weekdayLabel,
  type TSupplySourceDetails,
  type TWeekday,
} from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-error';
import { useCurrentLocation, useLocations } from '../../../lib/queries';
import { useConfirm } from '../../../shell/confirm-dialog';
import { Page } from '../../../shell/page';
import {
  SUPPLY_SOURCES_QUERY_KEY,
  saveSupplySource,
  setSupplySourceStatus,
  useSupplySourceDetails,
} from '../api/supply-sources-api';
import {
  clientErrors,
  dayErrorKey,
  formValuesOf,
  requestOf,
  timeChoices,
  type FieldErrors,
  type SupplySourceFormValues,
} from './supply-source-form-model';

const TITLE = 'Amazon Supply Sources (ISPU)';
const HOLD_PERIODS = Array.from(
  { length: SUPPLY_SOURCE_LIMITS.holdPeriodMax - SUPPLY_SOURCE_LIMITS.holdPeriodMin + 1 },
  (_, i) => SUPPLY_SOURCE_LIMITS.holdPeriodMin + i,
);
const HANDLING_TIMES = Array.from(
  { length: SUPPLY_SOURCE_LIMITS.handlingTimeMax - SUPPLY_SOURCE_LIMITS.handlingTimeMin + 1 },
  (_, i) => SUPPLY_SOURCE_LIMITS.handlingTimeMin + i,
);
/** A day ticked open again starts with these hours. */
const DEFAULT_OPEN = { startTime: '09:00', endTime: '17:00' };

/** A success message that clears itself after 6 s (002 §4, §9). */
function useTimedMessage(): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SUPPLY_SOURCE_LIMITS.successMessageMs);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}

function FieldAlert({ errors, field, testId }: { errors: FieldErrors; field: string; testId: string }) {
  const first = errors[field]?.[0];
  if (!first) return null;
  return (
    <Alert severity="error" sx={{ mt: 0.5, py: 0 }} data-testid={testId}>
      {first}
    </Alert>
  );
}

function DayRow({
  day,
  hours,
  error,
  onChange,
}: {
  day: TWeekday;
  hours: { startTime: string; endTime: string };
  error: string | undefined;
  onChange: (next: { startTime: string; endTime: string }) => void;
}) {
  const closed = isClosedDay(hours);
  const select = (which: 'startTime' | 'endTime', label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={hours[which]}
      error={!!error}
      onChange={(e) => onChange({ ...hours, [which]: e.target.value })}
      sx={{ width: { xs: '50%', sm: 120 } }}
      slotProps={{ htmlInput: { 'data-testid': `hours-${day}-${which === 'startTime' ? 'start' : 'end'}` } }}
    >
      {timeChoices(hours[which]).map((time) => (
        <MenuItem key={time} value={time}>
          {time}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid={`hours-${day}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: { sm: 230 }, flexShrink: 0 }}>
          <Typography sx={{ width: 100, fontWeight: 500 }}>{weekdayLabel(day)}</Typography>
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={closed}
                onChange={(e) => onChange(e.target.checked ? { startTime: '00:00', endTime: '00:00' } : DEFAULT_OPEN)}
              />
            }
            label="Closed"
            slotProps={{ typography: { variant: 'body2' } }}
            data-testid={`hours-${day}-closed`}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
          {select('startTime', 'Opens')}
          {select('endTime', 'Closes')}
          {closed && (
            <Chip
              size="small"
              label="Closed"
              data-testid={`hours-${day}-closed-chip`}
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            />
          )}
        </Stack>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }} data-testid={`hours-${day}-error`}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** The editor of one supply source; mounted afresh (a new key) whenever the details are read again. */
function SupplySourceEditor({
  details,
  location,
  onSaved,
  onStatusChanged,
}: {
  details: TSupplySourceDetails;
  location: string;
  onSaved: (d: TSupplySourceDetails) => void;
  onStatusChanged: (message: string) => void;
}) {
  const [values, setValues] = useState<SupplySourceFormValues>(() => formValuesOf(details));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { dialog, confirm } = useConfirm();
  const local = useMemo(() => clientErrors(values), [values]);
  const errors: FieldErrors = { ...serverErrors, ...local };
  const hasErrors = Object.keys(errors).length > 0;

  /** Editing a field clears the server's error on it (002 §5). */
  const edit = (field: string, next: Partial<SupplySourceFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onSaved(await saveSupplySource(requestOf(values, details)));
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 422) {
        setServerErrors(((error.body as { errors?: FieldErrors }).errors ?? {}) as FieldErrors);
      }
      setFailure(serverMessage(error) ?? 'The supply source could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  const toggle = async () => {
    const next = toggledSupplySourceStatus(details.status);
    const ok = await confirm({
      title: `Set the supply source ${next}?`,
      message: SUPPLY_SOURCE_MESSAGES.confirmToggle,
      confirmLabel: `Set ${next}`,
      destructive: next !== 'Active',
    });
    if (!ok) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await setSupplySourceStatus({ status: next, supplySourceId: details.supplySourceId });
      onStatusChanged(answer.message);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The status could not be changed.');
      setBusy(false);
    }
  };

  const active = details.status === 'Active';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="supply-source-editor">
      {dialog}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            Supply source of {location}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="supply-source-id">
            {details.supplySourceId}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip label={details.status} color={active ? 'success' : 'default'} data-testid="supply-source-status" />
          <Switch
            checked={active}
            onChange={() => void toggle()}
            disabled={busy}
            slotProps={{ input: { 'aria-label': 'Status: Active or Inactive' } }}
            data-testid="supply-source-toggle"
          />
        </Stack>
      </Stack>

      <Stack spacing={2}>
        <Box>
          <TextField
            label="Alias"
            value={values.alias}
            onChange={(e) => edit('alias', { alias: e.target.value })}
            error={!!errors.alias}
            fullWidth
            size="small"
            helperText={`${values.alias.trim().length}/${SUPPLY_SOURCE_LIMITS.aliasMax}`}
            slotProps={{ htmlInput: { 'data-testid': 'supply-source-alias', maxLength: 200 } }}
          />
          <FieldAlert errors={errors} field="alias" testId="alias-error" />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Box sx={{ flex: 1 }}>
            <TextField
              select
              label="Inventory hold period"
              value={values.inventoryHoldPeriod}
              onChange={(e) => edit('inventoryHoldPeriod', { inventoryHoldPeriod: Number(e.target.value) })}
              error={!!errors.inventoryHoldPeriod}
              fullWidth
              size="small"
              helperText="How long an order waits for pickup"
              slotProps={{ htmlInput: { 'data-testid': 'supply-source-hold-period' } }}
            >
              {HOLD_PERIODS.map((d) => (
                <MenuItem key={d} value={d}>
                  {d} {d === 1 ? 'day' : 'days'}
                </MenuItem>
              ))}
            </TextField>
            <FieldAlert errors={errors} field="inventoryHoldPeriod" testId="hold-period-error" />
          </Box>
          <Box sx={{ flex: 1 }}>
            <TextField
              select
              label="Handling time"
              value={values.handlingTime}
              onChange={(e) => edit('handlingTime', { handlingTime: Number(e.target.value) })}
              error={!!errors.handlingTime}
              fullWidth
              size="small"
              helperText="Includes 45 minutes to 1 hour of marketplace lag"
              slotProps={{ htmlInput: { 'data-testid': 'supply-source-handling-time' } }}
            >
              {HANDLING_TIMES.map((h) => (
                <MenuItem key={h} value={h}>
                  {h} {h === 1 ? 'hour' : 'hours'}
                </MenuItem>
              ))}
            </TextField>
            <FieldAlert errors={errors} field="handlingTime" testId="handling-time-error" />
          </Box>
        </Stack>

        <Box>
          <Typography variant="h6" component="h2">
            Pickup hours
          </Typography>
          <Typography variant="body2" color="text.secondary">
            00:00 to 00:00 means closed.
          </Typography>
          {SUPPLY_SOURCE_WEEKDAYS.map((day) => (
            <DayRow
              key={day}
              day={day}
              hours={values.hours[day]}
              error={errors[dayErrorKey(day)]?.[0]}
              onChange={(next) => edit(dayErrorKey(day), { hours: { ...values.hours, [day]: next } })}
            />
          ))}
        </Box>

        {failure && (
          <Alert severity="error" data-testid="supply-source-failure">
            {failure}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            disabled={hasErrors || busy}
            onClick={() => void submit()}
            data-testid="supply-source-submit"
          >
            Submit
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * /supply-sources (002 §2, §4, §5, §8, §9): choose a location, then view and edit its Amazon supply source (alias,
 * hold period, handling time, pickup hours per weekday); the status toggle asks first, since it discards unsaved
 * changes, then sets Active ↔ Inactive. Success messages show for 6 seconds.
 */
export function SupplySourcesPage() {
  const client = useQueryClient();
  const { data: allLocations } = useLocations();
  const current = useCurrentLocation();
  const locations = useMemo(() => (allLocations ?? []).filter((l) => !l.includes('_')), [allLocations]);
  const [location, setLocation] = useState('');
  const [success, setSuccess] = useTimedMessage();
  useEffect(() => {
    if (!location && locations.length) setLocation(current && locations.includes(current) ? current : locations[0]!);
  }, [location, locations, current]);
  const { data, isPending, isError, isFetching, dataUpdatedAt } = useSupplySourceDetails(location);

  const choose = (next: string) => {
    setSuccess(null);
    setLocation(next);
  };
  const saved = (details: TSupplySourceDetails) => {
    client.setQueryData([...SUPPLY_SOURCES_QUERY_KEY, location], details);
    setSuccess(SUPPLY_SOURCE_MESSAGES.saved);
  };
  const statusChanged = (message: string) => {
    setSuccess(message);
    void client.invalidateQueries({ queryKey: [...SUPPLY_SOURCES_QUERY_KEY, location] });
  };

  return (
    <Page title={TITLE}>
      <Box sx={{ maxWidth: 860 }}>
        <TextField
          select
          label="Location"
          value={locations.includes(location) ? location : ''}
          onChange={(e) => choose(e.target.value)}
          size="small"
          sx={{ minWidth: 160, mb: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'supply-source-location' } }}
        >
          {locations.map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        {success && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="supply-source-success">
            {success}
          </Alert>
        )}
        {location && isFetching && <LinearProgress sx={{ mb: 1 }} />}
        {location && isError && (
          <Alert severity="error" data-testid="supply-source-fetch-error">
            {SUPPLY_SOURCE_MESSAGES.fetchFailed(location)}
          </Alert>
        )}
        {location && !isPending && !isError && data && (
          <SupplySourceEditor
            key={`${location}:${dataUpdatedAt}`}
            details={data}
            location={location}
            onSaved={saved}
            onStatusChanged={statusChanged}
          />
        )}
      </Box>
    </Page>
  );
}
