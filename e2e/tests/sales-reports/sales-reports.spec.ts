import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { selectOption } from '../../support/select';
import { logoutByLink, signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';
import { readCsv } from '../../support/csv';

/**
 * Sales figures and the brand reports (issue 15; 002 §2, §5, §9) on the demo's sales history: a brand sell-thru run
 * with its chart; the sellout threat's empty text, its one-brand rule and its 002 §9 colours; a bundle-sales CSV
 * downloaded and read back. Screenshots at 1440 and 390 px in /tmp/wt-sales-reports-shots/ with E2E_SHOTS=1.
 */
const SHOTS = '/tmp/wt-sales-reports-shots';
const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);
const USER = 'warehouse-lead'; // purchasing:reports and inventory:reports

type Brand = { brand_code: string; brand_name: string };
type SellThru = {
  True: { model: string; sell_thru_percent: number | null }[];
  False: { model: string }[];
  counts: { True: number; False: number };
};
type Sellout = { data: { model: string; level: 'red' | 'yellow' | null; days_of_cover: number | null }[] };

async function demoFacts(request: APIRequestContext) {
  const api = await apiAs(request, USER);
  const brands = (await api.get<{ data: Brand[] }>('/api/brand/all')).data;
  let sellThru: { brand: Brand; report: SellThru } | null = null;
  const threat: { brand: Brand; report: Sellout }[] = [];
  for (const brand of brands) {
    const report = await api.get<SellThru>(`/api/report/brand-sell-thru?brand=${encodeURIComponent(brand.brand_code)}`);
    if (!sellThru && report.True.length > 0) sellThru = { brand, report };
    const sellout = await api.get<Sellout>(
      `/api/ims/reporting/sellout-threat?brands[]=${encodeURIComponent(brand.brand_code)}`,
    );
    if (sellout.data.some((r) => r.level === 'red') && sellout.data.some((r) => r.days_of_cover !== null))
      threat.push({ brand, report: sellout });
  }
  const bundles = await request.get('/api/report/bundle-sales?reportType=getAllBundleSales', {
    headers: { authorization: `Bearer ${api.token}` },
  });
  const bundleRows = readCsv(await bundles.text()).slice(1);
  return { sellThru, threat: threat[0] ?? null, bundleSku: bundleRows[0]?.[2] ?? null, token: api.token };
}

test('run the brand sell-thru with its chart, the sellout threat with its colours, and read a bundle-sales CSV back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const facts = await demoFacts(request);
  expect(facts.sellThru, 'the demo sales history gives some brand sales in the last 30 days').not.toBeNull();
  expect(facts.threat, 'the demo has a brand with low stock and recent sales').not.toBeNull();
  expect(facts.bundleSku, 'the demo has a bundle sale in the last 30 days').not.toBeNull();
  await signInAs(page, USER);

  // Brand sell-thru: Run Report without a brand says why; with one, the two tables and the chart.
  await page.goto('/reports/brand-sell-thru');
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByText('A brand must be chosen to run the brand reports.')).toBeVisible();
  await selectOption(page, page.getByRole('combobox', { name: 'Brand' }), facts.sellThru!.brand.brand_name);
  await page.getByRole('button', { name: 'Run Report' }).click();
  const withSales = page.getByTestId('with-sales');
  await expect(withSales.getByRole('heading')).toHaveText(`With Sales (${facts.sellThru!.report.counts.True})`);
  await expect(page.getByTestId('without-sales').getByRole('heading')).toHaveText(
    `Without Sales (${facts.sellThru!.report.counts.False})`,
  );
  await expect(withSales.getByTestId('sell-thru-row').first()).toHaveAttribute(
    'data-model',
    facts.sellThru!.report.True[0]!.model,
  );
  const bars = page.getByTestId('sell-thru-chart').locator('.MuiBarChart-element');
  await expect(bars).toHaveCount(
    Math.min(20, facts.sellThru!.report.True.filter((r) => r.sell_thru_percent !== null).length),
  );
  await shoot(page, 'brand-sell-thru');

  // Sellout threat: empty text, the one-brand rule, then the rows coloured by 002 §9.
  await page.goto('/reports/sellout-threat');
  await expect(page.getByText('There is no data to display.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Sellout Threat Data' }).click();
  await expect(page.getByText('The sellout threat report needs at least one brand.')).toBeVisible();
  // A multiple select stays open after a pick: pick, then close it with Escape.
  await page.getByRole('combobox', { name: 'Brands' }).click();
  await page.getByRole('listbox').getByRole('option', { name: facts.threat!.brand.brand_name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit Sellout Threat Data' }).click();
  await expect(page.getByTestId('sellout-row')).toHaveCount(facts.threat!.report.data.length);
  const red = page.locator('[data-testid="sellout-row"][data-level="red"]').first();
  await expect(red.getByTestId('sellout-on-hand')).toHaveCSS('background-color', 'rgb(248, 215, 218)');
  expect(Number(await red.getByTestId('sellout-on-hand').textContent())).toBeLessThanOrEqual(10);
  const plain = page.locator('[data-testid="sellout-row"][data-level="none"]').first();
  if (await plain.count())
    await expect(plain.getByTestId('sellout-on-hand')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  const yellow = page.locator('[data-testid="sellout-row"][data-level="yellow"]').first();
  if (await yellow.count())
    await expect(yellow.getByTestId('sellout-on-hand')).toHaveCSS('background-color', 'rgb(255, 243, 205)');
  const coverBars = page.getByTestId('sellout-chart').locator('.MuiBarChart-element');
  await expect(coverBars).toHaveCount(
    Math.min(20, facts.threat!.report.data.filter((r) => r.days_of_cover !== null).length),
  );
  await shoot(page, 'sellout-threat');

  // Bundle sales: by bundle SKU, downloaded through the shared report download and read back.
  await page.goto('/reports/bundle-sales');
  await expect(page.getByTestId('work-in-progress')).toHaveText('Work in progress');
  await selectOption(page, page.getByRole('combobox', { name: 'Report Type' }), 'Bundle sales by bundle SKU');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await page.getByLabel('Bundle SKU').fill(facts.bundleSku!);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^report-\d{2}-\d{2}-\d{4}\.csv$/);
  const file = readCsv(readFileSync(await download.path(), 'utf8'));
  expect(file[0]).toEqual([
    'Sale Date',
    'Order',
    'Bundle SKU',
    'Invoice',
    'Reference',
    'Model',
    'Brand',
    'Quantity',
    'Unit Price',
    'Line Total',
    'Channel',
    'Ship To State',
  ]);
  const rows = file.slice(1);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(new Set(rows.map((r) => r[2]))).toEqual(new Set([facts.bundleSku]));
  // Each bundle sale is two or more lines of one order; the figures match the lines' own.
  const orders = new Map<string, number>();
  for (const r of rows) orders.set(r[1]!, (orders.get(r[1]!) ?? 0) + 1);
  for (const n of orders.values()) expect(n).toBeGreaterThanOrEqual(2);
  for (const r of rows) expect(Number(r[9])).toBeCloseTo(Number(r[8]) * Number(r[7]), 2);
  await expect(page.getByTestId('download-done')).toBeVisible();
  await shoot(page, 'bundle-sales');

  // Brand purchasing: the empty text until a brand is chosen, then the number of days and a period per week.
  await page.goto('/reports/brand-purchasing');
  await expect(page.getByText('Brand Not Selected, or No Data to Display')).toBeVisible();
  await selectOption(page, page.getByRole('combobox', { name: 'Brand' }), facts.sellThru!.brand.brand_name);
  await expect(page.getByTestId('num-of-days')).toHaveText('Number of Days in Range: 30');
  await shoot(page, 'brand-purchasing');

  // Sales Reports (a developer: the route needs dev-route:view): totals as the API gives them, and the chart.
  await logoutByLink(page);
  await signInAs(page, 'developer');
  const summary = await (await apiAs(request, 'developer')).get<{ totals: { units: number } }>('/api/report/sales');
  await page.goto('/reports/sales');
  await expect(page.getByTestId('sales-units')).toHaveText(String(summary.totals.units));
  await expect(page.getByTestId('sales-chart').locator('.MuiBarChart-element')).toHaveCount(30); // a bar a day
  await shoot(page, 'sales');
});
