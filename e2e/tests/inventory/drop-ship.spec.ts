import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';

test('product detail shows the distributor-held inventory by vendor location', async ({ page, request }) => {
  const api = await apiAs(request, 'warehouse-1');
  const models = await api.get<{ data: { model: string }[] }>('/api/ims/products/models?model=GE');
  let found: { model: string; code: string; qty: number } | null = null;
  for (const { model } of models.data) {
    const held = await api.get<{ data: Record<string, { qty_purchasable: number }[]> }>(
      `/api/ims/drop-ship-vendor-inventory/product?model=${encodeURIComponent(model)}`,
    );
    const first = Object.entries(held.data)[0];
    if (first) {
      found = { model, code: first[0], qty: first[1][0]!.qty_purchasable };
      break;
    }
  }
  expect(found, 'the demo data gives some GE models distributor stock').toBeTruthy();
  await signInAs(page, 'warehouse-1');
  await page.goto(`/inventory/detail/model/${encodeURIComponent(found!.model)}`);
  const section = page.getByTestId('drop-ship-inventory');
  const row = section.getByRole('row').filter({ hasText: found!.code }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(found!.qty));
});
