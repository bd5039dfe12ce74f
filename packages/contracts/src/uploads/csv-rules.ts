import Papa from 'papaparse';
import { cleanCell, ZERO_WIDTH } from './csv-cells.js';

/**
 * The CSV rules of 002 §5 and §9, once, for the browser (settlement and holdings uploads, in a web worker for large
 * files) and the server (the holdings sync). Pure: text in, a table out.
 *
 * - The delimiter is comma or tab, decided from the first line (the first line that is not blank); neither fails
 *   with 'Couldn't parse delimiter type from row'. A first line holding both takes the one it holds more of (a tie
 *   takes tab: tab-separated exports often carry commas in text).
 * - The header row is the one with the most filled cells among the first 10 lines (the first of equals).
 * - Rows with more than 70% empty cells are flagged for review (they can be removed); rows with no filled cell at
 *   all are dropped and counted.
 * - Zero-width characters (U+200B, U+200C, U+200D, U+2060, U+FEFF) are stripped from every cell; cells are trimmed.
 */
export const CSV_RULES = {
  /** 002 §9: a row with more than this share of empty cells is flagged. */
  emptyRowThreshold: 0.7,
  /** 002 §9: the header is searched for among the first 10 lines. */
  headerSearchLines: 10,
} as const;

export const CSV_MESSAGES = {
  /** 002 §5, verbatim. */
  noDelimiter: "Couldn't parse delimiter type from row",
  /** Ours: a file with nothing in it. */
  empty: 'The file is empty.',
} as const;

export type TCsvDelimiter = ',' | '\t';

/** A data row: its cells by header name, where it was in the file (1-based line of the parsed rows), and its emptiness. */
export interface TCsvRow {
  /**
   * The file's line as a spreadsheet numbers it (1-based; the header's own row and the lines before it count, a
   * quoted cell spanning lines is one row). Every message about the row names it ("Line 7: …").
   */
  line: number;
  values: Record<string, string>;
  /** Share of empty cells (0..1) over the header's width (or the row's, when longer). */
  emptyShare: number;
  /** More than 70% of the cells are empty (002 §5): shown for review, removable. */
  flagged: boolean;
}

export interface TCsvTable {
  delimiter: TCsvDelimiter;
  headers: string[];
  /** 1-based row number of the header. */
  headerLine: number;
  rows: TCsvRow[];
  /** Rows after the header with no filled cell, dropped. */
  emptyRowsDropped: number;
}

export class CsvParseError extends Error {
  override readonly name = 'CsvParseError';
}

/** The delimiter of a file from its first line (002 §5): comma or tab, or throws 'Couldn't parse delimiter type from row'. */
export function detectDelimiter(text: string): TCsvDelimiter {
  const cleaned = text.replace(ZERO_WIDTH, '');
  const first = cleaned.split(/\r\n|\n|\r/).find((line) => line.trim() !== '');
  if (first === undefined) throw new CsvParseError(CSV_MESSAGES.empty);
  const tabs = first.split('\t').length - 1;
  const commas = first.split(',').length - 1;
  if (tabs === 0 && commas === 0) throw new CsvParseError(CSV_MESSAGES.noDelimiter);
  return tabs >= commas ? '\t' : ',';
}

const filled = (cells: string[]) => cells.reduce((n, cell) => (cell !== '' ? n + 1 : n), 0);

/** The header's names: blanks become `column-N`, repeats take ` (2)`, ` (3)` … */
function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = cell === '' ? `column-${index + 1}` : cell;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/**
 * A row the file's own layout says is not stray although mostly empty (a settlement report's summary row, the V2
 * flat file's first data row): never flagged for review.
 */
export type TKeepRow = (values: Record<string, string>) => boolean;

/** The §5 rules over rows already split into cells (each cell cleaned here). */
export function buildTable(rawRows: string[][], delimiter: TCsvDelimiter, keep?: TKeepRow): TCsvTable {
  const rows = rawRows.map((cells) => cells.map(cleanCell));
  let headerIndex = -1;
  let best = 0;
  for (let i = 0; i < Math.min(rows.length, CSV_RULES.headerSearchLines); i++) {
    const count = filled(rows[i]!);
    if (count > best) {
      best = count;
      headerIndex = i;
    }
  }
  if (headerIndex < 0) throw new CsvParseError(CSV_MESSAGES.empty);
  const headerCells = rows[headerIndex]!;
  // Trailing blank header cells (a trailing delimiter) are not columns.
  let width = headerCells.length;
  while (width > 0 && headerCells[width - 1] === '') width--;
  const headers = headerNames(headerCells.slice(0, width));
  const out: TCsvRow[] = [];
  let emptyRowsDropped = 0;
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const cells = rows[i]!;
    const count = filled(cells);
    if (count === 0) {
      emptyRowsDropped++;
      continue;
    }
    let span = Math.max(width, cells.length);
    while (span > width && cells[span - 1] === '') span--;
    const values: Record<string, string> = {};
    headers.forEach((name, c) => (values[name] = cells[c] ?? ''));
    // Cells past the header's width keep their place under extra names, so nothing the file held is lost.
    for (let c = width; c < span; c++) values[`column-${c + 1}`] = cells[c] ?? '';
    const emptyShare = (span - count) / span;
    out.push({ line: i + 1, values, emptyShare, flagged: emptyShare > CSV_RULES.emptyRowThreshold && !keep?.(values) });
  }
  return { delimiter, headers, headerLine: headerIndex + 1, rows: out, emptyRowsDropped };
}

export interface TParseOptions {
  /** Called with the share parsed (0..1) as parsing goes, at most about every 1% of the text. */
  onProgress?: (share: number) => void;
  /** Rows never flagged although mostly empty (the settlement's summary row: `isSettlementSummary`). */
  keep?: TKeepRow;
}

/** Parses a whole file's text by the §5 rules (papaparse splits the cells, honouring quotes). */
export function parseDelimitedText(text: string, options: TParseOptions = {}): TCsvTable {
  const delimiter = detectDelimiter(text);
  const rawRows: string[][] = [];
  const total = text.length || 1;
  let lastReported = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    header: false,
    skipEmptyLines: false,
    step: (result) => {
      rawRows.push(result.data);
      if (options.onProgress) {
        const share = result.meta.cursor / total;
        if (share - lastReported >= 0.01) {
          lastReported = share;
          options.onProgress(share);
        }
      }
    },
  });
  options.onProgress?.(1);
  // The line break that ends the last line is not an empty row.
  const last = rawRows.at(-1);
  if (last && last.length === 1 && last[0] === '') rawRows.pop();
  return buildTable(rawRows, delimiter, options.keep);
}

/** The rows a table keeps once the reviewed rows are removed (by their line numbers). */
export function withoutLines(table: TCsvTable, removed: ReadonlySet<number>): TCsvTable {
  return { ...table, rows: table.rows.filter((row) => !removed.has(row.line)) };
}

/** The table back as text with its delimiter (header then rows), for re-uploading a reviewed file. */
export function tableToText(table: TCsvTable): string {
  const extra = [
    ...new Set(table.rows.flatMap((row) => Object.keys(row.values).filter((k) => !table.headers.includes(k)))),
  ];
  const fields = [...table.headers, ...extra];
  return Papa.unparse(
    { fields, data: table.rows.map((row) => fields.map((f) => row.values[f] ?? '')) },
    { delimiter: table.delimiter, newline: '\n' },
  );
}

export * from './csv-cells.js';
export * from './upload-cells.js';
export * from './settlement-rules.js';
export * from './text-encoding.js';
