import { useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, LinearProgress, MenuItem, Paper, TextField } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import {
  CONTACT_SEARCH_KEY_LABELS,
  CONTACT_SEARCH_KEYS,
  exportContactsRoute,
  type TContact,
  type TContactSearchKey,
} from '@keystone/contracts';
import { ListExportButton } from '../../../lib/list-export';
import { SavedViewsControl } from '../../../lib/saved-views';
import { Page } from '../../../shell/page';
import { loadContactForDetails, useContactSearch, type TContactCriteria } from '../api/contacts-api';
import { ContactResults } from './contact-results';
import { criteriaFromParams, criteriaToParams } from './search-criteria';

const searchByOf = (params: URLSearchParams): TContactSearchKey => {
  const key = params.get('searchBy');
  return (CONTACT_SEARCH_KEYS as readonly string[]).includes(key ?? '') ? (key as TContactSearchKey) : 'name';
};

/**
 * /contacts: contact search (000 §2). Search By Name (first and last name), Address or Phone Number; Enter in a
 * field searches. Clicking a result loads its history and opens /contacts/details?id=….
 */
export function ContactSearchPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const criteria = criteriaFromParams(params);
  const [searchBy, setSearchBy] = useState<TContactSearchKey>(() => searchByOf(params));
  const [firstName, setFirstName] = useState(params.get('firstName') ?? '');
  const [lastName, setLastName] = useState(params.get('lastName') ?? '');
  const [searchValue, setSearchValue] = useState(params.get('searchValue') ?? '');
  // The fields show the URL's search again when it changes from outside them (a saved view, back/forward).
  const query = params.toString();
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setSearchBy(searchByOf(params));
    setFirstName(params.get('firstName') ?? '');
    setLastName(params.get('lastName') ?? '');
    setSearchValue(params.get('searchValue') ?? '');
  }
  const [opening, setOpening] = useState(false);
  const search = useContactSearch(criteria);

  const runSearch = () => {
    const next: TContactCriteria | null =
      searchBy === 'name'
        ? firstName.trim() || lastName.trim()
          ? { searchBy, firstName: firstName.trim(), lastName: lastName.trim() }
          : null
        : searchValue.trim()
          ? { searchBy, searchValue: searchValue.trim() }
          : null;
    if (!next) return;
    const nextParams = criteriaToParams(next);
    const same = criteria !== null && JSON.stringify(criteriaToParams(criteria)) === JSON.stringify(nextParams);
    if (same) void search.refetch();
    else setParams(nextParams);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      runSearch();
    }
  };
  const open = async (contact: TContact) => {
    setOpening(true);
    try {
      await loadContactForDetails(queryClient, contact);
    } finally {
      setOpening(false);
    }
    navigate(`/contacts/details?id=${contact.id}`);
  };

  return (
    <Page
      title="Contacts"
      actions={
        <>
          <SavedViewsControl list="contacts" />
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => navigate('/contacts/create')}>
            Create New Customer
          </Button>
        </>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          label="Search By"
          value={searchBy}
          onChange={(e) => setSearchBy(e.target.value as TContactSearchKey)}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'contact-search-by' } }}
        >
          {CONTACT_SEARCH_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {CONTACT_SEARCH_KEY_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        {searchBy === 'name' ? (
          <>
            <TextField
              label="First Name"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              onKeyDown={onKeyDown}
              autoFocus
              autoComplete="off"
            />
            <TextField
              label="Last Name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              onKeyDown={onKeyDown}
              autoComplete="off"
            />
          </>
        ) : (
          <TextField
            key={searchBy}
            label={CONTACT_SEARCH_KEY_LABELS[searchBy]}
            type={searchBy === 'phone' ? 'tel' : 'text'}
            value={searchValue}
            onChange={(e) => setSearchValue(e.target.value)}
            onKeyDown={onKeyDown}
            autoFocus
            autoComplete="off"
            sx={{ minWidth: 280 }}
          />
        )}
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={runSearch}>
          Search
        </Button>
        {criteria && <ListExportButton route={exportContactsRoute} query={criteria} />}
      </Paper>
      {(search.isFetching || opening) && <LinearProgress sx={{ mb: 1 }} />}
      {criteria && search.data && <ContactResults contacts={search.data} onOpen={(c) => void open(c)} />}
    </Page>
  );
}
