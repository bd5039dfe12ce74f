import { cleanCell, headerKey } from './csv-cells.js';
import { integerCell, moneyCellToCents, readDate, spelledDate } from './upload-cells.js';

/**
 * How a marketplace settlement report (Amazon's Settlement report, Flat File V2: GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2)
 * is read, once for the browser and the server. Pure: rows of header → text in, lines, summaries
 * and errors out; every error names the file's line (as a spreadsheet numbers it) and the column.
 *
 * - The first data row of a V2 file is the settlement's summary (settlement-id, settlement-start-date,
 *   settlement-end-date, deposit-date, total-amount, currency; no amount nor transaction-type): its header, not a
 *   mostly empty row to review.
 * - `posted-date` is MM/DD/YY in Amazon's file, `posted-date-time` YYYY-MM-DD HH:MM:SS UTC. The unambiguous one
 *   wins; a date that reads two ways (09/06/25: 6 September or 9 June, as Excel re-saves it in a UK locale) with
 *   nothing unambiguous beside it refuses the row naming the column.
 * - EU marketplaces write amounts with a decimal comma (199,99): a file whose currency is an EU one (or whose
 *   marketplace is an EU Amazon site) is read that way, every amount of it.
 */

/** Currencies of the Amazon marketplaces whose settlement files write a decimal comma. */
export const DECIMAL_COMMA_CURRENCIES = ['EUR', 'SEK', 'PLN', 'DKK', 'CZK', 'TRY'] as const;
const EU_MARKETPLACE = /^(?:www\.)?amazon\.(?:de|fr|it|es|nl|se|pl|com\.be|com\.tr)$/i;

/** A row's cells by canonical header key (`Settlement ID` → `settlement-id`), cleaned. */
export function canonicalRow(values: Record<string, string>): Record<string, string> {
  const row: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const k = headerKey(key);
    if (k && (row[k] === undefined || row[k] === '')) row[k] = cleanCell(value);
  }
  return row;
}

/** The settlement's summary row (the V2 file's first data row): a total-amount, no amount nor transaction-type. */
export function isSettlementSummary(values: Record<string, string>): boolean {
  const row = canonicalRow(values);
  return !row['amount'] && !!row['total-amount'] && !row['transaction-type'];
}

/** Whether a settlement file writes its amounts with a decimal comma (an EU marketplace's file). */
export function isDecimalCommaSettlement(rows: readonly Record<string, string>[]): boolean {
  return rows.some((values) => {
    const row = canonicalRow(values);
    const currency = (row['currency'] ?? '').toUpperCase();
    return (
      (DECIMAL_COMMA_CURRENCIES as readonly string[]).includes(currency) ||
      EU_MARKETPLACE.test(row['marketplace-name'] ?? '')
    );
  });
}

export interface TSettlementLineRead {
  /** The file's line (a spreadsheet's row number). */
  line: number;
  /** The row by canonical key, its empty cells included. */
  row: Record<string, string>;
  settlementId: string;
  amountCents: number;
  postedDate: string | null;
  quantity: number | null;
}

export interface TSettlementSummaryRead {
  line: number;
  settlementId: string;
  startDate: string | null;
  endDate: string | null;
  depositDate: string | null;
  totalAmountCents: number | null;
  currency: string | null;
}

export interface TSettlementError {
  /** Index of the row in the rows read (0-based). */
  index: number;
  line: number;
  field: string;
  message: string;
}

export interface TSettlementRead {
  decimalComma: boolean;
  lines: TSettlementLineRead[];
  summaries: TSettlementSummaryRead[];
  errors: TSettlementError[];
}

/** The order of slash dates written alike, when one of them shows it (a part over 12), else undefined. */
function slashOrder(texts: string[]): 'monthFirst' | 'dayFirst' | undefined {
  let order: 'monthFirst' | 'dayFirst' | undefined;
  for (const text of texts) {
    const m = /^(\d{1,2})\/(\d{1,2})\//.exec(text);
    if (!m) continue;
    const seen = Number(m[1]) > 12 ? 'dayFirst' : Number(m[2]) > 12 ? 'monthFirst' : undefined;
    if (seen && order && seen !== order) return undefined;
    order ??= seen;
  }
  return order;
}

const quoted = (text: string) => `"${text.slice(0, 40)}"`;

/**
 * Reads a settlement table. `lineOf(index)` gives each row's line in the file (the browser sends them); rows with no
 * filled cell are skipped. Errors are all collected (the caller refuses the whole table when there is one).
 */
export function readSettlementRows(
  rows: readonly Record<string, string>[],
  lineOf: (index: number) => number,
): TSettlementRead {
  const decimalComma = isDecimalCommaSettlement(rows);
  const moneyForm = decimalComma
    ? 'written with a decimal comma, as an EU settlement is: 199,99'
    : 'at most 2 decimals';
  const out: TSettlementRead = { decimalComma, lines: [], summaries: [], errors: [] };
  rows.forEach((values, index) => {
    const line = lineOf(index);
    const row = canonicalRow(values);
    if (Object.values(row).every((v) => v === '')) return;
    const errorsBefore = out.errors.length;
    const fail = (field: string, message: string) =>
      out.errors.push({ index, line, field, message: `Line ${line}: ${message}` });
    const settlementId = row['settlement-id'] ?? '';
    if (!settlementId) fail('settlement-id', 'settlement-id is required.');
    else if (settlementId.length > 100) fail('settlement-id', 'settlement-id must be at most 100 characters.');
    const money = (field: string) => {
      const text = row[field] ?? '';
      const cents = moneyCellToCents(text, decimalComma);
      if (cents === null) fail(field, `${field} ${quoted(text)} is not an amount of money (${moneyForm}).`);
      return cents;
    };
    /** A date column, or null; a date that reads two ways refuses the row (`instead` names the unambiguous column to give). */
    const date = (field: string, instead?: string, order?: 'monthFirst' | 'dayFirst'): string | null => {
      const text = row[field] ?? '';
      if (!text) return null;
      const read = readDate(text);
      if (read === null) {
        fail(field, `${field} ${quoted(text)} is not a date (YYYY-MM-DD, MM/DD/YY or MM/DD/YYYY, DD.MM.YYYY).`);
        return null;
      }
      if ('date' in read) return read.date;
      if (order) return read.ambiguous[order];
      const { monthFirst, dayFirst } = read.ambiguous;
      fail(
        field,
        `${field} ${text} could be ${spelledDate(monthFirst)} (month first) or ${spelledDate(dayFirst)} (day first, as a spreadsheet re-saved in a UK locale writes it); ` +
          (instead
            ? `give ${instead} (YYYY-MM-DD HH:MM:SS UTC) beside it, or write ${field} as YYYY-MM-DD.`
            : `write ${field} as YYYY-MM-DD.`),
      );
      return null;
    };
    if (!row['amount'] && row['total-amount'] && !row['transaction-type']) {
      // The summary's three dates are written alike: one that reads one way only (15/06/2025) decides the others' order.
      const fields = ['settlement-start-date', 'settlement-end-date', 'deposit-date'];
      const order = slashOrder(fields.map((f) => row[f] ?? ''));
      const summary: TSettlementSummaryRead = {
        line,
        settlementId,
        startDate: date('settlement-start-date', undefined, order),
        endDate: date('settlement-end-date', undefined, order),
        depositDate: date('deposit-date', undefined, order),
        totalAmountCents: money('total-amount'),
        currency: row['currency'] || null,
      };
      if (out.errors.length === errorsBefore && !out.summaries.some((s) => s.settlementId === settlementId))
        out.summaries.push(summary);
      return;
    }
    let amountCents: number | null = null;
    if (!row['amount']) fail('amount', 'amount is required.');
    else amountCents = money('amount');
    // posted-date-time (YYYY-MM-DD HH:MM:SS UTC) is read when the row has it; else posted-date (MM/DD/YY), refused when it reads two ways.
    const postedTime = row['posted-date-time'] ?? '';
    const postedTimeRead = postedTime ? readDate(postedTime) : null;
    let postedDate: string | null;
    if (postedTimeRead && 'date' in postedTimeRead) postedDate = postedTimeRead.date;
    else if (postedTime && postedTimeRead === null) postedDate = date('posted-date-time');
    else postedDate = row['posted-date'] ? date('posted-date', 'posted-date-time') : date('posted-date-time');
    const quantityText = row['quantity-purchased'] || row['quantity'] || '';
    const quantity = quantityText ? integerCell(quantityText, -1_000_000, 1_000_000) : null;
    if (quantityText && quantity === null)
      fail('quantity-purchased', `quantity-purchased ${quoted(quantityText)} is not a whole number.`);
    if (out.errors.length !== errorsBefore || amountCents === null) return;
    out.lines.push({ line, row, settlementId, amountCents, postedDate, quantity });
  });
  return out;
}
