import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { FILE_TYPES, type TListExportColumn, type TListExportFormat } from '@keystone/contracts';
import { csvFile, primed, type TCsvColumn } from './csv-reply.js';
import type { FileAnswer } from './file-answer.js';

/** Rows read from the database per page of an export (one page in memory at a time). */
export const LIST_EXPORT_PAGE_ROWS = 2_000;

/**
 * Every row of a list, a page at a time: `fetchPage(limit, offset)` answers the list's rows in its own order;
 * a page shorter than `pageSize` is the last.
 */
export async function* listPages<T>(
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  pageSize = LIST_EXPORT_PAGE_ROWS,
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += pageSize) {
    const page = await fetchPage(pageSize, offset);
    if (page.length) yield page;
    if (page.length < pageSize) return;
  }
}

/** A cell's value as the file holds it: a timestamp column's ISO text as a Date, the rest as the row gives it. */
function cellValue<TRow>(column: TListExportColumn<TRow>, row: TRow): unknown {
  const value = column.value(row);
  return column.kind === 'timestamp' && typeof value === 'string' ? new Date(value) : value;
}

const cellsOf = <TRow>(columns: readonly TListExportColumn<TRow>[], page: TRow[]) =>
  page.map((row) => columns.map((c) => cellValue(c, row)));

/**
 * The XLSX of the rows, streamed by exceljs's WorkbookWriter (each row committed as written, so one page is held at a
 * time). Every cell is a typed value, never a formula: text starting with `=` is a string cell Excel shows as text.
 * Ids are string cells, timestamps date-time cells (UTC), numbers numbers.
 */
function xlsxBody<TRow>(pages: AsyncIterable<TRow[]>, columns: readonly TListExportColumn<TRow>[]): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Export');
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.kind === 'timestamp' ? 20 : 16,
    ...(c.kind === 'timestamp' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const page of pages) {
      for (const cells of cellsOf(columns, page)) {
        sheet
          .addRow(columns.map((c, i) => (c.kind === 'id' && cells[i] != null ? String(cells[i]) : cells[i])))
          .commit();
      }
      // Lets the file's bytes reach the client before the next page is read (the stream waits for a slow reader).
      if (stream.writableNeedDrain) await new Promise((resolve) => stream.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/**
 * The one answer of every list's export route: every row of the list (`pages`, in the list's order) as CSV, through
 * the one CSV writer (csv-reply.ts: formulas neutralised, ids kept text), or XLSX (exceljs), streamed, named
 * `{name}-{YYYY-MM-DD}.{format}`. The first page is read before answering.
 */
export async function listExportFile<TRow>(
  format: TListExportFormat,
  rowPages: AsyncGenerator<TRow[]>,
  columns: readonly TListExportColumn<TRow>[],
  name: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<FileAnswer> {
  // The first page is read before the first byte: a failure there is an error answer, not a cut download.
  const pages = await primed(rowPages);
  const fileName = `${name}-${today}.${format}`;
  if (format === 'xlsx') return { body: xlsxBody(pages, columns), contentType: FILE_TYPES.xlsx, fileName };
  const csvColumns: TCsvColumn[] = columns.map((c) => ({
    key: c.header,
    header: c.header,
    ...(c.kind === 'id' ? { kind: 'id' as const } : {}),
  }));
  return csvFile(
    {
      pages: (async function* () {
        for await (const page of pages) yield cellsOf(columns, page);
      })(),
    },
    csvColumns,
    fileName,
  );
}
