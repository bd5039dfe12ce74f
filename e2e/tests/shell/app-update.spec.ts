import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { deviceProfile, serviceWorkerReady, storeSession } from '../../support/offline';
import { setupPo } from '../../support/receiving';
import { requestToken } from '../../support/session';

/** The build the test server sends (apps/web/dist, as apps/server/src/config.ts reads it without WEB_DIST). */
const DIST =
  process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/web/dist');

test('the app installs: a manifest with its icons (one maskable), standalone, and a service worker', async ({
  request,
}) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Keystone POS',
    start_url: '/',
    display: 'standalone',
    theme_color: '#1f3a5f',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const r = await request.get(icon.src);
    expect(r.headers()['content-type'], icon.src).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  // The worker itself is always revalidated, so a release is seen at the next start.
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('a new release waits for the person: offered at the next start, hidden while a scan dialog is open, taken by Reload', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { po } = await setupPo(request, { qty: 1, tracked: false, pick: 14 });
  const token = await requestToken(request, 'warehouse-2');
  const device = deviceProfile();
  const swFile = path.join(DIST, 'sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  try {
    const context = await device.open();
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await storeSession(page, token);
    await page.goto(`/purchase-orders/review/${po.id}`);
    await serviceWorkerReady(page);
    await expect(page.getByTestId('po-line-card').first()).toBeVisible();
    // Chromium's own word: the app can be installed.
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
    await cdp.detach();
    await expect(page.getByTestId('app-update')).toHaveCount(0);

    // A release: the worker's script changes on the server. The open page goes on as it was.
    fs.writeFileSync(swFile, `${original}\n// release ${Date.now()}\n`);
    await page.reload();
    await expect(page.getByTestId('app-update')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('app-update')).toContainText('A new version of Keystone is ready.');

    // A scan dialog open: the offer steps aside until it closes.
    await page.getByTestId('po-line-card').first().getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(page.getByTestId('receiving-upc')).toBeFocused();
    await expect(page.getByTestId('app-update')).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByTestId('receiving-upc')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('receiving-dialog')).toHaveCount(0);
    await expect(page.getByTestId('app-update')).toBeVisible({ timeout: 5_000 });

    // Reload: the waiting worker takes over and the page loads again under it.
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('app-update').getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByTestId('po-line-card').first()).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting))
      .toBe(false);
    await expect(page.getByTestId('app-update')).toHaveCount(0);
    await context.close();
  } finally {
    fs.writeFileSync(swFile, original);
    await device.remove();
  }
});
