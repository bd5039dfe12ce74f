import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { QUOTE_CLASSES, QUOTE_MESSAGES, QUOTE_TYPES, quoteNumber, type TContact } from '@keystone/contracts';
import { queueSaved } from '../../../lib/message-queue';
import { Page } from '../../../shell/page';
import { useCreateQuote, useQuoteContact } from '../api/quotes-api';
import { ContactPicker } from './contact-picker';

/** /quotes/create (?contactId= from a contact's page): choose the sold contact (ship and bill default to it), type and class. */
export function QuoteCreatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('contactId') ?? '';
  const preset = useQuoteContact(/^\d{1,9}$/.test(raw) ? Number(raw) : null);
  const [picked, setPicked] = useState<TContact | null>(null);
  const [quoteType, setQuoteType] = useState<string>('RETAIL');
  const [quoteClass, setQuoteClass] = useState<string>('STANDARD');
  const [failed, setFailed] = useState(false);
  const create = useCreateQuote();
  const sold = picked ?? preset.data ?? null;

  async function submit() {
    if (!sold) return;
    setFailed(false);
    try {
      const full = await create.mutateAsync({
        sold_contact_id: sold.id,
        quote_type: quoteType as (typeof QUOTE_TYPES)[number],
        quote_class: quoteClass as (typeof QUOTE_CLASSES)[number],
      });
      queueSaved('Quote', quoteNumber(full.quote.id), QUOTE_MESSAGES.created);
      navigate(`/quotes/${full.quote.id}`);
    } catch {
      setFailed(true);
    }
  }

  return (
    <Page title="New Quote">
      <Card variant="outlined" sx={{ maxWidth: 720 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">
            Choose the customer the quote is sold to. Ship-to and bill-to start as the same contact and can be changed
            on the quote.
          </Typography>
          <ContactPicker label="Sold to (contact name)" value={sold} onChange={setPicked} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              size="small"
              label="Quote type"
              value={quoteType}
              onChange={(e) => setQuoteType(e.target.value)}
            >
              {QUOTE_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Quote class"
              value={quoteClass}
              onChange={(e) => setQuoteClass(e.target.value)}
            >
              {QUOTE_CLASSES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {failed && <Alert severity="error">The quote could not be created.</Alert>}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={() => navigate(-1)}>Cancel</Button>
            <Button variant="contained" disabled={!sold || create.isPending} onClick={() => void submit()}>
              Create Quote
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Page>
  );
}
