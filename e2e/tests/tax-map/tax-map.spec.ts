import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * The tax map (issue 13 item 5; 002 §2 /tax-map, §4 "Tax cell"): a click toggles a cell and saves it (it survives a
 * reload); a failed save puts the cell back. Screenshots (E2E_SHOTS=1) at 1440 and 390 px in /tmp/wt-tax-map-shots/.
 */
const SHOTS = '/tmp/wt-tax-map-shots';

const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

/** Opens the page and waits for the table (its three reads; slow on a loaded machine). */
const openTaxMap = async (page: Page) => {
  await page.goto('/tax-map');
  await expect(page.getByRole('heading', { name: 'Collect and Remit Tax' })).toBeVisible();
  await expect(page.getByTestId('tax-cell-amazon-AL')).toBeVisible({ timeout: 30_000 });
};

const isPut = (url: string) => (r: import('@playwright/test').Response) =>
  r.request().method() === 'PUT' && r.url().endsWith(url);

test('a click toggles a tax cell and saves it: it survives a reload, and toggles back', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'developer');
  await openTaxMap(page);
  const cell = page.getByTestId('tax-cell-walts-CA');
  // Demo data: Walt's collects only in AZ, KY and TX; the marketplaces wherever there is a sales tax.
  await expect(cell).not.toBeChecked();
  await expect(page.getByTestId('tax-cell-walts-KY')).toBeChecked();
  await expect(page.getByTestId('tax-cell-amazon-OR')).not.toBeChecked();
  await shoot(page, 'tax-map');

  const saved = page.waitForResponse(isPut('/api/platformStateTaxMap/walts/CA/1'));
  await cell.click();
  await expect(cell).toBeChecked();
  expect((await saved).status()).toBe(200);
  await openTaxMap(page);
  await expect(page.getByTestId('tax-cell-walts-CA')).toBeChecked();

  const back = page.waitForResponse(isPut('/api/platformStateTaxMap/walts/CA/0'));
  await page.getByTestId('tax-cell-walts-CA').click();
  expect((await back).status()).toBe(200);
  await openTaxMap(page);
  await expect(page.getByTestId('tax-cell-walts-CA')).not.toBeChecked();
});

test('a failed save puts the cell back and says so', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'developer');
  await openTaxMap(page);
  const cell = page.getByTestId('tax-cell-walmart-MT');
  await expect(cell).not.toBeChecked();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/platformStateTaxMap/walmart/MT/1', async (route) => {
    await held;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'try again' }),
    });
  });
  await cell.click();
  // Optimistic: checked while the save is on its way.
  await expect(cell).toBeChecked();
  release();
  await expect(cell).not.toBeChecked();
  await expect(page.getByTestId('tax-map-error')).toContainText(
    'The tax setting could not be saved. MT / walmart: try again',
  );
  await page.unroute('**/api/platformStateTaxMap/walmart/MT/1');
  await openTaxMap(page);
  await expect(page.getByTestId('tax-cell-walmart-MT')).not.toBeChecked();
});

test('without dev-route:view the page refuses', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/tax-map');
  await expect(page.getByTestId('permission-denied')).toHaveText(
    'Your admin role does not have permission for dev-route:view',
  );
});
