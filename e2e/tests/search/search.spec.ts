import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { stockedProduct } from '../../support/transfers';

type TRef = { ims_transaction_reference_id: string; legacy_pos_invoice_id: string };

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

/** Opens search with its button, types `q` and clicks the hit that shows `label` (and `secondary`, when given). */
async function openHit(page: Page, q: string, label: string, secondary?: string) {
  await page.getByTestId('search-button').click();
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await input.fill(q);
  let hit = page.getByTestId('search-hit').filter({ hasText: label });
  if (secondary) hit = hit.filter({ hasText: secondary });
  await hit.first().click();
  await expect(input).toHaveCount(0);
}

test('an invoice hit opens the invoice list filtered to that invoice', async ({ page, request }) => {
  const api = await apiAs(request, 'developer');
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
  const number = `SQI-${id}`;
  // The same number at two vendors (a number is unique per vendor), and a longer one at the first.
  const vendors: { id: number; company_name: string }[] = [];
  for (const name of ['Alder', 'Birch']) {
    vendors.push(await api.send('POST', '/api/vendor/', { company_name: `E2E ${name} ${id}`, vendor_type: 'sales' }));
  }
  for (const [vendor, invoiceNumber] of [
    [vendors[0]!, number],
    [vendors[1]!, number],
    [vendors[0]!, `${number}-2`],
  ] as const) {
    await api.send('POST', '/api/accounts-payable-invoice', {
      invoice_number: invoiceNumber,
      invoice_amount: 10,
      invoice_date: '2025-01-02',
      vendor: vendor.id,
    });
  }
  await signInAs(page, 'developer');
  await page.goto('/');
  await openHit(page, number, number, vendors[1]!.company_name);
  await expect(page).toHaveURL(
    new RegExp(`/accounts-payable-invoices\\?invoice_number=${number}&vendor=${vendors[1]!.id}$`),
  );
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(vendors[1]!.company_name);
  // The search form shows the filter it opened with, and Clear empties the URL with it.
  const form = page.getByRole('form', { name: 'Search Invoices' });
  await expect(form.getByLabel('Invoice Number')).toHaveValue(number);
  await expect(form.getByRole('combobox', { name: 'Vendor' })).toHaveValue(vendors[1]!.company_name);
  // A second hit opened from the list itself shows the other vendor's invoice.
  await openHit(page, number, number, vendors[0]!.company_name);
  await expect(page).toHaveURL(new RegExp(`vendor=${vendors[0]!.id}$`));
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${number}-2` })).toHaveCount(1);
  await expect(form.getByRole('combobox', { name: 'Vendor' })).toHaveValue(vendors[0]!.company_name);
  await form.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/accounts-payable-invoices$/);
});

test('each other kind of hit opens its record', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { product } = await stockedProduct(request, { qty: 3, tracked: false, pick: 31 });
  const model = product.model_number;
  const api = await apiAs(request, 'developer');
  const stamp = Date.now().toString(36).toUpperCase();
  const transfer = await api.send<TRef>('POST', '/api/ims/committed-transfers', {
    fromBucket: 'RUBY',
    toBucket: 'RUBY_B_STOCK',
    model,
    requestedQuantity: 1,
    scanningRequired: false,
  });
  const pos = await apiAs(request, 'sales-1');
  const sale = (invoice: string) =>
    pos.send<TRef>('POST', '/api/ims/committed-sales', {
      legacyPosInvoiceId: invoice,
      model,
      quantity: 1,
      sourceBucket: 'RUBY',
    });
  const open = await sale(`E2E-SQ-${stamp}-O`);
  const sold = await sale(`E2E-SQ-${stamp}-T`);
  await api.send('POST', `/api/ims/committed-sales/${sold.ims_transaction_reference_id}/transact`, {});
  const contact = await api.send<{ id: number }>('POST', '/api/contact/store', {
    first_name: 'Sequoia',
    last_name: `Searchly${stamp}`,
    state: 'KY',
  });
  const bin = await api.send<{ binName: string }>('POST', '/api/ims/bins', {
    row: 77,
    bay: Math.floor(Math.random() * 90) + 10,
    shelf: Math.floor(Math.random() * 90) + 10,
    locationCode: 'KY01',
    conditionCode: 'NEW',
  });

  await signInAs(page, 'developer');
  await page.goto('/');

  await openHit(page, model, model);
  await expect(page).toHaveURL(new RegExp(`/inventory/detail/model/${model}$`));
  await expect(page.getByText(model).first()).toBeVisible();

  await openHit(page, transfer.ims_transaction_reference_id, transfer.ims_transaction_reference_id);
  await expect(page).toHaveURL(new RegExp(`/inventory/transfer/${model}\\?from_bucket=RUBY$`));
  await expect(page.getByText(transfer.ims_transaction_reference_id)).toBeVisible();

  await openHit(page, open.ims_transaction_reference_id, open.ims_transaction_reference_id);
  await expect(page).toHaveURL(new RegExp(`/boards/committed-sales\\?search=E2E-SQ-${stamp}-O$`));
  await expect(
    page.locator(`[data-testid="committed-sale-row"][data-reference="${open.ims_transaction_reference_id}"]`),
  ).toBeVisible();

  // A transacted sale has left the board: its hit opens its transaction page.
  await openHit(page, sold.legacy_pos_invoice_id, sold.ims_transaction_reference_id, 'transacted');
  await expect(page).toHaveURL(new RegExp(`/inventory-transactions/${sold.ims_transaction_reference_id}$`));
  await expect(page.getByTestId('sale-transaction')).toContainText(sold.legacy_pos_invoice_id);

  await openHit(page, `Searchly${stamp}`, `Sequoia Searchly${stamp}`);
  await expect(page).toHaveURL(new RegExp(`/contacts/details\\?id=${contact.id}$`));
  await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue(`Searchly${stamp}`);

  await openHit(page, bin.binName, bin.binName);
  await expect(page).toHaveURL(new RegExp(`/inventory/bins/assignment/KY01/${bin.binName}$`));
  await expect(page.getByText(bin.binName).first()).toBeVisible();
});
