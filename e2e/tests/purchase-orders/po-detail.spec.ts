import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { selectOption } from '../../support/select';

interface Product {
  id: number;
  model_number: string;
}

async function setupPo(request: import('@playwright/test').APIRequestContext) {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Appliances ${Date.now()}`,
    vendor_type: 'sales',
    rep: 'Pat Rep',
    rep_email: 'pat@vendor.example',
  });
  const po = await api.send<{ id: number; purchase_ref_id: string }>('POST', '/api/purchase', {
    vendorId: vendor.id,
    location_code: 'KY01',
  });
  const products = (
    await api.send<{ data: Product[] }>('POST', '/api/product/search', { searchKey: 'model_number', searchValue: 'G' })
  ).data;
  return { api, vendor, po, products };
}

async function addProduct(
  page: Page,
  model: string,
  cost: string,
  qty: string,
  discount: string,
  type: 'Percent Off' | 'Dollar Off',
) {
  const panel = page.getByTestId('add-product-panel');
  await panel.getByLabel('Model Number').fill(model);
  await page.getByRole('option', { name: new RegExp(`^${model}`) }).click();
  await panel.getByLabel('Item Cost').fill(cost);
  await panel.getByLabel('Quantity to Order').fill(qty);
  await panel.getByLabel('Discount Amount').fill(discount);
  await selectOption(page, panel.getByLabel('Discount Type'), type);
  await panel.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByTestId('line-model').filter({ hasText: model })).toBeVisible();
}

test('a buyer builds a PO: two products with each discount type, totals, Order Sent locks, e-mail, PDF, finish', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { po, products } = await setupPo(request);
  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await expect(page.getByTestId('po-reference')).toHaveText(po.purchase_ref_id);

  // 200.00 less 12.5 % = 175.00 × 3 = 525.00; 99.99 less $10.49 = 89.50 × 2 = 179.00.
  await addProduct(page, products[0]!.model_number, '200.00', '3', '12.5', 'Percent Off');
  await addProduct(page, products[1]!.model_number, '99.99', '2', '10.49', 'Dollar Off');
  await expect(page.getByTestId('total-sub-total')).toHaveText('$704.00');
  await expect(page.getByTestId('total-balance-due')).toHaveText('$704.00');

  // DFI 2.5 %: 17.60 off.
  await page.getByLabel('DFI Discount Percentage').fill('2.5');
  await page.getByRole('button', { name: 'Update PO' }).click();
  await expect(page.getByTestId('total-dfi-discount-amount')).toHaveText('$17.60');
  await expect(page.getByTestId('total-balance-due')).toHaveText('$686.40');

  // Order Sent locks carrier, tracking and vendor order, and offers Confirm PO From Vendor.
  await selectOption(page, page.getByTestId('po-status').locator('..'), 'Order Sent');
  await page.getByRole('button', { name: 'Update PO' }).click();
  await expect(page.getByLabel('Carrier').first()).toBeDisabled();
  await expect(page.getByLabel('Tracking Number').first()).toBeDisabled();
  await expect(page.getByLabel('Vendor Order #')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Confirm PO From Vendor' })).toBeVisible();

  // E-mail the PO with its PDF.
  await page.getByRole('button', { name: 'Email PO' }).click();
  await expect(page.getByLabel('Vendor Email')).toHaveValue('pat@vendor.example');
  await page.getByLabel('CC (comma separated)').fill('buyer@keystone.example, boss@keystone.example');
  await page.getByLabel('Message').fill('Please confirm by Friday.');
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `e-mailed to pat@vendor.example` })).toBeVisible();

  // Save as PDF downloads purchase-order.pdf.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('purchase-order.pdf');
  expect(
    fs
      .readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Finish asks first, then returns to the list.
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/purchase-orders$/);
});

test('Send PO to Vendor shows the EDI errors of a vendor that cannot take EDI', async ({ page, request }) => {
  const { po } = await setupPo(request);
  await signInAs(page, 'purchasing-2');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByRole('button', { name: 'Send PO to Vendor' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  const errors = page.getByTestId('edi-errors');
  await expect(errors).toContainText('is not set up to receive EDI');
  await expect(errors).toContainText('no lines');
});

test('an unknown PO shows the not-found text with a link to all POs; legacy numbers open their PO', async ({
  page,
  request,
}) => {
  await signInAs(page, 'warehouse-2');
  await page.goto('/purchase-orders/review/99999999');
  await expect(page.getByText('PO 99999999 does not exist.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to all POs' })).toHaveAttribute('href', '/purchase-orders/');
  const api = await apiAs(request, 'warehouse-2');
  const list = await api.get<{ data: { id: number; legacy_po_number: string | null }[] }>('/api/purchase?perPage=100');
  const legacy = list.data.find((p) => p.legacy_po_number);
  expect(legacy, 'the demo data has legacy POs').toBeTruthy();
  await page.goto(`/purchase-orders/review/${legacy!.legacy_po_number}?legacy=true`);
  await expect(page.getByText(`Legacy PO ${legacy!.legacy_po_number}`)).toBeVisible();
});

test.describe('buttons per role family', () => {
  const cases: [string, { edit: boolean; receive: boolean; send: boolean }][] = [
    ['warehouse-2', { edit: false, receive: true, send: false }],
    ['purchasing-1', { edit: true, receive: false, send: false }],
    ['purchasing-2', { edit: true, receive: false, send: true }],
    ['finance-1', { edit: false, receive: false, send: false }],
    ['admin', { edit: true, receive: true, send: true }],
  ];
  for (const [role, can] of cases) {
    test(`${role}`, async ({ page, request }) => {
      const { api, po, products } = await setupPo(request);
      await api.send('POST', '/api/purchase/orderItem', {
        productId: products[0]!.id,
        cost: 10,
        qty: 1,
        purchaseOrderId: po.id,
      });
      await signInAs(page, role);
      await page.goto(`/purchase-orders/review/${po.id}`);
      await expect(page.getByTestId('po-line-card')).toHaveCount(1);
      const card = page.getByTestId('po-line-card');
      await expect(card.getByRole('button', { name: 'Update' })).toHaveCount(can.edit ? 1 : 0);
      await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(can.edit ? 1 : 0);
      await expect(card.getByRole('button', { name: 'Receive' })).toHaveCount(can.receive ? 1 : 0);
      // Nothing received yet: no Un-Receive, no View Serials.
      await expect(card.getByRole('button', { name: 'Un-Receive' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Update PO' })).toHaveCount(can.edit ? 1 : 0);
      await expect(page.getByRole('button', { name: 'Send PO to Vendor' })).toHaveCount(can.send ? 1 : 0);
      await expect(page.getByTestId('add-product-panel')).toHaveCount(can.edit ? 1 : 0);
      // Print and Save as PDF are for anyone who can open the PO.
      await expect(page.getByRole('button', { name: 'Save as PDF' })).toBeVisible();
    });
  }
});

test('attach an invoice on the PO page; it cannot be deleted while linked, and can after un-linking', async ({
  page,
  request,
}) => {
  const { po } = await setupPo(request);
  await signInAs(page, 'admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByRole('button', { name: 'Attach an Invoice' }).click();
  const number = `INV-${Date.now()}`;
  await page.getByLabel('Invoice Number').fill(number);
  await page.getByLabel('Invoice Amount').fill('1234.56');
  await page.getByRole('button', { name: 'Attach Invoice' }).click();
  const invoices = page.getByTestId('po-invoices');
  await expect(invoices).toContainText(number);
  await expect(invoices).toContainText('$1,234.56');
  // 001 §9: a PO-area table pages by 5, 10, 15, 50 or all rows, 10 first.
  await expect(invoices.getByRole('combobox')).toHaveText('10');
  await invoices.getByRole('combobox').click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['5', '10', '15', '50', 'All']);
  await page.getByRole('option', { name: 'All' }).click();
  await expect(invoices.getByRole('combobox')).toHaveText('All');
  await expect(invoices).toContainText(number);

  const api = await apiAs(request, 'admin');
  const attached = await api.get<{ data: { id: number; invoice_number: string }[] }>(
    `/api/accounts-payable-invoice/attached-purchase-orders/${po.id}`,
  );
  const invoice = attached.data.find((i) => i.invoice_number === number)!;
  const refused = await request.delete(`/api/accounts-payable-invoice/${invoice.id}`, {
    headers: { authorization: `Bearer ${api.token}` },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe('An invoice with a linked purchase order cannot be deleted.');

  await invoices.getByRole('button', { name: 'Un-Link PO' }).click();
  await expect(invoices).toContainText('No invoices attached.');
  const deleted = await request.delete(`/api/accounts-payable-invoice/${invoice.id}`, {
    headers: { authorization: `Bearer ${api.token}` },
  });
  expect(deleted.status()).toBe(204);
});

test('the model PO reconciliation report lists the POs of a model, searched by Enter', async ({ page, request }) => {
  const { api, po, products } = await setupPo(request);
  await api.send('POST', '/api/purchase/orderItem', {
    productId: products[2]!.id,
    cost: 50,
    qty: 7,
    purchaseOrderId: po.id,
  });
  await signInAs(page, 'sales-1');
  await page.goto('/reports/model-po-reconciliation');
  await page.getByLabel('Model').fill(products[2]!.model_number.toLowerCase());
  await page.getByLabel('Model').press('Enter');
  const table = page.getByTestId('reconciliation');
  const row = table.getByRole('row').filter({ hasText: po.purchase_ref_id });
  await expect(row).toContainText('New');
  await expect(row.getByRole('cell').nth(3)).toHaveText('7');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await expect(page).toHaveURL(new RegExp(`model=${products[2]!.model_number.toLowerCase()}`));
});
