import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useMessageQueue } from '../lib/message-queue';
import { ErrorBoundary } from '../shell/error-fallback';
import { loadToasts } from '../shell/lazy-parts';
import { queryClient } from './query-client';
import { router } from './router';
import { theme } from './theme';

const Toasts = lazy(async () => ({ default: (await loadToasts()).Toasts }));

/**
 * The toasts' components load with the first queued message (the queue itself is always there), or a few seconds
 * after the shell starts (`shell/lazy-parts.ts`), so that a message about a lost network can still be shown. Should the module
 * be out of reach all the same, the app goes on without the toast.
 */
function ToastHost() {
  const queued = useMessageQueue((s) => s.messages.length > 0);
  return queued ? (
    <ErrorBoundary fallback={<></>}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}

/** The date pickers' localization is not here: a screen with pickers brings it (`lazyPage`, `datePickers`). */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
        <ToastHost />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
