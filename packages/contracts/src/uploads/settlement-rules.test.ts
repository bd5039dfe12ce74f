import { describe, expect, it } from 'vitest';
import { parseDelimitedText } from './csv-rules.js';
import { isSettlementSummary, readSettlementRows } from './settlement-rules.js';
import { moneyCellToCents, readDate } from './upload-cells.js';

/** Issue 31 item 2: Amazon's Settlement report Flat File V2 read as Amazon writes it. */
describe('settlement rules', () => {
  it('reads MM/DD/YY and YYYY-MM-DD HH:MM:SS UTC; a slash date that reads two ways is ambiguous', () => {
    expect(readDate('06/14/25')).toEqual({ date: '2025-06-14' });
    expect(readDate('2025-06-09 14:05:00 UTC')).toEqual({ date: '2025-06-09' });
    expect(readDate('13/06/25')).toEqual({ date: '2025-06-13' });
    expect(readDate('09/06/25')).toEqual({ ambiguous: { monthFirst: '2025-09-06', dayFirst: '2025-06-09' } });
    expect(readDate('06/06/25')).toEqual({ date: '2025-06-06' });
  });

  it('reads decimal-comma money only when asked, exact to the cent', () => {
    expect(moneyCellToCents('199,99', true)).toBe(19999);
    expect(moneyCellToCents('-1.234,56', true)).toBe(-123456);
    expect(moneyCellToCents('199,99')).toBeNull();
    expect(moneyCellToCents('199.99', true)).toBeNull();
  });

  it('keeps the V2 summary row (its first data row) unflagged', () => {
    const header = [
      'settlement-id',
      'settlement-start-date',
      'total-amount',
      'currency',
      'transaction-type',
      'amount',
      'posted-date',
      'sku',
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ];
    const row = (cells: string[]) => [...cells, ...Array<string>(header.length - cells.length).fill('')].join('\t');
    const text = [
      header.join('\t'),
      row(['1', '2025-06-01', '9.99', 'USD']),
      row(['1', '', '', '', 'Order', '9.99', '06/14/25', 'X']),
    ].join('\n');
    expect(parseDelimitedText(text).rows[0]!.flagged).toBe(true);
    expect(parseDelimitedText(text, { keep: isSettlementSummary }).rows[0]!.flagged).toBe(false);
  });

  it('prefers posted-date-time; refuses an ambiguous posted-date alone naming the line and column; reads an EU file', () => {
    const read = readSettlementRows(
      [
        {
          'settlement-id': '1',
          amount: '1.00',
          'posted-date': '09/06/25',
          'posted-date-time': '2025-06-09 14:05:00 UTC',
        },
        { 'settlement-id': '1', amount: '1.00', 'posted-date': '09/06/25' },
      ],
      (i) => [5, 7][i]!,
    );
    expect(read.lines.map((l) => l.postedDate)).toEqual(['2025-06-09']);
    expect(read.errors).toHaveLength(1);
    expect(read.errors[0]).toMatchObject({ index: 1, line: 7, field: 'posted-date' });
    expect(read.errors[0]!.message).toMatch(
      /^Line 7: posted-date 09\/06\/25 could be 6 September 2025 \(month first\) or 9 June 2025/,
    );
    const eu = readSettlementRows(
      [
        { 'settlement-id': '2', 'total-amount': '1.234,56', currency: 'EUR' },
        {
          'settlement-id': '2',
          'transaction-type': 'Order',
          amount: '1.234,56',
          'posted-date-time': '2025-06-03 17:04:11 UTC',
        },
      ],
      (i) => i + 2,
    );
    expect(eu).toMatchObject({
      decimalComma: true,
      errors: [],
      summaries: [{ totalAmountCents: 123456 }],
      lines: [{ amountCents: 123456 }],
    });
  });
});
