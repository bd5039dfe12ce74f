import { create } from 'zustand';
import { useSession } from '../session-store';
import { indexedDbPersistence } from './outbox-persistence';
import { ScanOutbox } from './scan-outbox';

/** The browser's one outbox of scans. */
export const scanOutbox = new ScanOutbox({
  persistence: indexedDbPersistence(),
  send: async (entry, signal) => (await import('./outbox-routes')).sendOutboxEntry(entry, signal),
});

/** Whether the browser says it has a network (the shell's online / offline word). */
export const useNetwork = create(() => ({ online: typeof navigator === 'undefined' || navigator.onLine }));

const LAST_SYNC_KEY = 'keystone.lastSyncAt';

let started = false;

/** Loads what a previous page left and replays as soon as the browser is online or the user signs in again. */
export function startScanOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  scanOutbox.store.setState({ lastSyncAt: Number(localStorage.getItem(LAST_SYNC_KEY)) || null });
  scanOutbox.store.subscribe(
    (s, p) =>
      s.lastSyncAt && s.lastSyncAt !== p.lastSyncAt && localStorage.setItem(LAST_SYNC_KEY, String(s.lastSyncAt)),
  );
  void scanOutbox.load();
  // The routes' module comes with the first send; fetch it now, while the network is surely there.
  void import('./outbox-routes');
  void import('./wedge-settings').then((m) => m.loadWedgeSettings()).catch(() => {});
  const network = () => useNetwork.setState({ online: navigator.onLine });
  window.addEventListener('offline', network);
  window.addEventListener('online', () => {
    network();
    scanOutbox.retryNow();
  });
  useSession.subscribe((state, previous) => {
    if (state.accessToken && state.accessToken !== previous.accessToken) scanOutbox.retryNow();
  });
}
