import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import {
  AUDIT_BUCKET,
  auditProduct,
  createAuditByApi,
  finishTallyByApi,
  requestItemByApi,
  setScanSetup,
  shot,
} from '../../support/audits';
import { selectOption } from '../../support/select';
import { focusPage, signInAs, wedgeScans } from '../../support/session';
import { shoot } from '../../support/shots';

/**
 * Physical audits (001 §2, §4, §5, §6, §8; issue 12 item 1): the dashboard, the scan tool with its scan dialog and
 * review, and the discrepancy report. Stock is received into RUBY; scanner input is wedge-timed (support/session.ts).
 */

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

function localToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Requests an item by model from the scan tool (the autocomplete answers after its 500 ms debounce); its scan dialog opens. */
async function requestItem(page: Page, model: string) {
  const form = page.getByTestId('request-item-form');
  await form.getByTestId('request-model').fill(model);
  await page.getByRole('option', { name: model, exact: true }).click();
  await form.getByTestId('request-item').click();
  const dialog = page.getByTestId('audit-scan-dialog');
  await expect(dialog.getByTestId('audit-scan-model')).toHaveText(model);
  await expect(dialog.getByTestId('audit-scan-upc')).toBeFocused();
  return dialog;
}

async function expectFeedback(dialog: Locator, kind: 'good' | 'bad', text: string | RegExp) {
  const feedback = dialog.getByTestId('scan-feedback');
  await expect(feedback).toHaveText(text);
  await expect(feedback).toHaveAttribute('data-kind', kind);
}

test('create an audit, count by wedge scans with every message, delete a scan, finish the tally, review and resolve, complete the audit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { product, serials, stamp } = await auditProduct(request, { qty: 3, tracked: true, pick: 0 });
  const upc = product.upc!;
  const model = product.model_number;
  const discovered = `AU${stamp}X1`;
  await page.setViewportSize(DESK);
  await signInAs(page, 'warehouse-admin');

  // Create New Audit: the bucket first; then the name (default '{date} {BUCKET} Audit') and Create appear.
  await page.goto('/inventory/audit-scans');
  await expect(page.getByRole('tab', { name: 'In Progress' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('create-audit').click();
  const create = page.getByTestId('create-audit-dialog');
  await expect(create.getByTestId('audit-name')).toHaveCount(0);
  await expect(create.getByTestId('create-audit-submit')).toHaveCount(0);
  await selectOption(page, create.getByRole('combobox', { name: 'Default Bucket' }), AUDIT_BUCKET);
  const defaultName = `${localToday()} ${AUDIT_BUCKET} Audit`;
  await expect(create.getByTestId('audit-name')).toHaveValue(defaultName);
  await shot(page, 'desk-create-audit');
  // An empty name: the server's field error shows under the field.
  await create.getByTestId('audit-name').fill('');
  await create.getByTestId('create-audit-submit').click();
  await expect(create.getByText('An audit name is required.')).toBeVisible();
  const name = `${defaultName} ${stamp}`;
  await create.getByTestId('audit-name').fill(name);
  await create.getByTestId('create-audit-submit').click();
  await expect(page).toHaveURL(/\/inventory\/audit-scans\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('request-item-form').getByTestId('request-bucket')).toHaveValue(AUDIT_BUCKET);

  const dialog = await requestItem(page, model);
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 0');

  // Every §5 message, in red, each scan at wedge speed.
  await wedgeScans(page, ['123456789012']);
  await expectFeedback(dialog, 'bad', "UPC doesn't match");
  await wedgeScans(page, [upc, upc]);
  await expectFeedback(dialog, 'bad', "UPC can't be serial");
  await wedgeScans(page, [model]);
  await expectFeedback(dialog, 'bad', "Serial can't equal model number");
  await wedgeScans(page, ['AB:=:CD']);
  await expectFeedback(dialog, 'bad', 'Individual serials cannot contain the delimiter ":=:"');
  await wedgeScans(page, [serials[0]!]);
  await expectFeedback(dialog, 'good', `Counted ${upc} (${serials[0]})`);
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 1');
  await wedgeScans(page, [upc, serials[0]!]);
  await expectFeedback(dialog, 'bad', 'Serial already scanned');
  await wedgeScans(page, [serials[1]!, upc, discovered]);
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 3');
  await expect(dialog.getByTestId('audit-tally-row')).toHaveCount(3);
  await shot(page, 'desk-scan-dialog');

  // Delete a scan: the tally goes down.
  await dialog.getByTestId('audit-tally-row').filter({ hasText: serials[1]! }).getByTestId('delete-audit-scan').click();
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 2');
  await expect(dialog.getByTestId('audit-tally-row').filter({ hasText: serials[1]! })).toHaveCount(0);

  // Someone else finishes the tally meanwhile: Finish Tally says so in a closable alert.
  const row = page.getByTestId('audit-item-row').filter({ hasText: model });
  const ref = (await row.locator('.MuiTypography-caption').first().textContent())!.trim();
  const batchId = Number(page.url().split('/').pop());
  await finishTallyByApi(request, 'admin', { audit_batch_id: batchId, audit_batch_name: name }, model, true, ref);
  await dialog.getByTestId('finish-tally').click();
  const already = dialog.getByTestId('tally-already-submitted');
  await expect(already).toHaveText('Tally has already been submitted');
  await already.getByRole('button', { name: 'Close' }).click();
  await expect(already).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Tally finished: Continue Scanning and Delete are disabled, Review and Resolve is not (001 §4).
  await expect(row).toHaveAttribute('data-state', 'tally-finished');
  await expect(row.getByTestId('continue-scanning')).toBeDisabled();
  await expect(row.getByTestId('delete-audit-item')).toBeDisabled();
  await row.getByTestId('review-and-resolve').click();
  const review = page.getByTestId('audit-review-dialog');
  await expect(review.getByTestId('review-expected')).toHaveText('3');
  await expect(review.getByTestId('review-tallied')).toHaveText('2');
  await expect(review.getByTestId('review-adjustment')).toHaveText('-1');
  await expect(review.getByTestId('review-new')).toHaveText('2');
  await expect(review.getByTestId('review-missing-row')).toHaveCount(2);
  await expect(review.getByTestId('review-missing')).toContainText(serials[1]!);
  await expect(review.getByTestId('review-missing')).toContainText(serials[2]!);
  await expect(review.getByTestId('review-discovered')).toContainText(discovered);
  await expect(review.getByTestId('review-missing-row').first()).toContainText(AUDIT_BUCKET);
  await shot(page, 'desk-review');
  await review.getByTestId('review-notes').fill('Shelf count');
  await review.getByTestId('submit-and-resolve').click();
  await expect(review.getByTestId('review-resolved')).toBeVisible();
  await expect(review.getByTestId('submit-and-resolve')).toBeDisabled();
  await expect(review.getByTestId('submit-adjustment-only')).toBeDisabled();
  await review.getByRole('button', { name: 'Close', exact: true }).click();
  const resolved = page.getByTestId('audit-transacted-items').getByTestId('audit-item-row').filter({ hasText: model });
  await expect(resolved).toHaveAttribute('data-state', 'resolved');
  await expect(resolved.getByTestId('review-and-resolve')).toBeDisabled();

  // The discrepancy report.
  await page.getByTestId('discrepancy-report-link').click();
  const reportRow = page.getByTestId('report-row').filter({ hasText: model });
  await expect(reportRow.getByTestId('report-adjustment')).toHaveText('-1');
  await expect(reportRow.getByTestId('report-missing')).toContainText(serials[2]!);
  await expect(reportRow.getByTestId('report-discovered')).toHaveText(discovered);
  await expect(reportRow.getByTestId('report-transaction')).toBeVisible();
  await expect(page.getByTestId('print-report')).toBeVisible();
  await shot(page, 'desk-report');
  await shoot(page, '/tmp/shots-audits', 'discrepancy-report');
  // On paper: the shell and the buttons are hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-report')).toBeHidden();
  await shot(page, 'desk-report-print');
  await page.emulateMedia({ media: 'screen' });
  // The Transaction link opens the adjustment the item posted (IA-…), not its AA- reference.
  const posted = reportRow.getByTestId('report-transaction').first();
  const iaRef = (await posted.textContent())!.trim();
  expect(iaRef).toMatch(/^IA-\d{7,}$/);
  await posted.click();
  await expect(page).toHaveURL(new RegExp(`/inventory-transactions/${iaRef}$`));
  await expect(page.getByTestId('transaction-detail')).toContainText('Inventory Audit Adjustment');
  await expect(page.getByTestId('transaction-detail')).toContainText(model);
  // Its initiating reference (the AA- item) opens the item's view: its adjustments and its audit's report.
  await page.getByTestId('transaction-detail').getByRole('link', { name: ref }).click();
  const itemView = page.getByTestId('audit-item-reference');
  await expect(itemView).toContainText(`${ref} is an audit item (${model} in ${AUDIT_BUCKET}), not a transaction.`);
  await expect(itemView.getByTestId('audit-item-transaction').first()).toHaveText(iaRef);
  await expect(page.getByText('is not a transaction reference')).toHaveCount(0);
  await shoot(page, '/tmp/shots-audits', 'audit-item-reference');
  await itemView.getByTestId('audit-item-report').click();
  await expect(page.getByTestId('discrepancy-report')).toBeVisible();
  await page.goto(`/inventory/audit-scans/${batchId}`);

  // Complete Audit, after its confirmation: back on the dashboard, the audit under Completed Audits.
  await page.getByTestId('complete-audit').click();
  await page.getByTestId('complete-audit-confirm').click();
  await expect(page).toHaveURL(/\/inventory\/audit-scans$/);
  await expect(page.getByTestId('audit-batch-row').filter({ hasText: name })).toHaveCount(0);
  await page.getByTestId('tab-completed').click();
  await expect(page.getByTestId('audit-batch-row').filter({ hasText: name })).toHaveCount(1);
  await shot(page, 'desk-dashboard-completed');
});

test('without audit-scan:submit, Complete Audit and both submits show disabled as ADMIN ONLY, and the server refuses them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product, serials, stamp } = await auditProduct(request, { qty: 1, tracked: true, pick: 1 });
  const batch = await createAuditByApi(request, 'warehouse-lead', `E2E lead audit ${stamp}`);
  const item = await requestItemByApi(request, 'warehouse-lead', batch, product.model_number, true);
  const lead = await apiAs(request, 'warehouse-lead');
  await lead.send('POST', '/api/audit-adjustments/quick-add-scanned-item', {
    model: product.model_number,
    auditBucket: AUDIT_BUCKET,
    auditBatchId: batch.audit_batch_id,
    auditTypeCode: 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED',
    transactionReferenceId: item.ims_transaction_reference_id,
    scannedUpc: product.upc,
    serialNumbers: serials[0],
  });
  await finishTallyByApi(
    request,
    'warehouse-lead',
    batch,
    product.model_number,
    true,
    item.ims_transaction_reference_id,
  );

  await signInAs(page, 'warehouse-lead');
  await page.goto(`/inventory/audit-scans/${batch.audit_batch_id}`);
  await expect(page.getByTestId('complete-audit')).toHaveText('ADMIN ONLY');
  await expect(page.getByTestId('complete-audit')).toBeDisabled();
  await page
    .getByTestId('audit-item-row')
    .filter({ hasText: product.model_number })
    .getByTestId('review-and-resolve')
    .click();
  const review = page.getByTestId('audit-review-dialog');
  await expect(review.getByTestId('review-tallied')).toHaveText('1');
  for (const id of ['submit-adjustment-only', 'submit-and-resolve']) {
    await expect(review.getByTestId(id)).toHaveText('ADMIN ONLY');
    await expect(review.getByTestId(id)).toBeDisabled();
  }

  const headers = { authorization: `Bearer ${lead.token}` };
  for (const path of [
    `/api/audit-adjustments/${item.ims_transaction_reference_id}/transact`,
    `/api/audit-adjustments/${item.ims_transaction_reference_id}/resolve`,
  ]) {
    expect((await request.post(path, { headers, data: {} })).status()).toBe(403);
  }
  expect(
    (
      await request.put('/api/audit-scans/finishBatch', { headers, data: { audit_batch_id: batch.audit_batch_id } })
    ).status(),
  ).toBe(403);
});

test('Run in the background: the resolve is queued as a job whose progress shows until it is done', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product, serials, stamp } = await auditProduct(request, { qty: 3, tracked: true, pick: 2 });
  const batch = await createAuditByApi(request, 'admin', `E2E background audit ${stamp}`);
  const item = await requestItemByApi(request, 'admin', batch, product.model_number, true);
  const admin = await apiAs(request, 'admin');
  for (const serial of serials.slice(0, 2)) {
    await admin.send('POST', '/api/audit-adjustments/quick-add-scanned-item', {
      model: product.model_number,
      auditBucket: AUDIT_BUCKET,
      auditBatchId: batch.audit_batch_id,
      auditTypeCode: 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED',
      transactionReferenceId: item.ims_transaction_reference_id,
      scannedUpc: product.upc,
      serialNumbers: serial,
    });
  }
  await finishTallyByApi(request, 'admin', batch, product.model_number, true, item.ims_transaction_reference_id);

  await page.setViewportSize(DESK);
  await signInAs(page, 'admin');
  await page.goto(`/inventory/audit-scans/${batch.audit_batch_id}`);
  const row = page.getByTestId('audit-item-row').filter({ hasText: product.model_number });
  await row.getByTestId('review-and-resolve').click();
  const review = page.getByTestId('audit-review-dialog');
  await expect(review.getByTestId('review-missing-row')).toHaveCount(1);
  await review.getByTestId('review-background').check();
  await review.getByTestId('submit-and-resolve').click();
  await expect(review.getByTestId('audit-job-progress')).toBeVisible();
  await expect(review.getByTestId('submit-and-resolve')).toBeDisabled();
  await expect(review.getByTestId('audit-job-count')).toHaveText(/^Done: (\d+) \/ \1$/, { timeout: 20_000 });
  await expect(review.getByTestId('review-resolved')).toBeVisible();
  await shot(page, 'desk-review-background');
  await review.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('audit-item-row').filter({ hasText: product.model_number })).toHaveAttribute(
    'data-state',
    'resolved',
  );
});

test('on a phone: a product without serials is counted by its UPC alone; the server refuses too many serials in red', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const plain = await auditProduct(request, { qty: 2, tracked: false, pick: 3 });
  const tracked = await auditProduct(request, { qty: 1, tracked: true, pick: 4 });
  const batch = await createAuditByApi(request, 'warehouse-admin', `E2E phone audit ${plain.stamp}`);
  await page.setViewportSize(PHONE);
  await signInAs(page, 'warehouse-admin');
  await page.goto('/inventory/audit-scans');
  await expect(page.getByTestId('audit-batch-row').filter({ hasText: batch.audit_batch_name })).toHaveCount(1);
  await shot(page, 'phone-dashboard');
  await page
    .getByTestId('audit-batch-row')
    .filter({ hasText: batch.audit_batch_name })
    .getByTestId('audit-batch-link')
    .click();
  await expect(page.getByRole('heading', { name: batch.audit_batch_name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  let dialog = await requestItem(page, plain.product.model_number);
  await expect(dialog.getByTestId('audit-scan-serial')).toHaveCount(0);
  await wedgeScans(page, [plain.product.upc!, plain.product.upc!]);
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 2');
  await expectFeedback(dialog, 'good', `Counted ${plain.product.upc}`);
  await shot(page, 'phone-scan-dialog');
  await dialog.getByTestId('finish-tally').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('audit-status')).toContainText('Tally finished');
  await shot(page, 'phone-tool');
  const plainRow = page.getByTestId('audit-item-row').filter({ hasText: plain.product.model_number });
  await expect(plainRow).toHaveAttribute('data-state', 'tally-finished');
  await plainRow.getByTestId('review-and-resolve').click();
  const review = page.getByTestId('audit-review-dialog');
  await expect(review.getByTestId('review-tallied')).toHaveText('2');
  await expect(review.getByTestId('review-adjustment')).toHaveText('0');
  await shot(page, 'phone-review');
  await review.getByTestId('submit-adjustment-only').click();
  await expect(review.getByTestId('submit-adjustment-only')).toBeDisabled();
  await expect(review.getByTestId('submit-and-resolve')).toBeEnabled();
  await review.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(
    page
      .getByTestId('audit-transacted-items')
      .getByTestId('audit-item-row')
      .filter({ hasText: plain.product.model_number }),
  ).toHaveCount(1);

  // Two serials per item when the dialog opened; one when the scans arrive: the server's message, in red.
  await setScanSetup(request, tracked.product, 2);
  dialog = await requestItem(page, tracked.product.model_number);
  await setScanSetup(request, tracked.product, 1);
  await wedgeScans(page, [tracked.product.upc!, `${tracked.stamp}S1`, `${tracked.stamp}S2`]);
  await expectFeedback(dialog, 'bad', 'Too many serials scanned');
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 0');
});

/** Screenshots at 1440 and 390 px (E2E_SHOTS=1) in /tmp/wt-audits-shots/, then the phone's viewport again. */
async function shootPhone(page: Page, name: string) {
  await shoot(page, '/tmp/wt-audits-shots', name);
  await page.setViewportSize(PHONE);
}

test('on a phone: two new audits of a day and bucket get different default names; an item is requested by scanning its UPC', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { product, stamp } = await auditProduct(request, { qty: 1, tracked: false, pick: 5 });
  const upc = product.upc!;
  const model = product.model_number;
  await page.setViewportSize(PHONE);
  await signInAs(page, 'warehouse-admin');

  // Issue 37: the default name twice, as it comes; the second (or a later one, on a repeated run) is numbered.
  const defaultName = `${localToday()} ${AUDIT_BUCKET} Audit`;
  const names: string[] = [];
  for (let i = 0; i < 2; i++) {
    await page.goto('/inventory/audit-scans');
    await page.getByTestId('create-audit').click();
    const create = page.getByTestId('create-audit-dialog');
    await selectOption(page, create.getByRole('combobox', { name: 'Default Bucket' }), AUDIT_BUCKET);
    await expect(create.getByTestId('audit-name')).toHaveValue(defaultName);
    await expect(create.getByText(`Taken already? It is numbered: ${defaultName} 2`)).toBeVisible();
    if (i === 0) await shootPhone(page, 'phone-create-default-name');
    await create.getByTestId('create-audit-submit').click();
    await expect(page).toHaveURL(/\/inventory\/audit-scans\/\d+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(new RegExp(`^${defaultName}( \\d+)?$`));
    names.push((await heading.textContent())!);
  }
  expect(names[1]).not.toBe(names[0]);
  expect(names[1]).toMatch(new RegExp(`^${defaultName} \\d+$`));

  // A UPC scanned with focus on the page lands in the Scan UPC field: an unknown one is refused in red.
  const form = page.getByTestId('request-item-form');
  await expect(form.getByTestId('request-bucket')).toHaveValue(AUDIT_BUCKET);
  await focusPage(page);
  await wedgeScans(page, [`NO${stamp}`]);
  const feedback = form.getByTestId('request-upc-feedback');
  await expect(feedback).toHaveText(`No product has UPC NO${stamp}.`);
  await expect(feedback).toHaveAttribute('data-kind', 'bad');
  await expect(page).toHaveURL(/\/inventory\/audit-scans\/\d+$/);

  // The product's UPC, scanned into the field: the item is requested in the bucket and opens for counting.
  await form.getByTestId('request-upc').click();
  await wedgeScans(page, [upc]);
  const dialog = page.getByTestId('audit-scan-dialog');
  await expect(dialog.getByTestId('audit-scan-model')).toHaveText(model);
  await expect(dialog.getByTestId('audit-scan-upc')).toBeFocused();
  await expect(feedback).toHaveText(`Requested ${model} (${upc})`);
  await wedgeScans(page, [upc]);
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 1');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  const rows = page.getByTestId('audit-committed-items').getByTestId('audit-item-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(model);
  await shootPhone(page, 'phone-request-by-upc');

  // The same UPC again answers the item being counted: no second item.
  await focusPage(page);
  await wedgeScans(page, [upc]);
  await expect(dialog.getByTestId('audit-scan-model')).toHaveText(model);
  await expect(dialog.getByTestId('audit-tallied')).toHaveText('Tallied: 1');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(rows).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
