import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { holdingsUploadForm } from './samples/uploads.js';

/**
 * Settlement and holdings uploads (issue 14 item 5; 002 §5, §7): the settlement table imported once however often
 * it is sent, money exact, bad rows refused naming the row and field; the holdings file uploaded, synced by the §5
 * rules with counts, idempotent by the partner's order id.
 */
let t: TestApp;
let finance: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  finance = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
  viewer = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
});

afterAll(() => t?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const settle = (table: unknown, token = finance, filename = 'settlement.txt') =>
  t.app.inject({
    method: 'POST',
    url: '/api/om/payments/settlement-report',
    headers: auth(token),
    payload: { table: typeof table === 'string' ? table : JSON.stringify(table), filename },
  });
const upload = (text: string, filename = 'holdings.csv', token = finance) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ep-holdings/orders/upload',
    headers: auth(token),
    payload: holdingsUploadForm(text, filename),
  });
const sync = (filename: string, token = finance) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/ep-holdings/orders/sync?filename=${encodeURIComponent(filename)}`,
    headers: auth(token),
  });

/** A marketplace settlement flat file's rows as the browser sends them: the summary row, then lines (one repeated). */
const SETTLEMENT = [
  {
    'settlement-id': 'T-100',
    'settlement-start-date': '2020-04-25',
    'settlement-end-date': '2020-05-09',
    'deposit-date': '2020-05-11',
    'total-amount': '1,234.56',
    currency: 'USD',
  },
  {
    'settlement-id': 'T-100',
    'transaction-type': 'Order',
    'order-id': '111-1',
    'amount-type': 'ItemPrice',
    'amount-description': 'Principal',
    amount: '199.99',
    'posted-date': '2020-04-28',
    sku: 'WM-1',
    'quantity-purchased': '1',
  },
  {
    'settlement-id': 'T-100',
    'transaction-type': 'Order',
    'order-id': '111-1',
    'amount-type': 'ItemFees',
    'amount-description': 'Commission',
    amount: '-30.00',
    'posted-date': '2020-04-28',
    sku: 'WM-1',
  },
  {
    'settlement-id': 'T-100',
    'transaction-type': 'Order',
    'order-id': '111-1',
    'amount-type': 'ItemFees',
    'amount-description': 'Commission',
    amount: '-30.00',
    'posted-date': '2020-04-28',
    sku: 'WM-1',
  },
  {
    'Settlement ID': 'T-100',
    'Transaction Type': 'Refund',
    'Order ID': '111-2',
    'Amount Type': 'ItemPrice',
    Amount: '-0.07',
    'Posted Date': '05/22/2020',
  },
  { 'settlement-id': '', amount: '' },
];

describe('POST /api/om/payments/settlement-report', () => {
  it('imports the lines once: the same table sent twice adds nothing; identical lines within a file both count; money exact', async () => {
    const first = await settle(SETTLEMENT);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Settlement report uploaded: 4 lines imported, 0 already present, 1 settlement summary recorded.',
      imported: 4,
      alreadyPresent: 0,
      summaries: 1,
    });
    const again = await settle(SETTLEMENT, finance, 'settlement (copy).txt');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: 'Settlement report uploaded: 0 lines imported, 4 already present.',
      imported: 0,
      alreadyPresent: 4,
      summaries: 0,
    });
    const rows = await queryRows<{ amount: string; posted: string; type: string; n: string }>(
      t.db,
      sql`select sum(amount_cents)::text as amount, min(posted_date)::text as posted, max(transaction_type) as type, count(*)::text as n from settlement_lines where settlement_id = 'T-100'`,
    );
    expect(rows[0]).toEqual({ amount: String(19999 - 3000 - 3000 - 7), posted: '2020-04-28', type: 'Refund', n: '4' });
    const [summary] = await queryRows<{ total: string; deposit: string }>(
      t.db,
      sql`select total_amount_cents::text as total, deposit_date::text as deposit from settlements where settlement_id = 'T-100'`,
    );
    expect(summary).toEqual({ total: '123456', deposit: '2020-05-11' });
    // A file with one line more imports only that line.
    const more = await settle([
      ...SETTLEMENT,
      {
        'settlement-id': 'T-100',
        'transaction-type': 'Order',
        'order-id': '111-3',
        amount: '5',
        'posted-date': '2020-05-03',
      },
    ]);
    expect(more.json()).toMatchObject({ imported: 1, alreadyPresent: 4 });
  });

  it('refuses bad rows naming the row and field, and imports nothing from that table', async () => {
    const res = await settle([
      { 'settlement-id': 'T-200', amount: '10.00', 'posted-date': '2020-05-01' },
      { 'settlement-id': 'T-200', amount: '12.345', 'posted-date': '2020-05-01' },
      { 'settlement-id': '', amount: '1.00' },
      { 'settlement-id': 'T-200', amount: '1.00', 'posted-date': '2020-02-30' },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors['table.1.amount']![0]).toBe(
      'Line 3: amount "12.345" is not an amount of money (at most 2 decimals).',
    );
    expect(body.errors['table.2.settlement-id']![0]).toBe('Line 4: settlement-id is required.');
    expect(body.errors['table.3.posted-date']![0]).toContain('Line 5: posted-date "2020-02-30" is not a date');
    expect(body.message).toContain('(and 2 more errors)');
    const [count] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from settlement_lines where settlement_id = 'T-200'`,
    );
    expect(count!.n).toBe('0');
  });

  it('refuses a table that is not a JSON array of rows, or has nothing to import', async () => {
    for (const table of ['not json', '{"a":1}', '[1,2]', '[]', '[{"settlement-id":""}]']) {
      const res = await settle(table);
      expect(res.statusCode, table).toBe(400);
      expect(Object.keys((res.json() as { errors: object }).errors)[0], table).toMatch(/^table/);
    }
  });

  it('needs purchasing:reports', async () => {
    expect((await settle(SETTLEMENT, viewer)).statusCode).toBe(403);
  });
});

describe('holdings upload and sync', () => {
  const FILE = [
    'EP Holdings partner orders,,,,,',
    'exported 2020-05-04,,,,,',
    ',,,,,',
    'Order Number,SKU,Qty,Unit Price,Order Date,Ship To',
    'EP-1,WM-100,2,499.99,2020-05-01,Jane Doe',
    'EP-1,WM-200,1,89.5,2020-05-01,Jane Doe',
    ',,,,,',
    'EP-2,\u200BDR-300,3,"1,050.00",05/02/2020,John Roe',
  ].join('\n');

  it('uploads a file, answers its filename, syncs its orders with counts; a second sync imports nothing twice', async () => {
    const up = await upload(FILE, 'ep-orders-may.csv');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ filename: 'ep-orders-may.csv' });
    const first = await sync('ep-orders-may.csv');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Holdings orders synced from ep-orders-may.csv: 2 orders imported (3 lines), 0 already present.',
      ordersImported: 2,
      linesImported: 3,
      alreadyPresent: 0,
      unreadColumns: [],
    });
    const again = await sync('ep-orders-may.csv');
    expect(again.json()).toMatchObject({ ordersImported: 0, linesImported: 0, alreadyPresent: 2 });
    const lines = await queryRows<{ order: string; sku: string; quantity: number; price: string; date: string }>(
      t.db,
      sql`select o.partner_order_id as order, l.sku, l.quantity, l.unit_price_cents::text as price, o.order_date::text as date
          from partner_order_lines l join partner_orders o on o.id = l.partner_order_id order by o.partner_order_id, l.line_number`,
    );
    expect(lines).toEqual([
      { order: 'EP-1', sku: 'WM-100', quantity: 2, price: '49999', date: '2020-05-01' },
      { order: 'EP-1', sku: 'WM-200', quantity: 1, price: '8950', date: '2020-05-01' },
      { order: 'EP-2', sku: 'DR-300', quantity: 3, price: '105000', date: '2020-05-02' },
    ]);
    // The same name uploaded again replaces the file; a tab file with one new order imports only that one.
    expect(
      (await upload('order-id\tsku\tquantity\nEP-2\tDR-300\t3\nEP-3\tWM-9\t1\n', 'ep-orders-may.csv')).statusCode,
    ).toBe(200);
    expect((await sync('ep-orders-may.csv')).json()).toEqual({
      message: 'Holdings orders synced from ep-orders-may.csv: 1 order imported (1 line), 1 already present.',
      ordersImported: 1,
      linesImported: 1,
      alreadyPresent: 1,
      unreadColumns: [],
    });
  });

  it('reads a file Excel saved as "CSV (Comma delimited)" on Windows (Windows-1252), and syncs it (issue 31 item 5)', async () => {
    const text =
      'Order Number,SKU,Qty,Unit Price,Order Date,Ship To\r\nEP-W1252,WM-100,1,19.99,2020-05-01,José Núñez\r\n';
    const bytes = new Uint8Array(Buffer.from(text, 'latin1')); // é, ú, ñ: one byte each, as Windows-1252 writes them
    expect(bytes.includes(0xe9)).toBe(true);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/ep-holdings/orders/upload',
      headers: auth(finance),
      payload: holdingsUploadForm(bytes, 'excel-windows.csv'),
    });
    expect(up.statusCode, up.body).toBe(200);
    const [stored] = await queryRows<{ content: string }>(
      t.db,
      sql`select content from holdings_files where filename = 'excel-windows.csv'`,
    );
    expect(stored!.content).toContain('José Núñez');
    expect((await sync('excel-windows.csv')).json()).toMatchObject({ ordersImported: 1, linesImported: 1 });
  });

  it('refuses a bad file at upload naming file: no delimiter, wrong type, binary, missing', async () => {
    const noDelimiter = await upload('just some words\nmore words\n', 'words.txt');
    expect(noDelimiter.statusCode).toBe(400);
    expect(noDelimiter.json()).toMatchObject({
      message: "Couldn't parse delimiter type from row",
      errors: { file: ["Couldn't parse delimiter type from row"] },
    });
    const pdf = await upload('a,b\n1,2\n', 'orders.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ errors: { file: ['The file must be a .csv, .tsv or .txt file.'] } });
    const binary = await upload('a,b\u0000\n', 'bin.csv');
    expect(binary.json()).toMatchObject({ errors: { file: ['The file must be text (UTF-8), not a binary file.'] } });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/ep-holdings/orders/upload',
      headers: auth(finance),
      payload: holdingsUploadForm('a,b\n', 'x.csv', 'other'),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(Object.keys(wrongField.json().errors)).toEqual(['file']);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/ep-holdings/orders/upload',
      headers: auth(finance),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('takes files past the carousel 1 MB limit, up to 10 MB (413 naming file beyond)', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `BIG-${i},SKU-${i % 50},1`);
    const big = ['order-id,sku,quantity', ...rows].join('\n');
    expect(big.length).toBeGreaterThan(1_000_000);
    const ok = await upload(big, 'big.csv');
    expect(ok.statusCode).toBe(200);
    const tooBig = await upload(`a,b\n${'x'.repeat(10 * 1024 * 1024)}`, 'huge.csv');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ errors: { file: ['The file must be at most 10 MB.'] } });
  });

  it('refuses a sync with bad rows or a missing column naming the line and field, importing nothing', async () => {
    await upload(
      'order-id,sku,quantity,unit-price\nBAD-1,S1,2,1.00\nBAD-2,S2,zero,1.00\nBAD-3,,1,-4\n',
      'bad-rows.csv',
    );
    const res = await sync('bad-rows.csv');
    expect(res.statusCode).toBe(400);
    const body = res.json() as { errors: Record<string, string[]> };
    expect(body.errors['rows.3.quantity']![0]).toBe(
      'Line 3: quantity "zero" must be a whole number from 1 to 1,000,000.',
    );
    expect(body.errors['rows.4.sku']![0]).toBe('Line 4: sku is required.');
    expect(body.errors['rows.4.unit-price']![0]).toContain('Line 4: unit-price "-4"');
    expect(await queryRows(t.db, sql`select 1 from partner_orders where partner_order_id = 'BAD-1'`)).toEqual([]);
    await upload('order-id,description\nX-1,thing\n', 'no-sku.csv');
    const missing = await sync('no-sku.csv');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['sku', 'quantity']);
  });

  it('answers 404 for an unknown filename and 400 for an empty one; needs purchasing:reports', async () => {
    const unknown = await sync('never-uploaded.csv');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No uploaded holdings file is named "never-uploaded.csv". Upload it first.');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/ep-holdings/orders/sync?filename=', headers: auth(finance) }))
        .statusCode,
    ).toBe(400);
    expect((await sync('ep-orders-may.csv', viewer)).statusCode).toBe(403);
    expect((await upload('a,b\n1,2\n', 'x.csv', viewer)).statusCode).toBe(403);
  });
});
