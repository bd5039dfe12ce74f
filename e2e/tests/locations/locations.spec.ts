import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs } from '../../support/api';
import type { Product } from '../../support/receiving';
import { wedgeScan, signInAs } from '../../support/session';
import { selectOption } from '../../support/select';
import { snapshot } from '../../support/shots';

/** A PO at `locationCode` with one line of 1 unit of a demo product with a UPC (no serials). */
async function poAt(request: APIRequestContext, locationCode: string) {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Locations ${Date.now()}`,
    vendor_type: 'sales',
    rep: 'Lou Rep',
    rep_email: 'lou@vendor.example',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', {
    vendorId: vendor.id,
    location_code: locationCode,
  });
  const found = (
    await api.send<{ data: { id: number }[] }>('POST', '/api/product/search', {
      searchKey: 'model_number',
      searchValue: 'S',
    })
  ).data;
  let product: Product | undefined;
  for (const { id } of found.slice(20, 40)) {
    const p = await api.get<Product>(`/api/product/${id}`);
    if (p.upc && /^[A-Za-z0-9-]+$/.test(p.model_number)) {
      product = p;
      break;
    }
  }
  expect(product, 'the demo catalogue has products with a UPC').toBeTruthy();
  await api.send('PUT', '/api/ims/scan-setup/updateProductManagerProduct', {
    model: product!.model_number,
    serialNumberTracked: false,
    numOfSerialsPerItem: null,
    masterBoxQty: null,
    upc: product!.upc,
  });
  await api.send('POST', '/api/purchase/orderItem', {
    productId: product!.id,
    cost: 25,
    qty: 1,
    purchaseOrderId: po.id,
  });
  return { po, product: product! };
}

test('create a location: 422 errors per field, the legacy buckets dialog, Create Buckets; then receive into one of its buckets', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // ZZ…: sorts after every demo location, so the location switcher's stored indexes (another test's) stay put.
  const code = `ZZ${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
  await signInAs(page, 'admin');
  await page.goto('/buckets/create');
  // The screen is a chunk of its own: on a loaded machine its first load can take longer than an expect's 7 s.
  await expect(page.getByRole('heading', { name: 'New Location' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('Country')).toHaveAttribute('readonly', '');

  // Only the code: the server answers 422, shown per field with the general alert; Submit waits for the fixes.
  await page.getByLabel('Location Code').fill(code.toLowerCase());
  await expect(page.getByLabel('Location Code')).toHaveValue(code);
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  const dialog = page.getByRole('dialog', { name: `Legacy buckets for ${code}` });
  await dialog.getByRole('button', { name: 'Create Buckets' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The given data was invalid.' })).toBeVisible();
  await expect(page.getByText('The city is required.')).toBeVisible();
  await expect(page.getByText('The address 1 is required.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('City').fill('Nashville');
  await expect(page.getByText('The city is required.')).toHaveCount(0);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Address 1').fill('1 Music Row');
  await selectOption(page, page.getByLabel('State'), /^TN/);
  await page.getByLabel('Postal Code').fill('37203');
  await expect(submit).toBeEnabled();

  // The fulfillable warning shows when that field changes.
  const warning =
    'WARNING: Changes to "Is Fulfillable From This Location" determine whether or not inventory can be sourced via this bucket';
  await expect(page.getByText(warning)).toHaveCount(0);
  await page.getByLabel('Is Fulfillable From This Location').uncheck();
  await expect(page.getByText(warning)).toBeVisible();
  await page.getByLabel('Is Fulfillable From This Location').check();

  await submit.click();
  const table = dialog.getByRole('table', { name: 'Legacy buckets to be generated' });
  for (const bucket of [
    code,
    `${code}_B_STOCK`,
    `${code}_C_STOCK`,
    `${code}_DAMAGED`,
    `${code}_RENEWED`,
    `${code}_ONSITE`,
    `${code}_RELOCATING`,
    `${code}_RETURN`,
    `${code}_FBA_INBOUND`,
  ]) {
    await expect(table.getByRole('cell', { name: bucket, exact: true })).toBeVisible();
  }
  await snapshot(page, '/tmp/locations-create-dialog-desk.png');
  await dialog.getByRole('button', { name: 'Create Buckets' }).click();
  await expect(page.getByText(`Location ${code} created with 9 buckets.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // A PO at the new location, received in the browser into one of its buckets.
  const { po, product } = await poAt(request, code);
  await page.goto(`/purchase-orders/review/${po.id}`);
  const card = page.getByTestId('po-line-card');
  await card.getByRole('button', { name: 'Receive', exact: true }).click();
  const receiving = page.getByTestId('receiving-dialog');
  await expect(receiving.getByTestId('receiving-bucket')).toHaveValue(code);
  await selectOption(page, receiving.getByLabel('Receiving Bucket'), `${code}_B_STOCK`);
  await receiving.getByTestId('receiving-upc').focus();
  await expect(receiving.getByTestId('receiving-upc')).toBeFocused();
  await wedgeScan(page, product.upc!);
  await expect(receiving.getByTestId('scan-feedback')).toContainText(
    `Received ${product.model_number} into ${code}_B_STOCK`,
  );

  // The bucket now holds stock: the Bucket Updater refuses to delete it, and always refuses the first bucket.
  await page.goto(`/buckets/updater`);
  await expect(page.getByText('Choose a valid bucket to edit')).toBeVisible({ timeout: 30_000 });
  await selectOption(page, page.getByLabel('Bucket'), code);
  await expect(page.getByRole('heading', { name: `Updating: ${code}` })).toBeVisible();
  const list = page.getByRole('list', { name: `Buckets of ${code}` });
  await list
    .getByRole('listitem')
    .filter({ hasText: `${code}_B_STOCK` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(`Bucket ${code}_B_STOCK cannot be deleted while it holds stock: 1 unit on hand.`, { exact: false }),
  ).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText(`${code}NEW`);
  await expect(list.getByRole('listitem').first().getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('bucket buffers: the local-inventory checkbox needs bucket-buffer:edit; the update form shows its message', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'purchasing-1');
  await page.goto('/buckets/buffers');
  const box = page.getByLabel('Local inventory WALTS_B_STOCK');
  await expect(box).toBeChecked({ timeout: 30_000 });
  await expect(box).toBeDisabled();

  await page.evaluate(() => localStorage.clear());
  await signInAs(page, 'admin');
  await page.goto('/buckets/buffers');
  const editable = page.getByLabel('Local inventory WALTS_B_STOCK');
  await expect(editable).toBeEnabled({ timeout: 30_000 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await snapshot(page, '/tmp/locations-buffers-desk.png');
  await editable.uncheck();
  await expect(editable).not.toBeChecked();
  await expect(editable).toBeEnabled();
  await page.reload();
  await expect(page.getByLabel('Local inventory WALTS_B_STOCK')).not.toBeChecked();
  await page.getByLabel('Local inventory WALTS_B_STOCK').check();
  await expect(page.getByLabel('Local inventory WALTS_B_STOCK')).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, '/tmp/locations-buffers-phone.png');

  // The update form (from the Bucket Updater's list) shows 'Bucket Successfully Updated' for 4 seconds.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/buckets/updater?bucket=WALTS');
  await expect(page.getByRole('heading', { name: 'Updating: WALTS' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Notes').fill('Updated by the browser test');
  await page.getByText('Advanced Fields').click();
  await snapshot(page, '/tmp/locations-update-desk.png', { fullPage: true });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Bucket Successfully Updated')).toBeVisible();
  await expect(page.getByText('Bucket Successfully Updated')).toBeHidden({ timeout: 6_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/buckets/create');
  await snapshot(page, '/tmp/locations-create-phone.png', { fullPage: true });
});
