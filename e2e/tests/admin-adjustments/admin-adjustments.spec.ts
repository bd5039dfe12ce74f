import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';
import { selectOption } from '../../support/select';

/**
 * Admin-level inventory adjustments (issue 12 item 4; 002 §2 "Other"): search a model (debounced 500 ms), adjust a
 * bucket with notes (notes required), see it in the previous adjustments and on its transaction page, zero a bucket
 * out after confirming, put stock in a bucket through 'Change Bucket Not Listed Here', the empty messages, and a role
 * without inventory:admin-adjust refused. Screenshots at 1440 and 390 px in /tmp/shots-adjust/.
 */
const SHOTS = '/tmp/shots-adjust';

// Finding demo products through the API and the screenshots take time on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

interface InventoryRow {
  bucket: string;
  quantity: number;
  binned_quantity: number;
}

/**
 * The `nth` demo product (model of letters, digits and dashes) whose adjustable inventory satisfies `wanted`; each test
 * takes a different `nth` so tests running side by side adjust different products.
 */
async function findProduct(
  request: APIRequestContext,
  nth: number,
  wanted: (rows: InventoryRow[]) => boolean,
): Promise<{ model: string; rows: InventoryRow[] }> {
  const api = await apiAs(request, 'admin');
  let seen = 0;
  for (let page = 1; page <= 30; page++) {
    const models = (await api.get<{ data: { model: string }[] }>(`/api/product?page=${page}`)).data
      .map((p) => p.model)
      .filter((m) => /^[A-Za-z0-9-]+$/.test(m));
    // Ten lookups at a time: a page of 100 products in a few seconds even on a loaded machine.
    for (let i = 0; i < models.length; i += 10) {
      const batch = models.slice(i, i + 10);
      const inventories = await Promise.all(
        batch.map((m) =>
          api.get<{ data: InventoryRow[] }>(`/api/ims/audit-adjustments?model=${encodeURIComponent(m)}`),
        ),
      );
      for (const [j, inv] of inventories.entries()) {
        if (wanted(inv.data) && seen++ === nth) return { model: batch[j]!, rows: inv.data };
      }
    }
  }
  throw new Error('no demo product fits');
}

/** Types the model's first characters 60 ms apart and picks the model from the options. */
async function searchModel(page: Page, model: string) {
  const search = page.getByTestId('product-search');
  await search.click();
  await search.pressSequentially(model, { delay: 60 });
  await page.getByTestId('product-option').filter({ hasText: model }).first().click();
  await expect(page.getByTestId('selected-model')).toHaveText(model);
}

test('search a model (debounced), adjust a bucket with notes, see it in previous adjustments, then zero it out', async ({
  page,
  request,
}) => {
  const { model, rows } = await findProduct(request, 0, (r) =>
    r.some((x) => x.quantity >= 2 && x.binned_quantity === 0),
  );
  const bucket = rows.find((x) => x.quantity >= 2 && x.binned_quantity === 0)!;
  await signInAs(page, 'admin');
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/product?')) searches.push(new URL(r.url()).searchParams.get('modelTerm') ?? '');
  });
  await page.goto('/inventory/admin-inventory-adjustments');
  await expect(page.getByRole('heading', { name: 'Admin-Level Inventory Adjustments' })).toBeVisible();
  await shoot(page, 'empty');

  await searchModel(page, model);
  // Keys 60 ms apart: the search waits 500 ms after the last key, so the whole model is looked up, not one term per
  // key (a second, shorter term only if this machine stretched one gap past 500 ms).
  expect(searches.at(-1)).toBe(model);
  expect(searches.length).toBeLessThanOrEqual(2);
  expect(searches.every((term) => model.startsWith(term))).toBe(true);
  const row = page.locator(`[data-testid="bucket-row"][data-bucket="${bucket.bucket}"]`);
  await expect(row.getByTestId('bucket-quantity')).toHaveText(String(bucket.quantity));
  await row.getByRole('button', { name: 'Adjust' }).click();
  await expect(page.getByTestId('no-adjustments').or(page.getByTestId('previous-adjustments'))).toBeVisible();
  const before = await page.getByTestId('previous-adjustment').count();

  // Notes are required: nothing is sent without them.
  await page.getByTestId('new-quantity').fill(String(bucket.quantity + 3));
  await page.getByTestId('submit-adjustment').click();
  await expect(page.getByText('Notes are required')).toBeVisible();
  await expect(page.getByTestId('adjust-saved')).toHaveCount(0);

  await page.getByTestId('adjust-notes').fill('E2E cycle count: 3 more on the overflow rack');
  await page.getByTestId('submit-adjustment').click();
  await expect(page.getByTestId('adjust-saved')).toContainText(`${bucket.quantity} → ${bucket.quantity + 3}`);
  await expect(row.getByTestId('bucket-quantity')).toHaveText(String(bucket.quantity + 3));
  await expect(page.getByTestId('previous-adjustment')).toHaveCount(before + 1);
  const newest = page.getByTestId('previous-adjustment').first();
  await expect(newest).toContainText('E2E cycle count: 3 more on the overflow rack');
  await expect(newest).toContainText('admin');
  await expect(newest.getByTestId('old-quantity')).toHaveText(String(bucket.quantity));
  await expect(newest.getByTestId('new-quantity-value')).toHaveText(String(bucket.quantity + 3));
  await expect(page.getByTestId('accounting-report')).toBeVisible();
  await shoot(page, 'adjusted');

  // Zero out: confirmed first; Cancel changes nothing.
  await page.getByTestId('adjust-notes').fill('E2E: bucket emptied');
  await page.getByTestId('zero-out').click();
  await expect(page.getByRole('dialog')).toContainText(`from ${bucket.quantity + 3} to 0`);
  await shoot(page, 'zero-out-confirm');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByTestId('bucket-quantity')).toHaveText(String(bucket.quantity + 3));
  await page.getByTestId('zero-out').click();
  await page.getByTestId('confirm-zero-out').click();
  await expect(row.getByTestId('bucket-quantity')).toHaveText('0');
  await expect(page.getByTestId('previous-adjustment')).toHaveCount(before + 2);
  await expect(page.getByTestId('previous-adjustment').first()).toContainText('E2E: bucket emptied');
  await expect(page.getByTestId('zero-out')).toBeDisabled();

  // The adjustment's transaction page: its audit fields.
  await page.getByTestId('adjust-saved').getByRole('link').click();
  const detail = page.getByTestId('transaction-detail');
  await expect(detail).toContainText('Inventory Audit Adjustment');
  await expect(detail).toContainText('ADMIN_INVENTORY_ADJUSTMENT');
  await expect(detail).toContainText('Old Quantity');
  await expect(detail).toContainText(String(bucket.quantity + 3));
  await expect(detail).toContainText('E2E: bucket emptied');
  await shoot(page, 'transaction-detail');
});

test("'Change Bucket Not Listed Here' puts stock in a new bucket; a model without stock says so", async ({
  page,
  request,
}) => {
  const { model, rows } = await findProduct(request, 1, (r) => r.some((x) => x.quantity >= 1));
  const empty = await findProduct(request, 0, (r) => r.length === 0);
  const listed = rows.map((r) => r.bucket);
  const target = ['AZ02_DAMAGED', 'TX01_C_STOCK', 'KY01_RETURN'].find((b) => !listed.includes(b))!;
  await signInAs(page, 'admin');
  await page.goto('/inventory/admin-inventory-adjustments');

  await searchModel(page, empty.model);
  await expect(page.getByTestId('no-inventory')).toHaveText('No inventory found for the selected models');

  await page.getByTestId('product-search').fill('');
  await searchModel(page, model);
  await page.getByTestId('change-bucket').click();
  await expect(page.getByRole('dialog')).toContainText('Change Bucket Not Listed Here');
  await selectOption(page, page.getByRole('dialog').getByRole('combobox'), new RegExp(`^${target} `));
  await shoot(page, 'change-bucket');
  await page.getByTestId('change-bucket-choose').click();
  await expect(page.getByTestId('no-adjustments')).toHaveText('No audit adjustments have been made');
  await expect(page.getByTestId('current-quantity')).toHaveText('0');
  await page.getByTestId('new-quantity').fill('2');
  await page.getByTestId('adjust-notes').fill('E2E: two units found, bucket not listed');
  await page.getByTestId('submit-adjustment').click();
  await expect(page.getByTestId('adjust-saved')).toContainText(`${target}: 0 → 2`);
  await expect(
    page.locator(`[data-testid="bucket-row"][data-bucket="${target}"]`).getByTestId('bucket-quantity'),
  ).toHaveText('2');
  await expect(page.getByTestId('previous-adjustment')).toHaveCount(1);
  await shoot(page, 'new-bucket');
});

test('a role without inventory:admin-adjust is refused the page and the calls', async ({ page, request }) => {
  await signInAs(page, 'warehouse-admin');
  await page.goto('/inventory/admin-inventory-adjustments');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
  await expect(page.getByTestId('product-search')).toHaveCount(0);
  const api = await apiAs(request, 'warehouse-admin');
  const res = await request.fetch('/api/ims/audit-adjustments', {
    method: 'PUT',
    headers: { authorization: `Bearer ${api.token}` },
    data: { model: 'ANY', legacyBucket: 'KY01', notes: 'x', quantity: 1 },
  });
  expect(res.status()).toBe(403);
});
