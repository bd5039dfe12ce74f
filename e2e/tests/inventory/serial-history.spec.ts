import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { focusPage, signInAs, wedgeScan } from '../../support/session';
import { shoot } from '../../support/shots';

/** A serial received by scan, found by search and by a global scan, with its history (receipt, then un-receipt). */
test('find a received serial by search and by scan, and see its history', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await apiAs(request, 'admin');
  const found = await api.send<{ data: { id: number; model_number: string }[] }>('POST', '/api/product/search', {
    searchKey: 'model_number',
    searchValue: 'W',
  });
  const products = await Promise.all(
    found.data
      .slice(0, 20)
      .map((p) =>
        api.get<{ data: { id: number; model: string; upc: string | null; serial_number_tracked: 0 | 1 }[] }>(
          `/api/ims/products?model=${encodeURIComponent(p.model_number)}`,
        ),
      ),
  );
  const product = products.map((r) => r.data[0]!).find((p) => p.upc && p.serial_number_tracked === 1)!;
  expect(product, 'a serial-tracked demo product').toBeTruthy();
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `Serial History ${Date.now()}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'KY01' });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
    productId: product.id,
    cost: 100,
    qty: 2,
    purchaseOrderId: po.id,
  });
  const lineId = full.data.PO_LINES[0]!.id;
  const serial = `HIST${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  const received = await api.send<{ transactionReferenceId: string }>('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: product.upc,
    model: product.model,
    poApiPoId: po.id,
    poApiPoItemId: lineId,
    receivingBucket: 'KY01',
    scannedSerialNumbers: [serial],
  });
  await signInAs(page, 'warehouse-2');
  // Product detail: the KY01 row opens the serial dialog, listing the serial just received.
  await page.goto(`/inventory/detail/model/${encodeURIComponent(product.model)}`);
  await page
    .getByTestId('inventory-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'KY01', exact: true }) })
    .first()
    .click();
  await expect(page.getByTestId('bucket-serials')).toContainText(serial);
  await page.getByRole('button', { name: 'Close' }).click();

  await api.send('POST', `/api/transacted-receipts/${received.transactionReferenceId}/unreceive`, {
    lineItemId: lineId,
    notes: 'Wrong unit shipped',
    scannedUpc: product.upc,
    scannedSerialNumbers: [serial],
  });

  // By search: the serial search includes serials no longer live (001 §7).
  await page.goto(`/inventory/search?searchBy=serial&searchValue=${serial.slice(2, 12)}`);
  const card = page.getByTestId('serial-result-card').filter({ hasText: serial });
  await expect(card).toBeVisible();
  // The product's listing (001 §2: ASIN, Listing ID, SKU), set through the product API.
  const listing = { asin: `B0${serial.slice(4, 12)}`, listing_id: `LST-${serial}`, sku: `SKU-${serial}` };
  await (await apiAs(request, 'developer')).send('PUT', `/api/product/${product.id}`, listing);
  await page.reload();
  for (const [label, value] of [
    ['ASIN', listing.asin],
    ['Listing ID', listing.listing_id],
    ['SKU', listing.sku],
  ] as const) {
    await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card.getByText(value, { exact: true })).toBeVisible();
  }
  await shoot(page, '/tmp/shots-inventory', 'serial-result-card');
  await card.getByRole('link').first().click();
  await expect(page.getByTestId('serial-number')).toHaveText(serial);
  const history = page.getByTestId('serial-history');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').nth(0)).toContainText('Received');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Un-received');

  // By a global scan of the serial, from the home page.
  // Scanned once the home screen shows (the shell listens for scans from its first render on).
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await focusPage(page);
  await wedgeScan(page, serial);
  await expect(page).toHaveURL(/\/inventory-serials\/\d+$/);
  await expect(page.getByTestId('serial-number')).toHaveText(serial);
});
