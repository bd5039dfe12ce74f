import { Link as RouterLink } from 'react-router';
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { TSerialHistoryEvent } from '@keystone/contracts';
import { dateTime } from './format';

const TYPE_LABELS: Record<string, string> = {
  INVENTORY_RECEIPT: 'Received',
  INVENTORY_UNRECEIPT: 'Un-received (receipt reversed)',
  INVENTORY_TRANSFER: 'Transferred',
  INVENTORY_SALE: 'Sold',
  INVENTORY_AUDIT_ADJUSTMENT: 'Audit adjustment',
};

const place = (location: string | null, condition: string | null, disposition: string | null) =>
  [location, condition, disposition].map((v) => v ?? '—').join(' / ');

/**
 * A serial's history as a daily event card list (002 §2 transaction history cards): one card per day (local date,
 * ascending), each event with its time, type, transaction link, places and user.
 */
export function SerialHistoryCards({ events }: { events: TSerialHistoryEvent[] }) {
  const days = new Map<string, TSerialHistoryEvent[]>();
  for (const e of events) {
    const day = dateTime(e.events_date).slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  return (
    <Stack spacing={1} data-testid="serial-history">
      {[...days].map(([day, list]) => (
        <Card key={day} variant="outlined" data-testid="serial-history-day">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }} data-testid="serial-history-date">
              {day}
            </Typography>
            <Stack spacing={1} role="list">
              {list.map((e) => (
                <Box
                  role="listitem"
                  key={`${e.ims_transaction_reference_id}-${e.events_date}`}
                  sx={{ display: 'flex', gap: 1.5, borderLeft: 3, borderColor: 'primary.main', pl: 1 }}
                >
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 44 }}>
                    {dateTime(e.events_date).slice(11)}
                  </Typography>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2">
                      {TYPE_LABELS[e.type] ?? e.type} ·{' '}
                      <Link
                        component={RouterLink}
                        to={`/inventory-transactions/${encodeURIComponent(e.ims_transaction_reference_id)}`}
                      >
                        {e.ims_transaction_reference_id}
                      </Link>
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block', overflowWrap: 'anywhere' }}
                    >
                      {`${place(e.old_location_code, e.old_condition_code, e.old_disposition_code)} → ${place(e.new_location_code, e.new_condition_code, e.new_disposition_code)}${e.transacted_by ? ` · by ${e.transacted_by}` : ''}${e.notes ? ` · ${e.notes}` : ''}`}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
