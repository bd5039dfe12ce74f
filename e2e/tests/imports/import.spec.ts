import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { selectOption } from '../../support/select';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * Imports (issue 36; docs/decisions.md "Imports (issue 36 part 1)"), as an administrator on Admin → Import: a
 * products CSV whose headers are not the field names is mapped by guess, one column mapped by hand, dry run (a row
 * refused for its UPC's check digit), confirmed as a job that finishes; then an opening-stock CSV with serials in a
 * bin: dry run, confirm, the on-hand, bin count and serials on the product page, the same file again all unchanged;
 * then a second products file of the same layout takes the saved mapping. Screenshots at 1440 and 390 px in
 * /tmp/wt-imports-shots/.
 */
const SHOTS = '/tmp/wt-imports-shots';
const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

/** A UPC-A with its GS1 check digit (or, `wrong`, with another digit). */
function upc(wrong = false): string {
  const body = Array.from({ length: 11 }, (_, i) => (i === 0 ? 8 : randomInt(10))).join('');
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  const check = (10 - (sum % 10)) % 10;
  return body + String(wrong ? (check + 1) % 10 : check);
}

const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\r\n') + '\r\n';

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

async function chooseEntity(page: Page, label: string) {
  await selectOption(page, page.getByRole('combobox', { name: 'What to import' }), label);
}

const results = (page: Page) => page.getByRole('table', { name: 'Dry run results' });
const resultRow = (page: Page, key: string) =>
  results(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: key, exact: true }) });
const mappingOf = (page: Page, header: string) => page.getByRole('combobox', { name: `Field of ${header}` });

test('map and import a products file, then opening stock with serials in a bin; the same file again is unchanged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now().toString(36)}${randomInt(1000)}`.toUpperCase();
  const tracked = `IMP-${run}-S`;
  const plain = `IMP-${run}-P`;
  const badUpc = `IMP-${run}-X`;
  // A header of this run's own: the layout is new each run, so its mapping is guessed (not one saved by a run before).
  const retail = `Retail ${run}`;
  const header = [
    'Model #',
    'Product Title',
    'Barcode',
    'Brand Name',
    'Category Name',
    'Serialized',
    'Unit Cost',
    retail,
  ];

  await signInAs(page, 'admin');
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();

  // Products: the headers differ from the field names; the guess maps all but the retail column.
  const products = csv([
    header,
    [tracked, 'Imported grill (serials)', upc(), 'Weber', 'Grills', 'yes', '100.50', '199.99'],
    [plain, 'Imported cover', upc(), 'Weber', 'Grills', 'no', '12.00', '24.00'],
    [badUpc, 'Imported bad barcode', upc(true), 'Weber', 'Grills', 'no', '5.00', '9.00'],
  ]);
  await chooseFile(page, `products-${run}.csv`, products);
  await expect(page.getByText('Guessed from the headers: check each column.')).toBeVisible();
  await expect(mappingOf(page, 'Model #')).toHaveText('Model number *');
  await expect(mappingOf(page, 'Product Title')).toHaveText('Description *');
  await expect(mappingOf(page, 'Barcode')).toHaveText('UPC');
  await expect(mappingOf(page, 'Serialized')).toHaveText('Serial tracked');
  await expect(mappingOf(page, 'Unit Cost')).toHaveText('Cost');
  await expect(mappingOf(page, retail)).toHaveText('Leave out');

  // The retail column mapped by hand to MSRP; the plan is stale until dry run again.
  await selectOption(page, mappingOf(page, retail), 'MSRP');
  const confirm = page.getByRole('button', { name: /^Confirm import/ });
  await expect(confirm).toBeDisabled();
  await page.getByRole('button', { name: 'Dry run again with this mapping' }).click();
  await expect(page.getByText('Mapped as you chose.')).toBeVisible();
  await expect(mappingOf(page, retail)).toHaveText('MSRP');

  await expect(page.getByRole('button', { name: 'create 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'refused 1' })).toBeVisible();
  await expect(resultRow(page, tracked)).toContainText('create');
  await expect(resultRow(page, plain)).toContainText('create');
  await expect(resultRow(page, badUpc)).toContainText('refused');
  await expect(resultRow(page, badUpc)).toContainText(
    'upc: must be a 12-digit UPC-A or 13-digit EAN-13 with a valid check digit',
  );
  await expect(page.getByText('Refused rows are left out; fix them in the file and import it again.')).toBeVisible();
  await shoot(page, 'products-dry-run');

  await expect(confirm).toHaveText('Confirm import (2 rows)');
  await confirm.click();
  const progress = page.getByLabel('Import progress');
  await expect(progress).toContainText('Imported: 2 created, 0 updated, 0 already as the file says.', {
    timeout: 30_000,
  });
  await expect(confirm).toBeDisabled();
  await shoot(page, 'products-imported');

  // The products exist: the product page of each (the refused one does not).
  const api = page.request;
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('keystone.session')!) as { accessToken: string }).accessToken,
  );
  const product = async (model: string) => {
    const r = await api.get(`/api/ims/products?model=${encodeURIComponent(model)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.ok()).toBe(true);
    return ((await r.json()) as { data: { model: string; serial_number_tracked: 0 | 1; cost: number }[] }).data;
  };
  expect(await product(tracked)).toEqual([
    expect.objectContaining({ model: tracked, serial_number_tracked: 1, cost: 100.5 }),
  ]);
  expect(await product(plain)).toEqual([expect.objectContaining({ model: plain, serial_number_tracked: 0, cost: 12 })]);
  expect(await product(badUpc)).toEqual([]);

  // Opening stock: two serials of the tracked product in bin R01-B02-S02 of KY01, 3 of the other without a bin.
  const serials = [`SN${run}A`, `SN${run}B`];
  const stock = csv([
    ['Location', 'Model', 'Serial', 'Qty', 'Shelf'],
    ['KY01', tracked, serials[0]!, '1', 'R01-B02-S02'],
    ['KY01', tracked, serials[1]!, '', 'R01-B02-S02'],
    ['KY01', plain, '', '3', ''],
  ]);
  await chooseEntity(page, 'Opening stock');
  await chooseFile(page, `opening-stock-${run}.csv`, stock);
  await expect(mappingOf(page, 'Location')).toHaveText('Bucket *');
  await expect(mappingOf(page, 'Shelf')).toHaveText('Bin');
  await expect(page.getByRole('button', { name: 'create 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'refused 0' })).toBeVisible();
  await shoot(page, 'stock-dry-run');
  await expect(confirm).toHaveText('Confirm import (3 rows)');
  await confirm.click();
  await expect(progress).toContainText('Imported: 3 created, 0 updated, 0 already as the file says.', {
    timeout: 30_000,
  });

  // The same file again: every row is unchanged, nothing to confirm.
  await chooseFile(page, `opening-stock-${run}.csv`, stock);
  await expect(page.getByRole('button', { name: 'unchanged 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'create 0' })).toBeVisible();
  await expect(confirm).toHaveText('Confirm import (0 rows)');
  await expect(confirm).toBeDisabled();
  await shoot(page, 'stock-unchanged');

  // A second products file of the same layout maps itself as the last one was mapped (retail → MSRP).
  await chooseEntity(page, 'Products');
  const again = csv([header, [tracked, 'Imported grill (serials)', '', '', '', '', '', '249.00']]);
  await chooseFile(page, `products-${run}-2.csv`, again);
  await expect(page.getByText('Mapped as the last file of this layout.')).toBeVisible();
  await expect(mappingOf(page, retail)).toHaveText('MSRP');
  await expect(mappingOf(page, 'Model #')).toHaveText('Model number *');
  await expect(resultRow(page, tracked)).toContainText('update');
  await expect(resultRow(page, tracked)).toContainText('msrp: 199.99 → 249.00');
  await shoot(page, 'products-saved-mapping');

  // The product page: on-hand in KY01, both serials in the bin, listed as the bucket's serials.
  await page.goto(`/inventory/detail/model/${encodeURIComponent(tracked)}`);
  const ky01 = page
    .getByTestId('inventory-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'KY01', exact: true }) });
  await expect(ky01).toHaveCount(1);
  await expect(ky01.getByRole('cell').nth(3)).toContainText(/^2/);
  await expect(ky01.getByTestId('bucket-binned')).toHaveText('2 in bins · 0 unbinned');
  await ky01.getByRole('button', { name: 'Serials in KY01' }).click();
  const dialog = page.getByRole('dialog', { name: `Serials of ${tracked} in KY01` });
  await expect(dialog.getByTestId('bucket-serials')).toContainText(serials[0]!);
  await expect(dialog.getByTestId('bucket-serials')).toContainText(serials[1]!);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/inventory/detail/model/${encodeURIComponent(plain)}`);
  const plainKy01 = page
    .getByTestId('inventory-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'KY01', exact: true }) });
  await expect(plainKy01.getByRole('cell').nth(3)).toHaveText('3');
});
