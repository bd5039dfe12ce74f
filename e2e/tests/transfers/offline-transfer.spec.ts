import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { deviceProfile, offlineDrill } from '../../support/offline';
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
  const openScan = async (page: Page) => {
    await expect(page.getByTestId('transfer-model')).toHaveText(product.model_number);
    await page.getByTestId('committed-transfers-row').filter({ hasText: ref }).getByTestId('scan-transfer').click();
    await expect(page.getByTestId('transfer-scan-dialog').getByTestId('transfer-scan-upc')).toBeFocused();
  };
  try {
    await offlineDrill(device, {
      token,
      first: 20,
      then: 10,
      open: async (page, online) => {
        if (online) await page.goto(url);
        await openScan(page);
      },
      scan: (page, count) =>
        wedgeScans(
          page,
          Array.from({ length: count }, () => product.upc!),
        ),
      recorded: scanned,
    });
  } finally {
    await device.remove();
  }
});
