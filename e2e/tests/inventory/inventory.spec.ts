import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { selectOption } from '../../support/select';

/** An ACTIVE demo product with a plain model number. */
async function demoModel(request: Parameters<typeof apiAs>[0]): Promise<{ model: string; title: string }> {
  const api = await apiAs(request, 'warehouse-1');
  const page = await api.get<{ data: { model: string; product_title: string; status: string }[] }>(
    '/api/product?page=2',
  );
  const product = page.data.find((p) => p.status === 'ACTIVE' && /^[A-Za-z0-9-]+$/.test(p.model));
  expect(product, 'the demo catalogue has active products').toBeTruthy();
  return { model: product!.model, title: product!.product_title };
}

test('search a demo product by model and open its detail', async ({ page, request }) => {
  const { model, title } = await demoModel(request);
  await signInAs(page, 'warehouse-1');
  await page.goto('/inventory/search');
  await expect(page.getByRole('combobox', { name: 'Search By' })).toHaveText('Model');
  const box = page.getByRole('combobox', { name: 'Search', exact: true });
  await box.fill(model);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`searchBy=model&searchValue=${model}`));
  const card = page
    .getByTestId('inventory-result-card')
    .filter({ has: page.getByRole('heading', { name: model, exact: true }) });
  await expect(card).toBeVisible();
  // Expandable parts: the description shows once expanded.
  await page.getByLabel('Expand All Search Results').check();
  await expect(card.getByTestId('inventory-result-details')).toContainText(title);
  // warehouse-1 does not hold inventory-transfer:view.
  await expect(card.getByRole('link', { name: 'Inventory Transfer' })).toHaveCount(0);
  // Advanced Search: a model and a bucket, kept in the URL and shown as a removable filter.
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Advanced Search' });
  await expect(dialog.getByLabel('Model')).toHaveValue(model);
  await dialog.getByRole('combobox', { name: 'Bucket' }).fill('KY01_B_ST');
  await page.getByRole('option', { name: 'KY01_B_STOCK', exact: true }).click();
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/bucket=KY01_B_STOCK/);
  await expect(page.getByTestId('bucket-filter')).toContainText('With on-hand in KY01_B_STOCK');
  await expect(page.getByText('No Results To Display')).toBeVisible();
  await page.getByTestId('bucket-filter').getByRole('img', { name: 'Remove bucket filter' }).click();
  await expect(page).not.toHaveURL(/bucket=/);
  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(`/inventory/detail/model/${encodeURIComponent(model)}`);
  await expect(page.getByTestId('product-summary')).toContainText(title);
  await expect(page.getByTestId('inventory-table').or(page.getByTestId('no-inventory'))).toBeVisible();
});

test("a serial search under 3 characters shows 'Please Extend Search Parameters.'", async ({ page }) => {
  await signInAs(page, 'warehouse-1');
  await page.goto('/inventory/search/serial');
  await expect(page).toHaveURL(/\/inventory\/search\?searchBy=serial$/);
  await expect(page.getByRole('checkbox', { name: 'Expand All Search Results' })).toBeDisabled();
  const box = page.getByRole('combobox', { name: 'Search', exact: true });
  await box.fill('ab');
  await box.press('Enter');
  await expect(page.getByText('Please Extend Search Parameters.')).toBeVisible();
  await box.fill('abcdefghij-no-such-serial');
  await box.press('Enter');
  await expect(page.getByText('Please Extend Search Parameters.')).toHaveCount(0);
  await expect(page.getByText('No Results To Display')).toBeVisible();
});

test('a transaction reference search opens the transaction and remembers the search type', async ({ page }) => {
  await signInAs(page, 'warehouse-1');
  await page.goto('/inventory-transactions');
  await selectOption(page, page.getByRole('combobox', { name: 'Search Type' }), 'IMS Transaction Reference ID');
  const box = page.getByRole('textbox', { name: 'IMS Transaction Reference ID' });
  await box.fill('ir-9999999');
  await box.press('Enter');
  await expect(page).toHaveURL('/inventory-transactions/IR-9999999');
  await expect(page.getByText('Transaction IR-9999999 does not exist.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lastTransactionSearchType'))).toBe(
    'imsTransactionReferenceId',
  );
});

test('a receipt and its un-receipt show per type, each naming the other', async ({ page, request }) => {
  test.setTimeout(60_000);
  const api = await apiAs(request, 'purchasing-admin');
  const products = (
    await api.get<{ data: { id: number; model: string; upc: string | null; status: string }[] }>('/api/product?page=5')
  ).data;
  const product = products.find((p) => p.status === 'ACTIVE' && p.upc && /^[A-Za-z0-9-]+$/.test(p.model))!;
  expect(product, 'the demo catalogue has an active product with a UPC').toBeTruthy();
  await api.send('PUT', '/api/ims/scan-setup/updateProductManagerProduct', {
    model: product.model,
    serialNumberTracked: false,
    numOfSerialsPerItem: null,
    masterBoxQty: null,
    upc: product.upc,
  });
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Inventory ${Date.now()}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number; purchase_ref_id: string }>('POST', '/api/purchase', {
    vendorId: vendor.id,
    location_code: 'KY01',
  });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
    productId: product.id,
    cost: 25,
    qty: 2,
    purchaseOrderId: po.id,
  });
  const lineId = full.data.PO_LINES[0]!.id;
  const receipt = await api.send<{ transactionReferenceId: string }>('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: product.upc,
    model: product.model,
    poApiPoId: po.id,
    poApiPoItemId: lineId,
    receivingBucket: 'KY01',
  });
  const reversal = await api.send<{ transactionReferenceId: string }>(
    'POST',
    `/api/transacted-receipts/${receipt.transactionReferenceId}/unreceive`,
    {
      lineItemId: lineId,
      notes: 'E2E reversal',
      scannedUpc: product.upc,
    },
  );

  await signInAs(page, 'warehouse-1');
  await page.goto(`/inventory-transactions/${reversal.transactionReferenceId}`);
  const detail = page.getByTestId('transaction-detail');
  await expect(detail).toContainText('Inventory Un-Receipt (Receipt Reversal)');
  await expect(detail).toContainText('E2E reversal');
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await detail.getByRole('link', { name: receipt.transactionReferenceId }).click();
  await expect(page).toHaveURL(`/inventory-transactions/${receipt.transactionReferenceId}`);
  await expect(detail).toContainText('Inventory Receipt');
  await expect(detail).toContainText(po.purchase_ref_id);
  await expect(detail.getByRole('link', { name: reversal.transactionReferenceId })).toBeVisible();
  // The product's KY01 row shows the on-hand the API answers, highlighted when reached with from_bucket.
  const preview = await api.get<{ inventory: { bucket: string; quantity: number }[] }>(
    `/api/ims/inventory/product/preview?model=${encodeURIComponent(product.model)}`,
  );
  const ky01 = preview.inventory.find((r) => r.bucket === 'KY01');
  expect(ky01, 'the receipt made a KY01 row').toBeTruthy();
  await page.goto(`/inventory/detail/model/${encodeURIComponent(product.model)}?from_bucket=KY01`);
  const row = page.getByTestId('inventory-table').locator('tr[data-from-bucket="true"]');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('KY01');
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(ky01!.quantity));
});
