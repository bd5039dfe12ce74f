import { expect, test } from '@playwright/test';

test('the label page renders barcodes from navigation state, without signing in', async ({ page }) => {
  await page.goto('/scan-labels');
  await expect(page.getByText('No label data was given.')).toBeVisible();
  // Navigate client-side with state, as the app's own links do.
  await page.evaluate(() => {
    window.history.pushState(
      {
        usr: { serialBox: 'SN12345678', upc: '012345678905', notes: 'Dented door', date: '2026-11-21' },
        key: 'e2e',
        idx: 1,
      },
      '',
      '/scan-labels',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByTestId('scan-label')).toHaveCount(4);
  const svg = page.getByLabel('UPC barcode 012345678905');
  await expect(svg).toBeVisible();
  // JsBarcode drew bars (rect elements) and the human-readable text.
  expect(await svg.locator('rect').count()).toBeGreaterThan(20);
  await expect(svg).toContainText('012345678905');
});
