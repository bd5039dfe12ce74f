import { expect, test, type Locator, type Page } from '@playwright/test';
import { setupPo } from '../../support/receiving';
import { wedgeScan, wedgeScans, signInAs } from '../../support/session';
import { snapshot } from '../../support/shots';

test.use({ viewport: { width: 390, height: 844 } });

/** The dialog fills the phone's screen and nothing in it needs a sideways scroll. */
async function fitsThePhone(page: Page, dialog: Locator) {
  const paper = dialog.locator('.MuiDialog-paper');
  const box = await paper.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // No sideways scroll inside the dialog, and every field, button and line of text ends on screen.
  const content = dialog.locator('.MuiDialogContent-root');
  expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const offscreen = await paper.evaluate((el) =>
    [
      ...el.querySelectorAll(
        'input:not([type=checkbox]):not([type=radio]):not([aria-hidden]), button, p, h6, li, [role="status"], [role="alert"]',
      ),
    ]
      .map((c) => [c.textContent?.slice(0, 30) ?? c.tagName, c.getBoundingClientRect()] as const)
      .filter(([, r]) => r.width > 0 && (r.left < -1 || r.right > 391))
      .map(([name]) => name),
  );
  expect(offscreen).toEqual([]);
  expect(await page.evaluate(() => window.innerWidth)).toBe(390);
}

test('at 390 px the Receiving and Un-Receiving dialogs fit the screen and scan feedback is never cut off', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { po, product } = await setupPo(request, { qty: 2, tracked: true, pick: 11 });
  const stamp = Date.now().toString(36).toUpperCase();
  await signInAs(page, 'admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-upc')).toBeFocused();
  await fitsThePhone(page, dialog);

  // A long refusal wraps inside the feedback box: all of it is on screen.
  await wedgeScans(page, [product.upc!, `PH${stamp}A`]);
  await expect(dialog.getByTestId('scan-feedback')).toContainText(`Received ${product.model_number} (PH${stamp}A)`);
  // Two lines of text at this width: the box grows to hold them, even on a short screen where the dialog's
  // content scrolls (a grid row must not squeeze it).
  await page.setViewportSize({ width: 390, height: 520 });
  await expect
    .poll(() =>
      dialog
        .getByTestId('scan-feedback')
        .evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.clientHeight > 40),
    )
    .toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await wedgeScan(page, '123456789012'.replace(product.upc!, '123456789029'));
  const feedback = dialog.getByTestId('scan-feedback');
  await expect(feedback).toHaveAttribute('data-kind', 'bad');
  const fb = (await feedback.boundingBox())!;
  expect(fb.x).toBeGreaterThanOrEqual(0);
  expect(fb.x + fb.width).toBeLessThanOrEqual(390);
  expect(await feedback.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await fitsThePhone(page, dialog);
  await snapshot(page, test.info().outputPath('receiving-390.png'));
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('po-line-card').getByRole('button', { name: 'Un-Receive' }).click();
  const un = page.getByTestId('unreceiving-dialog');
  await expect(un.getByTestId('unreceive-receipt')).toHaveCount(1);
  await fitsThePhone(page, un);
  await un.getByRole('button', { name: 'Submit Un-Receive' }).click();
  await expect(un.getByTestId('unreceive-feedback')).toContainText('Nothing has been matched yet');
  await snapshot(page, test.info().outputPath('unreceiving-390.png'));
});
