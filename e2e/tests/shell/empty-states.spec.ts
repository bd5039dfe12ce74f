import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot } from '../../support/shots';

/**
 * Empty states on the main lists (issue 37; docs/decisions.md, "Empty states on every main list"): a filter that
 * matches nothing shows the no-match state (the spec's own sentence where it gives one) and its Clear action brings
 * the rows back; a next step that needs a right is offered only to a role that holds it.
 */

// Each test signs in and loads a list page; on a loaded machine that takes more than the default 30 s.
test.slow();

const NOTHING = `zz-no-match-${Date.now()}`;
const SHOTS = '/tmp/wt-empty-shots';

test('products: no match says so in the grid and Clear filters restores the rows', async ({ page }) => {
  await signInAs(page, 'developer');
  await page.goto(`/products?modelTerm=${NOTHING}`);
  const empty = page.getByTestId('products-no-results');
  await expect(empty).toContainText('No results to display', { timeout: 30_000 });
  const model = page.getByRole('textbox', { name: 'Model' });
  await expect(model).toHaveValue(NOTHING);
  await shoot(page, SHOTS, 'products-no-match');
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(model).toHaveValue('');
  await expect(page.getByTestId('product-grid').getByRole('row').nth(1)).toBeVisible();
  await expect(empty).toBeHidden();
});

test('contacts: a search without a match says No Results and offers Create New Customer', async ({ page }) => {
  await signInAs(page, 'sales-1');
  await page.goto('/contacts');
  await page.getByLabel('Last Name').fill(NOTHING);
  await page.getByLabel('Last Name').press('Enter');
  const empty = page.getByTestId('contact-no-results');
  await expect(empty).toContainText('No Results');
  await empty.getByRole('link', { name: 'Create New Customer' }).click();
  await expect(page).toHaveURL(/\/contacts\/create$/);
});

test('vendors: no match offers Clear search, which restores the rows', async ({ page }) => {
  await signInAs(page, 'purchasing-admin');
  await page.goto('/purchase-orders');
  await page.getByTestId('create-po-panel').getByRole('button', { name: 'Edit/Delete Vendor' }).click();
  const table = page.getByRole('dialog', { name: 'Vendors' });
  await expect(table.getByTestId('vendor-row').first()).toBeVisible();
  await table.getByLabel('Search Vendors').fill(NOTHING);
  const empty = table.getByTestId('vendors-no-results');
  await expect(empty).toContainText(`No vendors match "${NOTHING}".`);
  await expect(table.getByTestId('vendor-row')).toHaveCount(0);
  await empty.getByRole('button', { name: 'Clear search' }).click();
  await expect(table.getByLabel('Search Vendors')).toHaveValue('');
  await expect(table.getByTestId('vendor-row').first()).toBeVisible();
});

test('bins: no match offers Clear search, which restores the rows', async ({ page }) => {
  await signInAs(page, 'warehouse-1');
  await page.goto('/inventory/bins');
  await expect(page.getByTestId('bin-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('bins-search').fill(NOTHING);
  const empty = page.getByTestId('bins-no-results');
  await expect(empty).toContainText('No data to display.');
  await empty.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('bins-search')).toHaveValue('');
  await expect(page.getByTestId('bin-row').first()).toBeVisible();
});

test('bins: a location without bins offers Add New Bin Location to bin:admin only', async ({ page }) => {
  // The demo locations all hold bins: the list call answers an empty page, as for a new location.
  await page.route('**/api/ims/bins?*', (route) =>
    route.fulfill({ json: { data: [], total: 0, page: 1, perPage: 10 } }),
  );
  for (const [role, offered] of [
    ['warehouse-admin', true],
    ['warehouse-1', false],
  ] as const) {
    await signInAs(page, role);
    await page.goto('/inventory/bins');
    const empty = page.getByTestId('bins-none-yet');
    await expect(empty).toContainText('has no bins yet.', { timeout: 30_000 });
    const add = empty.getByRole('button', { name: 'Add New Bin Location' });
    await shoot(page, SHOTS, `bins-none-yet-${role}`);
    if (offered) {
      await add.click();
      await expect(page.getByRole('dialog')).toBeVisible();
    } else await expect(add).toHaveCount(0);
  }
});

test('audits: no match offers Clear search, which restores the rows', async ({ page, request }) => {
  const api = await apiAs(request, 'warehouse-1');
  const name = `E2E Empty ${Date.now()}`;
  await api.send('POST', '/api/audit-scans', { audit_batch_name: name, default_audit_bucket: 'RUBY' });
  await signInAs(page, 'warehouse-1');
  await page.goto('/inventory/audit-scans');
  const search = page.getByTestId('audits-search');
  await search.fill(name);
  await expect(page.getByTestId('audit-batch-row')).toHaveCount(1);
  await search.fill(NOTHING);
  const empty = page.getByTestId('audits-no-results');
  await expect(empty).toContainText(`No audits match "${NOTHING}".`);
  await empty.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('audit-batch-row').filter({ hasText: name })).toHaveCount(1);
});

test('invoices: no match offers Clear filters, which empties the search and restores the rows', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, 'developer');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Empty ${Date.now()}`,
    vendor_type: 'sales',
  });
  await api.send('POST', '/api/accounts-payable-invoice', {
    invoice_number: `EMPTY-${Date.now()}`,
    invoice_amount: 10,
    invoice_date: '2025-01-02',
    vendor: vendor.id,
  });
  await signInAs(page, 'developer');
  await page.goto('/accounts-payable-invoices');
  const form = page.getByRole('form', { name: 'Search Invoices' });
  const rows = page.getByTestId('invoice-row');
  await form.getByLabel('Invoice Number').fill(NOTHING);
  await form.getByRole('button', { name: 'Search' }).click();
  const empty = page.getByTestId('invoices-no-results');
  await expect(empty).toContainText('No data to display.');
  await expect(rows).toHaveCount(0);
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(form.getByLabel('Invoice Number')).toHaveValue('');
  await expect(rows.first()).toBeVisible();
});

/**
 * "Nothing yet" (docs/decisions.md, "Empty states on every main list"): the demo data fills these lists, so the list
 * call answers an empty list, as on a fresh data folder; the next step is offered only to a role that may take it.
 */
test('products: none yet offers Create New Product', async ({ page }) => {
  // The list is a developers' page (dev-route:view), the right to create a product too: the step is always offered.
  await page.route(
    (url) => url.pathname === '/api/product',
    (route) => route.fulfill({ json: { data: [], total: 0, page: 1, per_page: 100 } }),
  );
  await signInAs(page, 'developer');
  await page.goto('/products');
  const empty = page.getByTestId('products-none-yet');
  await expect(empty).toContainText('No results to display', { timeout: 30_000 });
  await expect(page.getByTestId('products-no-results')).toHaveCount(0);
  await shoot(page, SHOTS, 'products-none-yet');
  await empty.getByRole('link', { name: 'Create New Product' }).click();
  await expect(page).toHaveURL(/\/products\/create$/);
});

test('vendors: none yet offers Add New Vendor, which opens the vendor form', async ({ page }) => {
  await page.route(
    (url) => /^\/api\/vendor\/?$/.test(url.pathname),
    (route) => (route.request().method() === 'GET' ? route.fulfill({ json: { data: [] } }) : route.continue()),
  );
  await signInAs(page, 'purchasing-admin');
  await page.goto('/purchase-orders');
  await page.getByTestId('create-po-panel').getByRole('button', { name: 'Edit/Delete Vendor' }).click();
  const table = page.getByRole('dialog', { name: 'Vendors' });
  const empty = table.getByTestId('vendors-none-yet');
  await expect(empty).toContainText('No vendors yet.');
  await expect(table.getByTestId('vendor-row')).toHaveCount(0);
  await shoot(page, SHOTS, 'vendors-none-yet');
  await empty.getByRole('button', { name: 'Add New Vendor' }).click();
  await expect(page.getByRole('dialog', { name: 'Create a New Vendor' })).toBeVisible();
});

test('invoices: none yet points to the create form above the list', async ({ page }) => {
  // Every role that opens the page may enter invoices (its access), so the hint names the form.
  await page.route(
    (url) => url.pathname === '/api/accounts-payable-invoice',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { data: [], total: 0, page: 1, per_page: 10 } })
        : route.continue(),
  );
  await signInAs(page, 'finance-lead');
  await page.goto('/accounts-payable-invoices');
  const empty = page.getByTestId('invoices-none-yet');
  await expect(empty).toContainText('No data to display.', { timeout: 30_000 });
  await expect(empty).toContainText('Enter the first invoice in the form above.');
  await expect(page.getByTestId('invoice-row')).toHaveCount(0);
  await shoot(page, SHOTS, 'invoices-none-yet');
  await expect(page.getByRole('button', { name: 'Create Invoice' })).toBeVisible();
});
