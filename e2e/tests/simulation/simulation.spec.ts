import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot as shootPage } from '../../support/shots';

/**
 * The inventory events simulation (issue 12 part 5): a model's history paged from the server until done (pages of 2
 * here), with the final inventory history (replayed = on-hand), the on-hand chart, the events summary and every
 * event; Cancel while a page is in flight; the serial history replayed as a timeline. Demo products whose model
 * starts with K (no other spec takes them). Screenshots at 1440 and 390 px in /tmp/shots-sim/.
 */
const SHOTS = '/tmp/shots-sim';

const shoot = (page: Page, name: string) => shootPage(page, SHOTS, name);

interface Product {
  id: number;
  model_number: string;
  upc: string | null;
}

/** The `pick`-th demo K product with a UPC, its scan setup set, `qty` units received into RUBY (serials when tracked). */
async function stocked(request: APIRequestContext, pick: number, qty: number, tracked: boolean) {
  const api = await apiAs(request, 'purchasing-admin');
  const found = (
    await api.send<{ data: { id: number }[] }>('POST', '/api/product/search', {
      searchKey: 'model_number',
      searchValue: 'K',
    })
  ).data;
  const candidates: Product[] = [];
  for (const { id } of found.slice(0, 30)) {
    const p = await api.get<Product>(`/api/product/${id}`);
    if (p.upc && /^[A-Za-z0-9-]+$/.test(p.model_number)) candidates.push(p);
    if (candidates.length > pick) break;
  }
  const product = candidates[pick]!;
  expect(product, 'the demo catalogue has K products with a UPC').toBeTruthy();
  await api.send('PUT', '/api/ims/scan-setup/updateProductManagerProduct', {
    model: product.model_number,
    serialNumberTracked: tracked,
    numOfSerialsPerItem: tracked ? 1 : null,
    masterBoxQty: null,
    upc: product.upc,
  });
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Simulation ${Date.now()}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'RUBY' });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
    productId: product.id,
    cost: 25,
    qty,
    purchaseOrderId: po.id,
  });
  const lineId = full.data.PO_LINES[0]!.id;
  const stamp = Date.now().toString(36).toUpperCase();
  const serials: string[] = [];
  const receipts: string[] = [];
  for (let i = 1; i <= qty; i++) {
    const serial = `SIM${stamp}N${i}`;
    if (tracked) serials.push(serial);
    const r = await api.send<{ transactionReferenceId: string }>('POST', '/api/scanner/receipt/quickScanReceive', {
      scannedUpc: product.upc,
      model: product.model_number,
      poApiPoId: po.id,
      poApiPoItemId: lineId,
      receivingBucket: 'RUBY',
      ...(tracked ? { scannedSerialNumbers: [serial] } : {}),
    });
    receipts.push(r.transactionReferenceId);
  }
  return { api, product, lineId, serials, receipts };
}

interface HistoryPage {
  total_events: number;
  done: boolean;
  final_inventory_history: { bucket: string; replayed_quantity: number; on_hand_quantity: number }[] | null;
}

test('the simulation pages the history to done and shows the final history, chart, summary and events', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { product } = await stocked(request, 0, 4, false);
  const admin = await apiAs(request, 'admin');
  await admin.send('POST', '/api/ims/transacted-transfers/quickTransferWithoutSerials', {
    fromBucket: 'RUBY',
    toBucket: 'RUBY_B_STOCK',
    model: product.model_number,
    requestedQuantity: 1,
    scanningRequired: false,
  });
  const whole = await admin.get<HistoryPage>(
    `/api/ims/inventory/product/history/?model=${encodeURIComponent(product.model_number)}`,
  );
  expect(whole.done).toBe(true);
  const total = whole.total_events;
  expect(total).toBeGreaterThanOrEqual(6);

  await signInAs(page, 'warehouse-1');
  await page.goto('/inventory/simulation');
  await expect(page.getByText('No product model specified.')).toBeVisible();
  await page.goto('/inventory/simulation?model=NO-SUCH-MODEL-K');
  await expect(page.getByText('No Data Available.')).toBeVisible();

  // Pages of 2: page 2 onwards is held until Cancel is pressed.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ims/inventory/product/history/**', async (route) => {
    if (new URL(route.request().url()).searchParams.has('after')) await held;
    await route.continue().catch(() => {});
  });
  await page.goto(`/inventory/simulation?model=${encodeURIComponent(product.model_number)}&pageSize=2`);
  const progress = page.getByTestId('simulation-progress');
  await expect(progress).toContainText(`Loaded 1 page: 2 of ${total} events`);
  await shoot(page, 'simulation-progress');
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`Cancelled after 1 page: 2 of ${total} events loaded.`)).toBeVisible();
  release();
  await page.unroute('**/api/ims/inventory/product/history/**');

  // Load again: every page to done.
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/ims/inventory/product/history/')) pages.push(new URL(r.url()).searchParams.get('page')!);
  });
  await page.getByRole('button', { name: 'Load Again' }).click();
  const expectedPages = Math.ceil(total / 2);
  await expect(page.getByTestId('simulation-loaded')).toHaveText(`${total} events in ${expectedPages} pages.`);
  expect(pages).toEqual(Array.from({ length: expectedPages }, (_, i) => String(i + 1)));

  const final = page.getByTestId('final-inventory-history');
  await expect(final).toContainText('The replayed ledger equals on-hand in every bucket.');
  for (const row of whole.final_inventory_history!) {
    await expect(page.getByTestId(`final-row-${row.bucket}`)).toContainText('Matches');
  }
  await expect(page.getByTestId('final-row-RUBY_B_STOCK')).toContainText('1');
  await expect(page.getByTestId('on-hand-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('on-hand-chart')).toContainText('RUBY_B_STOCK');
  await expect(page.getByTestId('events-summary')).toContainText(`${total} events`);
  await expect(page.getByTestId('events-summary')).toContainText('Transfer');
  await expect(page.getByTestId('simulation-events')).toContainText(`Events (${total})`);
  await expect(page.getByTestId('simulation-events').locator('.MuiTablePagination-displayedRows')).toHaveText(
    `1–${total} of ${total}`,
  );
  await shoot(page, 'simulation-done');
});

test('the serial history replays its places as a timeline; an unknown serial has no data', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { api, product, lineId, serials, receipts } = await stocked(request, 1, 2, true);
  await api.send('POST', `/api/transacted-receipts/${receipts[1]}/unreceive`, {
    lineItemId: lineId,
    notes: 'Wrong unit shipped',
    scannedUpc: product.upc,
    scannedSerialNumbers: [serials[1]],
  });

  await signInAs(page, 'warehouse-1');
  await page.goto(`/inventory/simulation/serial/${serials[1]}`);
  const timeline = page.getByTestId('serial-timeline');
  await expect(timeline).toContainText('Received: RUBY · NEW');
  await expect(timeline).toContainText('Un-received: UNRECEIVED');
  await expect(timeline).toContainText('Wrong unit shipped');
  await expect(page.getByTestId('serial-places').getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('serial-places')).toContainText('now');
  await expect(page.getByRole('link', { name: product.model_number })).toHaveAttribute(
    'href',
    `/inventory/simulation?model=${encodeURIComponent(product.model_number)}`,
  );
  await shoot(page, 'serial-simulation');

  await page.goto(`/inventory/simulation/serial/${serials[0]}`);
  await expect(page.getByTestId('serial-timeline')).toContainText('Received: RUBY · NEW');
  await expect(page.getByTestId('serial-places').getByRole('row')).toHaveCount(2);

  await page.goto('/inventory/simulation/serial/NO-SUCH-SERIAL-SIM');
  await expect(page.getByText('No Data Available.')).toBeVisible();
});
