import { Readable } from 'node:stream';
import { stringify as stringifySync, type Options as StringifyOptions } from 'csv-stringify/sync';
import { csvSafeText, FILE_TYPES } from '@keystone/contracts';
import type { FileAnswer } from './file-answer.js';

/**
 * One CSV column: the row's key, the header the file shows, and `kind: 'id'` for a column of identifiers (tracking,
 * UPC, serial, PO, invoice and order numbers): its all-digit values are written so a spreadsheet keeps them text
 * (`csvIdCell`).
 */
export type TCsvColumn = { key: string; header: string; kind?: 'id' };

/** 000 §7 "Report download": report-{MM-DD-YYYY}.csv, the server's local date. */
export function reportFileName(now = new Date(), extension = 'csv'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `report-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${now.getFullYear()}.${extension}`;
}

type TRow = Record<string, unknown>;

/**
 * A timestamp as a CSV writes it: UTC, 'YYYY-MM-DD HH:MM:SS' (to the second). Excel reads this form as a date and
 * time in every locale; it does not read ISO 8601's 'T' and 'Z' (the cell stays text). docs/decisions.md
 * "Spreadsheet-ready files".
 */
export function csvTimestamp(value: Date | string): string {
  const iso = typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();
  return iso.slice(0, 10) + ' ' + iso.slice(11, 19);
}

const ALL_DIGITS = /^\d+$/;

/**
 * One cell of an id column: an all-digit id (794612345678, a 12-digit UPC, a PO number 000123) as the formula
 * ="794612345678", quoted for CSV, which a spreadsheet shows as the text of its digits (a bare digit string of 12 or
 * more digits becomes 7.94612E+11 and loses every digit past the 15th; leading zeros are dropped). The formula is a
 * plain string literal of digits, nothing else, so it runs nothing; any other value (letters, a sign, a quote, `=…`)
 * is written as every cell is, neutralised by `csvSafeText`.
 */
export function csvIdCell(value: unknown): string {
  const text =
    typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? '' + value : null;
  return text !== null && ALL_DIGITS.test(text) ? `"=""${text}"""` : csvCell(value);
}

/** Rows are written this many at a time as one chunk: a stream step per row cost more than the rows' own text. */
const CSV_BATCH_ROWS = 500;

/**
 * csv-stringify's options for every CSV the server sends: booleans as true/false, timestamps as UTC 'YYYY-MM-DD HH:MM:SS', text made
 * safe from formula injection (`csvSafeText`: a `'` before text starting with `=`, `+`, `-`, `@`, a tab or a CR,
 * unless it is a plain decimal number), and a cell holding a CR quoted as one holding a line feed is (a
 * spreadsheet may read a bare CR as the end of a row).
 */
const STRINGIFY_OPTIONS = {
  cast: {
    boolean: (value: boolean) => (value ? 'true' : 'false'),
    date: (value: Date) => csvTimestamp(value),
    string: (value: string) => csvSafeText(value),
  },
  quoted_match: '\r',
} satisfies StringifyOptions;

/** A cell csv-stringify would quote (it holds the delimiter, the quote, the record delimiter or a CR). */
const NEEDS_QUOTING = /[",\n\r]/;

/**
 * One cell's CSV text, exactly as csv-stringify writes it with STRINGIFY_OPTIONS (the unit test compares the two on
 * hostile values): null and undefined empty, numbers and bigints in JavaScript's own text (never neutralised: -12.5
 * stays a number), booleans true/false, dates as UTC 'YYYY-MM-DD HH:MM:SS', text through `csvSafeText`. A cell that needs quoting or
 * is of another type (an object) is handed to csv-stringify itself, so the library stays the one definition of the
 * escaping; the plain cells, nearly all of a report, skip its per-field work (a context object and two arrays per
 * cell, 4-5 times the cost of the text itself). Every CSV the server writes goes through this file.
 */
export function csvCell(value: unknown): string {
  let text: string;
  switch (typeof value) {
    case 'string':
      text = csvSafeText(value);
      break;
    case 'number':
    case 'bigint':
      return '' + value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return '';
    default:
      if (value === null) return '';
      if (!(value instanceof Date)) return stringifySync([[value]], STRINGIFY_OPTIONS).slice(0, -1);
      text = csvTimestamp(value);
  }
  return NEEDS_QUOTING.test(text) ? stringifySync([[text]], STRINGIFY_OPTIONS).slice(0, -1) : text;
}

/** Each column's cell writer: `csvIdCell` for an id column, `csvCell` for the rest. */
const cellWriters = (columns: readonly TCsvColumn[] | undefined) =>
  (columns ?? []).map((c) => (c.kind === 'id' ? csvIdCell : csvCell));

/** The CSV lines (each ending in \n) of rows given as arrays of cells in the columns' order (ids by the columns' kinds). */
export function csvLines(rows: readonly (readonly unknown[])[], columns?: readonly TCsvColumn[]): string {
  const writers = cellWriters(columns);
  let out = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : ',') + (writers[i] ?? csvCell)(row[i]);
    out += line + '\n';
  }
  return out;
}

/** Whether every key is a plain property name (csv-stringify reads a key with `.` or `[` as a path into the row). */
const plainKeys = (columns: readonly TCsvColumn[]) => columns.every((c) => /^\w*$/.test(c.key));

/** The CSV lines of rows given as objects, read by the columns' keys (each line ending in \n). */
export function csvObjectLines(rows: TRow[], columns: readonly TCsvColumn[]): string {
  return objectLines(rows, columns, plainKeys(columns));
}

function objectLines(rows: TRow[], columns: readonly TCsvColumn[], plain: boolean): string {
  // A key read as a path (`a.b`) is csv-stringify's to write: its id cells are neutralised like any text, not kept as ids.
  if (!plain)
    return stringifySync(rows, {
      ...STRINGIFY_OPTIONS,
      columns: columns.map((c) => ({ key: c.key, header: c.header })),
    });
  const writers = cellWriters(columns);
  let out = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < columns.length; i++) line += (i === 0 ? '' : ',') + writers[i]!(row[columns[i]!.key]);
    out += line + '\n';
  }
  return out;
}

/**
 * The UTF-8 byte order mark (EF BB BF): at the very start of every CSV file the server sends or writes, once, so Excel
 * opens it as UTF-8 (without it Excel reads the file in the machine's ANSI code page and shows é as Ã©). Spreadsheets
 * and CSV readers (papaparse, csv-parse's `bom`, Python's utf-8-sig) drop it. docs/decisions.md "Spreadsheet-ready files".
 */
export const CSV_BOM = '\uFEFF';

/** The start of a CSV file: the BOM, then the header line. Every CSV the server writes begins with this. */
export function csvFileStart(columns: readonly TCsvColumn[]): string {
  return CSV_BOM + csvHeader(columns);
}

/** The header line of the columns, as csv-stringify writes it. */
export function csvHeader(columns: readonly TCsvColumn[]): string {
  return stringifySync([], {
    ...STRINGIFY_OPTIONS,
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header })),
  });
}

/**
 * The one CSV writer of the server: every CSV it sends (a report, a results file) or writes (a report job's file) is
 * this writer's text. `start()` is the BOM and the header line; `objects(rows)` the lines of rows given as objects
 * (read by the columns' keys), `cells(rows)` of rows given as arrays of cells in the columns' order. Every cell goes
 * through `csvCell` / `csvIdCell`: formula injection neutralised, ids kept text, timestamps as Excel reads them.
 */
export function csvWriter(columns: readonly TCsvColumn[]) {
  const plain = plainKeys(columns);
  return {
    start: () => csvFileStart(columns),
    objects: (rows: TRow[]) => objectLines(rows, columns, plain),
    cells: (rows: readonly (readonly unknown[])[]) => csvLines(rows, columns),
  };
}

/** Rows as objects (one at a time or a page as an array), or pages of rows as arrays of cells in the columns' order. */
export type TCsvRows =
  | { rows: AsyncIterable<TRow | TRow[]> | Iterable<TRow | TRow[]> }
  | { pages: AsyncIterable<readonly (readonly unknown[])[]> };

/**
 * The CSV text of rows, a chunk at a time: the BOM and the header first (even when there are no rows), then a chunk
 * per CSV_BATCH_ROWS rows (a page of 15,000 rows as one string of 1.3 MB was slower to build and send than its
 * 500-row pieces, and lives as a large object; a stream step per row cost more than the rows' own text).
 */
export async function* csvChunks(source: TCsvRows, columns: readonly TCsvColumn[]): AsyncGenerator<string> {
  const writer = csvWriter(columns);
  yield writer.start();
  if ('pages' in source) {
    for await (const page of source.pages) {
      for (let start = 0; start < page.length; start += CSV_BATCH_ROWS)
        yield writer.cells(page.slice(start, start + CSV_BATCH_ROWS));
    }
    return;
  }
  let batch: TRow[] = [];
  for await (const item of source.rows) {
    if (Array.isArray(item)) {
      if (batch.length) yield writer.objects(batch);
      batch = [];
      for (let start = 0; start < item.length; start += CSV_BATCH_ROWS)
        yield writer.objects(item.slice(start, start + CSV_BATCH_ROWS));
      continue;
    }
    batch.push(item);
    if (batch.length >= CSV_BATCH_ROWS) {
      yield writer.objects(batch);
      batch = [];
    }
  }
  if (batch.length) yield writer.objects(batch);
}

/**
 * Starts a generator and waits for its first row (or page), so that a failure of the first read (the database, or the
 * reports database, out of reach) is answered as an error (status and message) before the CSV's first byte; the rest streams.
 */
export async function primed<T>(items: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await items.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* items;
  })();
}

/**
 * A CSV download's file (the answer of a route that declares `download: { contentTypes: [FILE_TYPES.csv] }`),
 * streamed: rows are written as they come (an async generator paging the database, see `pagedRows`, or the report
 * repository's cursor), so the server holds one page at a time whatever the report's size, and the stream waits
 * while the client is slow to read. A failure after the first bytes cuts the connection (the client sees a failed
 * download, never a file cut short that looks whole).
 */
export function csvFile(source: TCsvRows, columns: readonly TCsvColumn[], fileName = reportFileName()): FileAnswer {
  return {
    body: Readable.from(csvChunks(source, columns), { objectMode: false }),
    contentType: `${FILE_TYPES.csv}; charset=utf-8`,
    fileName,
  };
}

/** The whole CSV text of rows in memory (a small file: an apply-payments batch's results). */
export async function csvText(source: TCsvRows, columns: readonly TCsvColumn[]): Promise<string> {
  let text = '';
  for await (const chunk of csvChunks(source, columns)) text += chunk;
  return text;
}

/**
 * Rows read a page at a time by keyset: `fetchPage(after)` answers the page after the last row of the previous
 * one (null for the first page), at most `pageSize` rows; a shorter page is the last.
 */
export async function* pagedRows<T>(fetchPage: (after: T | null) => Promise<T[]>, pageSize: number): AsyncGenerator<T> {
  let after: T | null = null;
  for (;;) {
    const page = await fetchPage(after);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}
