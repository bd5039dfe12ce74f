import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchRefocus, watchShowing } from '../../support/page-timing';
import { probeFeedback, receiveUnits, setupPo } from '../../support/receiving';
import { signInAs, wedgeScan } from '../../support/session';
import { selectOption } from '../../support/select';

async function scanInto(field: Locator, page: Page, value: string) {
  await expect(field).toBeFocused();
  await wedgeScan(page, value);
}

test('receive a serial-tracked line by scanning, with the local checks; un-receive one unit with notes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 3, tracked: true, pick: 0 });
  const stamp = Date.now().toString(36).toUpperCase();
  const serials = [`SN${stamp}A`, `SN${stamp}B`, `SN${stamp}C`];
  const upc = product.upc!;
  const wrongUpc = upc === '123456789012' ? '123456789029' : '123456789012';

  await signInAs(page, 'purchasing-admin');
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

  // A wrong UPC: red feedback, the field cleared and still focused.
  const probe = await probeFeedback(page, 'scan-feedback', "UPC doesn't match");
  await scanInto(upcField, page, wrongUpc);
  await expect(feedback).toHaveText("UPC doesn't match");
  await expect(feedback).toHaveAttribute('data-kind', 'bad');
  const timing = await probe();
  expect(timing.enter).toBeGreaterThan(0);
  test.info().annotations.push({
    type: 'UPC mismatch feedback (ms after Enter)',
    description: (timing.feedback - timing.enter).toFixed(1),
  });
  // Shown after the Enter; how soon is a benchmark's question (`npm run bench:scan`, docs/performance.md), not a test's.
  expect(timing.feedback).toBeGreaterThan(timing.enter);
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
  // Before a match the dialog says so; the spec's 'un-receive list is empty' is for a line with nothing to un-receive.
  await un.getByRole('button', { name: 'Submit Un-Receive' }).click();
  await expect(unFeedback).toHaveText(
    'Nothing has been matched yet: scan the UPC and the serials of the unit to un-receive.',
  );
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
  const still = await api.get<{ data: { serial_number: string }[] }>(
    `/api/ims/transacted-receipts/poItem/serials/${lineId}`,
  );
  expect(still.data.map((s) => s.serial_number).sort()).toEqual([serials[0]!, serials[2]!].sort());
});

test('a product without serials posts on the UPC; the scan setup panel shows the first error, then Updated!', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { po, product, lineId, api } = await setupPo(request, { qty: 2, tracked: false, pick: 1 });
  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await card.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-serial')).toHaveCount(0);

  // Receive into another bucket of the location.
  await selectOption(page, dialog.getByLabel('Receiving Bucket'), 'KY01_B_STOCK');
  await dialog.getByTestId('receiving-upc').focus();
  // The feedback clears itself after 6 s, as the page's own clock measures it.
  await expect(dialog.getByTestId('scan-feedback')).toHaveText('');
  const feedbackShown = await watchShowing(
    page,
    'feedback',
    '[data-testid="receiving-dialog"] [data-testid="scan-feedback"]',
    { nonEmpty: true },
  );
  await scanInto(dialog.getByTestId('receiving-upc'), page, product.upc!);
  await expect(dialog.getByTestId('scan-feedback')).toContainText(`Received ${product.model_number} into KY01_B_STOCK`);
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
  await expect(dialog.getByTestId('scan-feedback')).toHaveText('', { timeout: 9_000 });
  const feedbackSpan = await feedbackShown();
  expect(feedbackSpan.start).toBeGreaterThan(0);
  expect(feedbackSpan.end - feedbackSpan.start).toBeGreaterThanOrEqual(5_500);

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
  await expect(panel.getByTestId('scan-setup-result')).toHaveCount(0);
  const updatedShown = await watchShowing(page, 'updated', '[data-testid="scan-setup-result"]');
  await panel.getByRole('button', { name: 'Update Scan Setup' }).click();
  await expect(panel.getByTestId('scan-setup-result')).toHaveText('Updated!');
  // 'Updated!' is a status message: it goes after 4 s (001 §9).
  await expect(panel.getByTestId('scan-setup-result')).toHaveCount(0, { timeout: 8_000 });
  const updatedSpan = await updatedShown();
  expect(updatedSpan.end - updatedSpan.start).toBeGreaterThanOrEqual(3_500);

  // The line's product now takes two serials per item.
  await expect(dialog.getByText('2 serials per item')).toBeVisible();
  await expect(dialog.getByTestId('receiving-serial')).toBeVisible();
  const stored = await api.get<{
    data: {
      model_number: string;
      serial_number_tracked: number;
      num_of_serials_per_item: number | null;
      master_box_qty: number | null;
    }[];
  }>(`/api/ims/products?model=${encodeURIComponent(product.model_number)}`);
  const row = stored.data.find((p) => p.model_number === product.model_number)!;
  expect([row.serial_number_tracked, row.num_of_serials_per_item, row.master_box_qty]).toEqual([1, 2, null]);
  expect(lineId).toBeGreaterThan(0);
});

test('with admin:override, Scanning Required off lets the user pick a receipt to un-receive without scanning', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 1, tracked: false, pick: 2 });
  const received = await api.send<{ transactionReferenceId: string }>('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: product.upc,
    model: product.model_number,
    poApiPoId: po.id,
    poApiPoItemId: lineId,
    receivingBucket: 'KY01',
  });
  await signInAs(page, 'admin');
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

test('a product missing from the product list closes the dialog with the notice; a Complete PO locks Receive and Un-Receive', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 2, tracked: false, pick: 4 });
  await signInAs(page, 'purchasing-admin');
  // The dialog loads the product list of the line's model (GET ims/products?model=); here it answers without it.
  const productList = (url: URL) => url.pathname === '/api/ims/products';
  await page.route(productList, (route) => route.fulfill({ json: { data: [] } }));
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await card.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(
    page.getByText(`Product ${product.model_number} not found in ${product.model_number} products list.`),
  ).toBeVisible();
  await expect(page.getByTestId('receiving-dialog')).toHaveCount(0);
  await page.unroute(productList);

  await receiveUnits(api, { poId: po.id, lineId, product }, {});
  await page.reload();
  await expect(card.getByRole('button', { name: 'Un-Receive' })).toBeEnabled();
  await api.get(`/api/purchase/finish/${po.id}`);
  await page.reload();
  await expect(card.getByLabel('Qty Received')).toHaveValue('1');
  await expect(card.getByRole('button', { name: 'Receive', exact: true })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Un-Receive' })).toBeDisabled();
});

test('staged scans are submitted together, a refused submit names its item, a received scan is taken back; timings', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 3, tracked: true, pick: 3 });
  const elsewhere = await setupPo(request, { qty: 1, tracked: true, pick: 3 });
  const stamp = Date.now().toString(36).toUpperCase();
  const [a, b, c, d, e, f] = ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => `ST${stamp}${x}`) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const upc = product.upc!;
  const receivedOnLine = async () =>
    (await api.get<{ data: { serial_number: string }[] }>(`/api/ims/transacted-receipts/poItem/serials/${lineId}`)).data
      .map((s) => s.serial_number)
      .sort();
  const lastSound = () => page.evaluate(() => document.documentElement.dataset.lastScanSound);

  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await card.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  const upcField = dialog.getByTestId('receiving-upc');
  const serialField = dialog.getByTestId('receiving-serial');
  const feedback = dialog.getByTestId('scan-feedback');
  const items = dialog.getByTestId('scanned-item');

  // The scan field takes the focus back 2.1 s after it went to nothing in particular (001 §9).
  await expect(upcField).toBeFocused();
  const refocus = await watchRefocus(page, 'refocus', '[data-testid="receiving-upc"]');
  await dialog.getByRole('heading', { name: 'Receiving' }).click();
  await expect(upcField).not.toBeFocused();
  await expect(upcField).toBeFocused({ timeout: 6_000 });
  const refocusSpan = await refocus();
  const refocusMs = Math.round(refocusSpan.end - refocusSpan.start);
  test.info().annotations.push({ type: 'scan field refocus (ms after the blur)', description: String(refocusMs) });
  expect(refocusSpan.start).toBeGreaterThan(0);
  expect(refocusMs).toBeGreaterThanOrEqual(2_000);

  // One by one (the default): received at once; the submitted note closes after 2 s.
  const noteShown = await watchShowing(page, 'note', '[data-testid="submitted-scan"]');
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, a);
  await expect(feedback).toContainText(`Received ${product.model_number} (${a})`);
  const note = dialog.getByTestId('submitted-scan');
  await expect(note).toContainText('Submitted IR-');
  await expect(note).toHaveCount(0, { timeout: 6_000 });
  const noteSpan = await noteShown();
  expect(noteSpan.start).toBeGreaterThan(0);
  // The 2 s timer starts when the receive call's answer is handled, before the note is drawn; drawing can take a few
  // hundred milliseconds on a loaded machine, so the note's own span is not the measure. From the answer's arrival
  // (the page's resource timing of that call, the same clock) to the note's going is at least 2 s for a 2 s timer,
  // whatever the load; a 1.5 s timer fails unless the page stalls half a second.
  const answered = await page.evaluate(() =>
    Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/quickScanReceive'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    ),
  );
  expect(answered).toBeGreaterThan(0);
  expect(answered).toBeLessThanOrEqual(noteSpan.start);
  expect(noteSpan.end - answered).toBeGreaterThanOrEqual(2_000);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-state', 'received');
  expect(await receivedOnLine()).toEqual([a]);

  // Taken back from the list: a reversing transaction, the Unreceive sound, the serial off the line.
  await dialog.getByRole('button', { name: `Take back ${a}` }).click();
  await expect(feedback).toContainText(/Took back IR-\d{7} \(.+\): reversed by IU-\d{7}/);
  expect(await lastSound()).toBe('unreceive');
  await expect(items).toHaveCount(0);
  expect(await receivedOnLine()).toEqual([]);

  // Staged: checked and listed, but nothing is received until the list is submitted.
  await dialog.getByLabel('Stage Scans').check();
  await upcField.focus();
  for (const serial of [b, c, d]) {
    await scanInto(upcField, page, upc);
    await scanInto(serialField, page, serial);
    await expect(feedback).toContainText(`Staged ${product.model_number} (${serial})`);
  }
  await expect(items).toHaveCount(3);
  await expect(dialog.locator('[data-testid="scanned-item"][data-state="staged"]')).toHaveCount(3);
  await expect(dialog.getByTestId('all-staged')).toBeVisible();
  await expect(upcField).toHaveCount(0);
  // A staged serial is still checked locally against the list.
  await dialog.getByRole('button', { name: `Remove ${d}` }).click();
  await expect(items).toHaveCount(2);
  await upcField.focus();
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, b);
  await expect(feedback).toHaveText('Serial cannot be re-scanned');
  await dialog.getByRole('button', { name: 'Reset Scan' }).click();
  expect(await receivedOnLine()).toEqual([]);

  // Meanwhile C is received on another PO: the submit is refused whole, naming the item.
  await elsewhere.api.send('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: upc,
    model: product.model_number,
    poApiPoId: elsewhere.po.id,
    poApiPoItemId: elsewhere.lineId,
    receivingBucket: 'KY01',
    scannedSerialNumbers: [c],
  });
  await dialog.getByTestId('submit-staged').click();
  await expect(feedback).toHaveText(`Item 2 (${product.model_number} ${c}): Serial cannot be re-scanned`);
  await expect(feedback).toHaveAttribute('data-kind', 'bad');
  expect(await lastSound()).toBe('bad');
  expect(await receivedOnLine()).toEqual([]);

  // Without C, plus E: both received together.
  await dialog.getByRole('button', { name: `Remove ${c}` }).click();
  await upcField.focus();
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, e);
  await expect(dialog.getByTestId('submit-staged')).toHaveText('Submit 2 Staged Items');
  // The note stays 2 s: read its text as the page first showed it (the runner may look later than that).
  const stagedNote = await watchShowing(page, 'staged-note', '[data-testid="submitted-scan"]');
  await dialog.getByTestId('submit-staged').click();
  await expect(feedback).toContainText(`Received 2 items of ${product.model_number}: IR-`);
  await expect.poll(async () => (await stagedNote()).text ?? '').toContain(`${b}, ${e}`);
  await expect(dialog.locator('[data-testid="scanned-item"][data-state="received"]')).toHaveCount(2);
  expect(await receivedOnLine()).toEqual([b, e].sort());

  // Closing with a staged item asks first; closing again discards it.
  await upcField.focus();
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, f);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog.getByTestId('staged-not-submitted')).toHaveText(
    '1 staged item is not received yet: submit them, or close again to discard them.',
  );
  await dialog.getByRole('button', { name: 'Discard and Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByLabel('Qty Received')).toHaveValue('2');
  expect(await receivedOnLine()).toEqual([b, e].sort());
});
