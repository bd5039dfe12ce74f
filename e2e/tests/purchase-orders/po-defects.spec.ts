import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs, signInAtHome } from '../../support/session';
import { snapshot } from '../../support/shots';

/**
 * Issue #8 part 2 on the purchase-order screens: the header sends only changed fields, Add Product never offers
 * an older search's products, list filters typed together both apply, Order Sent locks the lines' shipping
 * fields, irreversible actions ask first, unsaved edits warn, legacy POs link with ?legacy=true; and part 4:
 * the detail page and the list work at 390 px wide.
 */

interface Product {
  id: number;
  model_number: string;
}

async function newPo(request: APIRequestContext, lines = 0) {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Defects ${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number; purchase_ref_id: string }>('POST', '/api/purchase', {
    vendorId: vendor.id,
    location_code: 'KY01',
  });
  const products = (
    await api.send<{ data: Product[] }>('POST', '/api/product/search', { searchKey: 'model_number', searchValue: 'G' })
  ).data;
  for (let i = 0; i < lines; i++)
    await api.send('POST', '/api/purchase/orderItem', {
      productId: products[i]!.id,
      cost: 10 + i,
      qty: 2,
      purchaseOrderId: po.id,
    });
  return { api, po, products };
}

const headerPuts = (page: Page, poId: number) => {
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === `/api/purchase/${poId}`) bodies.push(r.postDataJSON());
  });
  return bodies;
};

test('saving the header of a PO without a requested delivery date sends only the changed field; the lines keep their dates', async ({
  page,
  request,
}) => {
  const { api, po } = await newPo(request, 1);
  await signInAs(page, 'purchasing-admin');
  const puts = headerPuts(page, po.id);
  await page.goto(`/purchase-orders/review/${po.id}`);
  await expect(page.getByTestId('po-requested-delivery')).toHaveValue('');
  // Date fields show and take YYYY-MM-DD whatever the browser's locale (000 §9), not the native mm/dd/yyyy.
  await expect(page.getByTestId('po-requested-delivery')).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await page.getByLabel('Vendor Order #').fill('SO-551');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/purchase/${po.id}`),
  );
  await page.getByRole('button', { name: 'Update PO' }).click();
  expect((await saved).status()).toBe(200);
  expect(puts).toEqual([{ vendor_order_id: 'SO-551' }]);
  const full = await api.get<{
    data: { PO: { requested_delivery_date: string | null }; PO_LINES: { expected_arrival_date: string | null }[] };
  }>(`/api/purchase/getFull/${po.id}`);
  expect(full.data.PO.requested_delivery_date).toBeNull();
  expect(full.data.PO_LINES[0]!.expected_arrival_date).toBeNull();

  // A date typed as YYYY-MM-DD into a line is saved as it is.
  const card = page.getByTestId('po-line-card');
  await card.getByLabel('Expected Arrival Date').fill('2027-01-08');
  await card.getByRole('button', { name: 'Update' }).click();
  await expect
    .poll(
      async () =>
        (
          await api.get<{ data: { PO_LINES: { expected_arrival_date: string | null }[] } }>(
            `/api/purchase/getFull/${po.id}`,
          )
        ).data.PO_LINES[0]!.expected_arrival_date,
    )
    .toBe('2027-01-08');
  await expect(page.getByTestId('po-line-card').getByLabel('Expected Arrival Date')).toHaveValue('2027-01-08');
});

test('Add Product: keys pressed within the debounce never pick the previous search; Enter in the panel adds the product', async ({
  page,
  request,
}) => {
  const { po, products } = await newPo(request);
  // Two models that do not start alike, so the first search's results cannot answer the second text.
  const first = products[0]!;
  const second = products.find(
    (p) =>
      !p.model_number.startsWith(first.model_number.slice(0, 3)) &&
      !first.model_number.startsWith(p.model_number.slice(0, 3)),
  )!;
  expect(second, 'two products of different prefixes').toBeTruthy();
  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const panel = page.getByTestId('add-product-panel');
  const model = panel.getByLabel('Model Number');
  await model.fill(first.model_number);
  await expect(page.getByRole('option', { name: new RegExp(`^${first.model_number}`) }).first()).toBeVisible();
  // A new model, and at once ArrowDown + Enter: the old suggestions must not be picked. The search for the new text is
  // held until then, so "at once" stays within the debounce however slowly the keys arrive on a loaded machine.
  let releaseSearch: () => void = () => undefined;
  const searchHeld = new Promise<void>((resolve) => (releaseSearch = resolve));
  await page.route('**/api/product/search', async (route) => {
    if (
      (JSON.parse(route.request().postData() ?? '{}') as { searchValue?: string }).searchValue === second.model_number
    )
      await searchHeld;
    await route.continue();
  });
  await model.fill(second.model_number);
  await model.press('ArrowDown');
  await model.press('Enter');
  await expect(model).toHaveValue(second.model_number);
  await expect(panel.getByRole('button', { name: 'Add Product' })).toBeDisabled();
  releaseSearch();
  // Once the search for the current text answers, ArrowDown + Enter picks its product, and Enter adds it.
  await expect(page.getByRole('option', { name: new RegExp(`^${second.model_number}`) }).first()).toBeVisible();
  await model.press('ArrowDown');
  await model.press('Enter');
  await expect(model).toHaveValue(second.model_number);
  await expect(panel.getByRole('button', { name: 'Add Product' })).toBeEnabled();
  await panel.getByLabel('Quantity to Order').fill('3');
  await panel.getByLabel('Quantity to Order').press('Enter');
  await expect(page.getByTestId('line-model')).toHaveText([second.model_number]);
});

test('Delete line, Finish and Send PO to Vendor ask first; No changes nothing', async ({ page, request }) => {
  const { po } = await newPo(request, 2);
  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const cards = page.getByTestId('po-line-card');
  await expect(cards).toHaveCount(2);
  await cards.first().getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete this line?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards).toHaveCount(2);
  await cards.first().getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);

  await page.getByRole('button', { name: 'Send PO to Vendor' }).click();
  await expect(dialog).toContainText(`Send ${po.purchase_ref_id}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('edi-errors')).toHaveCount(0);

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(dialog).toContainText(`Finish ${po.purchase_ref_id}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/review/${po.id}$`));
  await page.getByRole('button', { name: 'Finish' }).click();
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/purchase-orders$/);
});

test('leaving the PO page with unsaved edits asks first: Stay keeps them, Leave goes', async ({ page, request }) => {
  const { po } = await newPo(request, 1);
  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByTestId('po-line-card').getByLabel('Item Cost').fill('12.34');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Leave without saving?');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-orders/review/${po.id}$`));
  await expect(page.getByTestId('po-line-card').getByLabel('Item Cost')).toHaveValue('12.34');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("Order Sent locks the lines' carrier and tracking and Apply to All Lines' too, like the header", async ({
  page,
  request,
}) => {
  const { api, po } = await newPo(request, 1);
  await api.send('PUT', `/api/purchase/${po.id}`, { purchase_order_status: 3 });
  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await expect(card.getByLabel('Carrier')).toBeDisabled();
  await expect(card.getByLabel('Tracking Number')).toBeDisabled();
  await expect(card.getByLabel('Item Cost')).toBeEnabled();
  const applyAll = page.getByText('Apply to all lines').locator('..');
  await expect(applyAll.getByLabel('Carrier')).toBeDisabled();
  await expect(applyAll.getByLabel('Tracking Number')).toBeDisabled();
  await expect(applyAll.getByLabel('Expected Arrival Date')).toBeEnabled();
});

test('two list filters typed within one debounce both apply; Clear Filters drops text not yet applied', async ({
  page,
}) => {
  await signInAs(page, 'purchasing-2');
  await page.goto('/purchase-orders');
  // The screen arrives as its own chunk: its fields first.
  await expect(page.getByTestId('filter-po-number')).toBeVisible();
  await expect(page.getByTestId('filter-vendor-order-id')).toBeVisible();
  // Both fields change in the same task, so both debounce timers fire before the page renders again.
  await page.evaluate(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const [id, value] of [
      ['filter-po-number', 'W0'],
      ['filter-vendor-order-id', 'SO'],
    ] as const) {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await expect(page).toHaveURL(/poNumber=W0/);
  await expect(page).toHaveURL(/vendorOrderId=SO/);
  await page.waitForTimeout(700);
  expect(new URL(page.url()).searchParams.get('poNumber')).toBe('W0');
  expect(new URL(page.url()).searchParams.get('vendorOrderId')).toBe('SO');

  // Text typed and Clear Filters pressed before it applied: the text must not come back after the debounce.
  await page.getByTestId('filter-po-number').fill('W00');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.waitForTimeout(800);
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByTestId('filter-po-number')).toHaveValue('');
});

test('a legacy PO links as /purchase-orders/review/{legacy number}?legacy=true from the list (001 §2)', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, 'warehouse-2');
  const list = await api.get<{ data: { purchase_ref_id: string; legacy_po_number: string | null }[] }>(
    '/api/purchase?perPage=100',
  );
  const legacy = list.data.find((p) => p.legacy_po_number)!;
  expect(legacy, 'the demo data has legacy POs').toBeTruthy();
  await signInAs(page, 'warehouse-2');
  await page.goto(`/purchase-orders?poNumber=${legacy.purchase_ref_id}`);
  const link = page.getByTestId('po-row').getByRole('link', { name: legacy.legacy_po_number! });
  await expect(link).toHaveAttribute('href', `/purchase-orders/review/${legacy.legacy_po_number}?legacy=true`);
  await link.click();
  await expect(page.getByText(`Legacy PO ${legacy.legacy_po_number}`)).toBeVisible();
});

test.describe('at 390 px wide (a phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const noSideScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  test('PO detail: the lines come first, Receive is on screen without scrolling, nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    const { po } = await newPo(request, 2);
    await signInAs(page, 'admin');
    await page.goto(`/purchase-orders/review/${po.id}`);
    const receive = page.getByTestId('po-line-card').first().getByRole('button', { name: 'Receive' });
    await expect(receive).toBeInViewport();
    await noSideScroll(page);
    await page.screenshot({ path: '/tmp/defects-po-detail-390.png', fullPage: true });
    // The header is one tap away.
    await page
      .getByTestId('po-header-accordion')
      .getByRole('button', { name: new RegExp(po.purchase_ref_id) })
      .click();
    await expect(page.getByRole('button', { name: 'Update PO' })).toBeVisible();
    await noSideScroll(page);
  });

  test('PO list: reached from the folded menu; the key columns and the PO link fit without sideways scrolling', async ({
    page,
  }) => {
    await signInAtHome(page, 'purchasing-2');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Purchase Orders' }).click();
    await expect(page).toHaveURL(/\/purchase-orders$/);
    const row = page.getByTestId('po-row').first();
    await expect(row.getByTestId('po-ref-id')).toBeVisible();
    await snapshot(page, '/tmp/defects-po-list-390.png', { fullPage: true });
    // On a phone the PO number is the PO link (the View column is hidden).
    const link = row.getByTestId('po-ref-id');
    await row.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
    await expect(row.getByText(/^\$[\d,]+\.\d\d$/).first()).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('columnheader', { name: 'Vendor', exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Total', exact: true })).toBeVisible();
    await noSideScroll(page);
    const ref = await link.innerText();
    await link.click();
    await expect(page.getByTestId('po-header-accordion')).toContainText(ref);
  });
});

test('at 1440 px the detail keeps its header first and the list fits the page (screenshots for review)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { po } = await newPo(request, 2);
  await signInAs(page, 'admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await expect(page.getByTestId('po-header')).toBeVisible();
  await expect(page.getByTestId('po-header-accordion')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/defects-po-detail-1440.png', fullPage: true });
  await page.goto('/purchase-orders');
  await expect(page.getByTestId('po-row').first()).toBeVisible();
  // The screen-reader-only Actions header used to be as wide as the page again.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await page.screenshot({ path: '/tmp/defects-po-list-1440.png', fullPage: true });
});
