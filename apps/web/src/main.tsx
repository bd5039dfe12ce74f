import './zod-browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';

preloadScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (offline floor work, installability) registers once the first screen has loaded.
if (import.meta.env.PROD)
  window.addEventListener(
    'load',
    () => void import('./lib/pwa/register-service-worker').then((m) => m.registerServiceWorker()),
  );
