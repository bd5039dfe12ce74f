import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useMessageQueue } from '../lib/message-queue';
import { ErrorBoundary } from '../shell/error-fallback';
import { queryClient } from './query-client';
import { router } from './router';
import { theme } from './theme';

const Toasts = lazy(async () => ({ default: (await import('../shell/toasts')).Toasts }));

/** The toasts' components load with the first queued message (the queue itself is always there). */
function ToastHost() {
  const queued = useMessageQueue((s) => s.messages.length > 0);
  return queued ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
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
