import { createHash } from 'node:crypto';
import {
  UPLOAD_MESSAGES,
  UPLOADS_LIMITS,
  type THoldingsSyncResult,
  type THoldingsUploadResult,
  type TSettlementReportResult,
} from '@keystone/contracts';
import {
  cleanCell,
  CsvParseError,
  detectDelimiter,
  headerKey,
  parseDelimitedText,
  readSettlementRows,
  type TCsvTable,
} from '@keystone/contracts/csv-rules';
import type { Database, Executor } from '../../db/database.js';
import { UploadTextError, uploadTextOf } from '../../http/upload-text.js';
import { checkCsvText, CsvUploadError } from '../../http/csv-upload-reader.js';
import { badRequest, notFound } from '../../http/errors.js';
import { dateCell, integerCell, moneyCellToCents } from './upload-cells.js';
import {
  UploadsRepository,
  type NewPartnerOrder,
  type NewSettlement,
  type NewSettlementLine,
} from './uploads.repository.js';

/** At most this many field errors are listed in one answer (the message says how many more). */
const MAX_ERRORS = 20;

class ErrorList {
  readonly errors: Record<string, string[]> = {};
  count = 0;
  add(key: string, message: string) {
    this.count++;
    if (Object.keys(this.errors).length < MAX_ERRORS) this.errors[key] = [message];
  }
  throwIfAny(): void {
    if (!this.count) return;
    const first = Object.values(this.errors)[0]![0]!;
    const more = this.count - 1;
    throw badRequest(more ? `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})` : first, this.errors);
  }
}

/** The cell of a row under any of these canonical header keys, cleaned; '' when absent. */
function cell(row: Record<string, string>, ...keys: string[]): string {
  for (const key of keys) {
    const value = row[key];
    if (value !== undefined && value !== '') return value;
  }
  return '';
}

const orNull = (text: string) => (text === '' ? null : text);

/** The partner-order columns a holdings file must (or may) carry, by canonical header key. */
const HOLDINGS_COLUMNS = {
  'order-id': [
    'order-id',
    'order-number',
    'partner-order-id',
    'po-number',
    'po',
    'po-#',
    'purchase-order-number',
    'order',
  ],
  sku: ['sku', 'model', 'item', 'item-number', 'item-#', 'part-number', 'supplier-part-number'],
  quantity: ['quantity', 'qty', 'quantity-ordered', 'ordered-quantity', 'order-quantity'],
  // A partner's PO export states what it pays us: Wayfair's `Wholesale Price`.
  'unit-price': ['unit-price', 'price', 'unit-cost', 'wholesale-price', 'wholesale-cost', 'cost', 'item-price'],
  'order-date': ['order-date', 'date', 'ordered', 'po-date', 'purchase-order-date'],
  'ship-to': ['ship-to', 'ship-to-name', 'customer', 'customer-name'],
} as const;
type THoldingsColumn = keyof typeof HOLDINGS_COLUMNS;
const REQUIRED_HOLDINGS_COLUMNS: THoldingsColumn[] = ['order-id', 'sku', 'quantity'];

/** A name safe to store and show: its last path part, zero-width characters and control characters gone. */
function safeFilename(name: string): string {
  const base = cleanCell(name.split(/[\\/]/).pop() ?? '');
  return [...base]
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch !== '\u007F')
    .join('')
    .slice(0, UPLOADS_LIMITS.maxFilenameLength);
}

/**
 * Settlement report import and holdings (partner orders) upload and sync (002 §5, §7). Both are all
 * or nothing: one bad row refuses the whole request (400 naming the row and field) and nothing is written.
 */
export class UploadsService {
  constructor(private readonly db: Database) {}

  private repo(executor: Executor = this.db) {
    return new UploadsRepository(executor);
  }

  /** 002 §7 POST om/payments/settlement-report: table is a JSON string of rows (header → text). */
  async importSettlement(
    input: { table: string; filename?: string | undefined; lines?: number[] | undefined },
    userId: number | null,
  ): Promise<TSettlementReportResult> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.table);
    } catch {
      throw badRequest(UPLOAD_MESSAGES.tableNotJson, { table: [UPLOAD_MESSAGES.tableNotJson] });
    }
    if (!Array.isArray(parsed))
      throw badRequest(UPLOAD_MESSAGES.tableNotJson, { table: [UPLOAD_MESSAGES.tableNotJson] });
    if (parsed.length > UPLOADS_LIMITS.maxRows) {
      const message = `table has ${parsed.length} rows; at most ${UPLOADS_LIMITS.maxRows} are taken at once.`;
      throw badRequest(message, { table: [message] });
    }
    const filename = input.filename ? safeFilename(input.filename) || null : null;
    const errors = new ErrorList();
    const rows: Record<string, string>[] = [];
    const indexOf: number[] = [];
    // A row's line in the file: the one the browser sent, else its place in the table after a header on line 1.
    const lineOf = (index: number) => input.lines?.[index] ?? index + 2;
    parsed.forEach((item, index) => {
      const line = lineOf(index);
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        errors.add(`table.${index}`, `Line ${line}: a row must be an object of header → text.`);
        return;
      }
      const row: Record<string, string> = {};
      for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
        if (value !== null && typeof value === 'object') {
          errors.add(`table.${index}.${key}`, `Line ${line}: ${key} must be text.`);
          continue;
        }
        row[key] = value === null || value === undefined ? '' : String(value);
      }
      rows.push(row);
      indexOf.push(index);
    });
    // The rules (summary row, posted-date-time before posted-date, ambiguous dates, EU decimal comma): contracts' settlement-rules.
    const read = readSettlementRows(rows, (i) => lineOf(indexOf[i]!));
    for (const error of read.errors) errors.add(`table.${indexOf[error.index]}.${error.field}`, error.message);
    const occurrences = new Map<string, number>();
    const lines: NewSettlementLine[] = read.lines.map(({ row, settlementId, amountCents, postedDate, quantity }) => {
      // The line's key: its cells (canonical, sorted) and its place among identical rows of this upload.
      const canonical = JSON.stringify(
        Object.entries(row)
          .filter(([, v]) => v !== '')
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      const hash = createHash('sha256').update(canonical).digest('hex');
      const occurrence = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, occurrence);
      return {
        lineKey: `${hash}:${occurrence}`,
        settlementId,
        transactionType: orNull(cell(row, 'transaction-type')),
        orderId: orNull(cell(row, 'order-id')),
        sku: orNull(cell(row, 'sku')),
        amountType: orNull(cell(row, 'amount-type')),
        amountDescription: orNull(cell(row, 'amount-description')),
        amountCents,
        currency: orNull(cell(row, 'currency')),
        postedDate,
        quantity,
        raw: row,
        filename,
        importedById: userId,
      };
    });
    const summaries = new Map<string, NewSettlement>(
      read.summaries.map((s) => [
        s.settlementId,
        {
          settlementId: s.settlementId,
          startDate: s.startDate,
          endDate: s.endDate,
          depositDate: s.depositDate,
          totalAmountCents: s.totalAmountCents,
          currency: s.currency,
          filename,
        },
      ]),
    );
    errors.throwIfAny();
    if (!lines.length && !summaries.size)
      throw badRequest(UPLOAD_MESSAGES.tableEmpty, { table: [UPLOAD_MESSAGES.tableEmpty] });
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const imported = await repo.insertSettlementLines(lines);
      const newSummaries = await repo.insertSettlements([...summaries.values()]);
      const alreadyPresent = lines.length - imported;
      return {
        message: UPLOAD_MESSAGES.settlementImported(imported, alreadyPresent, newSummaries),
        imported,
        alreadyPresent,
        summaries: newSummaries,
      };
    });
  }

  /** 002 §7 POST /ep-holdings/orders/upload: stores the file under its name (replacing one of that name); answers the name. */
  async uploadHoldings(name: string, bytes: Buffer, userId: number | null): Promise<THoldingsUploadResult> {
    const filename = safeFilename(name);
    const fail = (message: string) => badRequest(message, { file: [message] });
    if (!filename) throw fail(UPLOAD_MESSAGES.fileMissing);
    let content: string;
    try {
      // UTF-8, or the single-byte encoding a spreadsheet wrote (Excel's "CSV (Comma delimited)": Windows-1252);
      // NUL bytes or no recognisable encoding: not text.
      content = uploadTextOf(bytes);
    } catch (error) {
      if (error instanceof UploadTextError) throw fail(UPLOAD_MESSAGES.fileNotText);
      throw error;
    }
    try {
      // Rows and fields past the upload caps (a quote left open, most often) are refused here, before the file is stored.
      await checkCsvText(content, { delimiter: detectDelimiter(content) });
    } catch (error) {
      if (error instanceof CsvParseError || error instanceof CsvUploadError) throw fail(error.message);
      throw error;
    }
    await this.repo().saveHoldingsFile(filename, content, bytes.length, userId);
    return { filename };
  }

  /** 002 §7 PUT /ep-holdings/orders/sync?filename=: imports the file's partner orders by the §5 rules; answers a message. */
  async syncHoldings(filename: string, userId: number | null): Promise<THoldingsSyncResult> {
    const file = await this.repo().holdingsFile(filename);
    if (!file) throw notFound(UPLOAD_MESSAGES.unknownFile(filename));
    let table: TCsvTable;
    try {
      table = parseDelimitedText(file.content);
    } catch (error) {
      if (error instanceof CsvParseError) throw badRequest(error.message, { file: [error.message] });
      throw error;
    }
    const columnOf = {} as Record<THoldingsColumn, string | undefined>;
    for (const [field, aliases] of Object.entries(HOLDINGS_COLUMNS) as [THoldingsColumn, readonly string[]][]) {
      columnOf[field] = table.headers.find((h) => aliases.includes(headerKey(h)));
    }
    const placed = new Set(Object.values(columnOf));
    // The file's columns we cannot place are reported in the answer, never dropped silently.
    const unread = table.headers.filter((h) => !placed.has(h) && !/^column-\d+$/.test(h));
    const missing = REQUIRED_HOLDINGS_COLUMNS.filter((field) => !columnOf[field]);
    if (missing.length) {
      const errors: Record<string, string[]> = {};
      for (const field of missing)
        errors[field] = [`The file has no ${field} column (a header named ${HOLDINGS_COLUMNS[field].join(', ')}).`];
      throw badRequest(
        `The file has no ${missing.join(', ')} ${missing.length === 1 ? 'column' : 'columns'} (header found on line ${table.headerLine}).`,
        errors,
      );
    }
    const errors = new ErrorList();
    const orders = new Map<string, NewPartnerOrder>();
    for (const row of table.rows) {
      const get = (field: THoldingsColumn) => (columnOf[field] ? (row.values[columnOf[field]] ?? '') : '');
      const at = (field: string, message: string) =>
        errors.add(`rows.${row.line}.${field}`, `Line ${row.line}: ${message}`);
      const orderId = get('order-id');
      const sku = get('sku');
      if (!orderId) at('order-id', 'order-id is required.');
      else if (orderId.length > 100) at('order-id', 'order-id must be at most 100 characters.');
      if (!sku) at('sku', 'sku is required.');
      else if (sku.length > 100) at('sku', 'sku must be at most 100 characters.');
      const quantityText = get('quantity');
      const quantity = integerCell(quantityText, 1, 1_000_000);
      if (quantity === null)
        at('quantity', `quantity "${quantityText.slice(0, 40)}" must be a whole number from 1 to 1,000,000.`);
      const priceText = get('unit-price');
      const unitPriceCents = priceText ? moneyCellToCents(priceText) : null;
      if (priceText && (unitPriceCents === null || unitPriceCents < 0))
        at(
          'unit-price',
          `unit-price "${priceText.slice(0, 40)}" is not an amount of money of at least 0 (at most 2 decimals).`,
        );
      const dateText = get('order-date');
      const orderDate = dateText ? dateCell(dateText) : null;
      if (dateText && orderDate === null)
        at('order-date', `order-date "${dateText.slice(0, 40)}" is not a date (YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY).`);
      if (errors.count) continue;
      let order = orders.get(orderId);
      if (!order) {
        order = { partnerOrderId: orderId, orderDate, shipTo: orNull(get('ship-to').slice(0, 200)), lines: [] };
        orders.set(orderId, order);
      }
      order.lines.push({ lineNumber: order.lines.length + 1, sku, quantity: quantity!, unitPriceCents });
    }
    errors.throwIfAny();
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const inserted = await repo.insertPartnerOrders([...orders.values()], filename, userId);
      await repo.markSynced(filename);
      const alreadyPresent = orders.size - inserted.orders;
      return {
        message:
          UPLOAD_MESSAGES.holdingsSynced(filename, inserted.orders, inserted.lines, alreadyPresent) +
          (unread.length ? ` ${UPLOAD_MESSAGES.holdingsUnread(unread)}` : ''),
        unreadColumns: unread,
        ordersImported: inserted.orders,
        linesImported: inserted.lines,
        alreadyPresent,
      };
    });
  }
}
