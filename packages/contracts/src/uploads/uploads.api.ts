import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';

/**
 * Settlement and holdings uploads (002 §2 "Reports", §4 upload flows, §5 CSV parsing, §7 "Reports
 * and uploads", §8, §9). The spec's messages are quoted; the others are ours (docs/decisions.md, "Uploads").
 */
export const UPLOAD_MESSAGES = {
  /** 002 §8: an upload failure with no response body. */
  unknownError: 'Unknown error',
  /** 002 §8: the status of a file parse error's alert. */
  parseErrorStatus: 'Unknown Error',
  /** Ours (002 §5 says the same-name upload asks for confirmation, not with which words). */
  sameNameTitle: 'File already uploaded',
  sameName: (name: string) => `A file named "${name}" was already uploaded in this session. Upload it again?`,
  settlementImported: (imported: number, alreadyPresent: number, summaries: number) =>
    `Settlement report uploaded: ${imported} ${imported === 1 ? 'line' : 'lines'} imported, ${alreadyPresent} already present` +
    (summaries ? `, ${summaries} settlement ${summaries === 1 ? 'summary' : 'summaries'} recorded.` : '.'),
  holdingsSynced: (filename: string, orders: number, lines: number, alreadyPresent: number) =>
    `Holdings orders synced from ${filename}: ${orders} ${orders === 1 ? 'order' : 'orders'} imported (${lines} ${lines === 1 ? 'line' : 'lines'}), ${alreadyPresent} already present.`,
  /** Ours: the columns of a holdings file the sync cannot place. */
  holdingsUnread: (columns: string[]) =>
    `${columns.length === 1 ? 'Column' : 'Columns'} not read: ${columns.join(', ')}.`,
  tableNotJson: 'table must be a JSON string of rows: an array of objects whose values are text.',
  tableEmpty: 'table has no rows to import.',
  tableTooLarge: (rows: number) =>
    `This file is too large to send at once (${rows} rows; at most 100,000 rows and 4.5 MB of text). Split it into smaller files.`,
  fileMissing: 'Choose a .csv, .tsv or .txt file to upload in the field "file".',
  fileType: 'The file must be a .csv, .tsv or .txt file.',
  fileNotText: 'The file must be text (UTF-8), not a binary file.',
  fileTooLarge: 'The file must be at most 10 MB.',
  notMultipart: 'Send the file as multipart/form-data with one file in the field "file".',
  unknownFile: (filename: string) => `No uploaded holdings file is named "${filename}". Upload it first.`,
} as const;

/** 002 §2: the settlement upload accepts .csv, .tsv and .txt files (the holdings upload too). */
export const UPLOAD_FILE_EXTENSIONS = ['.csv', '.tsv', '.txt'] as const;
export const UPLOAD_ACCEPT = UPLOAD_FILE_EXTENSIONS.join(',');
export const UPLOADS_LIMITS = {
  /** A holdings file (multipart) is at most 10 MB. */
  maxFileBytes: 10 * 1024 * 1024,
  /** The settlement table (JSON text) is at most 4.5 MB, under the server's 5 MB body limit. */
  maxTableChars: 4_500_000,
  maxRows: 100_000,
  maxFilenameLength: 200,
  /** 002 §4, §9: upload success messages clear after 5 s. */
  messageMs: 5_000,
  /** Files larger than this are parsed in a web worker with a progress bar. */
  workerThresholdBytes: 256 * 1024,
} as const;

export const HOLDINGS_UPLOAD_FIELD = 'file';

/** 002 §8: a filename longer than 13 characters is abbreviated (its first 10 characters and '...'). */
export function abbreviateFilename(name: string): string {
  return name.length > 13 ? `${name.slice(0, 10)}...` : name;
}

export function hasUploadExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** 002 §7 POST om/payments/settlement-report: table is a JSON string of rows (objects of header → cell text). */
export const ZSettlementReportSchema = z
  .object({
    table: z.string().min(1).max(UPLOADS_LIMITS.maxTableChars),
    /** Ours: the file's name, kept with the imported lines. */
    filename: z.string().max(UPLOADS_LIMITS.maxFilenameLength).optional(),
    /**
     * Ours: each row's line in the file, as a spreadsheet numbers it, so every message names the
     * line the user sees. Without it a row's line is its place in the table plus one (a file with its header on line 1).
     */
    lines: z.array(z.number().int().min(1).max(100_000_000)).max(UPLOADS_LIMITS.maxRows).optional(),
  })
  .meta({ id: 'SettlementReport' });
export type TSettlementReport = z.input<typeof ZSettlementReportSchema>;

export const ZSettlementReportResultSchema = z
  .object({
    message: z.string(),
    imported: z.number().int(),
    alreadyPresent: z.number().int(),
    summaries: z.number().int(),
  })
  .meta({ id: 'SettlementReportResult' });
export type TSettlementReportResult = z.infer<typeof ZSettlementReportResultSchema>;

export const settlementReportRoute = defineRoute({
  method: 'POST',
  path: '/api/om/payments/settlement-report',
  access: 'purchasing:reports',
  summary:
    "Import a settlement report: table is a JSON string of rows (header → text, headers as in the marketplace flat file: settlement-id, transaction-type, order-id, amount-type, amount-description, amount, posted-date, sku …). Each line is kept once (a line uploaded again is counted already present); a row with total-amount and no amount is the settlement summary. All or nothing: 400 naming table.{row}.{field} for a bad row, its message naming the file's line (lines[row] when sent)",
  tag: 'uploads',
  body: ZSettlementReportSchema,
  response: ZSettlementReportResultSchema,
});

export const ZHoldingsUploadResultSchema = z.object({ filename: z.string() }).meta({ id: 'HoldingsUploadResult' });
export type THoldingsUploadResult = z.infer<typeof ZHoldingsUploadResultSchema>;

/** 002 §7 POST /ep-holdings/orders/upload: multipart/form-data with one file in the field `file`; answers its filename. */
export const holdingsUploadRoute = defineRoute({
  method: 'POST',
  path: '/api/ep-holdings/orders/upload',
  access: 'purchasing:reports',
  summary:
    'Upload a partner (holdings) orders file (multipart/form-data, file field "file"; .csv, .tsv or .txt, UTF-8 text, at most 10 MB, comma or tab delimited). Stored under its name (a file of the same name is replaced); answers the filename to sync. 400 naming file',
  tag: 'uploads',
  response: ZHoldingsUploadResultSchema,
  upload: {
    field: HOLDINGS_UPLOAD_FIELD,
    maxBytes: UPLOADS_LIMITS.maxFileBytes,
    types: [FILE_TYPES.csv, FILE_TYPES.tsv, FILE_TYPES.text],
    extensions: UPLOAD_FILE_EXTENSIONS,
    read: 'bytes',
    messages: {
      notMultipart: UPLOAD_MESSAGES.notMultipart,
      missing: UPLOAD_MESSAGES.fileMissing,
      tooLarge: UPLOAD_MESSAGES.fileTooLarge,
      wrongType: UPLOAD_MESSAGES.fileType,
    },
  },
});

export const ZHoldingsSyncQuerySchema = z.object({
  filename: z.string().trim().min(1, 'filename is required').max(UPLOADS_LIMITS.maxFilenameLength),
});

export const ZHoldingsSyncResultSchema = z
  .object({
    message: z.string(),
    ordersImported: z.number().int(),
    linesImported: z.number().int(),
    alreadyPresent: z.number().int(),
    /** The file's columns that are not read (no order field matches their header), also named in the message. */
    unreadColumns: z.array(z.string()),
  })
  .meta({ id: 'HoldingsSyncResult' });
export type THoldingsSyncResult = z.infer<typeof ZHoldingsSyncResultSchema>;

/** 002 §7 PUT /ep-holdings/orders/sync?filename=: imports the uploaded file's orders; answers a message. */
export const holdingsSyncRoute = defineRoute({
  method: 'PUT',
  path: '/api/ep-holdings/orders/sync',
  access: 'purchasing:reports',
  summary:
    "Import the partner's orders from an uploaded file (the 002 §5 CSV rules; columns order-id, sku, quantity, and optionally unit-price, order-date, ship-to). Orders are keyed by the partner's order id: one already imported is counted already present and left as it is. All or nothing: 400 naming rows.{line}.{field} for a bad row or the missing column; 404 for an unknown filename",
  tag: 'uploads',
  query: ZHoldingsSyncQuerySchema,
  response: ZHoldingsSyncResultSchema,
});
