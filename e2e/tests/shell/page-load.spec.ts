import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { login, signInAtHome } from '../../support/session';

/**
 * Loading (issue 8): the page paints a loading shell from index.html alone, each screen is a chunk of its own
 * and the app bar stays while one loads, every page has its own document title, and the app has a favicon.
 */

test('each page has its own document title', async ({ page, request }) => {
  // Eight cold page loads, each fetching its screen's chunk: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  await page.goto('/');
  await expect(page).toHaveTitle('Log In · Keystone POS');
  await login(page, 'purchasing-admin');
  await expect(page).toHaveTitle('Home · Keystone POS');

  await page.goto('/purchase-orders');
  await expect(page.getByTestId('po-table')).toBeVisible();
  await expect(page).toHaveTitle('Purchase Orders · Keystone POS');
  // Client-side navigation changes it too.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Home · Keystone POS');

  // A refused route still says which page it is; an unknown path says so.
  await page.goto('/contacts');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
  await expect(page).toHaveTitle('Contacts · Keystone POS');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Resource Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Resource Not Found · Keystone POS');

  // A page showing one record names it first.
  const api = await apiAs(request, 'warehouse-1');
  const model = (await api.get<{ data: { model: string }[] }>('/api/ims/products/models?model=GE')).data[0]!.model;
  await page.goto(`/inventory/detail/model/${encodeURIComponent(model)}`);
  await expect(page.getByTestId('product-summary')).toBeVisible();
  await expect(page).toHaveTitle(`${model} · Product Detail · Keystone POS`);
  await page.goto('/inventory/search');
  await expect(page).toHaveTitle('Inventory Search · Keystone POS');

  await page.goto('/scan-labels');
  await expect(page).toHaveTitle('Scan Labels · Keystone POS');
});

test('the app has a favicon, linked from the page and served', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  const res = await request.get('/favicon.svg');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await res.text()).toContain('<svg');
});

test('a loading shell paints from the HTML alone, and React replaces it', async ({ page }) => {
  // No script at all: the page still shows the app bar's colour and the product name.
  await page.route('**/assets/**', (route) => route.abort());
  await page.goto('/');
  const shell = page.getByTestId('loading-shell');
  await expect(shell).toBeVisible();
  await expect(shell).toContainText('Keystone POS');
  expect(
    await shell
      .locator('div')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(31, 58, 95)');

  await page.unroute('**/assets/**');
  await page.reload();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(shell).toHaveCount(0);
});

test('while a screen’s chunk loads, the app bar and menu stay and a progress bar shows', async ({ page }) => {
  await signInAtHome(page, 'purchasing-admin');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/assets\/purchase-orders-list-page-[^/]*\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('menuitem', { name: 'Purchase Orders' }).click();
  await expect(page).toHaveURL(/\/purchase-orders/);
  await expect(page.getByTestId('route-loading')).toBeVisible();
  expect(requested, 'the list screen is a chunk of its own, fetched on first use').toBe(true);
  await expect(page.getByTestId('logout-link')).toHaveText('purchasing-admin');
  await expect(nav.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page).toHaveTitle('Purchase Orders · Keystone POS');

  release();
  await expect(page.getByTestId('po-table')).toBeVisible();
  await expect(page.getByTestId('route-loading')).toHaveCount(0);
});
