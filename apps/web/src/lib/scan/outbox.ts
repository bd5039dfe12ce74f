import { useSession } from '../session-store';
import { indexedDbPersistence } from './outbox-persistence';
import { ScanOutbox } from './scan-outbox';

/** The browser's one outbox of scans. */
export const scanOutbox = new ScanOutbox({
  persistence: indexedDbPersistence(),
  send: async (entry, signal) => (await import('./outbox-routes')).sendOutboxEntry(entry, signal),
});

let started = false;

/** Loads what a previous page left and replays as soon as the browser is online or the user signs in again. */
export function startScanOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void scanOutbox.load();
  // The routes' module comes with the first send; fetch it now, while the network is surely there.
  void import('./outbox-routes');
  window.addEventListener('online', () => scanOutbox.retryNow());
  useSession.subscribe((state, previous) => {
    if (state.accessToken && state.accessToken !== previous.accessToken) scanOutbox.retryNow();
  });
}
