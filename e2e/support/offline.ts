import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/**
 * A browser profile on disk (IndexedDB, the service worker and its caches, local storage), opened as one
 * context and again, after that one is closed, as another: a closed tab or a restarted browser on the same
 * device. Service workers are allowed (Playwright's default for a context, said here because the tests need it).
 */
export function deviceProfile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-e2e-device-'));
  return {
    dir,
    open: (): Promise<BrowserContext> =>
      chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
        headless: true,
        baseURL,
        serviceWorkers: 'allow',
      }),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Waits until the page is controlled by the service worker (installed, its precache complete, clients claimed). */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
}

/**
 * Writes the session the login screen would have stored (as `signInAs`), once, in the device's local storage.
 * The page must be on the app's origin.
 */
export async function storeSession(page: Page, token: { access_token: string; username: string; role: string }) {
  await page.evaluate((t) => {
    localStorage.setItem('keystone.session', JSON.stringify({ accessToken: t.access_token, username: t.username }));
    localStorage.setItem('keystone.lastActivityAt', String(Date.now()));
    localStorage.setItem(`role:${t.username}`, t.role);
  }, token);
}

/** The network, cut and given back for the whole context: its pages and its service worker. */
export async function setNetwork(context: BrowserContext, online: boolean): Promise<void> {
  await context.setOffline(!online);
  const worker = context.serviceWorkers()[0];
  if (worker) {
    // The service worker's own fetches must fail too, or an "offline" read would still reach the server.
    const reached = await worker.evaluate(() =>
      fetch('/api/health', { cache: 'no-store' }).then(
        () => true,
        () => false,
      ),
    );
    expect(reached, `the service worker ${online ? 'reaches' : 'does not reach'} the server`).toBe(online);
  }
}
