import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { CONTACT_SEARCH_SIZE, searchContactsRoute, type TContact } from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { contactLabel, contactSummary } from './quote-format';

const DEBOUNCE_MS = 500;

/** Chooses a contact by name ("Ann Smi", "Smith, Ann"): POST contact/search after 500 ms without typing. */
export function ContactPicker({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: TContact | null;
  onChange(c: TContact | null): void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<{ query: string; found: TContact[] }>({ query: '', found: [] });
  const query = text.trim();
  // A value chosen elsewhere (the contact the page was opened for) shows its name.
  const valueId = value?.id ?? null;
  useEffect(() => {
    if (value) setText(contactLabel(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueId]);
  useEffect(() => {
    if (query.length < 2 || (value && contactLabel(value) === text)) return;
    let current = true;
    const timer = setTimeout(() => {
      callApi(searchContactsRoute, {
        body: { searchKey: 'name', searchValue: query, searchSize: CONTACT_SEARCH_SIZE.default },
        silent: true,
      })
        .then((r) => current && setResults({ query, found: r.data }))
        .catch(() => current && setResults({ query, found: [] }));
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, text, value]);
  const options = results.query === query ? results.found : value ? [value] : [];
  return (
    <Autocomplete
      options={options}
      value={value}
      inputValue={text}
      disabled={disabled}
      filterOptions={(x) => x}
      loading={query.length >= 2 && results.query !== query}
      loadingText="Searching…"
      noOptionsText={query.length < 2 ? 'Type at least 2 characters of a name' : 'No contacts found'}
      getOptionLabel={contactLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, v) => setText(v)}
      onChange={(_, v) => onChange(v)}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          <span>
            <strong>{contactLabel(option)}</strong>
            <br />
            <small>{contactSummary(option) || `Contact #${option.id}`}</small>
          </span>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
    />
  );
}
