import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { deviceProfile, serviceWorkerReady, setNetwork, storeSession } from '../../support/offline';
import { requestToken, wedgeScans } from '../../support/session';
import { stockedProduct } from '../../support/transfers';

/**
 * A transfer scanned through a dead spot: opened online, 20 units scanned offline, a reload (the page from the
 * service worker, the transfer's reads from its cache), 10 more, the browser closed and opened again online: the
 * transfer counts 30 scanned units, each once. Stock in RUBY, moved to RUBY_B_STOCK; a product of its own (pick 22).
 */
const FROM = 'RUBY';
const TO = 'RUBY_B_STOCK';

test('a transfer scanned offline through a reload and a closed browser: 30 units, each once, when the network returns', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { product } = await stockedProduct(request, { qty: 30, tracked: false, pick: 22 });
  const admin = await apiAs(request, 'admin');
  const { ims_transaction_reference_id: ref } = await admin.send<{ ims_transaction_reference_id: string }>(
    'POST',
    '/api/ims/committed-transfers',
    {
      fromBucket: FROM,
      toBucket: TO,
      model: product.model_number,
      requestedQuantity: 30,
      committedById: 'admin',
      scanningRequired: true,
    },
  );
  const scanned = async () =>
    (await admin.get<{ total_scanned_quantity: number }>(`/api/ims/committed-transfers/${ref}`)).total_scanned_quantity;
  const token = await requestToken(request, 'warehouse-lead');
  const device = deviceProfile();
  const url = `/inventory/transfer/${encodeURIComponent(product.model_number)}?from_bucket=${FROM}`;
  try {
    let context = await device.open();
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await storeSession(page, token);
    await page.goto('/');
    await serviceWorkerReady(page);

    const openScan = async () => {
      await expect(page.getByTestId('transfer-model')).toHaveText(product.model_number);
      await page.getByTestId('committed-transfers-row').filter({ hasText: ref }).getByTestId('scan-transfer').click();
      const dialog = page.getByTestId('transfer-scan-dialog');
      await expect(dialog.getByTestId('transfer-scan-upc')).toBeFocused();
      return dialog;
    };
    await page.goto(url);
    await openScan();
    await setNetwork(context, false);
    await wedgeScans(
      page,
      Array.from({ length: 20 }, () => product.upc!),
    );
    await expect(page.getByTestId('scans-waiting')).toHaveText('20 scans waiting', { timeout: 15_000 });

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await openScan();
    await wedgeScans(
      page,
      Array.from({ length: 10 }, () => product.upc!),
    );
    await expect(page.getByTestId('scans-waiting')).toHaveText('30 scans waiting', { timeout: 15_000 });
    expect(await scanned()).toBe(0);

    await context.close();
    context = await device.open();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/scans-waiting');
    await expect.poll(scanned, { timeout: 30_000 }).toBe(30);
    await expect(page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('scans-waiting')).toHaveCount(0);
    // Replays that were answered and sent again would have been refused (or counted twice): none left, none doubled.
    await page.waitForTimeout(1_000);
    expect(await scanned()).toBe(30);
    await context.close();
  } finally {
    device.remove();
  }
});
