import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { receiveUnits, setupPo } from '../../support/receiving';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';
import { readCsvRecords } from '../../support/csv';

/**
 * The named inventory reports (issue 15; 002 §2): the GE on-hand export downloaded from its options dialog and read
 * back against its totals call, then the 5 second countdown home; the daily received report with its chart; the
 * unreceived invoices table with its Total row. Screenshots at 1440 and 390 px in /tmp/wt-inventory-reports-shots/.
 */
const SHOTS = '/tmp/wt-inventory-reports-shots';
const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);
const today = new Date().toISOString().slice(0, 10);
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

test('GE on-hand export: the options dialog, the CSV read back against its totals, then the countdown home', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const api = await apiAs(request, 'purchasing-admin');
  const totals = await api.get<{ rows: number; units: number; total_value: number }>(
    `/api/ims/reporting/inventory/ge-on-hand-export/totals?date=${today}`,
  );
  await signInAs(page, 'purchasing-admin');
  await page.goto('/reports/ge-on-hand-export');
  const dialog = page.getByRole('dialog', { name: 'GE On-Hand Export' });
  const field = dialog.getByRole('group', { name: 'Date Of Report' });
  await expect(field.getByRole('spinbutton', { name: 'Year' })).toHaveText(today.slice(0, 4));
  await expect(field.getByRole('spinbutton', { name: 'Month' })).toHaveText(today.slice(5, 7));
  await expect(field.getByRole('spinbutton', { name: 'Day' })).toHaveText(today.slice(8, 10));
  await expect(dialog.getByTestId('ge-totals')).toContainText(`${totals.units.toLocaleString('en-US')} units`);
  await shoot(page, 'ge-on-hand-dialog');

  const downloading = page.waitForEvent('download');
  const clicked = Date.now();
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  const [mm, dd, yyyy] = [today.slice(5, 7), today.slice(8, 10), today.slice(0, 4)];
  expect(download.suggestedFilename()).toBe(`report-${mm}-${dd}-${yyyy}.csv`);
  const rows = readCsvRecords(readFileSync((await download.path())!, 'utf8'));
  expect(rows).toHaveLength(totals.rows);
  expect(rows.reduce((s, r) => s + Number(r['Quantity On Hand']), 0)).toBe(totals.units);
  expect(rows.reduce((s, r) => s + cents(r['Total Value']!), 0)).toBe(Math.round(totals.total_value * 100));
  await expect(dialog.getByTestId('redirect-countdown')).toContainText('Returning home in');
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  // The countdown runs 5 s from the click at the earliest.
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(5_000);
});

test('daily received with its chart, and the unreceived invoices table with its Total row', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const api = await apiAs(request, 'admin');
  // An invoice on a partly received PO, so the unreceived report has a row whatever else the demo holds.
  const list = await api.get<{
    data: { id: number; vendor_id: number; vendor_name: string; purchase_ref_id: string; total: number }[];
  }>('/api/purchase?status=5&page=1&perPage=5&sortBy=created_at&sortOrder=asc');
  const po = list.data[0]!;
  await api.send('POST', '/api/accounts-payable-invoice', {
    invoice_number: `E2E-UNREC-${Date.now()}`,
    invoice_amount: 123.45,
    invoice_date: today,
    vendor: po.vendor_id,
    purchase_id: po.purchase_ref_id,
  });
  // The demo data's receipts are dated in the past (one dated history): a unit received now, so today has a row.
  const { po: fresh, product, lineId } = await setupPo(request, { qty: 1, tracked: false, pick: 13 });
  await receiveUnits(api, { poId: fresh.id, lineId, product }, {});
  const received = await api.get<{ data: { location_code: string; total_units: number }[] }>(
    `/api/ims/transacted-receipts/daily-received?startDate=${today}&endDate=${today}`,
  );
  expect(received.data.length).toBeGreaterThan(0);

  await signInAs(page, 'admin');
  // The page is checked against the figures it was given: other tests receive and un-receive today meanwhile.
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/ims/transacted-receipts/daily-received') && r.request().method() === 'GET',
  );
  await page.goto('/reports/daily-received');
  const answer = await answered;
  // The page opens on today.
  expect([
    new URL(answer.url()).searchParams.get('startDate'),
    new URL(answer.url()).searchParams.get('endDate'),
  ]).toEqual([today, today]);
  const shown = (await answer.json()) as typeof received;
  expect(shown.data.length).toBeGreaterThan(0);
  const chart = page.getByTestId('daily-received-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  // One bar series per location that received, its legend naming it.
  for (const location of shown.data) {
    await expect(chart.getByText(location.location_code, { exact: true }).first()).toBeVisible();
    await expect(
      page.getByTestId(`daily-received-${location.location_code}`).getByRole('row', { name: /^Total/ }),
    ).toContainText(location.total_units.toLocaleString('en-US'));
  }
  await shoot(page, 'daily-received');
  // A range with nothing received shows the spec's empty text.
  await page.getByRole('group', { name: 'End Date' }).getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type('20010102');
  await page.getByRole('group', { name: 'Start Date' }).getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type('20010101');
  await expect(page.getByTestId('daily-received-empty')).toHaveText(
    'Nothing Received to AZ02, KY01, TX01 or Ruby Between These Dates',
  );

  await page.goto('/report/unreceived-invoices-report');
  const table = page.getByTestId('unreceived-invoices-table');
  await expect(
    table.getByRole('row', { name: new RegExp(po.vendor_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
  ).toBeVisible();
  const body = table.locator('tbody tr');
  const count = await body.count();
  const cells = async (i: number) => (await body.nth(i).locator('td').allTextContents()).slice(1);
  const sums = [0, 0, 0, 0];
  for (let i = 0; i < count - 1; i++)
    (await cells(i)).forEach((c, j) => (sums[j]! += j === 0 ? Number(c.replace(/,/g, '')) : cents(c)));
  const total = await cells(count - 1);
  expect(
    await body
      .nth(count - 1)
      .locator('td')
      .first()
      .textContent(),
  ).toBe('Total');
  expect(total.map((c, j) => (j === 0 ? Number(c.replace(/,/g, '')) : cents(c)))).toEqual(sums);
  await shoot(page, 'unreceived-invoices');
});
