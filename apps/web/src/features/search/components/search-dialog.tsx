import { useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  Box,
  Dialog,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import type { TSearchHit } from '@keystone/contracts';
import { useSearch } from '../api/search-api';
import { flatHits, moveHighlight } from './search-hits';

const DEBOUNCE_MS = 150;

/**
 * Search everywhere (docs/decisions.md, "Search everywhere"): the app bar's search button and Ctrl/⌘-K open it.
 * Hits come grouped by kind, the best first; the arrow keys move through them and Enter opens the highlighted one.
 * A chunk of its own, loaded on first use.
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [highlight, setHighlight] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useSearch(q);
  const answer = q.trim().length >= 2 ? search.data : undefined;
  const hits = flatHits(answer);
  useEffect(() => setHighlight(0), [answer]);

  const openHit = (hit: TSearchHit) => {
    onClose();
    void navigate(hit.path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setHighlight((h) => moveHighlight(h, hits.length, e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Enter before the debounce ran searches at once; the next Enter opens the first hit.
      const hit = q === text ? hits[highlight] : undefined;
      if (hit) openHit(hit);
      else setQ(text);
    }
  };

  let index = -1;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 1, sm: 8 } } } }}
      aria-label="Search"
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          label="Search"
          placeholder="PO, model, UPC, serial, invoice, contact, reference, bin"
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, 100))}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              'data-testid': 'search-input',
              role: 'combobox',
              'aria-expanded': hits.length > 0,
              'aria-controls': 'search-hits',
              'aria-activedescendant': hits.length > 0 ? `search-hit-${highlight}` : undefined,
              autoComplete: 'off',
            },
          }}
        />
      </Box>
      <Box sx={{ height: 4 }}>{search.isFetching && <LinearProgress />}</Box>
      <List id="search-hits" role="listbox" dense sx={{ maxHeight: '60vh', overflow: 'auto', pt: 0 }}>
        {answer?.groups.map((group) => (
          <li key={group.type}>
            <ul style={{ padding: 0 }}>
              <ListSubheader sx={{ lineHeight: '32px' }}>{group.title}</ListSubheader>
              {group.hits.map((hit) => {
                index += 1;
                const i = index;
                return (
                  <ListItemButton
                    key={`${hit.type}-${hit.path}-${hit.label}`}
                    id={`search-hit-${i}`}
                    role="option"
                    aria-selected={i === highlight}
                    selected={i === highlight}
                    onMouseEnter={() => setHighlight(i)}
                    onClick={() => openHit(hit)}
                    data-testid="search-hit"
                  >
                    <ListItemText primary={hit.label} secondary={hit.secondary || undefined} />
                  </ListItemButton>
                );
              })}
            </ul>
          </li>
        ))}
      </List>
      {answer && answer.groups.length === 0 && (
        <Typography sx={{ px: 3, pb: 2 }} color="text.secondary">
          Nothing found for “{answer.q}”.
        </Typography>
      )}
      {search.isError && (
        <Typography sx={{ px: 3, pb: 2 }} color="error">
          The search failed: {search.error.message}
        </Typography>
      )}
    </Dialog>
  );
}
