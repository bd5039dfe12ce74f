import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { barcodesInPdf } from '../../support/pdf-barcodes';
import { pickSales, printedBinnedItem, printSales, type PickItem } from '../../support/picking';
import { selectOption } from '../../support/select';
import { focusPage, logoutByLink, signInAs, signInAtHome, wedgeScan, wedgeScans } from '../../support/session';
import { snapshot } from '../../support/shots';

const SHOTS = '/tmp/wt-picking-shots';
const row = (page: Page, text: string) => page.getByTestId('pick-row').filter({ hasText: text });

test('print a pick list from the board, then read every PLI barcode back from the rendered PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { invoice, refs } = await pickSales(request, 2, 16, [
    { isPrime: true, isPremium: true },
    { isExpress: true, shipByDate: '2026-12-01' },
  ]);
  await signInAs(page, 'warehouse-lead');
  await page.goto('/boards/pick');
  await expect(page.getByRole('heading', { name: 'Pick Lists' })).toBeVisible();
  // Printing needs a specific warehouse: with All, Print is disabled.
  await expect(row(page, `${invoice}-1`)).toBeVisible();
  await expect(row(page, `${invoice}-1`)).toContainText('PLI=PENDING');
  await expect(row(page, `${invoice}-1`)).toContainText('Prime/Premium');
  await expect(row(page, `${invoice}-2`)).toContainText('Walmart Express');
  await expect(row(page, `${invoice}-1`)).toContainText('There are no available bins to suggest.');
  await page.getByRole('checkbox', { name: `Select ${refs[0]}` }).check();
  await expect(page.getByTestId('pick-print')).toBeDisabled();
  await selectOption(page, page.getByTestId('pick-warehouse'), 'KY01');
  await expect(page.getByTestId('pick-print')).toBeDisabled(); // changing warehouse clears the selection
  for (const ref of refs) await page.getByRole('checkbox', { name: `Select ${ref}` }).check();
  await page.getByTestId('pick-print').click();
  // Success, then the dialog closes by itself after 1 s.
  await expect(page.getByRole('dialog')).toContainText('2 item(s) printed');
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 3_000 });
  await expect(page.getByTestId('pick-last-list')).toBeVisible();
  await expect(row(page, `${invoice}-1`)).toHaveCount(0);

  // The printed tab shows them with their PLI={id} barcodes.
  await page.getByTestId('tab-printed').click();
  const api = await apiAs(request, 'warehouse-lead');
  const printed = (
    await api.get<{ printed_pick_list: PickItem[] }>('/api/picklist/printed?warehouse=KY01')
  ).printed_pick_list.filter((i) => refs.includes(i.transactionReferenceId));
  expect(printed).toHaveLength(2);
  for (const item of printed) await expect(row(page, item.invoice)).toContainText(`PLI=${item.pickListItemId}`);

  // The document the board opens: render the PDF's pages and decode the Code 128 barcodes with ZXing.
  const listId = printed[0]!.pickListId!;
  const pdf = await request.get(`/api/picklist/${listId}/document`, {
    headers: { authorization: `Bearer ${api.token}` },
  });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const pdfBytes = await pdf.body();
  // Both documents are fetched before the (slow) decoding: a keep-alive connection left idle meanwhile may be closed.
  const zpl = await request.get(`/api/picklist/${listId}/document?format=zpl`, {
    headers: { authorization: `Bearer ${api.token}` },
  });
  const labels = await zpl.text();
  // Only the PLI= values: a band of printed text can, rarely, pass Code 128's checksum as a short number (CI once read
  // '88858883' off a text row); a misread PLI barcode would still show here as a wrong or missing PLI= value.
  const codes = (await barcodesInPdf(pdfBytes)).filter((c) => c.startsWith('PLI='));
  expect(codes.sort()).toEqual(printed.map((i) => `PLI=${i.pickListItemId}`).sort());
  expect(labels.match(/\^XA/g)).toHaveLength(2);
  for (const item of printed) expect(labels).toContain(`PLI=${item.pickListItemId}`);
  // The board's PDF button fetches the same document.
  const docRequest = page.waitForResponse((r) => r.url().includes(`/api/picklist/${listId}/document`));
  await page.getByTestId('pick-open-pdf').click();
  expect((await docRequest).status()).toBe(200);
});

test("'Error Printing' with the row's error as a tooltip when an item was printed meanwhile; the board updates live", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { invoice, refs } = await pickSales(request, 1, 15);
  await signInAs(page, 'warehouse-lead');
  await page.goto('/boards/pick');
  await selectOption(page, page.getByTestId('pick-warehouse'), 'KY01');
  await page.getByRole('checkbox', { name: `Select ${refs[0]}` }).check();
  // Printed by someone else: stop the live refresh from removing the row first by holding the list reads.
  await page.route('**/api/picklist/unprinted*', (route) => route.abort());
  await printSales(request, refs);
  await page.getByTestId('pick-print').click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Error Printing' })).toBeVisible();
  await expect(page.getByTestId('print-error')).toContainText('printed items cannot be reprinted');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('pick-row-error').hover();
  await expect(page.getByRole('tooltip')).toContainText('printed items cannot be reprinted');
  // Live: with the list reads allowed again, a sale committed elsewhere appears without a reload.
  await page.unroute('**/api/picklist/unprinted*');
  const more = await pickSales(request, 1, 14);
  await expect(row(page, more.invoice)).toBeVisible({ timeout: 15_000 });
  await expect(row(page, invoice)).toHaveCount(0);
});

test("unprint needs bin:admin: disabled with 'You do not have permission to do this.', otherwise the item is unprinted", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { invoice, refs } = await pickSales(request, 1, 12);
  const [item] = await printSales(request, refs);
  await signInAs(page, 'warehouse-1');
  await page.goto('/boards/pick');
  await page.getByTestId('tab-printed').click();
  await expect(row(page, invoice)).toContainText(`PLI=${item!.id}`);
  await expect(row(page, invoice).getByRole('button', { name: `Unprint PLI=${item!.id}` })).toBeDisabled();
  await row(page, invoice).getByTestId('unprint-denied').hover();
  await expect(page.getByRole('tooltip')).toHaveText('You do not have permission to do this.');
  await logoutByLink(page);
  await signInAs(page, 'warehouse-admin');
  await page.goto('/boards/pick');
  await page.getByTestId('tab-printed').click();
  await row(page, invoice)
    .getByRole('button', { name: `Unprint PLI=${item!.id}` })
    .click();
  await expect(row(page, invoice)).toHaveCount(0);
  await page.getByTestId('tab-unprinted').click();
  await expect(row(page, invoice)).toContainText('PLI=PENDING');
  // The unprinted item's pick page shows the empty-data text.
  await page.goto(`/pick-item/${item!.id}`);
  await expect(page.getByTestId('pick-empty')).toHaveText(
    'There is no data to display. It is possible that this item has been unprinted. Please see the floor supervisor.',
  );
});

test('pick by scanning the UPC then the bin label with wedge timing: success, then home after 1.5 s', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const item = await printedBinnedItem(request, 'KY01');
  await signInAtHome(page, 'warehouse-1');
  // The global PLI= scan lands on the pick page.
  await focusPage(page);
  await wedgeScan(page, `PLI=${item.pickListItemId}`);
  await expect(page).toHaveURL(new RegExp(`/pick-item/${item.pickListItemId}$`));
  await expect(page.getByTestId('pick-suggested-bin')).toContainText(item.suggestedBin!.binName);
  await expect(page.getByTestId('pick-upc')).toBeFocused();
  // UPC and bin scanned back to back, as a scanner sends them: the bin's keys land in the bin field.
  await wedgeScans(page, [item.upc!, `BINASSIGN=${item.warehouse}_${item.suggestedBin!.binName}`]);
  await expect(page.getByTestId('pick-success')).toHaveText('Item successfully picked!');
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  const api = await apiAs(request, 'warehouse-1');
  const picked = await api.get<{
    picked_item: { picked_by: string; picked_bin_name: string; picked_quantity: number };
  }>(`/api/ims/picklist/already-picked-item/${item.pickListItemId}`);
  expect(picked.picked_item).toMatchObject({
    picked_by: 'warehouse-1',
    picked_bin_name: item.suggestedBin!.binName,
    picked_quantity: item.quantity,
  });
});

test('every pick page message (001 §8)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const item = await printedBinnedItem(request, 'TX01');
  await signInAs(page, 'warehouse-1');
  await page.goto(`/pick-item/${item.pickListItemId}`);
  const upc = page.getByTestId('pick-upc');
  const bin = page.getByTestId('pick-bin');
  const submit = page.getByRole('button', { name: 'Submit' });
  await upc.press('Enter');
  await expect(page.getByTestId('pick-upc-helper')).toHaveText('UPC cannot be empty');
  await wedgeScan(page, '000000000000');
  await expect(page.getByTestId('pick-upc-helper')).toHaveText('Invalid UPC');
  await submit.click();
  await expect(page.getByTestId('pick-submit-error')).toHaveText('Cannot Submit - Invalid UPC');
  await upc.fill(item.upc!);
  await submit.click();
  await expect(page.getByTestId('pick-submit-error')).toHaveText('Cannot Submit - Bin Field Cannot Be Empty');
  await bin.press('Enter');
  await expect(page.getByTestId('pick-bin-helper')).toHaveText('Bin Field Cannot Be Empty');
  await bin.focus();
  await wedgeScan(page, `BINASSIGN=${item.warehouse}`);
  await expect(page.getByTestId('pick-bin-helper')).toHaveText('Invalid Bin Barcode');
  await bin.fill('');
  await wedgeScan(page, `BINASSIGN=${item.warehouse}_R99-B99-S99`);
  await expect(page.getByTestId('pick-bin-helper')).toHaveText('Scanned bin does not match one of the available bins');
  await submit.click();
  await expect(page.getByTestId('pick-submit-error')).toHaveText('Cannot Submit - Invalid Bin');
  // A typed name works too (the last underscore-separated part); no response from the server first: the pick waits
  // on this device (the scan outbox) and is replayed with its client scan id.
  await bin.fill(item.suggestedBin!.binName.toLowerCase());
  await page.route('**/pick', (route) => route.abort('connectionreset'));
  await submit.click();
  await expect(page.getByTestId('pick-error')).toHaveText('Unknown error - no response from IMS was received.');
  await expect(page.getByTestId('pick-waiting')).toContainText('1 scan waiting');
  // Another picker took it meanwhile (while this device still cannot reach the server: its replay would pick it).
  const other = await apiAs(request, 'warehouse-2');
  await other.send('POST', `/api/ims/picklist/item/${item.pickListItemId}/pick`, { pickedBy: 'warehouse-2' });
  await page.unroute('**/pick');
  // Submit sends the waiting pick now: refused, the other picker has it.
  await submit.click();
  await expect(page.getByTestId('pick-error')).toHaveText('Item has already been picked.');
  await expect(page.getByTestId('pick-waiting')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('pick-already-picked')).toContainText('Item Has Already Been Picked');
  await expect(page.getByTestId('pick-already-picked')).toContainText('warehouse-2');

  // An item with no bins: the checkbox is forced and disabled, the suggested-bin text says so; its sale was
  // transacted at the point of sale meanwhile: the 'Committed sale' variant.
  const { refs } = await pickSales(request, 1, 11);
  const [plain] = await printSales(request, refs);
  await page.goto(`/pick-item/${plain!.id}`);
  await expect(page.getByTestId('pick-suggested-bin')).toHaveText('There are no available bins to suggest.');
  await expect(page.getByTestId('pick-no-bin')).toBeChecked();
  await expect(page.getByTestId('pick-no-bin')).toBeDisabled();
  await expect(bin).toBeDisabled();
  const admin = await apiAs(request, 'admin');
  await admin.send('POST', `/api/ims/committed-sales/${refs[0]}/transact`, { invoicedByName: 'pos' });
  const plainItem = (await admin.get<PickItem[]>(`/api/ims/picklist/item/${plain!.id}`))[0]!;
  await upc.fill(plainItem.upc!);
  await submit.click();
  await expect(page.getByTestId('pick-error')).toHaveText(
    'Item has already been picked, possibly via the old pick page in POS 1. No item was removed from any bin.',
  );
  await page.goto('/pick-item/not-a-number');
  await expect(page.getByTestId('pick-empty')).toHaveText(
    'There is no data to display. It is possible that this item has been unprinted. Please see the floor supervisor.',
  );
});

test('screenshots of the board and the pick page at 1440 and 390 px', async ({ page, request }) => {
  test.setTimeout(60_000);
  const item = await printedBinnedItem(request, 'KY01', 0);
  await signInAs(page, 'warehouse-admin');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/boards/pick');
    await expect(page.getByTestId('pick-row').first()).toBeVisible();
    await snapshot(page, `${SHOTS}/pick-board-unprinted-${width}.png`, { fullPage: true });
    await page.getByTestId('tab-printed').click();
    await expect(page.getByTestId('pick-row').first()).toBeVisible();
    await snapshot(page, `${SHOTS}/pick-board-printed-${width}.png`, { fullPage: true });
    await page.goto(`/pick-item/${item.pickListItemId}`);
    await expect(page.getByTestId('pick-model')).toBeVisible();
    await snapshot(page, `${SHOTS}/pick-item-${width}.png`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
