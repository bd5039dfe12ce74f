import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SHORTCUT_GROUPS, useShortcuts } from '../../../lib/shortcuts';
import { ErrorBoundary } from '../../../shell/error-fallback';

const SearchDialog = lazy(() => import('./search-dialog'));

/**
 * The app bar's search button, Ctrl/⌘-K and `/` (the shortcut registry), which open the search dialog. A small chunk fetched after the shell (the
 * first download has no room for it); the dialog a chunk of its own, fetched on first use.
 */
export default function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  // Ctrl/⌘-K also from inside a field, as before the registry; `/` only outside one.
  useShortcuts([
    { keys: 'mod+k', description: 'Search', group: SHORTCUT_GROUPS.everywhere, inFields: true, handler: show },
    { keys: '/', description: 'Search', group: SHORTCUT_GROUPS.everywhere, handler: show },
  ]);
  return (
    <>
      <Button
        color="inherit"
        aria-label="Search (Ctrl+K)"
        title="Search (Ctrl+K)"
        data-testid="search-button"
        onClick={show}
        // 44 px: a phone's target size (docs/decisions.md, the desk).
        sx={{ flex: 'none', minWidth: 44, width: 44, height: 44, p: 0, borderRadius: '50%' }}
      >
        <SearchIcon />
      </Button>
      {used && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <SearchDialog open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
