import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProducts, createSignedInUser, createUser, nextUpc } from './factories.js';
import { createSaleFixture } from './samples/committed-sales.js';
import { createTransferFixture } from './samples/transfers.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { readCsv } from './csv-read.js';

let t!: TestApp;
let buyer!: string;
let outsider!: string;
let desk!: string;
let hostileVendor!: number;
let plainVendor!: number;
let transferModel!: string;

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

type Row = Record<string, unknown>;
const rowsOf = async (token: string, url: string): Promise<Row[]> => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Row[] | { data: Row[] };
  return Array.isArray(body) ? body : body.data;
};

/**
 * Each list with an export: the rows its list route shows for a filter (`rows`), the export of the same filter, the
 * role refused both (none where every role reads the list: the boards), the list row's key and the export's column
 * holding it.
 */
const LISTS: {
  name: string;
  rows: () => Promise<Row[]>;
  export: () => string;
  refused: () => string | null;
  /** Who reads the list (the buyer, an admin, unless said). */
  reader?: () => string;
  key: (row: Row) => string;
  header: string;
}[] = [
  {
    name: 'purchase orders',
    rows: () => rowsOf(buyer, `/api/purchase?vendor=${hostileVendor}&perPage=100&sortBy=purchase_ref_id&sortOrder=asc`),
    export: () => `/api/purchase/export?vendor=${hostileVendor}&sortBy=purchase_ref_id&sortOrder=asc`,
    refused: () => outsider,
    key: (row) => String(row.purchase_ref_id),
    header: 'PO #',
  },
  {
    name: 'invoices',
    rows: () => rowsOf(buyer, `/api/accounts-payable-invoice?vendor=${hostileVendor}&per_page=100`),
    export: () => `/api/accounts-payable-invoice/export?vendor=${hostileVendor}`,
    refused: () => outsider,
    key: (row) => String(row.invoice_number),
    header: 'Invoice #',
  },
  {
    name: 'products',
    rows: () => rowsOf(buyer, '/api/product?modelTerm=xpt-&description=export'),
    export: () => '/api/product/export?modelTerm=xpt-&description=export',
    refused: () => outsider,
    key: (row) => String(row.model_number),
    header: 'Model',
  },
  {
    name: 'vendors (the table filters on the screen: the same rule)',
    rows: async () =>
      (await rowsOf(buyer, '/api/vendor')).filter((v) => String(v.company_name).toLowerCase().includes('hyper')),
    export: () => '/api/vendor/export?search=HYPER',
    refused: () => outsider,
    key: (row) => String(row.company_name),
    header: 'Company Name',
  },
  {
    name: 'contacts',
    rows: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact/name',
        headers: bearer(desk),
        payload: { firstName: '', lastName: 'exportson', searchSize: 100 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Row[] }).data;
    },
    export: () => '/api/contact/export?searchBy=name&firstName=&lastName=exportson',
    refused: () => outsider,
    reader: () => desk,
    key: (row) => String(row.first_name),
    header: 'First Name',
  },
  {
    name: 'bins',
    rows: () =>
      rowsOf(buyer, '/api/ims/bins?locationCode=KY01&searchTerm=R7&orderBy=bin_name&sortDirection=desc&perPage=100'),
    export: () => '/api/ims/bins/export?locationCode=KY01&searchTerm=R7&orderBy=bin_name&sortDirection=desc',
    refused: () => outsider,
    key: (row) => String(row.binName),
    header: 'Bin Name',
  },
  {
    name: 'the committed transfers board',
    rows: () => rowsOf(buyer, `/api/ims/committed-transfers/board?search=${transferModel}`),
    export: () => `/api/ims/committed-transfers/board/export?search=${transferModel}`,
    refused: () => null,
    key: (row) => String(row.ims_transaction_reference_id),
    header: 'Reference',
  },
  {
    name: "a model's submitted transfers",
    rows: () => rowsOf(buyer, `/api/ims/transacted-transfers?model=${transferModel}`),
    export: () => `/api/ims/transacted-transfers/export?model=${transferModel}`,
    refused: () => outsider,
    key: (row) => String(row.ims_transaction_reference_id),
    header: 'Reference',
  },
  {
    name: 'the committed sales board (it filters on the screen: the same rule)',
    rows: async () =>
      (await rowsOf(buyer, '/api/ims/committed-sales')).filter((s) =>
        String(s.legacy_pos_invoice_id).toLowerCase().includes('=exp'),
      ),
    export: () => '/api/ims/committed-sales/export?search=%3DEXP',
    refused: () => null,
    key: (row) => String(row.legacy_pos_invoice_id),
    header: 'Invoice',
  },
  {
    name: 'audits in progress',
    rows: () => rowsOf(buyer, '/api/audit-scans'),
    export: () => '/api/audit-scans/export',
    refused: () => outsider,
    key: (row) => String(row.audit_batch_name),
    header: 'Audit',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  buyer = (await createSignedInUser(t, { role: 'admin' })).token;
  outsider = (await createSignedInUser(t, { role: 'user' })).token;
  desk = (await createSignedInUser(t, { role: 'customer-service-1' })).token;
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

  // Products: five of one model prefix and description, one description a formula; one outside the filter.
  await createProducts(t.db, [
    ...['XPT-3', 'XPT-1', 'XPT-5', 'XPT-2', 'XPT-4'].map((modelNumber, i) => ({
      modelNumber,
      description: i === 0 ? '=1+2 export' : `Export sample ${i}`,
      upc: nextUpc(),
    })),
    { modelNumber: 'XPT-9', description: 'Not in the filter', upc: nextUpc() },
  ]);
  await t.services.vendors.create({ company_name: 'Hyper Supply', vendor_type: 'service' });
  for (const [first, last] of [
    ['=Ann', 'Exportson'],
    ['Bob', 'Exportson'],
    ['Cy', 'Exportsonn'],
    ['Di', 'Other'],
  ])
    await t.services.contacts.create({ first_name: first, last_name: last }, null);
  const admin = await createUser(t.services, { role: 'admin' });
  const actor = { id: admin.id, username: admin.username, role: 'admin' };
  for (const [row, bay] of [
    [71, 1],
    [72, 2],
    [73, 3],
    [41, 4],
  ])
    await t.services.bins.create({ row: row!, bay: bay!, shelf: 1, locationCode: 'KY01', conditionCode: 'NEW' }, actor);
  // Transfers: three open on the board, two transacted.
  const transfers = await createTransferFixture(t, 6);
  transferModel = transfers.product.modelNumber;
  for (let i = 0; i < 3; i++) await transfers.commit();
  for (let i = 0; i < 2; i++) {
    const committed = await transfers.commit(false);
    await t.services.transfers.transact(
      committed.ims_transaction_reference_id,
      { transferredById: 'export-test', transferNotes: i === 0 ? '=cmd' : 'Moved', strictMode: true },
      transfers.actor,
    );
  }
  const sales = await createSaleFixture(t, 4);
  for (const invoice of ['=EXP-2', '=EXP-1', '000777', 'OTHER-1']) await sales.commit(invoice);
  for (const name of ['=Audit A', 'Audit B'])
    await t.services.audits.createBatch({ audit_batch_name: name, default_audit_bucket: 'KY01_B_STOCK' }, actor);
});
afterAll(() => t?.close());

describe.each(LISTS)('the export of $name', (list) => {
  const reader = () => list.reader?.() ?? buyer;
  it('CSV: every row the filters match, in the list order, through the one CSV writer', async () => {
    const shown = await list.rows();
    expect(shown.length).toBeGreaterThan(1);
    const res = await get(reader(), list.export());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = readCsv(res.body.slice(1));
    const column = header!.indexOf(list.header);
    expect(column).toBeGreaterThanOrEqual(0);
    // What a spreadsheet shows: an id cell ="000345" as 000345, a neutralised '=INV-2 as =INV-2.
    const shownText = (cell: string) => cell.replace(/^="(.*)"$/, '$1').replace(/^'(?=[=+\-@])/, '');
    expect(rows.map((r) => shownText(r[column]!))).toEqual(shown.map(list.key));
  });

  it('XLSX: the same rows, read back by exceljs', async () => {
    const shown = await list.rows();
    const res = await get(reader(), `${list.export()}${list.export().includes('?') ? '&' : '?'}format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { rows } = await readXlsx(res.rawPayload);
    const column = rows[0]!.indexOf(list.header);
    expect(rows.slice(1).map((r) => r[column])).toEqual(shown.map(list.key));
  });

  it("is refused without the list's read permission, and a bad format names the field", async () => {
    const refused = list.refused();
    if (refused) expect((await get(refused, list.export())).statusCode).toBe(403);
    const bad = await get(reader(), `${list.export()}${list.export().includes('?') ? '&' : '?'}format=pdf`);
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

describe('the other lists’ exports', () => {
  /** A formula in a text column of each: neutralised in the CSV, a string cell (never a formula) in the XLSX. */
  it.each([
    { url: '/api/product/export?modelTerm=xpt-', header: 'Description', text: '=1+2 export', as: () => buyer },
    { url: '/api/contact/export?searchBy=name&lastName=exportson', header: 'First Name', text: '=Ann', as: () => desk },
    { url: '/api/ims/committed-sales/export?search=exp', header: 'Invoice', text: '=EXP-2', as: () => buyer },
    { url: '/api/audit-scans/export', header: 'Audit', text: '=Audit A', as: () => buyer },
    { url: '/api/vendor/export?search=hyper', header: 'Company Name', text: '=HYPERLINK("http://x")', as: () => buyer },
  ])('$header $text stays text ($url)', async ({ url, header, text, as }) => {
    const csv = readCsv((await get(as(), url)).body.slice(1));
    expect(csv.map((r) => r[csv[0]!.indexOf(header)])).toContain(`'${text}`);
    const res = await get(as(), `${url}${url.includes('?') ? '&' : '?'}format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).map(String).indexOf(header);
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row, n) => n > 1 && cells.push(row.getCell(column)));
    const cell = cells.find((c) => c.value === text);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
  });

  it('keeps an all-digit invoice text, and the committed sales export is every open sale, not the board’s 500', async () => {
    const csv = readCsv((await get(buyer, '/api/ims/committed-sales/export')).body.slice(1));
    expect(csv.map((r) => r[csv[0]!.indexOf('Invoice')])).toContain('="000777"');
    const { rows } = await readXlsx((await get(buyer, '/api/ims/committed-sales/export?format=xlsx')).rawPayload);
    expect(rows.map((r) => r[rows[0]!.indexOf('Invoice')])).toContain('000777');
    expect(rows).toHaveLength(csv.length);
  });

  it('a contact export needs the search the screen ran: a name, or a value (400 naming the fields)', async () => {
    const noName = await get(desk, '/api/contact/export?searchBy=name&firstName=&lastName=');
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('firstName');
    const noValue = await get(desk, '/api/contact/export?searchBy=phone');
    expect(noValue.statusCode).toBe(400);
    expect(noValue.body).toContain('searchValue');
    const nowhere = await get(desk, '/api/contact/export?searchBy=address&searchValue=nowhere-at-all');
    expect(readCsv(nowhere.body.slice(1))).toHaveLength(1);
  });

  it("the audits export follows the dashboard's tab; products with an unknown brand is the header alone", async () => {
    const completed = readCsv((await get(buyer, '/api/audit-scans/export?completed=1')).body.slice(1));
    expect(completed).toHaveLength(1);
    expect((await get(buyer, '/api/audit-scans/export?completed=1')).headers['content-disposition']).toMatch(
      /completed-audits-/,
    );
    const none = readCsv((await get(buyer, '/api/product/export?brand=NO-SUCH-BRAND')).body.slice(1));
    expect(none).toEqual([expect.arrayContaining(['Model', 'Description'])]);
  });
});
