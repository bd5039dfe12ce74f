import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { QUOTE_MESSAGES, QUOTE_SEARCH_KEY_LABELS, QUOTE_STATUSES, QUOTE_STATUS_LABELS } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { useQuoteSearch, type TQuoteCriteria } from '../api/quotes-api';
import { QuoteList } from './quote-list';

const SEARCH_BY = ['name', 'quote_number', 'status'] as const;
type TSearchBy = (typeof SEARCH_BY)[number];

function criteriaFrom(params: URLSearchParams): TQuoteCriteria | null {
  const by = params.get('searchBy');
  if (by === 'name') {
    const firstName = params.get('firstName') ?? '';
    const lastName = params.get('lastName') ?? '';
    return firstName.trim() || lastName.trim() ? { searchBy: 'name', firstName, lastName } : null;
  }
  if (by === 'quote_number' || by === 'status') {
    const searchValue = params.get('value') ?? '';
    return searchValue.trim() ? { searchBy: by, searchValue } : null;
  }
  return { searchBy: 'status', searchValue: 'OPEN' };
}

/** /quotes: quotes by sold contact name (contact/quotes/name), quote number or status (quote/search); open quotes first shown. */
export function QuoteSearchPage() {
  const [params, setParams] = useSearchParams();
  const criteria = criteriaFrom(params);
  const [searchBy, setSearchBy] = useState<TSearchBy>((criteria?.searchBy as TSearchBy) ?? 'status');
  const [firstName, setFirstName] = useState(params.get('firstName') ?? '');
  const [lastName, setLastName] = useState(params.get('lastName') ?? '');
  const [value, setValue] = useState(params.get('value') ?? 'OPEN');
  const search = useQuoteSearch(criteria);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (searchBy === 'name') setParams({ searchBy, firstName, lastName });
    else setParams({ searchBy, value });
  }

  return (
    <Page
      title="Quotes"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/quotes/create">
          New Quote
        </Button>
      }
    >
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Box
            component="form"
            onSubmit={submit}
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: '12rem 1fr 1fr auto' },
              alignItems: 'center',
            }}
            data-testid="quote-search-form"
          >
            <TextField
              select
              size="small"
              label="Search by"
              value={searchBy}
              onChange={(e) => {
                const next = e.target.value as TSearchBy;
                setSearchBy(next);
                if (next === 'status') setValue('OPEN');
                else if (next === 'quote_number') setValue('');
              }}
            >
              {SEARCH_BY.map((k) => (
                <MenuItem key={k} value={k}>
                  {QUOTE_SEARCH_KEY_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            {searchBy === 'name' && (
              <>
                <TextField
                  size="small"
                  label="First Name"
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                />
                <TextField
                  size="small"
                  label="Last Name"
                  value={lastName}
                  onChange={(e) => setLastName(e.target.value)}
                />
              </>
            )}
            {searchBy === 'quote_number' && (
              <TextField
                size="small"
                label="Quote number"
                placeholder="Q-000012 or 12"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                sx={{ gridColumn: { md: 'span 2' } }}
              />
            )}
            {searchBy === 'status' && (
              <TextField
                select
                size="small"
                label="Status"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                sx={{ gridColumn: { md: 'span 2' } }}
              >
                {QUOTE_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {QUOTE_STATUS_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button type="submit" variant="outlined">
              Search
            </Button>
          </Box>
        </CardContent>
      </Card>
      {search.isFetching && <CircularProgress aria-label="Searching quotes" />}
      {search.data && search.data.length === 0 && (
        <Alert severity="info" data-testid="quote-no-results">
          {QUOTE_MESSAGES.noResults}
        </Alert>
      )}
      {search.data && search.data.length > 0 && (
        <Card variant="outlined">
          <QuoteList quotes={search.data} />
        </Card>
      )}
    </Page>
  );
}
