import { expect, test, type Locator, type Page } from '@playwright/test';
import { setupPo } from '../../support/receiving';
import { wedgeScan, signInAs } from '../../support/session';
import { snapshot } from '../../support/shots';

async function scanInto(field: Locator, page: Page, value: string) {
  await field.focus();
  await expect(field).toBeFocused();
  await wedgeScan(page, value);
}

/**
 * Issue #8: a vendor's serial manifest loaded into the Receiving dialog is checked against the scans as they come
 * (matched, unexpected, missing); a refused manifest names its serial and receives nothing; the units nobody
 * scanned are then received in one submit. As warehouse-2: warehouse-1 holds neither purchase-order:view nor
 * purchase-order:receive, so it cannot open a PO or receive.
 */
test('a manifest (CSV file, then pasted) is compared with the scans, refused per serial, then the rest received in one submit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 6, tracked: true, pick: 5 });
  const elsewhere = await setupPo(request, { qty: 1, tracked: true, pick: 5 });
  const stamp = Date.now().toString(36).toUpperCase();
  const serials = [1, 2, 3, 4, 5].map((i) => `MF${stamp}-${i}`);
  const stray = `MF${stamp}-X`;
  const liveElsewhere = `MF${stamp}-E`;
  const upc = product.upc!;
  // A serial already received on another PO.
  await api.send('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: upc,
    model: product.model_number,
    poApiPoId: elsewhere.po.id,
    poApiPoItemId: elsewhere.lineId,
    receivingBucket: 'KY01',
    scannedSerialNumbers: [liveElsewhere],
  });

  await signInAs(page, 'warehouse-2');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await card.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  const upcField = dialog.getByTestId('receiving-upc');
  const serialField = dialog.getByTestId('receiving-serial');
  await expect(dialog.getByTestId('receiving-qty-remaining')).toHaveText('Remaining: 6');

  await dialog.getByRole('button', { name: 'Serial Manifest' }).click();
  const panel = dialog.getByTestId('serial-manifest');
  const count = (name: string) => panel.getByTestId(`manifest-${name}-count`);
  // The vendor's CSV file: a header row, the serials in one of its columns.
  const csv = [
    'Model,Serial Number,Qty',
    ...[...serials, liveElsewhere].map((s) => `${product.model_number},${s},1`),
    '',
  ].join('\r\n');
  await panel
    .getByTestId('manifest-file')
    .setInputFiles({ name: 'vendor-manifest.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(panel.getByText('vendor-manifest.csv')).toBeVisible();
  await expect(panel.getByTestId('manifest-summary')).toContainText('Manifest: 6 units (columns Serial Number)');
  await expect(count('matched')).toHaveText('0');
  await expect(count('unexpected')).toHaveText('0');
  await expect(count('missing')).toHaveText('6');

  // Scans as they come: one on the manifest (any case), one not on it.
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, serials[0]!.toLowerCase());
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
  await expect(count('matched')).toHaveText('1');
  await expect(count('missing')).toHaveText('5');
  await scanInto(upcField, page, upc);
  await scanInto(serialField, page, stray);
  await expect(dialog.getByTestId('scanned-item')).toHaveCount(2);
  await expect(count('unexpected')).toHaveText('1');
  await expect(panel.getByTestId('manifest-unexpected-list')).toHaveText(stray);
  await expect(panel.getByTestId('manifest-matched-list')).toHaveText(serials[0]!);
  await expect(panel.getByTestId('manifest-missing-item')).toHaveText([...serials.slice(1), liveElsewhere]);
  await expect(panel.getByTestId('manifest-to-receive')).toHaveText('5');

  // Both scans answered (received) before the manifest is sent.
  await expect(dialog.getByTestId('scanned-item').first()).toHaveAttribute('data-state', 'received');
  await expect(dialog.getByTestId('scanned-item').nth(1)).toHaveAttribute('data-state', 'received');

  // The manifest's serial live on another PO: refused by name, nothing received.
  await panel.getByRole('button', { name: 'Receive Manifest' }).click();
  const confirm = page.getByTestId('manifest-confirm');
  await expect(confirm).toContainText(`Receive 5 units (5 serials) of ${product.model_number} into KY01?`);
  await confirm.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(panel.getByTestId('manifest-refusal')).toHaveText([`${liveElsewhere}: Serial cannot be re-scanned`]);
  await expect(panel.getByTestId('manifest-error')).toContainText("1 of the manifest's serials refused");
  await panel.getByTestId('manifest-error').scrollIntoViewIfNeeded();
  await snapshot(page, '/tmp/serial-manifest-refused.png');
  expect(
    (await api.get<{ data: unknown[] }>(`/api/ims/transacted-receipts/poItem/serials/${lineId}`)).data,
  ).toHaveLength(2);

  // Pasted without it, the four units nobody scanned are received in one submit.
  await panel.getByTestId('manifest-text').fill(['Serial', ...serials].join('\n'));
  await expect(panel.getByTestId('manifest-to-receive')).toHaveText('4');
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('button', { name: 'Receive Manifest' }).click();
  await confirm.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(panel.getByTestId('manifest-result')).toContainText('Received 4 units by manifest');
  await expect(panel.getByTestId('manifest-result')).toContainText('Received on the line: 6 of 6');
  await expect(dialog.getByTestId('receiving-qty-received')).toHaveText('Received: 6');
  await expect(count('matched')).toHaveText('5');
  await expect(count('missing')).toHaveText('0');
  await expect(count('unexpected')).toHaveText('1');
  await panel.getByTestId('manifest-result').scrollIntoViewIfNeeded();
  await snapshot(page, '/tmp/serial-manifest-desk.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await count('matched').scrollIntoViewIfNeeded();
  await expect(count('matched')).toBeInViewport();
  await snapshot(page, '/tmp/serial-manifest-390.png');
  await panel.getByTestId('manifest-result').scrollIntoViewIfNeeded();
  await snapshot(page, '/tmp/serial-manifest-390-result.png');
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByLabel('Qty Received')).toHaveValue('6');
  const received = await api.get<{ data: { serial_number: string }[] }>(
    `/api/ims/transacted-receipts/poItem/serials/${lineId}`,
  );
  expect(received.data.map((s) => s.serial_number.toUpperCase()).sort()).toEqual(
    [...serials, stray].map((s) => s.toUpperCase()).sort(),
  );
});
