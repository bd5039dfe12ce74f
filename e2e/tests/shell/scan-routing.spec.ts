import { expect, test } from '@playwright/test';
import { focusPage, signInAtHome, wedgeScan } from '../../support/session';

test.describe('global scan handling', () => {
  test('BINASSIGN= goes to the bin assignment page', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    await focusPage(page);
    await wedgeScan(page, 'BINASSIGN=KY01_R01-B02-S03');
    await expect(page).toHaveURL(/\/inventory\/bins\/assignment\/KY01\/R01-B02-S03$/);
    await expect(page.getByRole('heading', { name: 'Bin Contents' })).toBeVisible();
  });

  test('PLI= goes to the pick item page', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    await focusPage(page);
    await wedgeScan(page, 'PLI=4412');
    await expect(page).toHaveURL(/\/pick-item\/4412$/);
  });

  test('a UPC goes to the product detail of its model', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('keystone.session') ?? '{}').accessToken as string,
    );
    const models = await page.request.get('/api/ims/products/models?model=GE', {
      headers: { authorization: `Bearer ${token}` },
    });
    const model = (await models.json()).data[0].model as string;
    const product = await page.request.get(`/api/ims/products?model=${encodeURIComponent(model)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const upc = (await product.json()).data[0].upc as string;
    await focusPage(page);
    await wedgeScan(page, upc);
    await expect(page).toHaveURL(new RegExp(`/inventory/detail/model/${model}$`));
  });

  test('an unknown UPC goes to the search by UPC', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    await focusPage(page);
    await wedgeScan(page, '999999999993');
    await expect(page).toHaveURL(/\/inventory\/search\?searchBy=upc&searchValue=999999999993$/);
  });

  test('an unknown serial says so and stays on the page', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    await focusPage(page);
    await wedgeScan(page, 'NOSUCHSERIAL-ZZ9');
    await expect(
      page.getByRole('alert').filter({ hasText: 'No serial number NOSUCHSERIAL-ZZ9 was found.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('with the network gone a scan still gets its word: the toasts were fetched while it was there', async ({
    page,
    context,
  }) => {
    await signInAtHome(page, 'warehouse-2');
    // The shell fetches its on-demand parts (toasts, the outbox chip) a few seconds after it starts.
    await page.waitForTimeout(5_000);
    await context.setOffline(true);
    await focusPage(page);
    await wedgeScan(page, 'OFFLINE-SERIAL-1');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The search for serial number OFFLINE-SERIAL-1 got no response.' }),
    ).toBeVisible();
    await expect(page.getByTestId('logout-link')).toBeVisible();
    await context.setOffline(false);
  });

  test('a scan typed into a form field does not navigate', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.setAttribute('data-testid', 'probe');
      document.body.appendChild(input);
    });
    await page.getByTestId('probe').focus();
    await wedgeScan(page, 'PLI=4412');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('probe')).toHaveValue('PLI=4412');
  });

  test('slow human typing outside a field is not a scan', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    await focusPage(page);
    await wedgeScan(page, 'PLI=4412', 120);
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
  });
});
