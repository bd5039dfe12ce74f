import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs, signInAtHome } from '../../support/session';
import { selectOption } from '../../support/select';

type TImsProduct = {
  id: number;
  model: string;
  upc: string | null;
  serial_number_tracked: 0 | 1;
  master_carton_code: string | null;
  master_box_qty: number | null;
  num_of_serials_per_item: number | null;
  brand_code: string | null;
};

/** A serial-tracked demo product with a serial just received into KY01, so that bucket has a serial to list. */
async function receivedSerial(request: Parameters<typeof apiAs>[0]): Promise<{ product: TImsProduct; serial: string }> {
  const api = await apiAs(request, 'admin');
  const found = await api.send<{ data: { model_number: string }[] }>('POST', '/api/product/search', {
    searchKey: 'model_number',
    searchValue: 'W',
  });
  const products = await Promise.all(
    found.data
      .slice(0, 20)
      .map((p) => api.get<{ data: TImsProduct[] }>(`/api/ims/products?model=${encodeURIComponent(p.model_number)}`)),
  );
  // The last match, so as not to share a product with the serial-history test, which takes the first.
  const product = products
    .map((r) => r.data[0]!)
    .filter((p) => p && p.upc && p.serial_number_tracked === 1 && /^[A-Za-z0-9-]+$/.test(p.model))
    .at(-1)!;
  expect(product, 'a serial-tracked demo product').toBeTruthy();
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `Product Detail ${Date.now()}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'KY01' });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
    productId: product.id,
    cost: 100,
    qty: 1,
    purchaseOrderId: po.id,
  });
  const serial = `PD${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
  await api.send('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: product.upc,
    model: product.model,
    poApiPoId: po.id,
    poApiPoItemId: full.data.PO_LINES[0]!.id,
    receivingBucket: 'KY01',
    scannedSerialNumbers: [serial],
  });
  return { product, serial };
}

test('a bucket row has a Serials button, from_bucket opens its serials, and the summary shows the scan fields', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { product, serial } = await receivedSerial(request);
  await signInAs(page, 'warehouse-1');
  const detail = `/inventory/detail/model/${encodeURIComponent(product.model)}`;

  await page.goto(detail);
  const summary = page.getByTestId('product-summary');
  const shown = (v: string | number | null) => (v === null ? '—' : String(v));
  await expect(summary.getByTestId('product-field-brand-code')).toHaveText(shown(product.brand_code));
  await expect(summary.getByTestId('product-field-master-carton-code')).toHaveText(shown(product.master_carton_code));
  await expect(summary.getByTestId('product-field-master-box-qty')).toHaveText(shown(product.master_box_qty));
  await expect(summary.getByTestId('product-field-serials-per-item')).toHaveText(
    shown(product.num_of_serials_per_item),
  );

  // No dialog without from_bucket; the row's Serials button opens it.
  await expect(page.getByTestId('inventory-table')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const ky01 = page
    .getByTestId('inventory-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'KY01', exact: true }) })
    .first();
  await ky01.getByRole('button', { name: 'Serials in KY01' }).click();
  const dialog = page.getByRole('dialog', { name: `Serials of ${product.model} in KY01` });
  await expect(dialog.getByTestId('bucket-serials')).toContainText(serial);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // from_bucket highlights the row and expands it: the dialog opens on load, once.
  await page.goto(`${detail}?from_bucket=KY01`);
  await expect(page.getByTestId('inventory-table').locator('tr[data-from-bucket="true"]')).toHaveCount(1);
  await expect(dialog.getByTestId('bucket-serials')).toContainText(serial);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('inventory-table').locator('tr[data-from-bucket="true"]')).toHaveCount(1);
});

test('a reference id in the search URL goes straight to the transaction', async ({ page }) => {
  await signInAs(page, 'warehouse-1');
  await page.goto('/');
  await page.goto('/inventory-transactions/search?searchType=imsTransactionReferenceId&id=ir-9999998');
  await expect(page).toHaveURL('/inventory-transactions/IR-9999998');
  await expect(page.getByText('Transaction IR-9999998 does not exist.')).toBeVisible();
  // The search URL was replaced, so going back does not bounce to the transaction again.
  await page.goBack();
  await expect(page).toHaveURL('/');
  // Other search types stay on the search page with the form filled.
  await page.goto('/inventory-transactions/search?searchType=posTransferBatchName&id=BATCH-1');
  await expect(page.getByRole('textbox', { name: 'POS Transfer Batch Name' })).toHaveValue('BATCH-1');
  await expect(page.getByText('No Data Available.')).toBeVisible();
  // A search started from the menu's page lands on the search URL.
  await page.goto('/inventory-transactions');
  await selectOption(page, page.getByLabel('Search Type'), 'POS Transfer Batch Ref ID');
  await page.getByRole('textbox', { name: 'POS Transfer Batch Ref ID' }).fill('77');
  await page.getByRole('textbox', { name: 'POS Transfer Batch Ref ID' }).press('Enter');
  await expect(page).toHaveURL('/inventory-transactions/search?searchType=posTransferBatchRefId&id=77');
  await expect(page.getByText('No Data Available.')).toBeVisible();
});

/** A demo model some distributor holds, so the Distributor-Held Inventory table has rows. */
async function modelWithDistributorStock(request: Parameters<typeof apiAs>[0]): Promise<string> {
  const api = await apiAs(request, 'warehouse-1');
  const models = await api.get<{ data: { model: string }[] }>('/api/ims/products/models?model=GE');
  for (const { model } of models.data) {
    const held = await api.get<{ data: Record<string, unknown[]> }>(
      `/api/ims/drop-ship-vendor-inventory/product?model=${encodeURIComponent(model)}`,
    );
    if (Object.keys(held.data).length) return model;
  }
  throw new Error('the demo data gives some GE models distributor stock');
}

/** The page scrolls only vertically, and `locator` lies inside the 390 px viewport's width. */
async function expectFitsWidth(page: import('@playwright/test').Page, what: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(
    widths.scroll,
    `${what}: the page is ${widths.scroll} px wide in a ${widths.client} px viewport`,
  ).toBeLessThanOrEqual(390);
}

async function expectWithinWidth(locator: import('@playwright/test').Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

test.describe('on a phone, 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('product detail needs no horizontal scrolling: summary, buckets with their Serials button, distributor stock', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const { product, serial } = await receivedSerial(request);
    const heldModel = await modelWithDistributorStock(request);
    await signInAtHome(page, 'warehouse-1');
    await expectFitsWidth(page, 'home');

    await page.goto(`/inventory/detail/model/${encodeURIComponent(product.model)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(product.model);
    const summary = page.getByTestId('product-summary');
    await expectWithinWidth(summary.getByTestId('product-field-model'));
    await expectWithinWidth(summary.getByTestId('product-field-commission'));
    // On a phone the bucket's location, condition, notes and date sit under its name; the Serials button stays.
    const serials = page.getByTestId('inventory-table').getByRole('button', { name: 'Serials in KY01' });
    const ky01 = page
      .getByTestId('inventory-table')
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Serials in KY01' }) });
    await expect(ky01).toBeVisible();
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/product-detail-390.png`, fullPage: true });
    await expectWithinWidth(ky01.getByRole('cell').first());
    await expect(ky01.getByRole('cell').first()).toContainText('KY01 · NEW');
    await expectWithinWidth(serials);
    await expectFitsWidth(page, 'product detail of a serial-tracked model');
    await serials.click();
    const dialog = page.getByRole('dialog', { name: `Serials of ${product.model} in KY01` });
    await expect(dialog.getByTestId('bucket-serials')).toContainText(serial);
    await expectWithinWidth(dialog.getByRole('button', { name: 'Close' }));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/inventory/detail/model/${encodeURIComponent(heldModel)}`);
    const held = page.getByTestId('drop-ship-inventory');
    await expect(held.getByRole('row').nth(1)).toBeVisible();
    await expectWithinWidth(held.getByRole('row').nth(1).getByRole('cell').first());
    await expectFitsWidth(page, 'product detail with distributor stock');
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/product-detail-390-held.png`, fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/inventory/detail/model/${encodeURIComponent(product.model)}`);
      await expect(page.getByTestId('inventory-table')).toBeVisible();
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/product-detail-1440.png`, fullPage: true });
      await page.goto(`/inventory/detail/model/${encodeURIComponent(heldModel)}`);
      await expect(held.getByRole('row').nth(1)).toBeVisible();
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/product-detail-1440-held.png`, fullPage: true });
    }
  });
});
