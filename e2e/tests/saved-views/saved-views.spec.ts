import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { selectOption } from '../../support/select';
import { signInAs } from '../../support/session';
import { shoot } from '../../support/shots';

const SHOTS = 'test-results/shots/saved-views';

/**
 * Saved views (docs/decisions.md, "Saved views"): a list's filters, sort and columns kept under a name, picked from the Views control, and
 * a default view that a list opened bare takes. The PO test is purchasing-3's (no other test signs in as it), so its
 * default view changes no other test's list; every test deletes the views it made.
 */

type TView = { id: number; name: string; is_default: boolean };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const viewsButton = (page: Page) => page.getByTestId('saved-views');

async function deleteViews(request: Parameters<typeof apiAs>[0], username: string, list: string) {
  const api = await apiAs(request, username);
  const { data } = await api.get<{ data: TView[] }>(`/api/saved-views?list=${list}`);
  for (const view of data) await api.send('DELETE', `/api/saved-views/${view.id}`);
}

async function saveViewAs(page: Page, name: string) {
  await viewsButton(page).click();
  await page.getByTestId('saved-view-save-as').click();
  const dialog = page.getByRole('dialog', { name: 'Save view as' });
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(viewsButton(page)).toHaveText(`View: ${name}`);
}

async function pickView(page: Page, name: string) {
  await viewsButton(page).click();
  await page.getByTestId('saved-view-option').filter({ hasText: name }).click();
}

/** Each test deletes the views it made, of its own user and list only (the tests run side by side). */
const cleanUp = (username: string, list: string) =>
  test.afterEach(async ({ request }) => {
    await deleteViews(request, username, list);
  });

test.describe('saved views of the PO list', () => {
  cleanUp('purchasing-3', 'purchase-orders');

  test('PO list: filters and sort saved as a view, picked after a bare reload, and applied as the default', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const api = await apiAs(request, 'purchasing-3');
    const vendor = await api.send<{ id: number; company_name: string }>('POST', '/api/vendor/', {
      company_name: `E2E Views ${unique()}`,
      vendor_type: 'sales',
    });
    const po = (location: string) =>
      api.send<{ purchase_ref_id: string }>('POST', '/api/purchase', {
        vendorId: vendor.id,
        location_code: location,
        purchaseOrderType: 'Default',
        shippingRequirements: 'Default',
      });
    const ky = await po('KY01');
    const az = await po('AZ02');

    await signInAs(page, 'purchasing-3');
    await page.goto('/purchase-orders');
    await expect(viewsButton(page)).toHaveText('Views');
    const refs = page.getByTestId('po-table').getByTestId('po-ref-id');
    const shipTo = page.getByRole('columnheader', { name: 'Ship To' });

    // Filters and sort, set on the screen.
    const vendorFilter = page.getByRole('region', { name: 'Filters' }).getByRole('combobox', { name: 'Vendor' });
    await vendorFilter.fill(vendor.company_name);
    await page.getByRole('option', { name: vendor.company_name, exact: true }).click();
    await selectOption(page, page.getByRole('combobox', { name: 'Paid' }), 'No');
    await shipTo.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sortBy=\w+&sortOrder=asc|[?&]sortOrder=asc.*sortBy=/);
    await expect(refs).toHaveText([az.purchase_ref_id, ky.purchase_ref_id]);
    const name = `By ship-to ${unique()}`;
    await saveViewAs(page, name);

    // Opened bare: no default yet, so nothing applies.
    const loaded = page.waitForResponse((r) => r.url().includes('/api/saved-views?list=purchase-orders'));
    await page.goto('/purchase-orders');
    await loaded;
    await expect(viewsButton(page)).toHaveText('Views');
    await expect(page).not.toHaveURL(/selectedVendor|sortBy/);

    // Picking the view puts its filters and sort back.
    await pickView(page, name);
    await expect(page).toHaveURL(new RegExp(`[?&]selectedVendor=${vendor.id}(&|$)`));
    await expect(page).toHaveURL(/[?&]paid=No(&|$)/);
    await expect(shipTo).toHaveAttribute('aria-sort', 'ascending');
    await expect(refs).toHaveText([az.purchase_ref_id, ky.purchase_ref_id]);
    await expect(viewsButton(page)).toHaveText(`View: ${name}`);

    // A change shows as changed; Update keeps it in the view.
    await page.getByTestId('sort-order-toggle').click();
    await expect(refs).toHaveText([ky.purchase_ref_id, az.purchase_ref_id]);
    await expect(viewsButton(page)).toHaveText(`View: ${name} (changed)`);
    await viewsButton(page).click();
    const updated = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/saved-views/'),
    );
    await page.getByTestId('saved-view-update').click();
    expect((await updated).status()).toBe(200);
    await expect(viewsButton(page)).toHaveText(`View: ${name}`);

    // Make it the default, then open the list fresh: the view applies.
    await viewsButton(page).click();
    const defaulted = page.waitForResponse((r) => r.url().endsWith('/default'));
    await page.getByTestId('saved-view-default').click();
    expect((await defaulted).status()).toBe(200);
    await page.goto('/purchase-orders');
    await expect(page).toHaveURL(new RegExp(`[?&]selectedVendor=${vendor.id}(&|$)`), { timeout: 20_000 });
    await expect(refs).toHaveText([ky.purchase_ref_id, az.purchase_ref_id]);
    await expect(shipTo).toHaveAttribute('aria-sort', 'descending');
    await expect(viewsButton(page)).toHaveText(`View: ${name}`);
    await viewsButton(page).click();
    await expect(page.getByTestId('saved-view-option').filter({ hasText: name }).getByLabel('default')).toBeVisible();
    await page.keyboard.press('Escape');

    // A link with its own filters is not overridden by the default.
    await page.goto('/purchase-orders?selectedShipToLocation=KY01');
    await expect(page.getByRole('combobox', { name: 'Ship To' })).toHaveText('KY01');
    await expect(page).not.toHaveURL(/selectedVendor/);
  });
});

test.describe('saved views of products', () => {
  cleanUp('developer', 'products');

  test('products: a hidden column saved as a view comes back when the view is picked', async ({ page }) => {
    await signInAs(page, 'developer');
    await page.goto('/products');
    const upc = page.getByRole('columnheader', { name: 'UPC' });
    await expect(upc).toBeVisible();
    await upc.hover();
    await upc.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('menuitem', { name: 'Hide column' }).click();
    await expect(upc).toBeHidden();
    await expect(page).toHaveURL(/[?&]columns=[^&]*model_number/);
    await expect(page).not.toHaveURL(/columns=[^&]*upc/);
    const name = `No UPC ${unique()}`;
    await saveViewAs(page, name);

    await page.goto('/products');
    await expect(page.getByRole('columnheader', { name: 'Model' })).toBeVisible();
    await expect(upc).toBeVisible();
    await pickView(page, name);
    await expect(upc).toBeHidden();
    await expect(page.getByRole('columnheader', { name: 'Description' })).toBeVisible();
    await expect(viewsButton(page)).toHaveText(`View: ${name}`);
  });
});

test.describe('saved views of AP invoices', () => {
  cleanUp('finance-lead', 'ap-invoices');

  test('AP invoices: the search is in the URL and a saved view fills the search form again', async ({ page }) => {
    await signInAs(page, 'finance-lead');
    await page.goto('/accounts-payable-invoices');
    const form = page.getByRole('form', { name: 'Search Invoices' });
    const number = `E2E-VIEW-${unique()}`;
    await form.getByLabel('Invoice Number').fill(number);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]invoice_number=${number}(&|$)`));
    const name = `Invoice ${unique()}`;
    await saveViewAs(page, name);

    await page.goto('/accounts-payable-invoices');
    await expect(form.getByLabel('Invoice Number')).toHaveValue('');
    const searched = page.waitForRequest((r) => r.url().includes(`invoice_number=${number}`));
    await pickView(page, name);
    await searched;
    await expect(form.getByLabel('Invoice Number')).toHaveValue(number);
  });
});

test.describe('saved views of contacts and bins', () => {
  // customer-service-3 signs in nowhere else, so its default views change no other test's list.
  cleanUp('customer-service-3', 'contacts');
  cleanUp('customer-service-3', 'bins');

  test('contacts and bins: a search (and the bins sort) saved as the default view opens with the list', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'customer-service-3');

    // Contacts: the search is the URL's; the default view fills the fields again on a bare open.
    await page.goto('/contacts');
    const last = `Viewless${unique()}`;
    await page.getByLabel('Last Name').fill(last);
    await page.getByLabel('Last Name').press('Enter');
    await expect(page.getByTestId('contact-no-results')).toBeVisible();
    const contactsView = `Contacts ${unique()}`;
    await saveViewAs(page, contactsView);
    await viewsButton(page).click();
    const defaulted = page.waitForResponse((r) => r.url().endsWith('/default'));
    await page.getByTestId('saved-view-default').click();
    expect((await defaulted).status()).toBe(200);
    await page.goto('/contacts');
    await expect(page).toHaveURL(new RegExp(`[?&]lastName=${last}(&|$)`), { timeout: 20_000 });
    await expect(page.getByLabel('Last Name')).toHaveValue(last);
    await expect(page.getByTestId('contact-no-results')).toBeVisible();
    await expect(viewsButton(page)).toHaveText(`View: ${contactsView}`);

    // Bins: the sort and the search, in the URL, kept as the default view.
    await page.goto('/inventory/bins');
    await expect(page.getByRole('heading', { name: 'Recently Created Bins' })).toBeVisible();
    await selectOption(page, page.getByTestId('bins-sort').locator('..'), 'Bin name A-Z');
    await expect(page.getByRole('heading', { name: 'Bins Alphabetical by Bin Name' })).toBeVisible();
    const term = `NOBIN${unique()}`;
    await page.getByTestId('bins-search').fill(term);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${term}(&|$)`));
    const binsView = `Bins ${unique()}`;
    await saveViewAs(page, binsView);
    await viewsButton(page).click();
    await page.getByTestId('saved-view-default').click();
    await page.goto('/inventory/bins');
    await expect(page.getByRole('heading', { name: 'Bins Alphabetical by Bin Name' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('bins-search')).toHaveValue(term);
    await expect(page.getByTestId('bins-table')).toContainText('No data to display.');
    await expect(viewsButton(page)).toHaveText(`View: ${binsView}`);
  });
});

test.describe('saved views of the vendor table', () => {
  // purchasing-3 opens the vendor table in no other test, so its default view here changes no other test's table.
  cleanUp('purchasing-3', 'vendors');

  test('vendor table: its search saved as the default view opens with the dialog, beside the PO list’s own view', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const api = await apiAs(request, 'purchasing-3');
    const name = `E2E Vendor View ${unique()}`;
    const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
      company_name: name,
      vendor_type: 'sales',
      rep: 'Pat Rep',
    });
    await signInAs(page, 'purchasing-3');
    await page.goto('/purchase-orders');
    const openTable = async () => {
      await page.getByTestId('create-po-panel').getByRole('button', { name: 'Edit/Delete Vendor' }).click();
      return page.getByRole('dialog', { name: 'Vendors' });
    };
    let table = await openTable();
    const views = table.getByTestId('saved-views');
    await expect(views).toHaveText('Views');
    await table.getByLabel('Search Vendors').fill(name);
    await expect(table.getByTestId('vendor-row')).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]vendorSearch=E2E/);

    const viewName = `Vendors ${unique()}`;
    await views.click();
    await page.getByTestId('saved-view-save-as').click();
    const naming = page.getByRole('dialog', { name: 'Save view as' });
    await naming.getByLabel('View name').fill(viewName);
    await naming.getByRole('button', { name: 'Save' }).click();
    await expect(naming).toBeHidden();
    await expect(views).toHaveText(`View: ${viewName}`);
    // The PO list's own Views control is not the vendor table's: it still names no view.
    await expect(page.getByTestId('saved-views').first()).toHaveText('Views');
    await views.click();
    const defaulted = page.waitForResponse((r) => r.url().endsWith('/default'));
    await page.getByTestId('saved-view-default').click();
    expect((await defaulted).status()).toBe(200);
    await shoot(page, SHOTS, 'vendor-table-views');

    // The creation is in the vendor's history, named in words, in the drawer.
    await table.getByRole('button', { name: `History of Vendor ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Vendor ${name}` });
    await expect(drawer.getByTestId('history-entry').first()).toContainText(
      `Created (Company Name: ${name}, Vendor Type: sales, Rep: Pat Rep, Program Name: Default`,
    );
    await shoot(page, SHOTS, 'vendor-history-drawer');
    await drawer.getByRole('button', { name: 'Close history' }).click();

    // Closed, the table leaves the PO list's URL; opened again bare, it takes the default view.
    await table.getByRole('button', { name: 'Close' }).click();
    await expect(table).toBeHidden();
    await expect(page).not.toHaveURL(/vendorSearch=/);
    table = await openTable();
    await expect(table.getByLabel('Search Vendors')).toHaveValue(name, { timeout: 20_000 });
    await expect(table.getByTestId('vendor-row')).toHaveCount(1);
    await expect(table.getByTestId('vendor-row')).toContainText('Pat Rep');
    await expect(table.getByTestId('saved-views')).toHaveText(`View: ${viewName}`);
    expect(vendor.id).toBeGreaterThan(0);
  });
});

test.describe("saved views of a model's submitted transfers", () => {
  cleanUp('admin', 'transacted-transfers');

  test('submitted transfers: a search saved as a view narrows the table again when picked', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, 'admin');
    const model = (await api.get<{ data: { model_number: string }[] }>('/api/product?page=1')).data[0]!.model_number;
    const row = (id: number, ref: string, to: string, notes: string | null) => ({
      id,
      ims_transaction_reference_id: ref,
      product: { id: 1, model, product_title: model },
      transferred_quantity: id,
      transferred_at: '2026-01-0' + id + 'T10:00:00.000Z',
      transferred_by_name: 'admin',
      transfer_notes: notes,
      from_bucket: 'RUBY',
      to_bucket: to,
      pos_transfer_batch_ref_id: null,
      pos_transfer_batch_name: null,
    });
    // The model's submitted transfers as the list call answers them (making real ones takes stock and scans).
    await page.route(
      (url) => url.pathname === '/api/ims/transacted-transfers',
      (route) =>
        route.fulfill({
          json: {
            data: [row(2, 'TR-VIEW-2', 'RUBY_B_STOCK', 'Damaged box'), row(1, 'TR-VIEW-1', 'KY01', null)],
          },
        }),
    );
    await signInAs(page, 'admin');
    await page.goto(`/inventory/transfer/${encodeURIComponent(model)}`);
    const rows = page.getByTestId('transacted-transfers-row');
    await expect(rows).toHaveCount(2, { timeout: 30_000 });
    await page.getByLabel('Search Submitted Transfers').fill('damaged');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('TR-VIEW-2');
    const name = `Damaged ${unique()}`;
    await saveViewAs(page, name);

    await page.goto(`/inventory/transfer/${encodeURIComponent(model)}`);
    await expect(rows).toHaveCount(2, { timeout: 30_000 });
    await expect(viewsButton(page)).toHaveText('Views');
    await pickView(page, name);
    await expect(page.getByLabel('Search Submitted Transfers')).toHaveValue('damaged');
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Search Submitted Transfers').fill('nothing-like-it');
    const empty = page.getByTestId('transacted-transfers-no-match');
    await expect(empty).toContainText('No submitted transfers match "nothing-like-it".');
    await empty.getByRole('button', { name: 'Clear search' }).click();
    await expect(rows).toHaveCount(2);
  });
});
