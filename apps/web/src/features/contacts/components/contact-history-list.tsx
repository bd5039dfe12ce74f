import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import type { TContactEvent } from '@keystone/contracts';
import { displayValue, fieldLabel } from './contact-format';
import { formatTimestamp } from '../../../lib/format-date';

/** A contact's history, newest first: what happened, when, by whom, and each field's old and new value. */
export function ContactHistoryList({ events }: { events: TContactEvent[] }) {
  if (events.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="contact-history-empty">
        No history yet.
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid="contact-history">
      {events.map((event) => (
        <ListItem
          key={event.id}
          divider
          sx={{ display: 'block', px: 0 }}
          data-testid="contact-history-entry"
          data-event-type={event.event_type}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={event.event_type}
              color={event.event_type === 'created' ? 'success' : 'primary'}
              variant="outlined"
            />
            <Typography variant="body2">{formatTimestamp(event.created_at)}</Typography>
            {event.username && (
              <Typography variant="body2" color="text.secondary">
                by {event.username}
              </Typography>
            )}
          </Box>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {Object.entries(event.changes).map(([field, change]) => (
              <Typography component="li" variant="body2" key={field} data-testid="contact-history-change">
                {event.event_type === 'created'
                  ? `${fieldLabel(field)}: ${displayValue(field, change.to)}`
                  : `${fieldLabel(field)}: ${displayValue(field, change.from)} → ${displayValue(field, change.to)}`}
              </Typography>
            ))}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
