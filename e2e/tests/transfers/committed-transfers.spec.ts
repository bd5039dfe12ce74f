import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { receiveUnits, setupPo } from '../../support/receiving';
import { signInAs } from '../../support/session';

test('the board lists a transfer committed through the API, with its progress and a link to the transfer page', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { api, po, product, lineId } = await setupPo(request, { qty: 2, tracked: false, pick: 14 });
  await receiveUnits(api, { poId: po.id, lineId, product }, { units: 2 });
  const lead = await apiAs(request, 'warehouse-lead');
  const batch = `E2E Truck ${randomUUID().slice(0, 6)}`;
  const transfer = await lead.send<{ ims_transaction_reference_id: string }>('POST', '/api/ims/committed-transfers', {
    fromBucket: 'KY01',
    toBucket: 'KY01_DAMAGED',
    model: product.model_number,
    requestedQuantity: 2,
    committedById: 'warehouse-lead',
    posTransferBatchName: batch,
    senderSku: 'E2E-SKU',
    commitNotes: 'Board test',
  });
  const ref = transfer.ims_transaction_reference_id;

  // Every role holds boards:view: a warehouse-1 user (no inventory-transfer:view) sees the board.
  await signInAs(page, 'warehouse-1');
  await page.goto('/committed-transfers');
  await expect(page.getByRole('heading', { name: 'Committed Transfers' })).toBeVisible();
  await page.getByTestId('committed-transfers-search').fill(batch.toLowerCase());
  const row = page.locator(`[data-testid="committed-transfer-row"][data-reference="${ref}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('committed-transfer-row')).toHaveCount(1);
  await expect(row).toContainText('KY01_DAMAGED');
  await expect(row).toContainText(batch);
  await expect(row).toContainText('warehouse-lead');
  await expect(row.getByTestId('transfer-progress')).toContainText('0 / 2');
  await expect(row.getByTestId('transfer-model-link')).toHaveAttribute(
    'href',
    `/inventory/transfer/${encodeURIComponent(product.model_number)}`,
  );

  const missing = `no-such-${randomUUID().slice(0, 6)}`;
  await page.getByTestId('committed-transfers-search').fill(missing);
  await expect(page.getByTestId('committed-transfers-helper')).toHaveText(`There are no results for "${missing}"`);
  await expect(page.getByTestId('committed-transfer-row')).toHaveCount(0);
});
