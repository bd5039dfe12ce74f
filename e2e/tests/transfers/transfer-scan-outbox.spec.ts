import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { wedgeScan, signInAs } from '../../support/session';
import { stockedProduct } from '../../support/transfers';

/**
 * The transfer scan dialog's units go through the scan outbox (docs/decisions.md, Transfers): a unit scanned while
 * the network is down is kept, shown queued, sent once when it returns; an answer lost on its way back is replayed
 * with the same clientScanId and recorded once. Stock in RUBY, moved to RUBY_B_STOCK; products of their own
 * (picks 20, 21: transfer-page.spec.ts uses 0-5).
 */
const FROM = 'RUBY';
const TO = 'RUBY_B_STOCK';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Transfer = { total_scanned_quantity: number; serials: { scanned_serial_number: string }[] };

async function committedOne(request: APIRequestContext, pick: number) {
  const { product, serials } = await stockedProduct(request, { qty: 1, tracked: true, pick });
  const admin = await apiAs(request, 'admin');
  const { ims_transaction_reference_id: ref } = await admin.send<{ ims_transaction_reference_id: string }>(
    'POST',
    '/api/ims/committed-transfers',
    {
      fromBucket: FROM,
      toBucket: TO,
      model: product.model_number,
      requestedQuantity: 1,
      committedById: 'admin',
      scanningRequired: true,
    },
  );
  const onServer = () => admin.get<Transfer>(`/api/ims/committed-transfers/${ref}`);
  return { product, serial: serials[0]!, ref, onServer };
}

async function openScan(page: Page, model: string, ref: string) {
  await page.goto(`/inventory/transfer/${encodeURIComponent(model)}?from_bucket=${FROM}`);
  await expect(page.getByTestId('transfer-model')).toHaveText(model);
  await page.getByTestId('committed-transfers-row').filter({ hasText: ref }).getByTestId('scan-transfer').click();
  const dialog = page.getByTestId('transfer-scan-dialog');
  await expect(dialog.getByTestId('transfer-scan-upc')).toBeFocused();
  return dialog;
}

test('offline after the UPC: the serial is queued on the device, sent when the network returns, counted once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { product, serial, ref, onServer } = await committedOne(request, 20);
  await signInAs(page, 'warehouse-lead');
  const dialog = await openScan(page, product.model_number, ref);
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => r.url().includes('/addScannedItem') && bodies.push(r.postDataJSON()));

  await wedgeScan(page, product.upc!);
  await expect(dialog.getByTestId('scan-feedback')).toHaveText('UPC matches!');
  await context.setOffline(true);
  await wedgeScan(page, serial);

  await expect(dialog.getByTestId('scan-feedback')).toHaveText(
    `Queued ${product.upc} (${serial}): it is sent when the server answers`,
  );
  await expect(dialog.getByTestId('transfer-scans-waiting')).toContainText('1 scan waiting');
  await expect(dialog.getByTestId('scan-progress')).toHaveText('Scanned: 0 / 1 (1 queued)');
  const queued = dialog.getByTestId('transfer-queued-scan');
  await expect(queued).toHaveCount(1);
  await expect(queued).toHaveAttribute('data-state', 'queued');
  await expect(queued).toContainText(serial);
  await expect(page.getByTestId('scans-waiting')).toHaveText('1 scan waiting');
  expect((await onServer()).total_scanned_quantity).toBe(0);

  await context.setOffline(false);
  await expect(dialog.getByTestId('scan-progress')).toHaveText('Scanned: 1 / 1', { timeout: 20_000 });
  await expect(dialog.getByTestId('transfer-scanned-serials')).toContainText(serial);
  await expect(dialog.getByTestId('transfer-scans-waiting')).toHaveCount(0);
  await expect(queued).toHaveCount(0);
  await expect(dialog.getByTestId('submit-transfer')).toBeVisible();
  await expect(page.getByTestId('scans-waiting')).toHaveCount(0);

  const transfer = await onServer();
  expect(transfer.total_scanned_quantity).toBe(1);
  expect(transfer.serials.map((s) => s.scanned_serial_number)).toEqual([serial]);
  // Every try carried the same clientScanId (an offline try may not reach the request log at all).
  expect(bodies.length).toBeGreaterThanOrEqual(1);
  expect(new Set(bodies.map((b) => b.clientScanId)).size).toBe(1);
  expect(bodies[0]).toMatchObject({
    scannedUpc: product.upc,
    scannedSerialNumbers: [serial],
    forcePushSerialCorrection: 0,
    clientScanId: expect.stringMatching(UUID),
  });
});

test('an answer lost on its way back: the scan is replayed with the same clientScanId and the server records it once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product, serial, ref, onServer } = await committedOne(request, 21);
  await signInAs(page, 'warehouse-lead');
  const dialog = await openScan(page, product.model_number, ref);
  const bodies: Record<string, unknown>[] = [];
  let lost = false;
  await page.route('**/addScannedItem', async (route) => {
    bodies.push(route.request().postDataJSON());
    if (lost) return route.continue();
    lost = true;
    // The server records the scan; its answer never reaches the page.
    await route.fetch();
    await route.abort('failed');
  });

  await wedgeScan(page, product.upc!);
  await expect(dialog.getByTestId('scan-feedback')).toHaveText('UPC matches!');
  await wedgeScan(page, serial);
  await expect(dialog.getByTestId('scan-progress')).toHaveText('Scanned: 1 / 1', { timeout: 20_000 });
  await expect(dialog.getByTestId('scan-feedback')).toHaveText(`Sent ${product.upc} (${serial})`);

  expect(bodies).toHaveLength(2);
  expect(bodies[0]!.clientScanId).toMatch(UUID);
  expect(bodies[1]).toEqual(bodies[0]);
  const transfer = await onServer();
  expect(transfer.total_scanned_quantity).toBe(1);
  expect(transfer.serials.map((s) => s.scanned_serial_number)).toEqual([serial]);
});
