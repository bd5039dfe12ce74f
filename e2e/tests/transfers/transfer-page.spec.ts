import { expect, test, type Page } from '@playwright/test';
import { STATUS_MESSAGE_MS } from '@keystone/contracts';
import { apiAs } from '../../support/api';
import { selectOption } from '../../support/select';
import { wedgeScans, signInAs } from '../../support/session';
import { stockedProduct } from '../../support/transfers';

/**
 * The transfer page of a model (001 §2, §4, §5, §8; issue 10 item 2). Stock is received into RUBY (no KY01/TX01/AZ02
 * rules) and moved to RUBY_B_STOCK. Scanner input is wedge-timed (keys 10 ms apart, support/session.ts).
 */

const FROM = 'RUBY';
const TO = 'RUBY_B_STOCK';

async function openTransferPage(page: Page, model: string) {
  await page.goto(`/inventory/transfer/${encodeURIComponent(model)}?from_bucket=${FROM}`);
  await expect(page.getByTestId('transfer-model')).toHaveText(model);
  return page.getByTestId(`transfer-form-${FROM}`);
}

/** Commits a transfer through the API as the admin (for the scan tests that start from a committed one). */
async function commitByApi(request: Parameters<typeof apiAs>[0], model: string, qty: number) {
  const admin = await apiAs(request, 'admin');
  return admin.send<{ ims_transaction_reference_id: string }>('POST', '/api/ims/committed-transfers', {
    fromBucket: FROM,
    toBucket: TO,
    model,
    requestedQuantity: qty,
    committedById: 'admin',
    scanningRequired: true,
  });
}

async function openScan(page: Page, reference: string) {
  const row = page.getByTestId('committed-transfers-row').filter({ hasText: reference });
  await row.getByTestId('scan-transfer').click();
  const dialog = page.getByTestId('transfer-scan-dialog');
  await expect(dialog.getByTestId('transfer-scan-upc')).toBeFocused();
  return dialog;
}

test('commit a transfer of a serial-tracked product, scan it to completion at wedge speed, submit: the result says n/m transferred', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product, serials } = await stockedProduct(request, { qty: 2, tracked: true, pick: 0 });
  await page.clock.install();
  await signInAs(page, 'warehouse-lead');
  const form = await openTransferPage(page, product.model_number);
  await expect(form.getByTestId('on-hand')).toHaveText('On hand: 2');

  await selectOption(page, form.getByRole('combobox'), TO);
  await form.getByTestId('requested-quantity').fill('2');
  await expect(form.getByTestId('scanning-required')).toBeChecked();
  await form.getByRole('button', { name: 'Commit Transfer' }).click();
  await expect(form.getByTestId('transfer-form-alert')).toHaveText('Updated!');

  const row = page.getByTestId('committed-transfers-row').filter({ hasText: TO });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('committed-progress')).toContainText('0 / 2');
  await row.getByTestId('scan-transfer').click();
  const dialog = page.getByTestId('transfer-scan-dialog');
  await expect(dialog.getByTestId('transfer-scan-upc')).toBeFocused();

  // Both units back to back, each serial right after its UPC (no pause for the 500 ms focus move).
  await wedgeScans(page, [product.upc!, serials[0]!, product.upc!, serials[1]!]);
  await expect(dialog.getByTestId('scan-progress')).toHaveText('Scanned: 2 / 2');
  await expect(dialog.getByTestId('transfer-scanned-serials')).toContainText(serials[0]!);
  await expect(dialog.getByTestId('transfer-scanned-serials')).toContainText(serials[1]!);
  await expect(dialog.getByTestId('transfer-scan-upc')).toHaveCount(0);

  await dialog.getByTestId('submit-transfer').click();
  const confirm = page.getByTestId('submit-transfer-dialog');
  // Strict Mode is the admin's alone (001 §6).
  await expect(confirm.getByLabel('Strict Mode')).toHaveCount(0);
  await confirm.getByTestId('submit-transfer-confirm').click();
  const result = page.getByTestId('transfer-result-dialog');
  await expect(result).toContainText('Transfer successfully submitted and processed!');
  await expect(result.getByTestId('transfer-result')).toHaveText('2/2 Scanned and Successfully Transferred');
  await result.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByTestId('committed-transfers-row')).toHaveCount(0);
  await expect(page.getByTestId('transacted-transfers-row').filter({ hasText: TO })).toHaveCount(1);
  await expect(page.getByTestId(`transfer-form-${FROM}`)).toHaveCount(0);
});

test('force-push prompt, Cancel: the item is cleared and nothing is counted', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { product, stamp } = await stockedProduct(request, { qty: 1, tracked: true, pick: 1 });
  const committed = await commitByApi(request, product.model_number, 1);
  await signInAs(page, 'admin');
  await openTransferPage(page, product.model_number);
  const dialog = await openScan(page, committed.ims_transaction_reference_id);

  const unknown = `NOPE${stamp}`;
  await wedgeScans(page, [product.upc!, unknown]);
  const prompt = page.getByTestId('force-push-dialog');
  await expect(prompt).toContainText('Serial Does Not Exist');
  await expect(prompt).toContainText(`Inventory serial ${unknown} does not exist for product ${product.model_number}`);
  await expect(prompt).toContainText('force-push this serial into our records?');
  await expect(dialog.getByTestId('scan-feedback')).toHaveAttribute('data-kind', 'bad');
  await prompt.getByTestId('force-push-cancel').click();
  await expect(prompt).toHaveCount(0);
  await expect(dialog.getByTestId('transfer-scan-upc')).toHaveValue('');
  await expect(dialog.getByTestId('transfer-scan-upc')).toBeFocused();
  await expect(dialog.getByTestId('scan-progress')).toHaveText('Scanned: 0 / 1');
});

test('on a phone, a quick transfer without serials of a non-serial product says Updated! and shows as submitted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product } = await stockedProduct(request, { qty: 3, tracked: false, pick: 2 });
  // On a phone (390 px): the page fits, nothing needs a sideways scroll but the tables' own.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await signInAs(page, 'warehouse-lead');
  const form = await openTransferPage(page, product.model_number);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(form.getByTestId('on-hand')).toHaveText('On hand: 3');
  await selectOption(page, form.getByRole('combobox'), TO);
  await form.getByTestId('requested-quantity').fill('1');
  await expect(form.getByTestId('scanning-required')).not.toBeChecked();
  await form.getByTestId('commit-notes').fill('Quick move');
  await form.getByRole('button', { name: 'Transfer Now' }).click();
  await expect(form.getByTestId('transfer-form-alert')).toHaveText('Updated!');
  await expect(form.getByTestId('on-hand')).toHaveText('On hand: 2');
  await expect(page.getByTestId('transacted-transfers-row').filter({ hasText: TO })).toHaveCount(1);
  await expect(page.getByTestId('committed-transfers-row')).toHaveCount(0);

  // Over the on-hand a non-admin is stopped on the page (001 §5: 1 to quantity).
  await selectOption(page, form.getByRole('combobox'), TO);
  await form.getByTestId('requested-quantity').fill('3');
  await form.getByRole('button', { name: 'Transfer Now' }).click();
  await expect(form.getByTestId('transfer-form-alert')).toHaveText(
    `Requested quantity must be 1 to 2, the quantity available in ${FROM}`,
  );
  // 'Updated!' clears itself after the status time; the refusal shown before that time ran out stays.
  await page.clock.runFor(STATUS_MESSAGE_MS + 500);
  await expect(form.getByTestId('transfer-form-alert')).toHaveText(
    `Requested quantity must be 1 to 2, the quantity available in ${FROM}`,
  );
  // Destination not selected: the spec's message.
  await selectOption(page, form.getByRole('combobox'), 'Not Selected');
  await form.getByRole('button', { name: 'Transfer Now' }).click();
  await expect(form.getByTestId('transfer-form-alert')).toHaveText('One or more required fields are missing');
  // A second quick transfer: its 'Updated!' goes once the status time has run out.
  await selectOption(page, form.getByRole('combobox'), TO);
  await form.getByTestId('requested-quantity').fill('1');
  await form.getByRole('button', { name: 'Transfer Now' }).click();
  await expect(form.getByTestId('transfer-form-alert')).toHaveText('Updated!');
  await expect(form.getByTestId('on-hand')).toHaveText('On hand: 1');
  await page.clock.runFor(STATUS_MESSAGE_MS + 500);
  await expect(form.getByTestId('transfer-form-alert')).toHaveCount(0);
});

test('the Admin-Level Transfer Tool is hidden from a non-admin and shown to an admin', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { product } = await stockedProduct(request, { qty: 1, tracked: false, pick: 3 });
  await signInAs(page, 'warehouse-lead');
  await openTransferPage(page, product.model_number);
  await expect(page.getByTestId('committed-transfers')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin-Level Transfer Tool' })).toHaveCount(0);

  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, 'admin');
    await openTransferPage(adminPage, product.model_number);
    await adminPage.getByRole('button', { name: 'Admin-Level Transfer Tool' }).click();
    await expect(adminPage.getByTestId('admin-transfer-dialog')).toBeVisible();
  } finally {
    await adminContext.close();
  }
});

test('a committed transfer is edited and deleted from its table; a submitted one gets transfer notes and links to its transaction', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { product } = await stockedProduct(request, { qty: 3, tracked: false, pick: 5 });
  const committed = await commitByApi(request, product.model_number, 1);
  const ref = committed.ims_transaction_reference_id;
  const admin = await apiAs(request, 'admin');
  const quick = await admin.send<{ transacted_transfer: { ims_transaction_reference_id: string } }>(
    'POST',
    '/api/ims/transacted-transfers/quickTransferWithoutSerials',
    {
      fromBucket: FROM,
      toBucket: TO,
      model: product.model_number,
      requestedQuantity: 1,
      scanningRequired: false,
    },
  );
  await signInAs(page, 'warehouse-lead');
  await openTransferPage(page, product.model_number);

  const row = page.getByTestId('committed-transfers-row').filter({ hasText: ref });
  await row.getByTestId('edit-transfer').click();
  const edit = page.getByTestId('edit-transfer-dialog');
  await edit.getByTestId('edit-committedQty').fill('2');
  await edit.getByTestId('edit-commitNotes').fill('Two for the showroom');
  await edit.getByTestId('edit-transfer-save').click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByTestId('committed-progress')).toContainText('0 / 2');
  await expect(row).toContainText('Two for the showroom');

  // Deleted elsewhere meanwhile: the edit says so in the spec's words (001 §8).
  await row.getByTestId('edit-transfer').click();
  await admin.send('DELETE', `/api/ims/committed-transfers/${ref}`);
  await edit.getByTestId('edit-transfer-save').click();
  await expect(edit.getByTestId('edit-transfer-error')).toHaveText('Failed to update: commitment not found');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(0);

  const second = await commitByApi(request, product.model_number, 1);
  const secondRow = page
    .getByTestId('committed-transfers-row')
    .filter({ hasText: second.ims_transaction_reference_id });
  await page.reload();
  await secondRow.getByTestId('delete-transfer').click();
  await page.getByTestId('delete-transfer-confirm').click();
  await expect(secondRow).toHaveCount(0);

  const submitted = page
    .getByTestId('transacted-transfers-row')
    .filter({ hasText: quick.transacted_transfer.ims_transaction_reference_id });
  await submitted.getByTestId('edit-transfer-notes').click();
  await page.getByTestId('transfer-notes-input').fill('Checked by the lead');
  await page.getByTestId('transfer-notes-save').click();
  await expect(submitted.getByTestId('transfer-notes')).toHaveText('Checked by the lead');
  await expect(
    submitted.getByRole('link', { name: quick.transacted_transfer.ims_transaction_reference_id }),
  ).toHaveAttribute('href', `/inventory-transactions/${quick.transacted_transfer.ims_transaction_reference_id}`);
});

test.describe('force push', () => {
  // The server corrects the serial's record through the ledger (an audited INVENTORY_AUDIT_ADJUSTMENT, docs/decisions.md
  // Transfers, force push) and then counts the scan.
  test('force-push prompt, Force Push: the serial is resent with forcePushSerialCorrection 1 and counted', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { product, stamp } = await stockedProduct(request, { qty: 1, tracked: true, pick: 4 });
    const committed = await commitByApi(request, product.model_number, 1);
    await signInAs(page, 'admin');
    await openTransferPage(page, product.model_number);
    const dialog = await openScan(page, committed.ims_transaction_reference_id);

    const unknown = `PUSH${stamp}`;
    const sent: unknown[] = [];
    page.on('request', (r) => r.url().includes('/addScannedItem') && sent.push(r.postDataJSON()));
    await wedgeScans(page, [product.upc!, unknown]);
    const prompt = page.getByTestId('force-push-dialog');
    await expect(prompt).toContainText('Serial Does Not Exist');
    await prompt.getByTestId('force-push-confirm').click();
    await expect(dialog.getByTestId('scan-progress')).toHaveText('Scanned: 1 / 1');
    await expect(dialog.getByTestId('transfer-scanned-serials')).toContainText(unknown);
    // The force push is a new request (through the scan outbox): a new clientScanId.
    const id = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(sent).toEqual([
      { scannedUpc: product.upc, scannedSerialNumbers: [unknown], forcePushSerialCorrection: 0, clientScanId: id },
      { scannedUpc: product.upc, scannedSerialNumbers: [unknown], forcePushSerialCorrection: 1, clientScanId: id },
    ]);
    expect((sent[0] as { clientScanId: string }).clientScanId).not.toBe(
      (sent[1] as { clientScanId: string }).clientScanId,
    );
  });
});
