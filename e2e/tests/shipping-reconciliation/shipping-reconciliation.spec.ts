import { mkdirSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * Carrier shipping-charge reconciliation (issue 14; 002 §2, §4, §5, §8): gray boxes recorded through the intake call,
 * a CEVA invoice (the header layout the server reads, docs/decisions.md) uploaded and generated; the tabs and their
 * counts; the pre-selected rows staged; a hand-selected row edited (the mismatch warning); payments applied; the
 * results spreadsheet downloaded and read back. Screenshots at 1440 and 390 px in /tmp/wt-recon-web-shots/.
 */
const SHOTS = '/tmp/wt-recon-web-shots';
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

const tab = (page: Page, id: string) => page.getByTestId(`tab-${id}`);

test('upload a CEVA invoice, work the tabs, edit a staged row, apply payments and read the spreadsheet back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36).toUpperCase();
  const hb = (n: string) => `HB${run}${n}`;
  const today = new Date().toISOString().slice(0, 10);
  const box = (n: string, quote: number | null) => ({
    tracking_number: hb(n),
    fulfillment_po_number: `FPO-${run}-${n}`,
    date_shipped: today,
    ship_company: 'CEVA',
    fulfillment_warehouse: 'KY01',
    shipping_quote: quote,
  });
  const api = await apiAs(request, 'purchasing-1');
  // A is billed as quoted (Matched), B below the quote (In Our Favor), C far above it (Outside Acceptable Threshold),
  // E has no quote (Invalid Quote); D has no gray box (Not Found).
  await api.send('POST', '/api/shipping-reconciliation/gray-boxes', {
    grayBoxes: [box('A', 150), box('B', 100), box('C', 50), box('E', null)],
  });
  const lines = [
    ['Invoice Number', 'Invoice Date', 'House Bill', 'Ship Date', 'Origin', 'Destination', 'Weight', 'Total Charges'],
    ...[
      ['A', '150.00'],
      ['B', '90.00'],
      ['C', '80.00'],
      ['D', '12.34'],
      ['E', '40.00'],
    ].map(([n, amount]) => [`CV-${run}`, today, hb(n!), today, 'KY', 'TX', '150', amount!]),
  ];
  const file = `${SHOTS}/ceva-invoice-${run}.csv`;
  writeFileSync(file, lines.map((l) => l.join(',')).join('\r\n') + '\r\n');

  await signInAs(page, 'purchasing-1');
  await page.goto('/shipping-reconciliation');
  await expect(page.getByRole('heading', { name: 'Shipping Reconciliation' })).toBeVisible();
  // 002 §5: the search needs a value.
  await page.locator('form').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Enter at least one tracking number to search.')).toBeVisible();
  await shoot(page, 'menu');
  await page.getByRole('link', { name: /^CEVA/ }).click();
  await expect(page).toHaveURL(/\/shipping-reconciliation\/ceva$/);
  // 'Use Mock Data' needs role-editor:view, which purchasing-1 lacks.
  await expect(page.getByText('Use Mock Data')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  await page.getByTestId('invoice-file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('upload-message')).toContainText('5 billed lines, 5 tracking numbers');
  await expect(page.getByTestId('uploaded-filename')).toContainText('ceva-invoice');
  await page.getByRole('button', { name: 'Submit' }).click();

  // The tabs and counts (002 §2, §4): three to pay, one not found, one invalid quote.
  await expect(tab(page, 'paymentsToApply')).toHaveText('Payments to Apply (3)');
  await expect(tab(page, 'paidInFull')).toHaveText('Paid in Full (0)');
  await expect(tab(page, 'partiallyPaid')).toHaveText('Partially Paid (0)');
  await expect(tab(page, 'notFound')).toHaveText('Not Found (1)');
  await expect(tab(page, 'invalidQuote')).toHaveText('Invalid Quote (1)');
  const grid = page.getByRole('grid');
  await expect(
    grid
      .getByRole('row', { name: new RegExp(hb('C')) })
      .getByRole('gridcell', { name: 'Not Matched - Outside Acceptable Threshold' }),
  ).toBeVisible();
  await expect(grid.getByRole('row', { name: new RegExp(hb('A')) })).toContainText('$150.00');

  // Pre-selection: A (Matched) and B (In Our Favor), billed and paid both the reported charge.
  const staged = page.getByTestId('staged-row');
  await expect(staged).toHaveCount(2);
  await expect(page.getByLabel(`Billed ${hb('B')}`)).toHaveValue('90.00');
  await expect(page.getByLabel(`Paid ${hb('B')}`)).toHaveValue('90.00');
  await expect(page.getByTestId('staged-matching')).toHaveCount(2);

  // Select C by hand: billed is its charge, the payment is left to the user (the row is invalid until it is entered).
  await grid
    .getByRole('row', { name: new RegExp(hb('C')) })
    .getByRole('checkbox')
    .check();
  await expect(staged).toHaveCount(3);
  await expect(page.getByLabel(`Billed ${hb('C')}`)).toHaveValue('80.00');
  await expect(page.getByText('Enter the payment to apply.')).toBeVisible();
  const applyButton = page.getByRole('button', { name: 'Apply Payments (3)' });
  await expect(applyButton).toBeDisabled();
  await page.getByLabel(`Paid ${hb('C')}`).fill('60');
  await expect(page.locator(`[data-tracking="${hb('C')}"]`).getByTestId('staged-mismatch')).toBeVisible();
  await expect(applyButton).toBeEnabled();

  // Not Found lists D; it cannot be selected for a payment.
  await tab(page, 'notFound').click();
  await expect(grid.getByRole('row', { name: new RegExp(hb('D')) })).toContainText('Unable to find matching gray box');
  await expect(grid.getByRole('checkbox')).toHaveCount(0);
  await tab(page, 'paymentsToApply').click();
  await shoot(page, 'ceva-dashboard');

  await applyButton.click();
  const dialog = page.getByRole('dialog', { name: 'Apply Payments' });
  await expect(dialog).toContainText('Apply 3 payments totalling $300.00?');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toContainText('Payments applied');
  const batchId = Number(await dialog.getByTestId('batch-id').textContent());
  expect(batchId).toBeGreaterThan(0);
  await shoot(page, 'ceva-applied');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download XLSX' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`shipping-payments-batch-${batchId}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (name: string) => header.indexOf(name) + 1;
  expect(col('tracking_number')).toBeGreaterThan(0);
  const applied = new Map<string, { billed: number; paid: number; batch: number }>();
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    applied.set(String(row.getCell(col('tracking_number')).value), {
      billed: Number(row.getCell(col('reported_billed_charge')).value),
      paid: Number(row.getCell(col('payment_to_apply')).value),
      batch: Number(row.getCell(col('batch_id')).value),
    });
  });
  expect(applied).toEqual(
    new Map([
      [hb('A'), { billed: 150, paid: 150, batch: batchId }],
      [hb('B'), { billed: 90, paid: 90, batch: batchId }],
      [hb('C'), { billed: 80, paid: 60, batch: batchId }],
    ]),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The rows moved: A and B paid in full, C partially paid.
  await expect(tab(page, 'paymentsToApply')).toHaveText('Payments to Apply (0)');
  await expect(tab(page, 'paidInFull')).toHaveText('Paid in Full (2)');
  await expect(tab(page, 'partiallyPaid')).toHaveText('Partially Paid (1)');
  await expect(staged).toHaveCount(0);

  // The search finds C with what was paid.
  await page.goto(`/shipping-reconciliation/search?searchType=trackingNumber&searchValue=${hb('C')}`);
  await expect(tab(page, 'partiallyPaid')).toHaveText('Partially Paid (1)');
  await tab(page, 'partiallyPaid').click();
  await expect(page.getByRole('grid').getByRole('row', { name: new RegExp(hb('C')) })).toContainText('$60.00');
  await shoot(page, 'search');
  // The shipment's history (issue 31 item 1): its invoice line, the payment, and what is left to pay.
  await page.getByRole('button', { name: `History of ${hb('C')}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${hb('C')}` });
  await expect(history.getByTestId('history-sums')).toHaveText(/Billed \$80\.00\s*Paid \$60\.00\s*Unpaid \$20\.00/);
  await expect(history.getByRole('table', { name: 'Invoice lines' })).toContainText(`CV-${run}`);
  await expect(history.getByRole('table', { name: 'Payments' }).getByRole('row')).toHaveCount(2);
  await shoot(page, 'history');
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Menu' }).click();
  await expect(page).toHaveURL(/\/shipping-reconciliation$/);
});

test('the generic view with its filters and the mock data switch', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'developer');
  await page.goto('/shipping-reconciliation/generic');
  await expect(page.getByLabel('Fulfillment Warehouse')).toBeVisible();
  await page.getByText('Use Mock Data').click();
  // The sample is dated April and May 2020 (000 §9).
  await page.getByRole('group', { name: 'From' }).getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type('20200401');
  await page.getByRole('group', { name: 'To' }).getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type('20200630');
  await expect(page.getByTestId('tab-paymentsToApply')).toHaveText(/Payments to Apply \(\d+\)/);
  await expect(page.getByTestId('tab-notFound')).toHaveText(/Not Found \([1-9]\d*\)/);
  await expect(page.getByRole('button', { name: /Apply Payments/ })).toBeDisabled();
  await shoot(page, 'generic-mock');
});

test('a shipment paid in full meanwhile: Pay anyway needs a reason, which the shipment history shows', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36).toUpperCase();
  const tn = `HB${run}P`;
  const today = new Date().toISOString().slice(0, 10);
  const api = await apiAs(request, 'purchasing-1');
  await api.send('POST', '/api/shipping-reconciliation/gray-boxes', {
    grayBoxes: [
      {
        tracking_number: tn,
        fulfillment_po_number: `FPO-${run}-P`,
        date_shipped: today,
        ship_company: 'CEVA',
        fulfillment_warehouse: 'KY01',
        shipping_quote: 25,
      },
    ],
  });
  const csv =
    [
      'Invoice Number,Invoice Date,House Bill,Ship Date,Origin,Destination,Weight,Total Charges',
      `CV-${run}-P,${today},${tn},${today},KY,TX,10,25.00`,
    ].join('\r\n') + '\r\n';
  const uploaded = await request.post('/api/shipping-reconciliation/ceva/upload', {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: { file: { name: `ceva-${run}-p.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  await api.get(
    `/api/shipping-reconciliation/ceva/generate?filename=${encodeURIComponent(((await uploaded.json()) as { filename: string }).filename)}`,
  );

  await signInAs(page, 'purchasing-1');
  await page.goto(`/shipping-reconciliation/search?searchType=trackingNumber&searchValue=${tn}`);
  await expect(page.getByLabel(`Paid ${tn}`)).toHaveValue('25.00');
  // Someone else pays it in full while this screen still offers it.
  await api.send('PUT', '/api/shipping-reconciliation/update', {
    idempotencyKey: `e2e-${run}-first`,
    updates: { [tn]: { reported_billed_charge: 25, payment_to_apply: 25 } },
  });

  await page.getByRole('button', { name: 'Apply Payments (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply Payments' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const form = dialog.getByTestId('pay-anyway');
  await expect(form).toContainText(
    `${tn}: This shipment is already paid in full ($25.00 paid). To pay it again, choose Pay anyway and give the reason.`,
  );
  await expect(form).not.toContainText('override');
  const payAnyway = dialog.getByRole('button', { name: 'Pay Anyway' });
  await expect(payAnyway).toBeDisabled();
  await form.getByRole('checkbox', { name: 'Pay anyway' }).check();
  await expect(form).toContainText('Give the reason for paying a shipment already paid in full.');
  await expect(payAnyway).toBeDisabled();
  const reason = `Carrier re-billed on CV-${run}-P; approved by AP`;
  await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await shoot(page, 'pay-anyway');
  await payAnyway.click();
  await expect(dialog).toContainText('Payments applied');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await tab(page, 'paidInFull').click();
  await page.getByRole('button', { name: `History of ${tn}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${tn}` });
  await expect(history.getByTestId('history-sums')).toHaveText(/Billed \$25\.00\s*Paid \$50\.00\s*Unpaid -\$25\.00/);
  const payments = history.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(3);
  await expect(payments.getByRole('row').nth(2)).toContainText(reason);
  await expect(payments.getByRole('row').nth(1)).toContainText('—');
  await shoot(page, 'pay-anyway-history');
});
