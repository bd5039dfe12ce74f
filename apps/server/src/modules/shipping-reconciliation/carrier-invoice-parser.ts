import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { CARRIER_SHIP_COMPANY, type TReconciliationCarrier } from '@keystone/contracts';
import { CsvUploadError, readCsvRows } from '../../http/csv-upload-reader.js';

/**
 * Reads a carrier's invoice export as its public documentation lays it out (docs/decisions.md "Shipping
 * reconciliation", the column mapping), streaming through the upload reader (`http/csv-upload-reader.ts`):
 * only the running sum per tracking number is kept, so a 100,000-line file never sits in memory whole.
 */

/** One tracking number's billed charge in the file: the sum of its lines. */
export interface InvoiceCharge {
  cents: number;
  shipDate: string | null;
  lines: number;
}

/**
 * One billed line as the invoice prints it: kept once per (carrier, invoice number, line number), the
 * line number its ordinal among the file's lines of that invoice number, so a re-uploaded invoice repeats every key.
 */
export interface InvoiceLine {
  invoiceNumber: string;
  lineNumber: number;
  trackingNumber: string;
  cents: number;
  chargeCategory: string | null;
  invoiceDate: string | null;
  shipDate: string | null;
}

export interface ParsedInvoice {
  charges: Map<string, InvoiceCharge>;
  /** Every billed line, in file order. */
  items: InvoiceLine[];
  /** Billed lines read (lines with a tracking number). */
  lines: number;
}

/** A file the layout refuses: the message names what is missing or wrong (a 400 naming the field `file`). */
export class InvoiceLayoutError extends Error {}

/**
 * UPS Billing Data (the CSV export of UPS Billing Center, 250 columns, no header row): fields by position, 1-based as
 * the UPS data dictionary numbers them. The net amount is what UPS bills for the line after incentives.
 */
export const UPS_COLUMNS = {
  invoiceDate: 5,
  invoiceNumber: 6,
  transactionDate: 12,
  trackingNumber: 21,
  netAmount: 53,
} as const;
/** UPS columns read when present: the charge category (SHP, ADJ, RTN, MIS) of a line. */
export const UPS_OPTIONAL_COLUMNS = { chargeCategory: 35, leadShipmentNumber: 14 } as const;

/** FedEx invoice CSV (FedEx Billing Online download): a header row; the columns read, by their header names. */
export const FEDEX_COLUMNS = {
  trackingNumber: ['Express or Ground Tracking ID'],
  netAmount: ['Net Charge Amount'],
  shipDate: ['Shipment Date'],
  invoiceNumber: ['Invoice Number'],
  invoiceDate: ['Invoice Date'],
} as const;

/**
 * CEVA invoice CSV: CEVA publishes no invoice export layout (docs/decisions.md); we read a header row naming the house
 * bill (its tracking number), the total charges and optionally the ship date, under the names CEVA's invoices print.
 */
export const CEVA_COLUMNS = {
  trackingNumber: ['House Bill', 'Housebill', 'House Bill Number', 'Housebill Number', 'HAWB'],
  netAmount: ['Total Charges', 'Total Charge', 'Total Amount'],
  shipDate: ['Ship Date', 'Pickup Date'],
  invoiceNumber: ['Invoice Number', 'Invoice No', 'Invoice'],
  invoiceDate: ['Invoice Date'],
} as const;

// Zero-width characters and the byte-order mark, which spreadsheet exports leave in cells.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
const clean = (cell: unknown) => (typeof cell === 'string' ? cell.replace(ZERO_WIDTH, '').trim() : '');

/** Cents of an amount as carriers print it: `12.34`, `-1.50`, `(1.50)`, `$1,234.56`; null when not money. */
export function amountCents(text: string): number | null {
  let value = text.replace(/[$,\s]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1);
  }
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value) ?? /^()\.(\d{1,2})$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** A carrier date as YYYY-MM-DD: `2020-05-01`, `20200501` or `05/01/2020`; null otherwise. */
export function carrierDate(text: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return null;
}

interface ReadLine {
  trackingNumber: string;
  cents: number;
  shipDate: string | null;
  chargeCategory: string | null;
  invoiceDate: string | null;
}

interface RowReader {
  /** The row's invoice number ('' when the file prints none: the file's own digest stands in). */
  invoiceNumber(row: string[]): string;
  /** Reads one row (0-based index in the file); answers null for a row that bills no shipment. */
  read(row: string[], lineNumber: number): ReadLine | null;
}

function badAmount(
  carrier: TReconciliationCarrier,
  lineNumber: number,
  column: string,
  value: string,
): InvoiceLayoutError {
  return new InvoiceLayoutError(
    `Line ${lineNumber} of the ${CARRIER_SHIP_COMPANY[carrier]} file: ${column} "${value.slice(0, 40)}" is not an amount with at most 2 decimals.`,
  );
}

/** Whether a UPS line 1 is the header row UPS ships with its data dictionary (the field names, "Tracking Number" at 21). */
function isUpsHeader(first: string[]): boolean {
  return (
    clean(first[UPS_COLUMNS.trackingNumber - 1]).toLowerCase() === 'tracking number' &&
    clean(first[UPS_COLUMNS.netAmount - 1]).toLowerCase() === 'net amount'
  );
}

/** A number Excel wrote in scientific notation (7.94612E+11): the id's digits are lost. */
const SCIENTIFIC = /^\d+(?:\.\d+)?E\+\d+$/i;

function upsReader(first: string[]): RowReader {
  const missing = Object.entries(UPS_COLUMNS)
    .filter(([, position]) => first.length < position)
    .map(([name, position]) => `column ${position} (${UPS_LABELS[name as keyof typeof UPS_COLUMNS]})`);
  if (missing.length > 0) {
    throw new InvoiceLayoutError(
      `This is not a UPS billing data file (CSV with no header row, 250 columns): line 1 has ${first.length} columns, so it lacks ${missing.join(', ')}.`,
    );
  }
  if (amountCents(clean(first[UPS_COLUMNS.netAmount - 1])) === null) {
    throw new InvoiceLayoutError(
      `This is not a UPS billing data file (CSV with no header row): column ${UPS_COLUMNS.netAmount} (Net Amount) of line 1 is "${clean(first[UPS_COLUMNS.netAmount - 1]).slice(0, 40)}", not an amount. A header row must be the data dictionary's field names (column 21 "Tracking Number", column 53 "Net Amount").`,
    );
  }
  return {
    invoiceNumber: (row) => clean(row[UPS_COLUMNS.invoiceNumber - 1]),
    read(row, lineNumber) {
      if (row.length === 1 && clean(row[0]) === '') return null;
      // A line of a shipment's charges may leave Tracking Number empty and name the shipment by its Lead Shipment
      // Number; with neither it is an account-level charge (service fees) and bills no shipment.
      const trackingNumber =
        clean(row[UPS_COLUMNS.trackingNumber - 1]) || clean(row[UPS_OPTIONAL_COLUMNS.leadShipmentNumber - 1]);
      if (trackingNumber === '') return null;
      const amount = clean(row[UPS_COLUMNS.netAmount - 1]);
      const cents = amountCents(amount);
      if (cents === null) throw badAmount('ups', lineNumber, `column ${UPS_COLUMNS.netAmount} (Net Amount)`, amount);
      const invoiceDate = carrierDate(clean(row[UPS_COLUMNS.invoiceDate - 1]));
      const shipDate = carrierDate(clean(row[UPS_COLUMNS.transactionDate - 1])) ?? invoiceDate;
      return {
        trackingNumber,
        cents,
        shipDate,
        invoiceDate,
        chargeCategory: clean(row[UPS_OPTIONAL_COLUMNS.chargeCategory - 1]).slice(0, 20) || null,
      };
    },
  };
}

const UPS_LABELS: Record<keyof typeof UPS_COLUMNS, string> = {
  invoiceDate: 'Invoice Date',
  invoiceNumber: 'Invoice Number',
  transactionDate: 'Transaction Date',
  trackingNumber: 'Tracking Number',
  netAmount: 'Net Amount',
};

function headerReader(carrier: 'fedex' | 'ceva', header: string[]): RowReader {
  const columns: Record<
    'trackingNumber' | 'netAmount' | 'shipDate' | 'invoiceNumber' | 'invoiceDate',
    readonly string[]
  > = carrier === 'fedex' ? FEDEX_COLUMNS : CEVA_COLUMNS;
  const names = header.map((h) => clean(h).toLowerCase());
  const find = (choices: readonly string[]) => names.findIndex((n) => choices.some((c) => c.toLowerCase() === n));
  const tracking = find(columns.trackingNumber);
  const amount = find(columns.netAmount);
  const date = find(columns.shipDate);
  const invoiceNumber = find(columns.invoiceNumber);
  const invoiceDate = find(columns.invoiceDate);
  const missing = [tracking < 0 ? columns.trackingNumber : null, amount < 0 ? columns.netAmount : null]
    .filter((c) => c !== null)
    .map((choices) => (choices.length === 1 ? `"${choices[0]}"` : `one of ${choices.map((c) => `"${c}"`).join(', ')}`));
  if (missing.length > 0) {
    throw new InvoiceLayoutError(
      `This is not a ${CARRIER_SHIP_COMPANY[carrier]} invoice file: its header row (line 1) lacks the column ${missing.join(' and the column ')}.`,
    );
  }
  const amountName = header[amount]!.trim();
  return {
    invoiceNumber: (row) => (invoiceNumber >= 0 ? clean(row[invoiceNumber]) : ''),
    read(row, lineNumber) {
      const trackingNumber = clean(row[tracking]);
      if (trackingNumber === '') return null;
      if (SCIENTIFIC.test(trackingNumber)) {
        throw new InvoiceLayoutError(
          `Line ${lineNumber} of the ${CARRIER_SHIP_COMPANY[carrier]} file: ${header[tracking]!.trim()} is "${trackingNumber.slice(0, 40)}", a number in scientific notation: the file was opened and saved by a spreadsheet, which lost the tracking number's digits (two shipments could look like one). Upload the file as the carrier's site downloaded it.`,
        );
      }
      const text = clean(row[amount]);
      const cents = amountCents(text);
      if (cents === null) throw badAmount(carrier, lineNumber, amountName, text);
      return {
        trackingNumber,
        cents,
        shipDate: date >= 0 ? carrierDate(clean(row[date])) : null,
        invoiceDate: invoiceDate >= 0 ? carrierDate(clean(row[invoiceDate])) : null,
        chargeCategory: null,
      };
    },
  };
}

/**
 * Parses a carrier invoice stream as it arrives (the upload reader: rows and fields capped, the event loop turning);
 * rejects with InvoiceLayoutError for a file in a wrong layout, with a bad amount, or with a row or field past the
 * caps (`CSV_MAX_ROW_CHARS`, `CSV_MAX_FIELD_CHARS`). Line numbers are the file's lines where the row starts.
 */
export async function parseCarrierInvoice(carrier: TReconciliationCarrier, input: Readable): Promise<ParsedInvoice> {
  const charges = new Map<string, InvoiceCharge>();
  const items: (InvoiceLine & { noNumber: boolean })[] = [];
  const perInvoice = new Map<string, number>();
  let lines = 0;
  let reader: RowReader | null = null;
  // The file's digest names the invoice of a file that prints no invoice number, so its re-upload repeats its keys.
  const digest = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      digest.update(chunk);
      done(null, chunk);
    },
  });
  input.on('error', (error) => hashing.destroy(error));
  try {
    await readCsvRows(input.pipe(hashing), { delimiter: ',' }, (row, lineNumber) => {
      if (reader === null) {
        if (carrier === 'ups' && isUpsHeader(row)) return; // the data dictionary's header row
        reader = carrier === 'ups' ? upsReader(row) : headerReader(carrier, row);
        if (carrier !== 'ups') return; // the header row
      }
      if (row.length === 1 && clean(row[0]) === '') return; // a blank line
      const number = reader.invoiceNumber(row).slice(0, 100);
      const ordinal = (perInvoice.get(number) ?? 0) + 1;
      perInvoice.set(number, ordinal);
      const line = reader.read(row, lineNumber);
      if (!line) return;
      lines += 1;
      items.push({ ...line, invoiceNumber: number, lineNumber: ordinal, noNumber: number === '' });
      const known = charges.get(line.trackingNumber);
      if (known) {
        known.cents += line.cents;
        known.lines += 1;
        known.shipDate ??= line.shipDate;
      } else {
        if (line.trackingNumber.length > 100)
          throw new InvoiceLayoutError(`Line ${lineNumber}: the tracking number is longer than 100 characters.`);
        charges.set(line.trackingNumber, { cents: line.cents, shipDate: line.shipDate, lines: 1 });
      }
    });
  } catch (error) {
    if (error instanceof CsvUploadError) throw new InvoiceLayoutError(error.message);
    throw error;
  }
  if (lines === 0) throw new InvoiceLayoutError('The file holds no invoice lines.');
  const fileKey = `file-${digest.digest('hex').slice(0, 32)}`;
  for (const item of items) if (item.noNumber) item.invoiceNumber = fileKey;
  return { charges, items: items.map(({ noNumber: _, ...item }) => item), lines };
}
