import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../../support/session';
import { snapshot } from '../../support/shots';

/**
 * The app bar holds still (docs/decisions.md "Phones and an app bar that holds still"). It is one row at every width from 1024 px up (what arrives after the
 * first paint, the location list, the network chip, must not make it wrap), compact on a phone, and a screen's load
 * moves nothing already painted (layout shift <= 0.05).
 */

/** Starts summing the page's layout shifts (those not caused by input) from the first paint on. */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifts: { value: number; nodes: string[] }[] };
    w.__shift = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        w.__shifts.push({
          value: entry.value,
          nodes: (entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?'),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits for the screen and everything the shell loads after it: the network chip, the location list, the network. */
async function settled(page: Page, ready: string) {
  await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('network-status')).toBeVisible();
  // The chip (a lazy part of the shell, fetched a few seconds after start) replaces the plain word.
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-online', 'true', { timeout: 10_000 });
  if (ready === 'live-indicator')
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  // A live screen's event stream stays open, so "network idle" is only waited for elsewhere.
  else await page.waitForLoadState('networkidle', { timeout: 10_000 });
}

// The developer is a super user: the widest app bar (the view-as-role select too).
const SCREENS = [
  { name: 'the PO list', path: '/purchase-orders', ready: 'po-table' },
  { name: 'Committed Sales', path: '/boards/committed-sales', ready: 'live-indicator' },
];

for (const width of [1024, 1280, 1366, 1440]) {
  test(`at ${width} px the app bar is one row after everything has loaded`, async ({ page }) => {
    await page.setViewportSize({ width, height: 768 });
    await signInAs(page, 'developer');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      const bar = page.locator('header.MuiAppBar-root');
      await expect(bar).toBeVisible();
      await settled(page, screen.ready);
      const box = (await bar.boundingBox())!;
      expect(box.height, `${screen.name}: the app bar's single-row height`).toBe(64);
      // Everything on it is on one line: no item starts below the first row, and none spills past the right edge.
      const items = await bar.evaluate((el) =>
        [...el.querySelectorAll('button, a, input:not([aria-hidden]), [role="combobox"], h6, [data-testid]')]
          .filter((c) => getComputedStyle(c).visibility !== 'hidden' && c.getBoundingClientRect().width > 0)
          .map((c) => ({ text: c.textContent ?? '', ...c.getBoundingClientRect().toJSON() })),
      );
      for (const item of items) {
        expect(item.bottom, item.text).toBeLessThanOrEqual(64);
        expect(item.right, item.text).toBeLessThanOrEqual(width);
      }
      // The groups with no room are under More, so every group is still reachable.
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      const inline = await nav.getByRole('button').allTextContents();
      if (!inline.includes('More')) expect(inline).toContain('Admin');
      else {
        await nav.getByRole('button', { name: 'More' }).click();
        await expect(page.getByRole('menu').getByText('Admin', { exact: true })).toBeVisible();
        await page.keyboard.press('Escape');
      }
    }
  });
}

for (const screen of [
  ...SCREENS,
  { name: 'Home', path: '/', ready: 'logout-link' },
  { name: 'Committed Transfers', path: '/committed-transfers', ready: 'live-indicator' },
]) {
  test(`at 1366x768 ${screen.name} loads with a layout shift of at most 0.05`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await watchLayoutShift(page);
    await signInAs(page, 'developer');
    await page.goto(screen.path);
    await settled(page, screen.ready);
    await page.waitForTimeout(500);
    const { shift, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __shift: number; __shifts: unknown[] };
      return { shift: w.__shift, shifts: w.__shifts };
    });
    test.info().annotations.push({ type: 'layout shift', description: `${screen.name}: ${shift.toFixed(4)}` });
    expect(shift, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.05);
  });
}

test('at 390x844 the app bar is one compact row; the menu, location and user are one tap away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'developer');
  await page.goto('/purchase-orders');
  await settled(page, 'po-table');
  const bar = page.locator('header.MuiAppBar-root');
  const box = (await bar.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(64);
  await snapshot(page, test.info().outputPath('po-list-390.png'));

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Purchase Orders' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('account-menu-button').click();
  await expect(page.getByTestId('location-switcher')).toBeAttached();
  await expect(page.getByTestId('view-as-role')).toBeAttached();
  await expect(page.getByTestId('logout-link')).toHaveText('developer');
});
