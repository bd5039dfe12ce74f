import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { browserWithCamera, cameraPage, watchCamera } from '../../support/camera';
import { setupPo } from '../../support/receiving';
import { wedgeScan, signInAs } from '../../support/session';
import { stockedProduct } from '../../support/transfers';

/**
 * "Scan with a phone" (issue 11): the camera button of a scan dialog reads 1D barcodes from the camera and hands
 * each one on exactly as a wedge scan (docs/decisions.md, "Camera scanning"). The camera is Chromium's fake device
 * playing a Y4M video made here from bwip-js barcodes; each test that needs a video launches its own browser with
 * it. Products of their own: receiving picks 6, 7, 12 (the receiving specs use others), transfers pick 22.
 */

const SHOTS = '/tmp/wt-camera-shots';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name) });
}

/** Records, in the page, every Enter that submits a field: which field, what it held, when. */
async function recordSubmits(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __submits: { field: string; value: string; at: number }[] };
    w.__submits = [];
    window.addEventListener(
      'keydown',
      (e) => {
        const t = e.target as HTMLInputElement;
        if (e.key === 'Enter' && t.tagName === 'INPUT')
          w.__submits.push({ field: t.dataset.testid ?? '', value: t.value, at: performance.now() });
      },
      true,
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __submits: { field: string; value: string; at: number }[] }).__submits);
}

/** The camera dialog and its control fit a 390 px screen. */
async function fitsThePhone(page: Page) {
  for (const id of ['camera-scan-button', 'camera-scan-dialog']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x, id).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    expect(box.y + box.height, id).toBeLessThanOrEqual(844);
  }
}

test('receiving at 390 px: the camera reads the UPC (UPC-A) into the UPC field, then the serial (Code 128) into the serial field, each submitted as a wedge scan; the unit is received', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { po, product, api, lineId } = await setupPo(request, { qty: 1, tracked: true, pick: 6 });
  const serial = `CAM${Date.now().toString(36).toUpperCase()}`;
  const { browser, close } = await browserWithCamera([
    { seconds: 1 },
    { code: { bcid: 'upca', text: product.upc! }, seconds: 3 },
    { seconds: 2.5 },
    { code: { bcid: 'code128', text: serial }, seconds: 3 },
    { seconds: 2.5 },
  ]);
  try {
    const page = await cameraPage(browser, { width: 390, height: 844 });
    const camera = await watchCamera(page);
    const submits = await recordSubmits(page);
    await signInAs(page, 'warehouse-2');
    await page.goto(`/purchase-orders/review/${po.id}`);
    await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
    const dialog = page.getByTestId('receiving-dialog');
    await expect(dialog.getByTestId('receiving-upc')).toBeFocused();

    await dialog.getByTestId('camera-scan-button').click();
    const cam = page.getByTestId('camera-scan-dialog');
    await expect(cam).toBeVisible();
    await expect(cam.getByTestId('camera-scan-status')).toHaveText(/Aim the red line|Read /, { timeout: 20_000 });
    await fitsThePhone(page);
    await shot(page, 'receiving-camera-390.png');

    // The same message a typed scan of the UPC and the serial gives (receiving.spec.ts, scan-input.spec.ts).
    await expect(dialog.getByTestId('scan-feedback')).toContainText(
      `Received ${product.model_number} (${serial}) into KY01`,
      { timeout: 30_000 },
    );
    await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
    await expect(dialog.getByTestId('all-received')).toBeVisible();
    // Each read went into the field its step expects and was submitted with Enter, once.
    expect((await submits()).map(({ field, value }) => [field, value])).toEqual([
      ['receiving-upc', product.upc],
      ['receiving-serial', serial],
    ]);
    await shot(page, 'receiving-camera-received-390.png');

    // Nothing more to scan: the camera dialog is gone and the camera is off.
    await expect(cam).toHaveCount(0);
    expect(await camera.tracks()).not.toEqual([]);
    expect(await camera.tracks()).toEqual((await camera.tracks()).map(() => 'ended'));
    // The barcode reader came from the app itself: nothing was fetched from anywhere else.
    expect(camera.offOrigin).toEqual([]);
    const received = await api.get<{ data: { serial_number: string }[] }>(
      `/api/ims/transacted-receipts/poItem/serials/${lineId}`,
    );
    expect(received.data.map((s) => s.serial_number)).toEqual([serial]);
  } finally {
    await close();
  }
});

test('transfer scan at 390 px with the polyfill forced (no BarcodeDetector): one scan per appearance of the UPC, each accepted as a wedge scan', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { product } = await stockedProduct(request, { qty: 2, tracked: false, pick: 22 });
  const admin = await apiAs(request, 'admin');
  const { ims_transaction_reference_id: ref } = await admin.send<{ ims_transaction_reference_id: string }>(
    'POST',
    '/api/ims/committed-transfers',
    {
      fromBucket: 'RUBY',
      toBucket: 'RUBY_B_STOCK',
      model: product.model_number,
      requestedQuantity: 2,
      committedById: 'admin',
      scanningRequired: true,
    },
  );
  // The UPC in view for 2 s (about 16 reads of the video), then out of view for 2.5 s, over and over.
  const { browser, close } = await browserWithCamera([
    { code: { bcid: 'upca', text: product.upc! }, seconds: 2 },
    { seconds: 2.5 },
  ]);
  try {
    const page = await cameraPage(browser, { width: 390, height: 844 });
    await page.addInitScript(() => {
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
    const camera = await watchCamera(page);
    const submits = await recordSubmits(page);
    await signInAs(page, 'warehouse-lead');
    await page.goto(`/inventory/transfer/${encodeURIComponent(product.model_number)}?from_bucket=RUBY`);
    await page.getByTestId('committed-transfers-row').filter({ hasText: ref }).getByTestId('scan-transfer').click();
    const dialog = page.getByTestId('transfer-scan-dialog');
    await expect(dialog.getByTestId('transfer-scan-upc')).toBeFocused();
    expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

    await dialog.getByTestId('camera-scan-button').click();
    const cam = page.getByTestId('camera-scan-dialog');
    await expect(cam).toHaveAttribute('data-detector', 'polyfill', { timeout: 20_000 });
    await fitsThePhone(page);
    // The first appearance: the same message a typed scan gives (transfer-page.spec.ts).
    await expect(dialog.getByTestId('scan-feedback')).toHaveText(`Scanned ${product.upc}`, { timeout: 20_000 });
    await expect(dialog.getByTestId('scan-progress')).toContainText('Scanned: 1 / 2');
    await shot(page, 'transfer-camera-390.png');
    await expect(dialog.getByTestId('scan-progress')).toContainText('Scanned: 2 / 2', { timeout: 20_000 });
    await expect(dialog.getByTestId('scan-complete')).toBeVisible();

    // Two appearances, two scans: the second came after the 2.5 s out of view, not in the frames after the first.
    const all = await submits();
    expect(all.map(({ field, value }) => [field, value])).toEqual([
      ['transfer-scan-upc', product.upc],
      ['transfer-scan-upc', product.upc],
    ]);
    expect(all[1]!.at - all[0]!.at).toBeGreaterThan(2_500);
    const transfer = await admin.get<{ total_scanned_quantity: number }>(`/api/ims/committed-transfers/${ref}`);
    expect(transfer.total_scanned_quantity).toBe(2);
    await expect(cam).toHaveCount(0);
    expect(await camera.tracks()).toEqual((await camera.tracks()).map(() => 'ended'));
    expect(camera.offOrigin).toEqual([]);
  } finally {
    await close();
  }
});

test("a browser's own BarcodeDetector that reads the formats is used; Close Camera turns the camera off and typed scans go on as before", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { po, product } = await setupPo(request, { qty: 2, tracked: false, pick: 7 });
  // The video is not read here: the detector below answers for it.
  const { browser, close } = await browserWithCamera([{ seconds: 1 }]);
  try {
    const page = await cameraPage(browser, { width: 1440, height: 900 });
    await page.addInitScript((upc) => {
      const w = window as unknown as { __aim: boolean; BarcodeDetector: unknown };
      w.__aim = false;
      w.BarcodeDetector = class {
        static getSupportedFormats() {
          return Promise.resolve(['qr_code', 'upc_a', 'ean_13', 'code_128']);
        }
        detect() {
          // As a native detector may report a UPC-A: EAN-13 with a leading 0.
          return Promise.resolve(
            w.__aim
              ? [
                  {
                    rawValue: `0${upc}`,
                    format: 'ean_13',
                    boundingBox: { x: 0, y: 0, width: 10, height: 10 },
                    cornerPoints: [],
                  },
                ]
              : [],
          );
        }
      };
    }, product.upc!);
    const camera = await watchCamera(page);
    await signInAs(page, 'warehouse-2');
    await page.goto(`/purchase-orders/review/${po.id}`);
    await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
    const dialog = page.getByTestId('receiving-dialog');
    await expect(dialog.getByTestId('receiving-upc')).toBeFocused();

    await dialog.getByTestId('camera-scan-button').click();
    const cam = page.getByTestId('camera-scan-dialog');
    await expect(cam).toHaveAttribute('data-detector', 'native', { timeout: 20_000 });
    await expect(cam.getByTestId('camera-scan-status')).toHaveText('Aim the red line at a barcode.');
    await shot(page, 'receiving-camera-1440.png');
    await page.evaluate(() => ((window as unknown as { __aim: boolean }).__aim = true));
    await expect(dialog.getByTestId('scan-feedback')).toContainText(`Received ${product.model_number} into KY01`);
    await expect(cam.getByTestId('camera-scan-status')).toHaveText(`Read ${product.upc}`);
    await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
    // Held in view: still one scan.
    await page.waitForTimeout(1_000);
    await expect(dialog.getByTestId('scanned-item')).toHaveCount(1);
    await expect(cam.getByTestId('camera-scan-status')).toHaveAttribute('data-count', '1');

    // Where focus goes after Close Camera, as it happens (reading it later would race the scanner refocus below).
    await page.evaluate(() => {
      const w = window as unknown as { __focus: { id: string | null; at: number }[] };
      w.__focus = [];
      document.addEventListener('focusin', (e) =>
        w.__focus.push({ id: (e.target as HTMLElement).getAttribute('data-testid'), at: performance.now() }),
      );
    });
    const closedAt = await cam
      .getByRole('button', { name: 'Close Camera' })
      .click()
      .then(() => page.evaluate(() => performance.now()));
    await expect(cam).toHaveCount(0);
    expect(await camera.tracks()).toEqual(['ended']);
    // Focus returns to the camera button; the UPC field takes it back after the scanner refocus delay (2.1 s,
    // 001 §9), so the next wedge scan lands in the field.
    await expect(dialog.getByTestId('receiving-upc')).toBeFocused({ timeout: 10_000 });
    // (The click itself focuses Close Camera first.)
    const moves = (
      await page.evaluate(() => (window as unknown as { __focus: { id: string | null; at: number }[] }).__focus)
    ).filter((m) => m.id !== 'camera-scan-close');
    expect(moves.map((m) => m.id)).toEqual(['camera-scan-button', 'receiving-upc']);
    expect(moves[0]!.at).toBeLessThanOrEqual(closedAt);
    expect(moves[1]!.at - moves[0]!.at).toBeGreaterThanOrEqual(2_000);
    // The wedge scanner goes on as before.
    await wedgeScan(page, product.upc!);
    await expect(dialog.getByTestId('scanned-item')).toHaveCount(2);
    await expect(dialog.getByTestId('all-received')).toBeVisible();
  } finally {
    await close();
  }
});

test('no camera access: the camera dialog says why (denied, none found), nothing breaks, and the scanner still works', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { po, product } = await setupPo(request, { qty: 1, tracked: false, pick: 12 });
  await page.addInitScript(() => {
    const w = window as unknown as { __cameraError: string };
    w.__cameraError = 'NotAllowedError';
    if (!navigator.mediaDevices) return;
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('camera refused', w.__cameraError));
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'warehouse-2');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-upc')).toBeFocused();

  await dialog.getByTestId('camera-scan-button').click();
  const cam = page.getByTestId('camera-scan-dialog');
  await expect(cam.getByTestId('camera-scan-error')).toHaveText(
    'Camera access was denied. Allow the camera for this site in the browser settings, or scan with the scanner.',
  );
  await fitsThePhone(page);
  await shot(page, 'camera-denied-390.png');
  // Escape closes the camera dialog only.
  await page.keyboard.press('Escape');
  await expect(cam).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await page.evaluate(() => ((window as unknown as { __cameraError: string }).__cameraError = 'NotFoundError'));
  await dialog.getByTestId('camera-scan-button').click();
  await expect(cam.getByTestId('camera-scan-error')).toHaveText(
    'No camera was found on this device. Scan with the scanner.',
  );
  await cam.getByRole('button', { name: 'Close Camera' }).click();
  await expect(cam).toHaveCount(0);

  await dialog.getByTestId('receiving-upc').focus();
  await wedgeScan(page, product.upc!);
  await expect(dialog.getByTestId('scan-feedback')).toContainText(`Received ${product.model_number} into KY01`);
});
