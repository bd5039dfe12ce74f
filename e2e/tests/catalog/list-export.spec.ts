import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { committedSales } from '../../support/committed-sales';
import { readCsv } from '../../support/csv';
import { signInAs } from '../../support/session';

/**
 * Issue 37 "Export any list": on three of the list screens (products, bins, the committed sales board), Export → CSV
 * and Export → Excel download what the screen's filters show; each file is read back (papaparse, exceljs) and its key
 * column compared with the list the screen's own route answers for the same filters.
 */

/** Clicks Export, then the format; answers the downloaded file's name and bytes. */
async function exportAs(page: Page, format: 'csv' | 'xlsx') {
  await page.getByTestId('list-export').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId(`list-export-${format}`).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
}

/** One column of both downloads, header row left out: the CSV's (as a spreadsheet shows it) and the XLSX's. */
async function exportedColumn(page: Page, header: string) {
  const csv = await exportAs(page, 'csv');
  expect(csv.name).toMatch(/-\d{4}-\d{2}-\d{2}\.csv$/);
  const [head, ...rows] = readCsv(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''));
  const fromCsv = rows.map((r) => r[head!.indexOf(header)]!.replace(/^="(.*)"$/, '$1').replace(/^'(?=[=+\-@])/, ''));

  const xlsx = await exportAs(page, 'xlsx');
  expect(xlsx.name).toMatch(/-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const column = (sheet.getRow(1).values as unknown[]).map(String).indexOf(header);
  const fromXlsx: string[] = [];
  sheet.eachRow((row, n) => n > 1 && fromXlsx.push(String(row.getCell(column).value)));
  return { csv: fromCsv, xlsx: fromXlsx };
}

test('products filtered by model export exactly the rows shown, as CSV and Excel', async ({ page, request }) => {
  const api = await apiAs(request, 'developer');
  const prefix = `E2EX${Date.now().toString(36).toUpperCase()}`;
  for (const [n, description] of [
    [3, 'Export sample'],
    [1, '=1+2 formula'],
    [2, 'Export sample'],
  ] as const)
    await api.send('POST', '/api/product', { model_number: `${prefix}-${n}`, description });

  await signInAs(page, 'developer');
  await page.goto(`/products?modelTerm=${prefix}`);
  await expect(page.getByTestId('product-grid').getByRole('row')).toHaveCount(4);
  const { csv, xlsx } = await exportedColumn(page, 'Model');
  const models = [1, 2, 3].map((n) => `${prefix}-${n}`);
  expect(csv).toEqual(models);
  expect(xlsx).toEqual(models);
});

test('the bin list, searched, exports its bins in its sort, as CSV and Excel', async ({ page, request }) => {
  await signInAs(page, 'warehouse-2');
  await page.goto('/inventory/bins');
  await expect(page.getByTestId('bin-row').first()).toBeVisible();
  await page.getByTestId('bins-search').fill('R0');
  const location = await page.getByTestId('bins-location').inputValue();
  const api = await apiAs(request, 'warehouse-2');
  const listed = await api.get<{ data: { binName: string }[]; total: number }>(
    `/api/ims/bins?locationCode=${location}&searchTerm=R0&orderBy=created_at&sortDirection=desc&perPage=1000`,
  );
  expect(listed.total).toBeGreaterThan(0);
  expect(listed.total).toBeLessThanOrEqual(1000);
  // The search reached the list (debounced): the page shows only matching bins.
  await expect(page.getByTestId('bin-row').first()).toHaveAttribute('data-bin', listed.data[0]!.binName);
  const { csv, xlsx } = await exportedColumn(page, 'Bin Name');
  expect(csv).toEqual(listed.data.map((b) => b.binName));
  expect(xlsx).toEqual(csv);
});

test('the committed sales board, searched, exports its sales as CSV and Excel', async ({ page, request }) => {
  const { made } = await committedSales(request, [{ lines: 2 }, { lines: 1 }]);
  const invoice = made[0]!.invoice;

  await signInAs(page, 'sales-1');
  await page.goto('/boards/committed-sales');
  await page.getByTestId('committed-sales-search').fill(invoice.toLowerCase());
  await expect(page.getByTestId('committed-sales-table').getByRole('row')).toHaveCount(3);
  const { csv, xlsx } = await exportedColumn(page, 'Reference');
  const refs = made[0]!.sales.map((s) => s.ims_transaction_reference_id);
  expect(csv).toEqual(refs);
  expect(xlsx).toEqual(refs);
});
