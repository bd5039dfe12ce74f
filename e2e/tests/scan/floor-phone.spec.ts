import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { auditProduct, createAuditByApi } from '../../support/audits';
import { printedBinnedItem } from '../../support/picking';
import { setupPo } from '../../support/receiving';
import { signInAs, wedgeScan } from '../../support/session';
import { stockedProduct } from '../../support/transfers';
import { snapshot } from '../../support/shots';

/**
 * The floor screens one-handed on a phone (360-412 px). The scan field and the last result in the
 * top 40 % of the screen, every target of the working area at least 48 px tall, the camera button in the bottom
 * half at the right (a right thumb's reach). Opened as warehouse users.
 */
interface TFloorScreen {
  /** The working area (a dialog's paper, a page's form); its targets are measured. */
  area: Locator;
  scanField: Locator;
  result: Locator;
  /** The screen's camera button, when the page has more than one. */
  camera?: Locator;
}

const SCREENS: Record<string, (page: Page, request: APIRequestContext, n: number) => Promise<TFloorScreen>> = {
  async 'receiving a PO'(page, request, n) {
    const { po } = await setupPo(request, { qty: 2, tracked: true, pick: 14 + n });
    await signInAs(page, 'warehouse-admin');
    await page.goto(`/purchase-orders/review/${po.id}`);
    await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
    const dialog = page.getByTestId('receiving-dialog');
    await expect(dialog.getByTestId('receiving-upc')).toBeFocused();
    // A refusal, so the last result has something to show.
    await wedgeScan(page, '000000000017');
    await expect(dialog.getByTestId('scan-feedback')).toHaveAttribute('data-kind', 'bad');
    return {
      area: dialog.locator('.MuiDialog-paper'),
      scanField: dialog.getByTestId('receiving-upc'),
      result: dialog.getByTestId('scan-feedback'),
    };
  },
  async 'a transfer by scan'(page, request, n) {
    const { product } = await stockedProduct(request, { qty: 1, tracked: true, pick: 24 + n });
    const admin = await apiAs(request, 'admin');
    const { ims_transaction_reference_id: ref } = await admin.send<{ ims_transaction_reference_id: string }>(
      'POST',
      '/api/ims/committed-transfers',
      {
        fromBucket: 'RUBY',
        toBucket: 'RUBY_B_STOCK',
        model: product.model_number,
        requestedQuantity: 1,
        committedById: 'admin',
        scanningRequired: true,
      },
    );
    await signInAs(page, 'warehouse-lead');
    await page.goto(`/inventory/transfer/${encodeURIComponent(product.model_number)}?from_bucket=RUBY`);
    await page.getByTestId('committed-transfers-row').filter({ hasText: ref }).getByTestId('scan-transfer').click();
    const dialog = page.getByTestId('transfer-scan-dialog');
    await expect(dialog.getByTestId('transfer-scan-upc')).toBeFocused();
    await wedgeScan(page, '000000000017');
    await expect(dialog.getByTestId('scan-feedback')).toHaveAttribute('data-kind', 'bad');
    return {
      area: dialog.locator('.MuiDialog-paper'),
      scanField: dialog.getByTestId('transfer-scan-upc'),
      result: dialog.getByTestId('scan-feedback'),
    };
  },
  async 'counting an audit'(page, request, n) {
    const { product, stamp } = await auditProduct(request, { qty: 1, tracked: true, pick: 12 + n });
    const batch = await createAuditByApi(request, 'warehouse-admin', `E2E floor phone ${stamp}`);
    await signInAs(page, 'warehouse-admin');
    await page.goto('/inventory/audit-scans');
    await page
      .getByTestId('audit-batch-row')
      .filter({ hasText: batch.audit_batch_name })
      .getByTestId('audit-batch-link')
      .click();
    const form = page.getByTestId('request-item-form');
    await form.getByTestId('request-model').fill(product.model_number);
    await page.getByRole('option', { name: product.model_number, exact: true }).click();
    await form.getByTestId('request-item').click();
    const dialog = page.getByTestId('audit-scan-dialog');
    await expect(dialog.getByTestId('audit-scan-upc')).toBeFocused();
    await wedgeScan(page, '000000000017');
    await expect(dialog.getByTestId('scan-feedback')).toHaveAttribute('data-kind', 'bad');
    return {
      area: dialog.locator('.MuiDialog-paper'),
      scanField: dialog.getByTestId('audit-scan-upc'),
      result: dialog.getByTestId('scan-feedback'),
      // The audit page's own scan field (request by UPC) has its camera too, under the dialog.
      camera: dialog.getByTestId('camera-scan-button'),
    };
  },
  async 'picking by scan'(page, request, n) {
    const item = await printedBinnedItem(request, 'KY01', n);
    await signInAs(page, 'warehouse-1');
    await page.goto(`/pick-item/${item.pickListItemId}`);
    await expect(page.getByTestId('pick-upc')).toBeFocused();
    await wedgeScan(page, '000000000017');
    const form = page.locator('form').filter({ has: page.getByTestId('pick-upc') });
    return { area: form, scanField: page.getByTestId('pick-upc'), result: page.getByTestId('pick-upc-helper') };
  },
  async 'bin contents'(page, request) {
    const item = await printedBinnedItem(request, 'KY01', 0);
    await signInAs(page, 'warehouse-admin');
    await page.goto(`/inventory/bins/assignment/KY01/${encodeURIComponent(item.suggestedBin!.binName)}`);
    await expect(page.getByTestId('bin-upc-input')).toBeVisible();
    const area = page.locator('.MuiPaper-root').filter({ has: page.getByTestId('bin-upc-input') });
    return { area, scanField: page.getByTestId('bin-upc-input'), result: page.getByTestId('bin-scan-feedback') };
  },
};

/** The heights of the area's visible buttons, links and fields (a field's box, the whole outlined input). */
async function targetHeights(area: Locator) {
  return area.evaluate((root) =>
    [
      ...root.querySelectorAll(
        'button, a[href], [role="button"], [role="combobox"], .MuiInputBase-root, .MuiFormControlLabel-root',
      ),
    ]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      })
      // A field's inner parts are measured through its outlined box.
      .filter((el) => !el.closest('.MuiInputBase-root') || el.classList.contains('MuiInputBase-root'))
      .map((el) => ({
        what: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).slice(0, 40),
        height: Math.round(el.getBoundingClientRect().height),
      })),
  );
}

let n = 0;
for (const [width, height] of [
  [390, 844],
  [360, 740],
] as const) {
  for (const [name, open] of Object.entries(SCREENS)) {
    test(`at ${width}x${height}, ${name}: scan field and last result on top, big targets, camera in thumb reach`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height });
      const screen = await open(page, request, n++ % 2);
      const field = (await screen.scanField.boundingBox())!;
      const result = (await screen.result.boundingBox())!;
      expect(field.y, 'the scan field is in the top 40 %').toBeLessThan(height * 0.4);
      expect(result.y, 'the last result is in the top 40 %').toBeLessThan(height * 0.4);

      const targets = await targetHeights(screen.area);
      expect(targets.length, 'the working area has its buttons and fields').toBeGreaterThan(2);
      const small = targets.filter((t) => t.height < 48);
      expect(small, 'targets under 48 px').toEqual([]);

      const camera = (await (screen.camera ?? page.getByTestId('camera-scan-button')).boundingBox())!;
      expect(camera.height).toBeGreaterThanOrEqual(48);
      expect(camera.y + camera.height / 2, 'the camera button is in the bottom half').toBeGreaterThan(height / 2);
      expect(camera.x + camera.width / 2, 'at the right, for a right thumb').toBeGreaterThan(width / 2);
      expect(camera.y + camera.height).toBeLessThanOrEqual(height);
      await snapshot(page, test.info().outputPath(`${name.replace(/\W+/g, '-')}-${width}.png`));
    });
  }
}
