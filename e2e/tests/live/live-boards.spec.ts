import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { committedSales } from '../../support/committed-sales';
import { signInAs } from '../../support/session';

/**
 * Live boards (issue 10 part 5): a board open in one browser changes without a reload when a second browser (another
 * user) acts, through the server's event stream (PostgreSQL LISTEN/NOTIFY on the server side).
 */
test('the committed sales board shows a new sale and drops a transacted one while another user acts', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const watcher = await browser.newContext();
  const actor = await browser.newContext();
  try {
    const board = await watcher.newPage();
    await signInAs(board, 'warehouse-1');
    await board.goto('/boards/committed-sales');
    await expect(board.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
    let navigations = 0;
    board.on('framenavigated', (frame) => frame === board.mainFrame() && navigations++);

    // A sale arrives from the point of sale: it appears on the open board.
    const { made } = await committedSales(request, [{ lines: 1 }]);
    const sale = made[0]!.sales[0]!;
    const row = board.locator(
      `[data-testid="committed-sale-row"][data-reference="${sale.ims_transaction_reference_id}"]`,
    );
    await expect(row).toBeVisible({ timeout: 10_000 });

    // A second user transacts it in their own browser: it leaves the first board.
    const other = await actor.newPage();
    await signInAs(other, 'admin');
    await other.goto('/boards/committed-sales');
    await other.getByTestId('committed-sales-search').fill(sale.legacy_pos_invoice_id);
    await other.getByRole('button', { name: `Transact ${sale.ims_transaction_reference_id}` }).click();
    const dialog = other.getByTestId('sale-action-dialog');
    await dialog.getByRole('button', { name: 'Transact Sale' }).click();
    await expect(dialog.getByTestId('sale-result')).toHaveText('Sale successfully trasacted!');
    await expect(row).toHaveCount(0, { timeout: 10_000 });
    expect(navigations).toBe(0);
  } finally {
    await watcher.close();
    await actor.close();
  }
});

test('the committed transfers board shows a transfer committed by another user', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'warehouse-1');
  await page.goto('/committed-transfers');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  const { product } = await committedSales(request, [{ lines: 1 }]);
  // Committed by an admin through the API (strict mode off: no stock needed in the source).
  const lead = await apiAs(request, 'admin');
  const body = {
    fromBucket: 'KY01_B_STOCK',
    toBucket: 'KY01_DAMAGED',
    model: product.model_number,
    requestedQuantity: 1,
    strictMode: false,
  };
  const transfer = await lead.send<{ ims_transaction_reference_id: string }>(
    'POST',
    '/api/ims/committed-transfers',
    body,
  );
  await expect(page.getByText(transfer.ims_transaction_reference_id).first()).toBeVisible({ timeout: 10_000 });
});
