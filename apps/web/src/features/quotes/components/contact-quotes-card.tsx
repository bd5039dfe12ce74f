import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useContactQuotes } from '../api/quotes-api';
import { QuoteList } from './quote-list';

/** A contact's quotes (POST contact/quotes: as sold, ship or bill contact) with a New Quote button, on the contact page. */
export function ContactQuotesCard({ contactId }: { contactId: number }) {
  const quotes = useContactQuotes(contactId);
  return (
    <Card variant="outlined" data-testid="contact-quotes">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Quotes
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/quotes/create?contactId=${contactId}`}
          >
            New Quote
          </Button>
        </Box>
        {quotes.isPending && <CircularProgress size={24} aria-label="Loading quotes" />}
        {quotes.isError && <Alert severity="warning">The quotes could not be loaded.</Alert>}
        {quotes.data && quotes.data.length === 0 && <Typography color="text.secondary">No quotes yet.</Typography>}
        {quotes.data && quotes.data.length > 0 && <QuoteList quotes={quotes.data} testId="contact-quote-list" />}
      </CardContent>
    </Card>
  );
}
