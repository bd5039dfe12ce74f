import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { committedSales } from '../../support/committed-sales';
import { signInAs } from '../../support/session';

const row = (page: Page, reference: string) =>
  page.locator(`[data-testid="committed-sale-row"][data-reference="${reference}"]`);

test('a search with no result shows the exact helper text', async ({ page }) => {
  await signInAs(page, 'warehouse-1');
  await page.goto('/boards/committed-sales');
  await expect(page.getByRole('heading', { name: 'Committed Sales' })).toBeVisible();
  const missing = `no-such-${randomUUID().slice(0, 6)}`;
  await page.getByTestId('committed-sales-search').fill(missing);
  await expect(page.getByTestId('committed-sales-helper')).toHaveText(`There are no results for "${missing}"`);
});

test('Manually Transact Sale goes confirm → processing → results, and the sale leaves the board', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { product, made } = await committedSales(request, [{ lines: 1 }]);
  const sale = made[0]!.sales[0]!;
  await signInAs(page, 'admin');
  await page.goto('/boards/committed-sales');
  // Search by model in another case: the row is found and links to the product detail.
  await page.getByTestId('committed-sales-search').fill(product.model_number.toLowerCase());
  await expect(row(page, sale.ims_transaction_reference_id)).toBeVisible();
  await expect(row(page, sale.ims_transaction_reference_id).getByTestId('sale-model-link')).toHaveAttribute(
    'href',
    `/inventory/detail/model/${encodeURIComponent(product.model_number)}`,
  );

  // Hold the answer so the processing stage can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ims/committed-sales/*/transact', async (route) => {
    await held;
    await route.continue();
  });
  await row(page, sale.ims_transaction_reference_id)
    .getByRole('button', { name: `Transact ${sale.ims_transaction_reference_id}` })
    .click();
  const dialog = page.getByTestId('sale-action-dialog');
  await expect(dialog).toHaveAttribute('data-stage', 'confirm');
  await expect(dialog.getByRole('heading', { name: 'Manually Transact Sale' })).toBeVisible();
  // An admin (admin:override) sees the Strict Mode toggle, on by default.
  await expect(dialog.getByLabel('Strict Mode')).toBeChecked();
  await dialog.getByLabel('Finish Notes').fill('Sold at the counter');
  await dialog.getByRole('button', { name: 'Transact Sale' }).click();
  await expect(dialog).toHaveAttribute('data-stage', 'processing');
  await expect(dialog.getByText('Processing…')).toBeVisible();
  release();
  await expect(dialog).toHaveAttribute('data-stage', 'results');
  await expect(dialog.getByTestId('sale-result')).toHaveText('Sale successfully trasacted!');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, sale.ims_transaction_reference_id)).toHaveCount(0);
});

test('Finish by Invoice transacts every open sale of the invoice', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { made } = await committedSales(request, [{ lines: 2 }]);
  const { invoice, sales } = made[0]!;
  await signInAs(page, 'warehouse-1');
  await page.goto('/boards/committed-sales');
  await page.getByTestId('committed-sales-search').fill(invoice.toLowerCase());
  for (const s of sales) await expect(row(page, s.ims_transaction_reference_id)).toBeVisible();

  // The row's Finish Invoice fills the invoice id in.
  await row(page, sales[0]!.ims_transaction_reference_id)
    .getByRole('button', { name: `Finish invoice ${invoice}` })
    .click();
  const dialog = page.getByTestId('sale-action-dialog');
  await expect(dialog.getByRole('heading', { name: 'Finish by Invoice' })).toBeVisible();
  await expect(dialog.getByLabel('Invoice ID')).toHaveValue(invoice);
  await dialog.getByRole('button', { name: 'Finish Invoice' }).click();
  await expect(dialog.getByTestId('sale-result')).toHaveText('Sale successfully trasacted!');
  await dialog.getByRole('button', { name: 'Close' }).click();
  for (const s of sales) await expect(row(page, s.ims_transaction_reference_id)).toHaveCount(0);

  // The board's own button: an invoice with no committed sales answers the 404 text (001 §8).
  await page.getByRole('button', { name: 'Finish by Invoice' }).click();
  await expect(dialog.getByLabel('Invoice ID')).toHaveValue('');
  await dialog.getByLabel('Invoice ID').fill(`E2E-NONE-${randomUUID().slice(0, 8)}`);
  await dialog.getByRole('button', { name: 'Finish Invoice' }).click();
  await expect(dialog.getByTestId('sale-result')).toHaveText('The server responded with 404 (resource not found)');
});

test('a user without admin:override does not see the Strict Mode toggle', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { made } = await committedSales(request, [{ lines: 1 }]);
  const sale = made[0]!.sales[0]!;
  await signInAs(page, 'warehouse-1');
  await page.goto('/boards/committed-sales');
  await page.getByTestId('committed-sales-search').fill(sale.legacy_pos_invoice_id);
  await row(page, sale.ims_transaction_reference_id)
    .getByRole('button', { name: `Transact ${sale.ims_transaction_reference_id}` })
    .click();
  const dialog = page.getByTestId('sale-action-dialog');
  await expect(dialog.getByRole('button', { name: 'Transact Sale' })).toBeVisible();
  await expect(dialog.getByTestId('strict-mode-toggle')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, sale.ims_transaction_reference_id)).toBeVisible();
});
