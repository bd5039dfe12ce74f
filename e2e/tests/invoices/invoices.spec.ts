import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from '../../support/session';

/**
 * Accounts-payable invoices and finance companies (001 §2, §5, §8). /accounts-payable-invoices carries no
 * permission in the spec, so it needs dev-route:view: the tests sign in as the developer.
 */

const CREATED = 'Successfully Created Accounts Payable Invoice!';
const DUPLICATE_NUMBER = 'This vendor already has an invoice with this number.';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      username: 'developer',
      password: DEMO_PASSWORD,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).access_token as string;
}

/** Demo data has no vendors: one is made through the vendors module's POST /api/vendor/, or null when that call is not there. */
async function createVendor(
  request: APIRequestContext,
  token: string,
  companyName: string,
): Promise<{ id: number; company_name: string } | null> {
  const res = await request.post('/api/vendor/', {
    headers: { authorization: `Bearer ${token}` },
    data: { company_name: companyName, vendor_type: 'sales' },
  });
  if (res.status() === 404) return null;
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function createFinanceCompany(
  request: APIRequestContext,
  token: string,
  companyName: string,
): Promise<{ id: number; company_name: string }> {
  const res = await request.post('/api/finance-company/', {
    headers: { authorization: `Bearer ${token}` },
    data: { company_name: companyName },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function createInvoice(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.post('/api/accounts-payable-invoice', {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<{ id: number; invoice_number: string }>;
}

/** A vendor for the test, or the test is marked fixme while the vendors module's create call is missing. */
async function vendorOrFixme(request: APIRequestContext, token: string, name: string) {
  const vendor = await createVendor(request, token, name);
  test.fixme(
    vendor === null,
    'POST /api/vendor/ (vendors module) does not answer yet: demo data has no vendors, so no invoice can be made.',
  );
  return vendor!;
}

const createForm = (page: Page) => page.getByRole('form', { name: 'Create Accounts Payable Invoice' });
const searchForm = (page: Page) => page.getByRole('form', { name: 'Search Invoices' });
const invoiceRows = (page: Page) => page.getByTestId('invoice-row');

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function searchByNumber(page: Page, text: string) {
  await searchForm(page).getByLabel('Invoice Number').fill(text);
  await searchForm(page).getByRole('button', { name: 'Search' }).click();
}

test('creates a finance company; a taken name shows the error under Company Name', async ({ page }) => {
  const name = `E2E Finance ${stamp()}`;
  await signInAs(page, 'developer');
  await page.goto('/finance-company/create');
  await expect(page.getByRole('heading', { name: 'Create Finance Company' })).toBeVisible();
  const field = page.getByLabel('Company Name');
  await field.fill(name);
  await page.getByRole('button', { name: 'Create Finance Company' }).click();
  await expect(page.getByTestId('finance-company-notice')).toHaveText('Successfully Created Finance Company!');
  await expect(field).toHaveValue('');

  await field.fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Create Finance Company' }).click();
  await expect(field).toHaveAccessibleDescription('A finance company with this name already exists.');
});

test('creates an invoice: submit waits for the required fields, the success message shows for 5 s and the row appears; a duplicate number shows the error under Invoice Number', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const id = stamp();
  const vendor = await vendorOrFixme(request, token, `E2E Vendor ${id}`);
  const finance = await createFinanceCompany(request, token, `E2E Floorplan ${id}`);
  const number = `E2E-INV-${id}`;

  await signInAs(page, 'developer');
  await page.goto('/accounts-payable-invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts Payable Invoices' })).toBeVisible();
  const form = createForm(page);
  const submit = form.getByRole('button', { name: 'Create Invoice' });
  await expect(submit).toBeDisabled();
  await pick(page, form, 'Vendor', vendor.company_name);
  await expect(submit).toBeDisabled();
  await form.getByLabel('Invoice Number').fill(number);
  await expect(submit).toBeDisabled();
  await form.getByLabel('Invoice Amount').fill('1234.56');
  await expect(submit).toBeEnabled();
  await form.getByLabel('Invoice Date').fill('2025-03-10');
  await form.getByLabel('Due Date').fill('2025-04-09');
  await pick(page, form, 'Finance Company', finance.company_name);
  await submit.click();

  const notice = page.getByTestId('invoice-create-notice');
  await expect(notice).toHaveText(CREATED);
  await expect(form.getByLabel('Invoice Number')).toHaveValue('');
  const row = invoiceRows(page).filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(vendor.company_name);
  await expect(row).toContainText('$1,234.56');
  await expect(row).toContainText('2025-04-09');
  await expect(row).toContainText(finance.company_name);
  await expect(notice).toBeHidden({ timeout: 6_500 });

  // The same number for the same vendor: the server's field error under Invoice Number, cleared on edit.
  await pick(page, form, 'Vendor', vendor.company_name);
  await form.getByLabel('Invoice Number').fill(number);
  await form.getByLabel('Invoice Amount').fill('10');
  await submit.click();
  const numberField = form.getByLabel('Invoice Number');
  await expect(numberField).toHaveAccessibleDescription(DUPLICATE_NUMBER);
  await expect(page.getByTestId('invoice-create-notice')).toHaveCount(0);
  await numberField.fill(`${number}-2`);
  await expect(form.getByText(DUPLICATE_NUMBER)).toHaveCount(0);
});

test('searches invoices by invoice number', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = stamp();
  const vendor = await vendorOrFixme(request, token, `E2E Search Vendor ${id}`);
  await createInvoice(request, token, {
    invoice_number: `SRCH-${id}-ALPHA`,
    invoice_amount: 10,
    invoice_date: '2025-01-02',
    vendor: vendor.id,
  });
  await createInvoice(request, token, {
    invoice_number: `SRCH-${id}-BETA`,
    invoice_amount: 20,
    invoice_date: '2025-01-03',
    vendor: vendor.id,
  });

  await signInAs(page, 'developer');
  await page.goto('/accounts-payable-invoices');
  await searchByNumber(page, `srch-${id}`.toLowerCase());
  await expect(invoiceRows(page)).toHaveCount(2);
  await searchByNumber(page, `${id}-ALPHA`);
  await expect(invoiceRows(page)).toHaveCount(1);
  await expect(invoiceRows(page)).toContainText(`SRCH-${id}-ALPHA`);
  await searchByNumber(page, `${id}-GAMMA`);
  await expect(invoiceRows(page)).toHaveCount(0);
  await expect(page.getByText('No data to display.')).toBeVisible();
});

test('deletes an unlinked invoice from its row', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = stamp();
  const vendor = await vendorOrFixme(request, token, `E2E Delete Vendor ${id}`);
  const invoice = await createInvoice(request, token, {
    invoice_number: `DEL-${id}`,
    invoice_amount: 55.5,
    invoice_date: '2025-01-02',
    vendor: vendor.id,
  });

  await signInAs(page, 'developer');
  await page.goto('/accounts-payable-invoices');
  await expect(page.getByRole('columnheader', { name: 'Delete' })).toBeVisible();
  await searchByNumber(page, invoice.invoice_number);
  const row = invoiceRows(page).filter({ hasText: invoice.invoice_number });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('invoice-table-notice')).toHaveText(`Invoice ${invoice.invoice_number} was deleted.`);
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No data to display.')).toBeVisible();
});

test('Link PO takes the PO number a person reads; an unknown number is named under the field', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const id = stamp();
  const vendor = await vendorOrFixme(request, token, `E2E Link Vendor ${id}`);
  const poRes = await request.post('/api/purchase', {
    headers: { authorization: `Bearer ${token}` },
    data: { vendorId: vendor.id, location_code: 'KY01' },
  });
  expect(poRes.ok(), await poRes.text()).toBe(true);
  const po = (await poRes.json()) as { id: number; purchase_ref_id: string };
  const invoice = await createInvoice(request, token, {
    invoice_number: `LNK-${id}`,
    invoice_amount: 12.5,
    invoice_date: '2025-01-02',
    vendor: vendor.id,
  });

  await signInAs(page, 'developer');
  await page.goto('/accounts-payable-invoices');
  await searchByNumber(page, invoice.invoice_number);
  const row = invoiceRows(page).filter({ hasText: invoice.invoice_number });
  await row.getByRole('button', { name: 'Link PO' }).click();
  const dialog = page.getByRole('dialog', { name: `Link PO to invoice ${invoice.invoice_number}` });
  await dialog.getByLabel('PO Number').fill('W999999');
  await dialog.getByRole('button', { name: 'Link PO' }).click();
  await expect(dialog.getByText('No purchase order has the number W999999.')).toBeVisible();
  await dialog.getByLabel('PO Number').fill(po.purchase_ref_id.toLowerCase());
  await dialog.getByRole('button', { name: 'Link PO' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('link', { name: po.purchase_ref_id })).toHaveAttribute(
    'href',
    `/purchase-orders/review/${po.id}`,
  );
  await expect(row.getByRole('button', { name: 'Un-Link PO' })).toBeVisible();
});
