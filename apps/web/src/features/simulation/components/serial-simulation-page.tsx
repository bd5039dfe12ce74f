import { Link as RouterLink, useParams } from 'react-router';
import {
  Box,
  Chip,
  Link,
  Paper,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { NO_DATA_AVAILABLE_MESSAGE, type TSerialHistoryEvent, type TSerialSearchCard } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { formatTimestamp } from '../../../lib/format-date';
import { useSerialHistoryOf, useSerialsByNumber } from '../api/simulation-api';
import { serialPlaces } from './on-hand-series';

const TYPE_LABELS: Record<string, string> = {
  INVENTORY_RECEIPT: 'Received',
  INVENTORY_UNRECEIPT: 'Un-received',
  INVENTORY_TRANSFER: 'Transferred',
  INVENTORY_SALE: 'Sold',
  INVENTORY_AUDIT_ADJUSTMENT: 'Audit adjustment',
  INVENTORY_OPENING_BALANCE: 'Opening balance (import)',
};

const place = (location: string | null, condition: string | null, disposition: string | null) =>
  disposition && disposition !== 'LIVE' ? disposition : [location, condition].filter(Boolean).join(' · ') || '—';

/** The serial's places over time: one step per ledger event that moved it, oldest first. */
function Timeline({ events }: { events: TSerialHistoryEvent[] }) {
  return (
    <Stepper orientation="vertical" nonLinear activeStep={-1} data-testid="serial-timeline">
      {events.map((e, i) => (
        <Step key={`${e.ims_transaction_reference_id}-${i}`} expanded completed={false}>
          <StepLabel optional={<Typography variant="caption">{formatTimestamp(e.events_date)}</Typography>}>
            {TYPE_LABELS[e.type] ?? e.type}:{' '}
            <Box component="span" sx={{ fontWeight: 700 }}>
              {place(e.new_location_code, e.new_condition_code, e.new_disposition_code)}
            </Box>
          </StepLabel>
          <StepContent>
            <Typography variant="body2">
              {e.old_location_code || e.old_disposition_code
                ? `From ${place(e.old_location_code, e.old_condition_code, e.old_disposition_code)} · `
                : ''}
              <Link
                component={RouterLink}
                to={`/inventory-transactions/${encodeURIComponent(e.ims_transaction_reference_id)}`}
              >
                {e.ims_transaction_reference_id}
              </Link>
              {e.transacted_by ? ` · ${e.transacted_by}` : ''}
            </Typography>
            {e.notes && (
              <Typography variant="body2" color="text.secondary">
                {e.notes}
              </Typography>
            )}
          </StepContent>
        </Step>
      ))}
    </Stepper>
  );
}

function Places({ events }: { events: TSerialHistoryEvent[] }) {
  const rows = serialPlaces(events);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2" component="h3">
        Time in Each Place
      </Typography>
      <Table size="small" data-testid="serial-places">
        <TableHead>
          <TableRow>
            <TableCell>Place</TableCell>
            <TableCell>From</TableCell>
            <TableCell>Until</TableCell>
            <TableCell align="right">Days</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              <TableCell>{r.place}</TableCell>
              <TableCell>{formatTimestamp(r.from)}</TableCell>
              <TableCell>{r.until ? formatTimestamp(r.until) : 'now'}</TableCell>
              <TableCell align="right">{r.days.toFixed(1)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function SerialReplay({ serial }: { serial: TSerialSearchCard }) {
  const history = useSerialHistoryOf(serial.id);
  const events = history.data
    ? [...history.data].sort((a, b) => Date.parse(a.events_date) - Date.parse(b.events_date))
    : [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`serial-replay-${serial.id}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          <Link component={RouterLink} to={`/inventory-serials/${serial.id}`}>
            {serial.serial_number}
          </Link>
        </Typography>
        <Chip
          size="small"
          label={place(serial.location_code, serial.condition_code, serial.disposition_code)}
          color={serial.disposition_code === 'LIVE' ? 'success' : 'default'}
        />
      </Box>
      <Typography sx={{ mb: 2 }}>
        <Link component={RouterLink} to={`/inventory/simulation?model=${encodeURIComponent(serial.product.model)}`}>
          {serial.product.model}
        </Link>{' '}
        — {serial.product.product_title}
      </Typography>
      {history.isPending ? (
        <Typography>Loading</Typography>
      ) : history.error ? (
        <Typography color="error">There was an error.</Typography>
      ) : events.length === 0 ? (
        <Typography>{NO_DATA_AVAILABLE_MESSAGE}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <Timeline events={events} />
          <Places events={events} />
        </Box>
      )}
    </Paper>
  );
}

/**
 * /inventory/simulation/serial/{serial} (001 §2): the serial's history replayed from the ledger, its places over time
 * as a timeline. Fetched only when the serial parameter is real: looked up by number (exact, any product, sold
 * too) through the serial search, then each match's history.
 */
export function SerialSimulationPage() {
  const serial = useParams().serial?.trim() ?? '';
  const found = useSerialsByNumber(serial || null);
  let content: React.ReactNode;
  if (!serial || !found.isFetched)
    content =
      serial && found.isFetching ? (
        <Typography>Loading</Typography>
      ) : (
        <Typography>{NO_DATA_AVAILABLE_MESSAGE}</Typography>
      );
  else if (found.error) content = <Typography color="error">There was an error.</Typography>;
  else if (!found.data?.length) content = <Typography>{NO_DATA_AVAILABLE_MESSAGE}</Typography>;
  else content = found.data.map((s) => <SerialReplay key={s.id} serial={s} />);
  return <Page title="Serial History Simulation">{content}</Page>;
}
