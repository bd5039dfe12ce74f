import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { FaultProxy } from '../../apps/server/test/concurrency/fault-proxy';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/**
 * Each device reaches the server through a loopback TCP proxy of its own (the outage tests' FaultProxy): cut, it drops
 * every open connection and closes each new one, so nothing of the device reaches the server whatever the browser
 * does. Chromium's offline emulation alone let a scan through now and then: three of 56 offline pick drills under
 * load had a pick reach the server by a request Playwright never saw (stop 44's failure; docs/decisions.md).
 */
const proxies = new WeakMap<BrowserContext, FaultProxy>();

/**
 * A browser profile on disk (IndexedDB, the service worker and its caches, local storage), opened as one
 * context and again, after that one is closed, as another: a closed tab or a restarted browser on the same
 * device. Service workers are allowed (Playwright's default for a context, said here because the tests need it).
 * The device reaches the server through its own proxy (one origin for all its contexts), passing at each open.
 */
export function deviceProfile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-e2e-device-'));
  let wire: Promise<FaultProxy> | undefined;
  return {
    dir,
    open: async (): Promise<BrowserContext> => {
      wire ??= FaultProxy.start(baseURL);
      const connection = await wire;
      connection.resume();
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
        headless: true,
        baseURL: connection.url(baseURL),
        serviceWorkers: 'allow',
      });
      proxies.set(context, connection);
      return context;
    },
    remove: async () => {
      await (await wire)?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
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

/** The device opened with its session stored (as `signInAs`) and its service worker in control of the page. */
async function openSignedIn(device: ReturnType<typeof deviceProfile>, token: OfflineDrillSteps['token']) {
  const context = await device.open();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await storeSession(page, token);
  await page.goto('/');
  await serviceWorkerReady(page);
  return { context, page };
}

/**
 * The network, cut and given back for the whole context: its pages and its service worker. The browser is told
 * (offline emulation: `navigator.onLine`, its events) and the device's proxy refuses, so that nothing gets through.
 */
export async function setNetwork(context: BrowserContext, online: boolean): Promise<void> {
  const connection = proxies.get(context);
  if (online) connection?.resume();
  else connection?.refuse();
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

/** The shell's count of what waits: "1 scan waiting", "20 scans waiting". */
export const waitingText = (n: number) => `${n} scan${n === 1 ? '' : 's'} waiting`;

export interface OfflineDrillSteps {
  /** The session the device is signed in with (`requestToken`). */
  token: { access_token: string; username: string; role: string };
  /** Scans before the reload, and after it (before the browser is closed). */
  first: number;
  then: number;
  /** Opens the job's screen: online at first (its reads are kept), then offline after the reload. */
  open(page: Page, online: boolean): Promise<void>;
  /** Makes `count` scans on the open screen, offline; `before` were made already. */
  scan(page: Page, count: number, before: number): Promise<void>;
  /** The server's figure of what was recorded (receipts, scanned units, picks …), polled until all arrived. */
  recorded(): Promise<number>;
  /** Outbox entries after `scans` scans, when an entry is not one scan (a bin's submit holds many). */
  entries?(scans: number): number;
  /** More checks after the reload, offline, before the screen is opened again. */
  afterReload?(page: Page): Promise<void>;
  /** More checks once everything was replayed, online. */
  afterReplay?(page: Page): Promise<void>;
}

/**
 * The dead-spot drill of every floor job: the device signed in and the job opened online; the network cut; `first`
 * scans kept on the device; a reload with no network (the page from the service worker, the job's reads from its
 * cache, the scans still waiting); `then` more; the browser closed and opened again on the same device, online: the
 * server records `first + then`, once each, and nothing waits.
 */
export async function offlineDrill(device: ReturnType<typeof deviceProfile>, steps: OfflineDrillSteps): Promise<void> {
  const entries = steps.entries ?? ((n: number) => n);
  const total = steps.first + steps.then;
  let { context, page } = await openSignedIn(device, steps.token);

  await steps.open(page, true);
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'true');
  await setNetwork(context, false);
  await expect(page.getByTestId('network-status')).toContainText('Offline');
  await steps.scan(page, steps.first, 0);
  await expect(page.getByTestId('scans-waiting')).toHaveText(waitingText(entries(steps.first)), { timeout: 15_000 });

  // A reload with no network: the page is the service worker's, the job its kept reads, the scans still waiting.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('scans-waiting')).toHaveText(waitingText(entries(steps.first)), { timeout: 15_000 });
  await steps.afterReload?.(page);
  await steps.open(page, false);
  await steps.scan(page, steps.then, steps.first);
  await expect(page.getByTestId('scans-waiting')).toHaveText(waitingText(entries(total)), { timeout: 15_000 });
  expect(await steps.recorded()).toBe(0);

  // The browser closed while offline, opened again on the same device, online.
  await context.close();
  context = await device.open();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/scans-waiting');
  await expect.poll(steps.recorded, { timeout: 30_000 }).toBe(total);
  await expect(page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('scans-waiting')).toHaveCount(0);
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'true');
  // Replays that were answered and sent again would have been refused (or counted twice): none left, none doubled.
  await page.waitForTimeout(1_000);
  expect(await steps.recorded()).toBe(total);
  await steps.afterReplay?.(page);
  await context.close();
}

export interface RefusedReplaySteps {
  /** The session the device is signed in with (`requestToken`). */
  token: OfflineDrillSteps['token'];
  /** Opens the job's screen, online, ready for a scan. */
  open(page: Page): Promise<void>;
  /** The one scan, made offline. */
  scan(page: Page): Promise<void>;
  /** What happens elsewhere meanwhile, online, so that the server refuses the scan when it arrives. */
  meanwhile(): Promise<void>;
  /** The refusal where the scan was made, once the network is back; leaves the shell's scans-waiting count in reach. */
  refusedOnPage(page: Page): Promise<void>;
  /** The job as the scans-waiting screen lists it: its link, the refused scan's item and reason, the advice. */
  job: { link: string; href: string; item: string; reason: string; advice: string };
  /** More checks on the scans-waiting screen and the server, before the refusal is cleared. */
  afterRefusal?(page: Page): Promise<void>;
  /** The refused scan's Clear button. */
  clear: string | RegExp;
}

/**
 * The refused replay of every floor job: the device signed in and the job opened online; the network cut; one scan
 * kept on the device; meanwhile the server's state moves on (`meanwhile`); the network back: the scan is refused where
 * it was made, and listed on the scans-waiting screen with the server's reason and what to do, until cleared.
 */
export async function refusedReplayDrill(
  device: ReturnType<typeof deviceProfile>,
  steps: RefusedReplaySteps,
): Promise<void> {
  const { context, page } = await openSignedIn(device, steps.token);
  await steps.open(page);

  await setNetwork(context, false);
  await steps.scan(page);
  await expect(page.getByTestId('scans-waiting')).toHaveText(waitingText(1), { timeout: 15_000 });
  await steps.meanwhile();

  await setNetwork(context, true);
  await steps.refusedOnPage(page);
  await page.getByTestId('scans-waiting').click();
  await expect(page).toHaveURL(/\/scans-waiting$/);
  // The refusal was an answer: the server is in reach again.
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'true');
  const job = page.getByTestId('waiting-job');
  await expect(job).toHaveCount(1);
  await expect(job.getByRole('link', { name: steps.job.link })).toHaveAttribute('href', steps.job.href);
  const refused = job.locator('[data-testid="waiting-scan"][data-state="refused"]');
  await expect(refused).toContainText(steps.job.item);
  await expect(refused).toContainText(`Refused: ${steps.job.reason}`);
  await expect(job).toContainText(steps.job.advice);
  await steps.afterRefusal?.(page);

  await job.getByRole('button', { name: steps.clear }).click();
  await expect(page.getByTestId('nothing-waiting')).toBeVisible();
  await expect(page.getByTestId('scans-waiting')).toHaveCount(0);
  await context.close();
}
