import { expect, test } from '@playwright/test';
import { focusPage, signInAtHome, wedgeScan } from '../../support/session';

test('a failed HTTP call is queued as an error toast "status: status text" at the bottom right', async ({ page }) => {
  // The user role lacks inventory:view, so the server refuses the scan's UPC lookup with 403.
  await signInAtHome(page, 'user');
  await focusPage(page);
  await wedgeScan(page, '012345678905');
  const toast = page.getByRole('alert').filter({ hasText: '403: Forbidden' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('/api/inventory/product/search?upc=012345678905');
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.6);
  expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.6);
  // Closed by hand, it leaves the queue.
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
});

test('toasts are hidden on extra-small screens', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 800 });
  await signInAtHome(page, 'user');
  await focusPage(page);
  await wedgeScan(page, '012345678905');
  await expect(page).toHaveURL(/searchBy=upc/);
  // The toast is queued and rendered, but not shown.
  const toast = page.getByTestId('toasts').locator('[role=alert]', { hasText: '403: Forbidden' });
  await expect(toast).toHaveCount(1);
  await expect(toast).toBeHidden();
});
