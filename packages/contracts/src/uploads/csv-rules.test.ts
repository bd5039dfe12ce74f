import { describe, expect, it } from 'vitest';
import { abbreviateFilename } from './uploads.api.js';
import {
  CSV_MESSAGES,
  CsvParseError,
  detectDelimiter,
  headerKey,
  parseDelimitedText,
  tableToText,
  withoutLines,
} from './csv-rules.js';

describe('CSV rules (002 §5, §9)', () => {
  it('reads a tab file: the delimiter from the first line, quotes honoured', () => {
    const table = parseDelimitedText('settlement-id\tamount\tsku\n1001\t12.50\tAB-1\n1001\t-3.00\t"X, Y"\n');
    expect(table.delimiter).toBe('\t');
    expect(table.headers).toEqual(['settlement-id', 'amount', 'sku']);
    expect(table.rows.map((r) => r.values)).toEqual([
      { 'settlement-id': '1001', amount: '12.50', sku: 'AB-1' },
      { 'settlement-id': '1001', amount: '-3.00', sku: 'X, Y' },
    ]);
    expect(table.rows.map((r) => r.line)).toEqual([2, 3]);
  });

  it('finds a header on line 4: the line with the most filled cells among the first 10', () => {
    const text = [
      'Partner Orders Export,,,',
      'Generated 2020-05-01,,,',
      ',,,',
      'order-id,sku,quantity,unit-price',
      'A1,SKU1,2,10.00',
    ].join('\r\n');
    const table = parseDelimitedText(text);
    expect(table.headerLine).toBe(4);
    expect(table.headers).toEqual(['order-id', 'sku', 'quantity', 'unit-price']);
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.values['order-id']).toBe('A1');
  });

  it('only searches the first 10 lines for the header', () => {
    const preamble = Array.from({ length: 10 }, (_, i) => `note ${i},x`);
    const table = parseDelimitedText([...preamble, 'a,b,c,d,e', '1,2,3,4,5'].join('\n'));
    expect(table.headerLine).toBe(1);
    expect(table.headers).toEqual(['note 0', 'x']);
  });

  it('flags a row with more than 70% empty cells (71%) but not one with exactly 70%', () => {
    const seven = 'a,b,c,d,e,f,g\n1,2,,,,,\n1,2,3,4,5,6,7\n';
    const t7 = parseDelimitedText(seven);
    expect(t7.rows[0]!.emptyShare).toBeCloseTo(5 / 7);
    expect(t7.rows[0]!.flagged).toBe(true);
    expect(t7.rows[1]!.flagged).toBe(false);
    const ten = 'a,b,c,d,e,f,g,h,i,j\n1,2,3,,,,,,,\n1,2,,,,,,,,\n';
    const t10 = parseDelimitedText(ten);
    expect(t10.rows[0]!.emptyShare).toBeCloseTo(0.7);
    expect(t10.rows[0]!.flagged).toBe(false);
    expect(t10.rows[1]!.flagged).toBe(true);
  });

  it('reviewed rows can be removed, and the rest written back with the same delimiter', () => {
    const table = parseDelimitedText('a\tb\tc\td\n1\t\t\t\n1\t2\t3\t4\n');
    const flagged = table.rows.filter((r) => r.flagged).map((r) => r.line);
    expect(flagged).toEqual([2]);
    const kept = withoutLines(table, new Set(flagged));
    expect(kept.rows.map((r) => r.line)).toEqual([3]);
    expect(tableToText(kept)).toBe('a\tb\tc\td\n1\t2\t3\t4');
  });

  it('strips zero-width characters (and a byte-order mark) from headers and cells', () => {
    const table = parseDelimitedText('\uFEFFsettle\u200Bment-id,amo\u200Dunt\n\u200B1001\u2060,1\u200C2.00\n');
    expect(table.headers).toEqual(['settlement-id', 'amount']);
    expect(table.rows[0]!.values).toEqual({ 'settlement-id': '1001', amount: '12.00' });
  });

  it("fails with 'Couldn't parse delimiter type from row' when the first line has neither comma nor tab", () => {
    expect(() => parseDelimitedText('settlement report\n1001;12.00\n')).toThrow(CSV_MESSAGES.noDelimiter);
    expect(() => detectDelimiter('a;b;c')).toThrow(CsvParseError);
    expect(() => parseDelimitedText('a|b\n1|2')).toThrow("Couldn't parse delimiter type from row");
  });

  it('mixed delimiters: the first line decides; a line in the other delimiter is one cell, flagged', () => {
    const table = parseDelimitedText('order-id\tsku\tquantity\nA1\tS1\t2\nA2,S2,3\n');
    expect(table.delimiter).toBe('\t');
    expect(table.rows[1]!.values).toEqual({ 'order-id': 'A2,S2,3', sku: '', quantity: '' });
    expect(table.rows[1]!.flagged).toBe(false); // 2 of 3 empty: 67%
    expect(detectDelimiter('a,b,c\td')).toBe(',');
    expect(detectDelimiter('a,b\tc\td')).toBe('\t');
    expect(detectDelimiter('a,b\tc')).toBe('\t');
  });

  it('drops empty rows (blank lines and rows of empty cells) and counts them', () => {
    const table = parseDelimitedText('a,b,c\n\n1,2,3\n,,\n   \n4,5,6\n');
    expect(table.rows.map((r) => r.values.a)).toEqual(['1', '4']);
    expect(table.emptyRowsDropped).toBe(3);
  });

  it('names blank and repeated header cells, ignores a trailing delimiter, keeps extra cells', () => {
    const table = parseDelimitedText('a,,a,b,c,\n1,2,3,,,9\n');
    expect(table.headers).toEqual(['a', 'column-2', 'a (2)', 'b', 'c']);
    expect(table.rows[0]!.values).toEqual({ a: '1', 'column-2': '2', 'a (2)': '3', b: '', c: '', 'column-6': '9' });
  });

  it('reports progress up to 1', () => {
    const shares: number[] = [];
    const lines = ['a,b', ...Array.from({ length: 500 }, (_, i) => `${i},x`)];
    parseDelimitedText(lines.join('\n'), { onProgress: (s) => shares.push(s) });
    expect(shares.length).toBeGreaterThan(10);
    expect(shares.at(-1)).toBe(1);
    expect([...shares].sort((x, y) => x - y)).toEqual(shares);
  });

  it('refuses an empty file', () => {
    expect(() => parseDelimitedText('')).toThrow(CSV_MESSAGES.empty);
    expect(() => parseDelimitedText('\n\n')).toThrow(CSV_MESSAGES.empty);
  });

  it('canonical header keys and abbreviated filenames (002 §8: longer than 13 characters)', () => {
    expect(headerKey(' Settlement ID ')).toBe('settlement-id');
    expect(headerKey('posted_date')).toBe('posted-date');
    expect(abbreviateFilename('settlement.txt')).toBe('settlement...');
    expect(abbreviateFilename('settlements.t')).toBe('settlements.t');
  });
});
