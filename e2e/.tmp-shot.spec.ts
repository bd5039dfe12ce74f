import { expect, test } from '@playwright/test';
import { setupPo } from './support/receiving';
import { login, wedgeScans } from './support/session';

test('shots', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { po, product } = await setupPo(request, { qty: 6, tracked: true, pick: 12 });
  const stamp = Date.now().toString(36).toUpperCase();
  await login(page, 'warehouse-2');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-upc')).toBeFocused();
  await wedgeScans(page, [product.upc!, `SH${stamp}1`]);
  await expect(dialog.getByTestId('scan-feedback')).toContainText('Received');
  await context.setOffline(true);
  await wedgeScans(page, [product.upc!, `SH${stamp}2`, product.upc!, `SH${stamp}3`]);
  await expect(dialog.getByTestId('dialog-scans-waiting')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/offline-desk.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/shots/offline-390.png', fullPage: false });
  await context.setOffline(false);
  await expect(dialog.locator('[data-state="received"]')).toHaveCount(3, { timeout: 20000 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/shots/back-desk.png' });
});
