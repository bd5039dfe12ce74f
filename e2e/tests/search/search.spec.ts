import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { stockedProduct } from '../../support/transfers';

/** Search everywhere (docs/decisions.md, "Search everywhere"): Ctrl+K, type, Enter opens the first hit. */

test('Ctrl+K finds a PO by its number and Enter opens it', async ({ page, request }) => {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Search ${Date.now()}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number; purchase_ref_id: string }>('POST', '/api/purchase', {
    vendorId: vendor.id,
    location_code: 'RUBY',
  });
  await signInAs(page, 'purchasing-admin');
  await page.goto('/');
  await expect(page.getByTestId('search-button')).toHaveAccessibleName('Search (Ctrl+K)');
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await input.fill(po.purchase_ref_id);
  await expect(page.getByTestId('search-hit').first()).toContainText(po.purchase_ref_id);
  await expect(page.getByRole('listbox')).toContainText('Purchase orders');
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/review/${po.id}$`));
});

test('the search button finds a serial; the arrow keys and Enter open its serial page', async ({ page, request }) => {
  const { serials } = await stockedProduct(request, { qty: 1, tracked: true, pick: 30 });
  const serial = serials[0]!;
  await signInAs(page, 'warehouse-1');
  await page.goto('/');
  await page.getByTestId('search-button').click();
  const input = page.getByTestId('search-input');
  await input.fill(serial.toLowerCase());
  const hit = page.getByTestId('search-hit').filter({ hasText: serial });
  await expect(hit).toBeVisible();
  await expect(page.getByRole('listbox')).toContainText('Serials');
  // The exact serial is the first hit: down then up comes back to it.
  await input.press('ArrowDown');
  await input.press('ArrowUp');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/inventory-serials\/\d+$/);
  await expect(page.getByText(serial).first()).toBeVisible();
});
