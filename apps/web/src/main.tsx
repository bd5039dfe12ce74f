import './zod-browser';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';

preloadScreen(window.location.pathname);

// The first render is a transition: React builds the shell and the first screen in slices and lets the browser in
// between, rather than in one long task (docs/performance.md, "Lighthouse desktop on the PO list").
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The service worker (offline floor work, installability) registers once the first screen has loaded.
if (import.meta.env.PROD)
  window.addEventListener(
    'load',
    () => void import('./lib/pwa/register-service-worker').then((m) => m.registerServiceWorker()),
  );
