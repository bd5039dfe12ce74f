import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSettlementSummary, parseDelimitedText } from '@keystone/contracts/csv-rules';
import { queryRows } from '../src/db/database.js';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Amazon Settlement report Flat File V2 as Amazon documents it (issue 31 item 2; fixtures and their sources in
 * test/fixtures/settlements/README.md): each file parsed with the contracts' rules as the browser's worker does,
 * posted with its lines as the settlement page does, the stored sums checked to the cent.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
});

afterAll(() => t?.close());

const fixture = (name: string) => readFileSync(new URL(`./fixtures/settlements/${name}`, import.meta.url), 'utf8');

/** The file as the settlement page sends it: the §5 table (the summary row kept, not flagged), rows and their lines. */
function asSent(text: string) {
  const table = parseDelimitedText(text, { keep: isSettlementSummary });
  return {
    table,
    body: { table: JSON.stringify(table.rows.map((r) => r.values)), lines: table.rows.map((r) => r.line) },
  };
}

const post = (body: { table: string; lines?: number[] }, filename: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/om/payments/settlement-report',
    headers: { authorization: `Bearer ${token}` },
    payload: { ...body, filename },
  });

async function stored(settlementId: string) {
  const [lines] = await queryRows<{ sum: string; n: string; first: string; last: string }>(
    t.db,
    sql`select sum(amount_cents)::text as sum, count(*)::text as n, min(posted_date)::text as first, max(posted_date)::text as last from settlement_lines where settlement_id = ${settlementId}`,
  );
  const [summary] = await queryRows<{ total: string; start: string; end: string; deposit: string; currency: string }>(
    t.db,
    sql`select total_amount_cents::text as total, start_date::text as start, end_date::text as end, deposit_date::text as deposit, currency from settlements where settlement_id = ${settlementId}`,
  );
  return { lines, summary };
}

describe('Amazon Settlement report Flat File V2 fixtures', () => {
  it('US (Amazon.com, tab, posted-date MM/DD/YY beside posted-date-time): the summary row is the header, sums to the cent', async () => {
    const { table, body } = asSent(fixture('amazon-v2-us.txt'));
    expect(table.rows[0]!.flagged).toBe(false); // the V2 summary row: 6 of 23 cells filled, not a row to remove
    expect(table.rows.filter((r) => r.flagged)).toEqual([]);
    const res = await post(body, 'amazon-v2-us.txt');
    expect(res.json()).toEqual({
      message: 'Settlement report uploaded: 6 lines imported, 0 already present, 1 settlement summary recorded.',
      imported: 6,
      alreadyPresent: 0,
      summaries: 1,
    });
    expect(await stored('1000000001')).toEqual({
      lines: { sum: '119943', n: '6', first: '2025-06-03', last: '2025-06-14' },
      summary: { total: '119943', start: '2025-06-01', end: '2025-06-15', deposit: '2025-06-17', currency: 'USD' },
    });
  });

  it('EU (Amazon.de, EUR): amounts with a decimal comma read to the cent', async () => {
    const { body } = asSent(fixture('amazon-v2-eu.txt'));
    const res = await post(body, 'amazon-v2-eu.txt');
    expect(res.json()).toMatchObject({ imported: 4, summaries: 1 });
    expect(await stored('2000000002')).toEqual({
      lines: { sum: '123456', n: '4', first: '2025-06-03', last: '2025-06-12' },
      summary: { total: '123456', start: '2025-06-01', end: '2025-06-15', deposit: '2025-06-17', currency: 'EUR' },
    });
  });

  it('re-saved by Excel in a UK locale: day-first posted-date beside posted-date-time, the unambiguous one wins', async () => {
    const { body } = asSent(fixture('amazon-v2-excel-uk.csv'));
    const res = await post(body, 'amazon-v2-excel-uk.csv');
    expect(res.json()).toMatchObject({ imported: 4, summaries: 1 });
    expect(await stored('3000000003')).toEqual({
      lines: { sum: '24449', n: '4', first: '2025-06-09', last: '2025-06-13' },
      summary: { total: '24449', start: '2025-06-01', end: '2025-06-15', deposit: '2025-06-17', currency: 'GBP' },
    });
  });

  it('refuses a row whose only date reads two ways, naming the file line and the column; nothing is imported', async () => {
    const text = fixture('amazon-v2-excel-uk.csv')
      .replace(/3000000003/g, '3000000004')
      .replace('2025-06-09 14:05:00 UTC', '');
    const { body } = asSent(text);
    const res = await post(body, 'uk-without-times.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['table.1.posted-date']).toEqual([
      'Line 3: posted-date 09/06/25 could be 6 September 2025 (month first) or 9 June 2025 (day first, as a spreadsheet re-saved in a UK locale writes it); give posted-date-time (YYYY-MM-DD HH:MM:SS UTC) beside it, or write posted-date as YYYY-MM-DD.',
    ]);
    expect((await stored('3000000004')).lines?.n).toBe('0');
  });

  it('numbers rows by the file line in every message, after removed rows too', async () => {
    const res = await post(
      {
        table: JSON.stringify([
          { 'settlement-id': 'L-1', amount: '1.00' },
          { 'settlement-id': 'L-1', amount: '12.345' },
        ]),
        lines: [2, 9],
      },
      'lines.txt',
    );
    expect(res.json().errors['table.1.amount']).toEqual([
      'Line 9: amount "12.345" is not an amount of money (at most 2 decimals).',
    ]);
  });
});
