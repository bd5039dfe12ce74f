import { Link as RouterLink } from 'react-router';
import { Box, Chip, List, ListItemButton, Typography } from '@mui/material';
import type { TQuote } from '@keystone/contracts';
import { STATUS_COLOR, statusLabel, usd } from './quote-format';

/** Quotes as rows (number, sold contact, status, total, date), each opening its quote page; wraps at phone width. */
export function QuoteList({ quotes, testId = 'quote-results' }: { quotes: TQuote[]; testId?: string }) {
  return (
    <List disablePadding data-testid={testId}>
      {quotes.map((q) => (
        <ListItemButton key={q.id} component={RouterLink} to={`/quotes/${q.id}`} divider data-testid="quote-row">
          <Box
            sx={{
              display: 'grid',
              width: '100%',
              gap: 0.5,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr auto', sm: '7rem 1fr 7rem 7rem 6rem' },
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{q.quote_number}</Typography>
            <Typography sx={{ gridRow: { xs: 2, sm: 'auto' } }}>{q.sold_contact_name}</Typography>
            <Box>
              <Chip size="small" label={statusLabel(q.quote_status)} color={STATUS_COLOR[q.quote_status]} />
            </Box>
            <Typography sx={{ textAlign: { sm: 'right' }, gridRow: { xs: 2, sm: 'auto' } }}>{usd(q.total)}</Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'right' }}
            >
              {q.created_at.slice(0, 10)}
            </Typography>
          </Box>
        </ListItemButton>
      ))}
    </List>
  );
}
