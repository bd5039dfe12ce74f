import { expect, test } from '@playwright/test';
import { signInAs, signInAtHome } from '../../support/session';
import { selectOption } from '../../support/select';

async function menuItems(page: import('@playwright/test').Page, group: string): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: group }).click();
  // The list is a chunk of its own (warmed a few seconds after the shell starts): wait for it on a first open.
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

// Wide enough for every group on the app bar (narrower, those without room are under More: app-bar.spec.ts).
test.use({ viewport: { width: 1920, height: 1080 } });

test.describe('menu and route permissions', () => {
  test('warehouse-1 sees a small menu without Admin', async ({ page }) => {
    await signInAtHome(page, 'warehouse-1');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    // A group with nothing for the role is not shown (issue 37).
    await expect(nav.getByRole('button', { name: 'Accounting' })).toHaveCount(0);
    const search = await menuItems(page, 'Search');
    expect(search).toContain('Inventory');
    expect(search).not.toContain('Purchase Orders');
  });

  test('admin sees the Admin menu and purchasing items', async ({ page }) => {
    await signInAtHome(page, 'admin');
    const admin = await menuItems(page, 'Admin');
    expect(admin).toContain('Bucket Updater');
    expect(admin).toContain('Daily Received');
    expect(admin).not.toContain('Role Editor');
    const search = await menuItems(page, 'Search');
    expect(search).toContain('Purchase Orders');
  });

  test('a buyer finds the pages it may open in its menus, not only on the home list (no Admin menu)', async ({
    page,
  }) => {
    await signInAtHome(page, 'purchasing-1');
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Admin' }),
    ).toHaveCount(0);
    expect(await menuItems(page, 'Search')).toEqual(
      expect.arrayContaining(['Shipping Templates', 'Bucket Buffers', 'Sellout Threat', 'Brand Purchasing']),
    );
    expect(await menuItems(page, 'Status Boards')).toContain('Peak Days Fulfillment');
    expect(await menuItems(page, 'Create')).toContain('Home Page Carousel');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Search' }).click();
    await page.getByRole('menuitem', { name: 'Shipping Templates' }).click();
    await expect(page).toHaveURL(/\/shipping-templates$/);
    await expect(page.getByRole('heading', { name: 'Shipping Templates' })).toBeVisible();
    await expect(page.getByTestId('permission-denied')).toHaveCount(0);
  });

  test('a forbidden route shows the refusal text', async ({ page }) => {
    await signInAs(page, 'warehouse-1');
    await page.goto('/purchase-orders');
    await expect(page.getByTestId('permission-denied')).toHaveText(
      'Your warehouse-1 role does not have permission for purchase-order:view',
    );
    await page.goto('/contacts');
    await expect(page.getByTestId('permission-denied')).toHaveText(
      'Your warehouse-1 role does not have permission for sales-desk:manage',
    );
  });

  test('an unmatched path shows the 404 page', async ({ page }) => {
    await signInAs(page, 'sales-1');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Resource Not Found' })).toBeVisible();
  });

  test('the developer sees the site map and can view the app as another role', async ({ page }) => {
    await signInAtHome(page, 'developer');
    await expect(page.getByTestId('site-map')).toBeVisible();
    await selectOption(page, page.getByTestId('view-as-role').locator('..'), 'warehouse-1');
    await expect(page.getByTestId('site-map')).toHaveCount(0);
    await page.goto('/purchase-orders');
    await expect(page.getByTestId('permission-denied')).toHaveText(
      'Your warehouse-1 role does not have permission for purchase-order:view',
    );
  });

  test('the location switcher stores its index and restores it', async ({ page }) => {
    await signInAtHome(page, 'warehouse-2');
    await selectOption(page, page.getByTestId('location-switcher').locator('..'), 'KY01');
    expect(await page.evaluate(() => localStorage.getItem('storageLocationIndex'))).toBe('2');
    await page.reload();
    await expect(page.getByTestId('location-switcher').locator('..')).toContainText('KY01');
  });
});
