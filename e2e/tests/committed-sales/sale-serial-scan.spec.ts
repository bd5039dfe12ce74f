import { expect, test, type Page } from '@playwright/test';
import { saleWithoutSerial } from '../../support/committed-sales';
import { signInAs, wedgeScans } from '../../support/session';
import { shoot } from '../../support/shots';
import { apiAs } from '../../support/api';

const row = (page: Page, reference: string) =>
  page.locator(`[data-testid="committed-sale-row"][data-reference="${reference}"]`);

test('a sale without its serial is marked, takes the serial by scan, and a warehouse role transacts it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product, serials, sale } = await saleWithoutSerial(request);
  const ref = sale.ims_transaction_reference_id;
  await signInAs(page, 'warehouse-1');
  await page.goto('/boards/committed-sales');
  await page.getByTestId('committed-sales-search').fill(sale.legacy_pos_invoice_id);
  await expect(row(page, ref).getByLabel('Needs serial: 0 of 1 committed')).toBeVisible();
  await expect(row(page, ref).getByTestId('needs-serial')).toHaveText('Needs serial');
  await shoot(page, 'test-results/shots/committed-sales', 'board-needs-serial');

  // Transact before the serial: the server's refusal, shown once (it is in the answer's message and its field).
  await row(page, ref)
    .getByRole('button', { name: `Transact ${ref}` })
    .click();
  const dialog = page.getByTestId('sale-action-dialog');
  await expect(dialog.getByTestId('sale-serials-needed')).toContainText('needs 1 more committed serial');
  await dialog.getByRole('button', { name: 'Transact Sale' }).click();
  const needs = `${ref}: model ${product.model_number} is serial tracked: the sale needs 1 committed serial(s), it has 0`;
  await expect(dialog.getByTestId('sale-result')).toHaveText(needs);
  await expect(dialog.getByText('the sale needs 1 committed serial(s)')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Open it again: scan the item's UPC and serial at wedge speed, through the scan engine and the outbox.
  await row(page, ref)
    .getByRole('button', { name: `Transact ${ref}` })
    .click();
  await expect(dialog.getByTestId('sale-scan-upc')).toBeFocused();
  await shoot(page, 'test-results/shots/committed-sales', 'dialog-scan');
  await wedgeScans(page, [product.upc!, serials[0]!]);
  await expect(dialog.getByTestId('sale-committed-serials')).toHaveText(`Committed serials: ${serials[0]}`);
  await expect(dialog.getByTestId('sale-serials-complete')).toBeVisible();
  await expect(dialog.getByTestId('sale-scan-feedback')).toContainText(`Committed ${product.upc} (${serials[0]})`);
  // The board no longer marks it (live update of committed_sale_serials).
  await expect(row(page, ref).getByTestId('needs-serial')).toHaveCount(0);
  await shoot(page, 'test-results/shots/committed-sales', 'dialog-scanned');

  await dialog.getByRole('button', { name: 'Transact Sale' }).click();
  await expect(dialog.getByTestId('sale-result')).toHaveText('Sale successfully trasacted!');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, ref)).toHaveCount(0);

  // The serial was sold with the sale; the ledger check is clean.
  const dev = await apiAs(request, 'developer');
  const check = await dev.get<{ clean: boolean; differences: unknown[] }>('/api/ledger/check');
  expect(check.differences).toEqual([]);
  expect(check.clean).toBe(true);
});

test('a serial of another product is refused in red, naming it, and nothing is committed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product, sale } = await saleWithoutSerial(request, 1);
  const ref = sale.ims_transaction_reference_id;
  await signInAs(page, 'warehouse-1');
  await page.goto('/boards/committed-sales');
  await page.getByTestId('committed-sales-search').fill(sale.legacy_pos_invoice_id);
  await row(page, ref)
    .getByRole('button', { name: `Transact ${ref}` })
    .click();
  const dialog = page.getByTestId('sale-action-dialog');
  await expect(dialog.getByTestId('sale-scan-upc')).toBeFocused();
  await wedgeScans(page, [product.upc!, 'NO-SUCH-SERIAL-37']);
  const feedback = dialog.getByTestId('sale-scan-feedback');
  await expect(feedback).toHaveText(
    `Inventory serial NO-SUCH-SERIAL-37 does not exist for product ${product.model_number}`,
  );
  await expect(feedback).toHaveAttribute('data-kind', 'bad');
  await expect(dialog.getByTestId('sale-serials-needed')).toBeVisible();
  await expect(dialog.getByTestId('sale-committed-serials')).toHaveCount(0);
});

test('Finish by Invoice scans the serials its sales lack, sale after sale, then finishes the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { product, serials, sales } = await saleWithoutSerial(request, 2, 2);
  const [first, second] = sales.map((s) => s.ims_transaction_reference_id) as [string, string];
  const invoice = sales[0]!.legacy_pos_invoice_id;
  await signInAs(page, 'warehouse-1');
  await page.goto('/boards/committed-sales');
  await page.getByTestId('committed-sales-search').fill(invoice);
  await expect(row(page, second)).toBeVisible();
  await row(page, first)
    .getByRole('button', { name: `Finish invoice ${invoice}` })
    .click();
  const dialog = page.getByTestId('sale-action-dialog');
  await expect(dialog.getByRole('heading', { name: 'Finish by Invoice' })).toBeVisible();
  await expect(dialog.getByTestId('invoice-serials-status')).toHaveText(
    '2 sales of this invoice lack committed serials: scan them sale by sale before finishing.',
  );
  const step = (ref: string) => dialog.locator(`[data-testid="invoice-sale-serials"][data-reference="${ref}"]`);
  await expect(step(first)).toHaveAttribute('aria-current', 'step');
  await expect(step(second)).toContainText('0 of 1 serial committed');
  await shoot(page, 'test-results/shots/committed-sales', 'finish-invoice-scan');

  // The first sale's item, then the second's: the scan fields move on to the next sale by themselves.
  await expect(dialog.getByTestId('sale-scan-upc')).toBeFocused();
  await wedgeScans(page, [product.upc!, serials[0]!]);
  await expect(step(first)).toContainText('1 of 1 serial committed');
  await expect(step(second)).toHaveAttribute('aria-current', 'step');
  await expect(dialog.getByTestId('sale-scan-upc')).toBeFocused();
  await wedgeScans(page, [product.upc!, serials[1]!]);
  await expect(step(second)).toContainText('1 of 1 serial committed');
  await expect(dialog.getByTestId('invoice-serials-status')).toHaveText(
    'Every sale of this invoice has its serials: the invoice can be finished.',
  );
  await expect(dialog.getByTestId('sale-scan-upc')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Finish Invoice' }).click();
  await expect(dialog.getByTestId('sale-result')).toHaveText('Sale successfully trasacted!');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, first)).toHaveCount(0);
  await expect(row(page, second)).toHaveCount(0);

  // Each serial left with its own sale; the ledger check is clean.
  const dev = await apiAs(request, 'developer');
  for (const [ref, serial] of [
    [first, serials[0]!],
    [second, serials[1]!],
  ] as const) {
    const tx = await dev.get<{
      sale: { transacted_at: string | null } | null;
      serials: { scanned_serial_number: string }[];
    }>(`/api/ims/inventory-transactions/${ref}`);
    expect(tx.sale?.transacted_at).not.toBeNull();
    expect(tx.serials.map((s) => s.scanned_serial_number)).toEqual([serial]);
  }
  const check = await dev.get<{ clean: boolean; differences: unknown[] }>('/api/ledger/check');
  expect(check.differences).toEqual([]);
  expect(check.clean).toBe(true);
});
