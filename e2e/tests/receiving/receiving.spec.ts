import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { login, wedgeScan } from '../../support/session';

interface Product {
  id: number;
  model_number: string;
  upc: string | null;
  alternate_upc: string | null;
}

/**
 * A PO at KY01 with one line of `qty` for a product of the demo catalogue that has a UPC, after setting its
 * scan setup. `pick` chooses among the candidates so the tests of this file use different products.
 */
async function setupPo(request: APIRequestContext, opts: { qty: number; tracked: boolean; pick: number }) {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', { company_name: `E2E Receiving ${Date.now()}`, vendor_type: 'sales', rep: 'Pat Rep', rep_email: 'pat@vendor.example' });
  const po = await api.send<{ id: number; purchase_ref_id: string }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'KY01' });
  const found = (await api.send<{ data: { id: number }[] }>('POST', '/api/product/search', { searchKey: 'model_number', searchValue: 'S' })).data;
  const candidates: Product[] = [];
  for (const { id } of found.slice(0, 20)) {
    const p = await api.get<Product>(`/api/product/${id}`);
    if (p.upc && /^[A-Za-z0-9-]+$/.test(p.model_number)) candidates.push(p);
  }
  const product = candidates[3 + opts.pick];
  expect(product, 'the demo catalogue has products with a UPC').toBeTruthy();
  await api.send('PUT', '/api/ims/scan-setup/updateProductManagerProduct', {
    model: product!.model_number,
    serialNumberTracked: opts.tracked,
    numOfSerialsPerItem: opts.tracked ? 1 : null,
    masterBoxQty: null,
    upc: product!.upc,
  });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', { productId: product!.id, cost: 25, qty: opts.qty, purchaseOrderId: po.id });
  return { api, po, product: product!, lineId: full.data.PO_LINES[0]!.id };
}

/** Records, in the page, when Enter goes down and when the feedback box first shows `text`. */
async function probeFeedback(page: Page, testId: string, text: string) {
  await page.evaluate(
    ({ testId, text }) => {
      const w = window as unknown as { __probe: { enter: number; feedback: number } };
      w.__probe = { enter: 0, feedback: 0 };
      document.addEventListener('keydown', (e) => e.key === 'Enter' && !w.__probe.enter && (w.__probe.enter = performance.now()), { capture: true });
      const box = document.querySelector(`[data-testid="${testId}"]`)!;
      new MutationObserver(() => {
        if (!w.__probe.feedback && box.textContent?.includes(text)) w.__probe.feedback = performance.now();
      }).observe(box, { childList: true, subtree: true, characterData: true });
    },
    { testId, text },
  );
  return async () => page.evaluate(() => (window as unknown as { __probe: { enter: number; feedback: number } }).__probe);
}

async function scanInto(field: Locator, page: Page, value: string) {
  await expect(field).toBeFocused();
  await wedgeScan(page, value);
}

test('receive a serial-tracked line by scanning, with the local checks; un-receive one unit with notes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 3, tracked: true, pick: 0 });
  const stamp = Date.now().toString(36).toUpperCase();
  const serials = [`SN${stamp}A`, `SN${stamp}B`, `SN${stamp}C`];
  const upc = product.upc!;
  const wrongUpc = upc === '123456789012' ? '123456789029' : '123456789012';

  await login(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await expect(card.getByTestId('line-model')).toHaveText(product.model_number);
  await card.getByRole('button', { name: 'Receive', exact: true }).click();

  const dialog = page.getByTestId('receiving-dialog');
  const upcField = dialog.getByTestId('receiving-upc');
  const serialField = dialog.getByTestId('receiving-serial');
  const feedback = dialog.getByTestId('scan-feedback');
  await expect(dialog.getByTestId('receiving-model')).toHaveText(product.model_number);
  await expect(dialog.getByTestId('receiving-qty-remaining')).toHaveText('Remaining: 3');
  await expect(dialog.getByTestId('receiving-bucket')).toHaveValue('KY01');

  // A wrong UPC: red feedback within 100 ms of the Enter, the field cleared and still focused.
  const probe = await probeFeedback(page, 'scan-feedback', "UPC doesn't match");
  await scanInto(upcField, page, wrongUpc);
  await expect(feedback).toHaveText("UPC doesn't match");
  await expect(feedback).toHaveAttribute('data-kind', 'bad');
  const timing = await probe();
  expect(timing.enter).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'UPC mismatch feedback (ms after Enter)', description: (timing.feedback - timing.enter).toFixed(1) });
  expect(timing.feedback - timing.enter).toBeLessThan(100);
  await expect(upcField).toHaveValue('');
  await expect(upcField).toBeFocused();

  // The right UPC moves focus to the serial field; the serial receives one unit.
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, serials[0]!);
  await expect(feedback).toContainText(`Received ${product.model_number} (${serials[0]})`);
  await expect(feedback).toHaveAttribute('data-kind', 'good');
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByLabel('Qty Received')).toHaveValue('1');

  // Reopened: the serial received earlier on this line cannot be re-scanned; nor the UPC or the model.
  await card.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(dialog.getByTestId('receiving-qty-remaining')).toHaveText('Remaining: 2');
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, serials[0]!);
  await expect(feedback).toHaveText('Serial cannot be re-scanned');
  await scanInto(serialField, page, upc);
  await expect(feedback).toHaveText("Serial can't be UPC");
  await scanInto(serialField, page, product.model_number);
  await expect(feedback).toHaveText("Serial can't be part number");
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(0);

  // The two units left, then scanning stops.
  await scanInto(serialField, page, serials[1]!);
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, serials[2]!);
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(2);
  await expect(dialog.getByText('All items have been received!')).toBeVisible();
  await expect(upcField).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByLabel('Qty Received')).toHaveValue('3');
  await expect(card.getByRole('button', { name: 'Received', exact: true })).toBeDisabled();

  // View Serials lists the three.
  await card.getByRole('button', { name: 'View Serials' }).click();
  const serialsDialog = page.getByTestId('view-serials-dialog');
  await expect(serialsDialog.getByTestId('received-serial')).toHaveCount(3);
  await expect(serialsDialog).toContainText(serials[1]!);
  await serialsDialog.getByRole('button', { name: 'Close' }).click();

  // Un-receive the second unit.
  await card.getByRole('button', { name: 'Un-Receive' }).click();
  const un = page.getByTestId('unreceiving-dialog');
  const unFeedback = un.getByTestId('unreceive-feedback');
  await expect(un.getByTestId('unreceive-receipt')).toHaveCount(3);
  await expect(un.getByText('Scanning Required')).toHaveCount(0); // purchasing-admin has no admin:override
  await un.getByRole('button', { name: 'Submit Un-Receive' }).click();
  await expect(unFeedback).toHaveText('Unable to submit: un-receive list is empty.');
  await un.getByTestId('unreceive-upc').focus();
  await scanInto(un.getByTestId('unreceive-upc'), page, wrongUpc);
  await expect(unFeedback).toHaveText("UPC doesn't match");
  await scanInto(un.getByTestId('unreceive-upc'), page, upc);
  await scanInto(un.getByTestId('unreceive-serial'), page, `${serials[1]}X`);
  await expect(unFeedback).toHaveText("Serial doesn't match");
  await un.getByTestId('unreceive-serial').focus();
  await scanInto(un.getByTestId('unreceive-serial'), page, serials[1]!);
  await expect(unFeedback).toContainText('Matched IR-');
  await un.getByRole('button', { name: 'Submit Un-Receive' }).click();
  await expect(unFeedback).toHaveText('Notes cannot be empty.');
  await un.getByTestId('unreceive-notes').fill('Damaged in the box; sent back.');
  await un.getByRole('button', { name: 'Submit Un-Receive' }).click();
  await expect(unFeedback).toContainText('Un-received IR-');
  await expect(un.getByTestId('unreceive-receipt')).toHaveCount(2);
  await expect(un.getByTestId('unreceive-list')).not.toContainText(serials[1]!);
  await un.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByLabel('Qty Received')).toHaveValue('2');

  // The server agrees: exactly the two serials still received.
  const still = await api.get<{ data: { serial_number: string }[] }>(`/api/ims/transacted-receipts/poItem/serials/${lineId}`);
  expect(still.data.map((s) => s.serial_number).sort()).toEqual([serials[0]!, serials[2]!].sort());
});

test('a product without serials posts on the UPC; the scan setup panel shows the first error, then Updated!', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { po, product, lineId, api } = await setupPo(request, { qty: 2, tracked: false, pick: 1 });
  await login(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await card.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-serial')).toHaveCount(0);

  // Receive into another bucket of the location.
  await dialog.getByLabel('Receiving Bucket').click();
  await page.getByRole('option', { name: 'KY01_B_STOCK' }).click();
  await dialog.getByTestId('receiving-upc').focus();
  await scanInto(dialog.getByTestId('receiving-upc'), page, product.upc!);
  await expect(dialog.getByTestId('scan-feedback')).toContainText(`Received ${product.model_number} into KY01_B_STOCK`);
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
  // The feedback clears itself after 6 s.
  const shownAt = Date.now();
  await expect(dialog.getByTestId('scan-feedback')).toHaveText('', { timeout: 9_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(5_000);

  // Scan setup: a bad UPC is refused with the server's first error; a good setup answers Updated!.
  await dialog.getByRole('button', { name: 'Scan Setup' }).click();
  const panel = dialog.getByTestId('scan-setup-panel');
  await expect(panel.getByLabel('Serials Per Item')).toBeDisabled();
  await expect(panel.getByLabel('Master Box Qty')).toBeEnabled();
  await panel.getByLabel('UPC', { exact: true }).fill('12AB');
  await panel.getByRole('button', { name: 'Update Scan Setup' }).click();
  await expect(panel.getByTestId('scan-setup-result')).toHaveText('UPC: must be a barcode of 9 to 13 digits');
  await panel.getByLabel('UPC', { exact: true }).fill(product.upc!);
  await panel.getByLabel('Serial Number Tracked').click();
  await expect(panel.getByLabel('Master Box Qty')).toBeDisabled();
  await panel.getByLabel('Serials Per Item').fill('2');
  await panel.getByRole('button', { name: 'Update Scan Setup' }).click();
  await expect(panel.getByTestId('scan-setup-result')).toHaveText('Updated!');

  // The line's product now takes two serials per item.
  await expect(dialog.getByText('2 serials per item')).toBeVisible();
  await expect(dialog.getByTestId('receiving-serial')).toBeVisible();
  const stored = await api.get<{ data: { model_number: string; serial_number_tracked: number; num_of_serials_per_item: number | null; master_box_qty: number | null }[] }>(
    `/api/ims/products?model=${encodeURIComponent(product.model_number)}`,
  );
  const row = stored.data.find((p) => p.model_number === product.model_number)!;
  expect([row.serial_number_tracked, row.num_of_serials_per_item, row.master_box_qty]).toEqual([1, 2, null]);
  expect(lineId).toBeGreaterThan(0);
});

test('with admin:override, Scanning Required off lets the user pick a receipt to un-receive without scanning', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 1, tracked: false, pick: 2 });
  const received = await api.send<{ transactionReferenceId: string }>('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: product.upc,
    model: product.model_number,
    poApiPoId: po.id,
    poApiPoItemId: lineId,
    receivingBucket: 'KY01',
  });
  await login(page, 'admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await expect(card.getByLabel('Qty Received')).toHaveValue('1');
  await card.getByRole('button', { name: 'Un-Receive' }).click();
  const un = page.getByTestId('unreceiving-dialog');
  await expect(un.getByTestId('unreceive-receipt')).toHaveCount(1);
  await expect(un.getByTestId('unreceive-upc')).toBeVisible();
  await un.getByLabel('Scanning Required').click();
  await expect(un.getByTestId('unreceive-upc')).toHaveCount(0);
  await un.getByLabel(`Select ${received.transactionReferenceId}`).check();
  await un.getByTestId('unreceive-notes').fill('Received on the wrong PO.');
  await un.getByRole('button', { name: 'Submit Un-Receive' }).click();
  await expect(un.getByTestId('unreceive-feedback')).toContainText(`Un-received ${received.transactionReferenceId}`);
  await expect(un.getByText('No items to un-receive')).toBeVisible();
  await un.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByLabel('Qty Received')).toHaveValue('0');
});
