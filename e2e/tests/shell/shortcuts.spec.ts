import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { setupPo } from '../../support/receiving';
import { selectOption } from '../../support/select';
import { focusPage, signInAs, wedgeScan } from '../../support/session';

/** Keyboard shortcuts, save confirmations and empty states (issue 37; docs/decisions.md, "Keyboard shortcuts"). */

async function vendorWithPos(request: Parameters<typeof apiAs>[0], count: number) {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number; company_name: string }>('POST', '/api/vendor/', {
    company_name: `E2E Keys ${Date.now()}`,
    vendor_type: 'sales',
  });
  const pos: { id: number; purchase_ref_id: string }[] = [];
  for (let i = 0; i < count; i++)
    pos.push(await api.send('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'RUBY' }));
  return { api, vendor, pos };
}

// Each test signs in and builds its POs; on a loaded machine that takes more than the default 30 s.
test.slow();

const toast = (page: Page, text: string) => page.getByTestId('toasts').getByRole('alert').filter({ hasText: text });

test('? lists the shortcuts of the screen, grouped; Alt-N opens a new PO for a buyer', async ({ page, request }) => {
  const { vendor, pos } = await vendorWithPos(request, 1);
  await signInAs(page, 'purchasing-1');
  await page.goto(`/purchase-orders?selectedVendor=${vendor.id}`);
  await page.getByTestId('po-ref-id').first().click();
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/review/${pos[0]!.id}$`));
  await expect(page.getByTestId('po-header')).toBeVisible();
  await focusPage(page);
  await page.keyboard.press('Shift+?');
  const list = page.getByTestId('shortcuts-dialog');
  await expect(list).toBeVisible();
  await expect(list.getByRole('region', { name: 'Everywhere' })).toContainText('New purchase order');
  await expect(list.getByRole('region', { name: 'Everywhere' })).toContainText('Search');
  await expect(list.getByRole('region', { name: 'Forms' })).toContainText('Save the PO (Update PO)');
  await expect(list).toContainText('Ctrl+S');
  await list.getByRole('button', { name: 'Close' }).click();

  // Alt-N: the PO list, its Create PO panel's vendor field focused.
  await page.keyboard.press('Alt+n');
  await expect(page).toHaveURL(/\/purchase-orders$/);
  await expect(page.getByTestId('create-po-vendor').locator('input')).toBeFocused();
});

test('Alt-N does nothing for a role that may not create a PO, and is not listed', async ({ page }) => {
  await signInAs(page, 'sales-1');
  await page.goto('/purchase-orders');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await page.goto('/');
  await focusPage(page);
  await page.keyboard.press('Alt+n');
  // A person's next key comes well after the scanner's 50 ms gap (a plain key that close is taken as a scan's).
  await page.waitForTimeout(200);
  await page.keyboard.press('Shift+?');
  const list = page.getByTestId('shortcuts-dialog');
  await expect(list).toBeVisible();
  await expect(list).not.toContainText('New purchase order');
  await expect(page).toHaveURL(/\/$/);
});

test('letter keys do nothing in a field; Ctrl-S saves the PO header from one, and the confirmation names the PO', async ({
  page,
  request,
}) => {
  const { pos } = await vendorWithPos(request, 1);
  const po = pos[0]!;
  await signInAs(page, 'purchasing-1');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const field = page.getByTestId('po-header').getByLabel('Vendor Order #');
  await field.fill('');
  await field.pressSequentially('jk?/g h', { delay: 80 });
  await expect(field).toHaveValue('jk?/g h');
  await expect(page.getByTestId('shortcuts-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/review/${po.id}$`));
  await page.keyboard.press('Control+s');
  await expect(toast(page, `PO ${po.purchase_ref_id} saved`)).toBeVisible();
  await expect(page.getByTestId('po-header').getByRole('button', { name: 'Update PO' })).toBeDisabled();
  await page.reload();
  // A fresh load fetches the page's chunk again: slow on a loaded machine.
  await expect(page.getByTestId('po-header').getByLabel('Vendor Order #')).toHaveValue('jk?/g h', { timeout: 30_000 });
});

test('Ctrl-S saves the vendor dialog; the confirmation names the vendor under the spec wording', async ({ page }) => {
  await signInAs(page, 'purchasing-admin');
  await page.goto('/purchase-orders');
  await page.getByRole('button', { name: 'Add New Vendor' }).click();
  const form = page.getByRole('dialog', { name: 'Create a New Vendor' });
  const name = `E2E Ctrl-S ${Date.now()}`;
  await selectOption(page, form.getByRole('combobox', { name: 'Vendor Type' }), 'Sales');
  await form.getByLabel('Company Name').fill(name);
  await form.getByLabel('Company Name').press('Control+s');
  await expect(form).toBeHidden();
  await expect(toast(page, `Vendor ${name} saved`)).toContainText('Vendor Created!');
});

test('j and k move to the next and previous PO of the list the user came from', async ({ page, request }) => {
  const { vendor } = await vendorWithPos(request, 3);
  await signInAs(page, 'purchasing-1');
  await page.goto(`/purchase-orders?selectedVendor=${vendor.id}`);
  const links = page.getByTestId('po-ref-id');
  await expect(links).toHaveCount(3);
  const refs = await links.allTextContents();
  await links.first().click();
  const heading = page.getByTestId('record-sequence');
  await expect(heading).toContainText('1 of 3');
  await focusPage(page);
  await page.keyboard.press('j');
  await expect(heading).toContainText('2 of 3');
  await expect(page.getByTestId('po-header-accordion').or(page.getByTestId('po-header'))).toBeVisible();
  await page.keyboard.press('j');
  await expect(heading).toContainText('3 of 3');
  await page.keyboard.press('k');
  await expect(heading).toContainText('2 of 3');
  await page.getByRole('button', { name: 'Previous PO' }).click();
  await expect(heading).toContainText('1 of 3');
  expect(refs).toHaveLength(3);
});

test('an empty PO list says why and offers the next step', async ({ page }) => {
  await signInAs(page, 'purchasing-1');
  await page.goto('/purchase-orders?poNumber=no-such-po-e2e');
  const empty = page.getByTestId('po-no-results');
  await expect(empty).toContainText('No purchase orders match these filters.', { timeout: 30_000 });
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/purchase-orders$/);
  await expect(page.getByTestId('po-ref-id').first()).toBeVisible();
});

test('a wedge-speed scan into the receiving scan field is received and triggers no shortcut', async ({
  page,
  request,
}) => {
  const { po, product } = await setupPo(request, { qty: 2, tracked: false, pick: 11 });
  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  const upcField = dialog.getByTestId('receiving-upc');
  await expect(upcField).toBeFocused();
  await page.keyboard.type(product.upc!, { delay: 0 });
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('scan-feedback')).toContainText(product.model_number);
  await expect(page.getByTestId('shortcuts-dialog')).toHaveCount(0);
  await expect(page.getByTestId('search-input')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Outside any field, a scan made of shortcut keys goes to the global scan routes, not to the shortcuts.
  await focusPage(page);
  await wedgeScan(page, 'jk/g?h12');
  await expect(toast(page, 'No serial number jk/g?h12 was found.').or(toast(page, 'jk/g?h12'))).toBeVisible();
  await expect(page.getByTestId('shortcuts-dialog')).toHaveCount(0);
  await expect(page.getByTestId('search-input')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/review/${po.id}$`));
});
