import { z } from 'zod';
import { FILE_TYPES, type TRouteDownload } from './define-route.js';
import { emptyAsDefault } from './common.js';

/** The files a list screen's Export downloads. */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

/** What every list's export route sends. */
export const LIST_EXPORT_DOWNLOAD = {
  contentTypes: [FILE_TYPES.csv, FILE_TYPES.xlsx],
} as const satisfies TRouteDownload;

/**
 * One column of a list's export: the header the file shows, the cell's value read from the list's own row, and its
 * kind: `id` (kept text in a spreadsheet: PO numbers, UPCs), `timestamp` (an ISO instant written as a date and time),
 * or plain (text, a number, a boolean, a YYYY-MM-DD date kept as written). A list declares its columns once, a
 * constant array (`satisfies readonly TListExportColumn<Row>[]`: no call, so the shell's bundle drops it).
 */
export type TListExportColumn<TRow> = {
  header: string;
  value: (row: TRow) => unknown;
  kind?: 'id' | 'timestamp';
};

/**
 * The part every list's export query adds to the list's own filters and sort (the list's query without its paging:
 * the export is every matching row): `format`, csv unless said.
 */
export const LIST_EXPORT_QUERY_SHAPE = { format: emptyAsDefault(z.enum(LIST_EXPORT_FORMATS), 'csv') };
