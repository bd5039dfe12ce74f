import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { readCsv } from '../../support/csv';
import { signInAs } from '../../support/session';

/** Issue 37 "Export any list": the PO list, filtered, downloads what its filters show. */
test('the PO list filtered by vendor exports exactly its rows as CSV', async ({ page, request }) => {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Export ${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
    vendor_type: 'sales',
  });
  const refs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const po = await api.send<{ purchase_ref_id: string }>('POST', '/api/purchase', {
      vendorId: vendor.id,
      location_code: 'KY01',
    });
    refs.push(po.purchase_ref_id);
  }

  await signInAs(page, 'purchasing-admin');
  await page.goto(`/purchase-orders?selectedVendor=${vendor.id}`);
  await expect(page.getByTestId('po-count')).toHaveText('3 purchase orders');
  await page.getByTestId('list-export').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('list-export-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^purchase-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = readCsv(fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''));
  const ref = header!.indexOf('PO #');
  // The list's default sort: newest first.
  expect(rows.map((r) => r[ref])).toEqual([...refs].reverse());
  expect(new Set(rows.map((r) => r[header!.indexOf('Vendor')])).size).toBe(1);
});
