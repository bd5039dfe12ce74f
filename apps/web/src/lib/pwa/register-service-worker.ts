import { registerSW } from 'virtual:pwa-register';
import { useAppUpdate } from './app-update-store';

/** How often an app left open all day asks whether a new release is out (a start always asks). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite-plugin-pwa's registration, loaded after the first screen so it adds nothing
 * to the first download). A new release installs in the background and waits: the shell offers to reload, and
 * only a person's click takes it, never in the middle of a scan.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      useAppUpdate.setState({ reload: () => void update(true) });
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
  });
}
