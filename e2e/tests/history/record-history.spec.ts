import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot } from '../../support/shots';

test("a PO's history panel shows its creation, its lines and the buyer's changes in words, and takes a note", async ({
  page,
  request,
}) => {
  const api = await apiAs(request, 'purchasing-admin');
  const vendorName = `E2E History ${Date.now()}`;
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: vendorName,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'KY01' });
  const products = (
    await api.send<{ data: { id: number; model_number: string }[] }>('POST', '/api/product/search', {
      searchKey: 'model_number',
      searchValue: 'G',
    })
  ).data;
  const lines: number[] = [];
  for (const [i, product] of products.slice(0, 2).entries()) {
    const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
      productId: product.id,
      cost: 10 + i,
      qty: 2,
      purchaseOrderId: po.id,
    });
    lines.push(full.data.PO_LINES.at(-1)!.id);
  }

  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const panel = page.getByRole('region', { name: 'History' });
  const entries = panel.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  // The vendor and the status in words, not as ids.
  await expect(entries.last()).toContainText(
    `Created (Vendor: ${vendorName} (#${vendor.id}), Status: New, Location: KY01`,
  );
  await expect(entries.first()).toContainText(
    `Line ${lines[1]} added (Model: ${products[1]!.model_number}, Cost: 11.00, Qty Ordered: 2`,
  );

  await page.getByLabel('PO notes').fill('Deliver to dock 4');
  await page.getByRole('button', { name: 'Update Note' }).click();
  await expect(entries.first()).toContainText('PO Notes: (empty) → Deliver to dock 4');
  await expect(entries.first()).toContainText('purchasing-admin');

  // A line deleted, then Apply to All Lines: each recorded on the PO.
  const cards = page.getByTestId('po-line-card');
  await cards.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await expect(entries.first()).toContainText(
    `Line ${lines[0]} deleted (Model: ${products[0]!.model_number}, Cost: 10.00, Qty Ordered: 2`,
  );
  const applyAll = page.getByText('Apply to all lines').locator('..');
  await applyAll.getByLabel('Carrier').fill('UPS');
  await applyAll.getByRole('button', { name: 'Apply to All Lines' }).click();
  await expect(entries.first()).toContainText(`Line ${lines[1]} Carrier: (empty) → UPS`);
  await expect(entries).toHaveCount(6);

  await panel.getByLabel('Add a note').fill('Vendor confirmed Friday.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(entries).toHaveCount(7);
  await expect(entries.first()).toContainText('Vendor confirmed Friday.');
  await expect(panel.getByLabel('Add a note')).toHaveValue('');
  await shoot(page, 'test-results/shots/history', 'po-history');
});
