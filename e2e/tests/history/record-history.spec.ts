import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot } from '../../support/shots';

test("a PO's history panel shows its creation and the buyer's change in words, and takes a note", async ({
  page,
  request,
}) => {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E History ${Date.now()}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'KY01' });

  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const panel = page.getByRole('region', { name: 'History' });
  const entries = panel.getByTestId('history-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`Created (Vendor: ${vendor.id}, Status: 1, Location: KY01`);

  await page.getByLabel('PO notes').fill('Deliver to dock 4');
  await page.getByRole('button', { name: 'Update Note' }).click();
  await expect(entries.first()).toContainText('PO Notes: (empty) → Deliver to dock 4');
  await expect(entries.first()).toContainText('purchasing-admin');

  await panel.getByLabel('Add a note').fill('Vendor confirmed Friday.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText('Vendor confirmed Friday.');
  await expect(panel.getByLabel('Add a note')).toHaveValue('');
  await shoot(page, 'test-results/shots/history', 'po-history');
});
