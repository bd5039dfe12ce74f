import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@keystone/contracts';
import { cleanCell, CsvParseError, detectDelimiter } from '@keystone/contracts/csv-rules';
import { CsvUploadError, readCsvRows } from '../../http/csv-upload-reader.js';
import { badRequest } from '../../http/errors.js';
import { UploadTextError, uploadTextOf } from '../../http/upload-text.js';

/** A file's header and its rows' cells (trimmed), each row with its line in the file (the header is line 1). */
export interface ImportTable {
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

const refuse = (message: string) => badRequest(message, { file: [message] });

/**
 * The text a cell holds: trimmed, zero-width characters out, and the `'` the one CSV writer puts before text that
 * starts like a formula taken off again (`'=A1` → `=A1`), so an export reads back as it was written.
 */
export function cellText(value: string): string {
  const text = cleanCell(value);
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? text.slice(1) : text;
}

function table(all: string[][], lines: number[]): ImportTable {
  const headerIndex = all.findIndex((cells) => cells.some((c) => c !== ''));
  if (headerIndex < 0) throw refuse(IMPORT_MESSAGES.noHeader);
  const headers = all[headerIndex]!.map((h, i) => h || `column-${i + 1}`);
  if (headers.length > IMPORT_LIMITS.maxColumns)
    throw refuse(`The file has more than ${IMPORT_LIMITS.maxColumns} columns.`);
  const rows: ImportTable['rows'] = [];
  for (let i = headerIndex + 1; i < all.length; i++) {
    const cells = all[i]!;
    if (cells.every((c) => c === '')) continue;
    rows.push({ line: lines[i]!, cells });
  }
  if (rows.length > IMPORT_LIMITS.maxRows) throw refuse(IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.maxRows));
  return { headers, rows };
}

/** A CSV file (comma or tab, any encoding the upload reader knows) read by the one CSV reader. */
async function readCsv(bytes: Buffer): Promise<ImportTable> {
  let text: string;
  try {
    text = uploadTextOf(bytes);
  } catch (error) {
    if (error instanceof UploadTextError) throw refuse(error.message);
    throw error;
  }
  let delimiter: ',' | '\t';
  try {
    delimiter = detectDelimiter(text);
  } catch (error) {
    // One column only: no delimiter on the first line.
    if (error instanceof CsvParseError && text.trim() !== '') delimiter = ',';
    else throw refuse(IMPORT_MESSAGES.noHeader);
  }
  const all: string[][] = [];
  const lines: number[] = [];
  try {
    await readCsvRows(Readable.from([Buffer.from(text, 'utf8')]), { delimiter }, (cells, line) => {
      all.push(cells.map(cellText));
      lines.push(line);
      if (all.length > IMPORT_LIMITS.maxRows + 1)
        throw new CsvUploadError(IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.maxRows), line);
    });
  } catch (error) {
    if (error instanceof CsvUploadError) throw refuse(error.message);
    throw error;
  }
  return table(all, lines);
}

function xlsxCell(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'result' in v) return cellText(String(v.result ?? ''));
  return cellText(cell.text ?? String(v));
}

/** The first worksheet of an XLSX workbook (exceljs). */
async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(IMPORT_MESSAGES.notXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(IMPORT_MESSAGES.noHeader);
  const width = Math.min(sheet.columnCount, IMPORT_LIMITS.maxColumns + 1);
  const all: string[][] = [];
  const lines: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(xlsxCell(row.getCell(c)));
    all.push(cells);
    lines.push(line);
  });
  return table(all, lines);
}

/** The file's table: XLSX by its name or its zip signature, CSV otherwise. */
export function readImportFile(fileName: string, bytes: Buffer): Promise<ImportTable> {
  const zip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  return fileName.toLowerCase().endsWith('.xlsx') || zip ? readXlsx(bytes) : readCsv(bytes);
}
