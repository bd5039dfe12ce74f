import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZJobSchema, type TApplyPaymentsResult } from '@keystone/contracts';
import { carrierFile } from '../src/modules/shipping-reconciliation/carrier-files.js';
import { readCsvRecords } from './csv-read.js';
import { createProducts, createSignedInUser, unique } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { waitForJob } from './report-kit.js';
import { invoiceUploadForm } from './samples/shipping-reconciliation.js';

/**
 * Spreadsheet-ready files (issue 31 item 8): every CSV starts with the UTF-8 BOM once, so Excel opens it as UTF-8;
 * read back by papaparse (which drops the BOM, as Excel does).
 */
let t: TestApp;
let developer: string;
let finance: string;
let batchId: number;

const get = (url: string, token = developer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const today = new Date().toISOString().slice(0, 10);
/** A FedEx-style tracking number: 12 digits, which Excel would show as 7.94612E+11. */
const tracking = `7946${String(Date.now() % 1e8).padStart(8, '0')}`;
const poNumber = '000123456789012';

/** The bytes EF BB BF at the very start, and nowhere else. */
function expectOneBom(payload: Buffer): void {
  expect([...payload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(payload.indexOf(Buffer.from([0xef, 0xbb, 0xbf]), 3)).toBe(-1);
}

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  developer = (await createSignedInUser(t, { role: 'developer' })).token;
  finance = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
  const intake = await t.app.inject({
    method: 'POST',
    url: '/api/shipping-reconciliation/gray-boxes',
    headers: bearer(finance),
    payload: {
      grayBoxes: [{ tracking_number: tracking, fulfillment_po_number: poNumber, date_shipped: today, ship_company: 'UPS', fulfillment_warehouse: 'KY01', shipping_quote: 10 }],
    },
  });
  expect(intake.statusCode, intake.body).toBe(200);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/shipping-reconciliation/ups/upload',
    headers: bearer(finance),
    payload: invoiceUploadForm(carrierFile('ups', [{ trackingNumber: tracking, cents: 1250, date: today }]), 'sheets.csv'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const generated = await get(`/api/shipping-reconciliation/ups/generate?filename=${encodeURIComponent(uploaded.json().filename)}`, finance);
  expect(generated.statusCode, generated.body).toBe(200);
  const applied = await t.app.inject({
    method: 'PUT',
    url: '/api/shipping-reconciliation/update',
    headers: bearer(finance),
    payload: { idempotencyKey: unique('sheets-batch'), updates: { [tracking]: { reported_billed_charge: 12.5, payment_to_apply: 12.5 } } },
  });
  expect(applied.statusCode, applied.body).toBe(200);
  batchId = (applied.json() as TApplyPaymentsResult).batchId;
});
afterAll(() => t?.close());

describe('CSV files start with the UTF-8 BOM, once', () => {
  it('a streamed report CSV of several batches (more than 500 rows)', async () => {
    const model = unique('BOM').toUpperCase();
    await createProducts(
      t.db,
      Array.from({ length: 1_200 }, (_, i) => ({ modelNumber: `${model}-${String(i).padStart(4, '0')}`, description: 'Café é', currentCostCents: 0, mapCents: null })),
    );
    const res = await get('/api/reports/generic/products-missing-cost/csv');
    expect(res.statusCode, res.body).toBe(200);
    expectOneBom(res.rawPayload);
    const rows = readCsvRecords(res.body).filter((r) => r.Model!.startsWith(model));
    expect(rows).toHaveLength(1_200);
    expect(rows[0]!.Description).toBe('Café é');
  });

  it('a CSV streamed in pages (the inventory as-of export), even with no rows', async () => {
    const res = await get(`/api/ims/reporting/inventory/ge-on-hand-export?date=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expectOneBom(res.rawPayload);
    expect(res.body.slice(1).startsWith('As Of Date,Model,UPC')).toBe(true);
  });

  it("a report job's file", async () => {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generic/price-list/csv-jobs',
      headers: bearer(developer),
      payload: { parameters: {} },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = ZJobSchema.parse(queued.json());
    expect((await waitForJob(t, job.id)).status).toBe('succeeded');
    const file = await get(`/api/reports/csv-jobs/${job.id}/file`);
    expect(file.statusCode, file.body).toBe(200);
    expectOneBom(file.rawPayload);
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
  });

  it('the shipping payment batch CSV', async () => {
    const csv = await get(`/api/shipping-reconciliation/updates/${batchId}?format=csv`, finance);
    expect(csv.statusCode, csv.body).toBe(200);
    expectOneBom(csv.rawPayload);
    expect(readCsvRecords(csv.body)).toHaveLength(1);
  });
});
