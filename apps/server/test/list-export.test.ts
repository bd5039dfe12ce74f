import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createSignedInUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { readCsv } from './csv-read.js';

let t: TestApp;
let buyer: string;
let outsider: string;
let hostileVendor: number;
let plainVendor: number;

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function newPo(vendorId: number, vendorOrderId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(buyer),
    payload: { vendorId, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const po = res.json() as { id: number };
  if (vendorOrderId) {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${po.id}`,
      headers: bearer(buyer),
      payload: { vendor_order_id: vendorOrderId },
    });
    expect(put.statusCode, put.body).toBe(200);
  }
}

/** The rows of an XLSX answer (header first), each cell's value as text, and the cells' types. */
async function readXlsx(body: Buffer): Promise<{ rows: string[][]; types: ExcelJS.ValueType[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  const types: ExcelJS.ValueType[] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      types.push(cell.type);
      cells.push(cell.value instanceof Date ? cell.value.toISOString() : String(cell.value ?? ''));
    });
    rows.push(cells);
  });
  return { rows, types };
}

/**
 * Each list with an export: its list route and query (one page, the list's own filters), the export route, the read
 * permission's refused role, the list row's key and the export's column holding it.
 */
const LISTS = [
  {
    name: 'purchase orders',
    list: () => `/api/purchase?vendor=${hostileVendor}&perPage=100&sortBy=purchase_ref_id&sortOrder=asc`,
    export: () => `/api/purchase/export?vendor=${hostileVendor}&sortBy=purchase_ref_id&sortOrder=asc`,
    key: (row: Record<string, unknown>) => String(row.purchase_ref_id),
    header: 'PO #',
  },
  {
    name: 'invoices',
    list: () => `/api/accounts-payable-invoice?vendor=${hostileVendor}&per_page=100`,
    export: () => `/api/accounts-payable-invoice/export?vendor=${hostileVendor}`,
    key: (row: Record<string, unknown>) => String(row.invoice_number),
    header: 'Invoice #',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  buyer = (await createSignedInUser(t, { role: 'admin' })).token;
  outsider = (await createSignedInUser(t, { role: 'user' })).token;
  hostileVendor = (await t.services.vendors.create({ company_name: '=HYPERLINK("http://x")', vendor_type: 'sales' }))
    .id;
  plainVendor = (await t.services.vendors.create({ company_name: 'Plain Supply', vendor_type: 'sales' })).id;
  for (let i = 0; i < 5; i++) await newPo(hostileVendor, i === 0 ? '000123' : undefined);
  for (let i = 0; i < 3; i++) await newPo(plainVendor);
  for (const [vendor, number] of [
    [hostileVendor, 'INV-1'],
    [hostileVendor, '=INV-2'],
    [hostileVendor, '000345'],
    [plainVendor, 'INV-9'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts-payable-invoice',
      headers: bearer(buyer),
      payload: { invoice_number: number, invoice_amount: 12.5, invoice_date: '2026-01-02', vendor },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t?.close());

describe.each(LISTS)('the export of $name', (list) => {
  it('CSV: every row the filters match, in the list order, through the one CSV writer', async () => {
    const shown = (await get(buyer, list.list())).json() as { data: Record<string, unknown>[] };
    expect(shown.data.length).toBeGreaterThan(0);
    const res = await get(buyer, list.export());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = readCsv(res.body.slice(1));
    const column = header!.indexOf(list.header);
    expect(column).toBeGreaterThanOrEqual(0);
    // What a spreadsheet shows: an id cell ="000345" as 000345, a neutralised '=INV-2 as =INV-2.
    const shownText = (cell: string) => cell.replace(/^="(.*)"$/, '$1').replace(/^'(?=[=+\-@])/, '');
    expect(rows.map((r) => shownText(r[column]!))).toEqual(shown.data.map(list.key));
  });

  it('XLSX: the same rows, read back by exceljs', async () => {
    const shown = (await get(buyer, list.list())).json() as { data: Record<string, unknown>[] };
    const res = await get(buyer, list.export().replace('?', '?format=xlsx&'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { rows } = await readXlsx(res.rawPayload);
    const column = rows[0]!.indexOf(list.header);
    expect(rows.slice(1).map((r) => r[column])).toEqual(shown.data.map(list.key));
  });

  it("is refused without the list's read permission, and a bad format names the field", async () => {
    expect((await get(outsider, list.export())).statusCode).toBe(403);
    const bad = await get(buyer, list.export().replace('?', '?format=pdf&'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('format');
  });
});

describe('the PO export', () => {
  it('neutralises a formula (CSV) and keeps it a text cell (XLSX); ids stay text; timestamps as dates', async () => {
    const csv = readCsv((await get(buyer, `/api/purchase/export?vendor=${hostileVendor}`)).body.slice(1));
    const vendor = csv[0]!.indexOf('Vendor');
    expect(csv[1]![vendor]).toBe(`'=HYPERLINK("http://x")`);
    const orderIds = csv.slice(1).map((r) => r[csv[0]!.indexOf('Vendor order #')]);
    expect(orderIds).toContain('="000123"');
    expect(csv[1]![csv[0]!.indexOf('Created')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const res = await get(buyer, `/api/purchase/export?format=xlsx&vendor=${hostileVendor}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const cell = sheet.getRow(2).getCell(headers.indexOf('Vendor'));
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://x")');
    const created = sheet.getRow(2).getCell(headers.indexOf('Created'));
    expect(created.value).toBeInstanceOf(Date);
    const ids: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && ids.push(row.getCell(headers.indexOf('Vendor order #')).value));
    expect(ids).toContain('000123');
  });

  it('with no match is the header alone', async () => {
    const res = await get(buyer, `/api/purchase/export?vendor=${hostileVendor}&poNumber=NOSUCH`);
    expect(readCsv(res.body.slice(1))).toHaveLength(1);
    const { rows } = await readXlsx((await get(buyer, `/api/purchase/export?format=xlsx&poNumber=NOSUCH`)).rawPayload);
    expect(rows).toHaveLength(1);
  });
});
