import { lazy, Suspense, useEffect, useState } from 'react';
import { IconButton } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { ErrorBoundary } from './error-fallback';
import { loadSearchDialog } from './lazy-parts';

const SearchDialog = lazy(loadSearchDialog);

/** The app bar's search button and Ctrl/⌘-K; the dialog is a chunk loaded on first use. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setUsed(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Search (Ctrl+K)"
        title="Search (Ctrl+K)"
        data-testid="search-button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        sx={{ flex: 'none' }}
      >
        <SearchIcon />
      </IconButton>
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
