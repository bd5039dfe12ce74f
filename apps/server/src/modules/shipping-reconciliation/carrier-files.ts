import { createHash } from 'node:crypto';
import type { TReconciliationCarrier } from '@keystone/contracts';
import { csvCell } from '../../http/csv-reply.js';
import { CEVA_COLUMNS, FEDEX_COLUMNS, UPS_COLUMNS, UPS_OPTIONAL_COLUMNS } from './carrier-invoice-parser.js';

/** One billed line of a carrier invoice to write (the demo data, the tests and the benchmark make files with it). */
export interface CarrierLine {
  trackingNumber: string;
  cents: number;
  /** YYYY-MM-DD */
  date: string;
  /** The invoice number printed on the line; carrierFile's default is one per file, made from its lines. */
  invoiceNumber?: string;
  /** UPS charge category (column 35): SHP, ADJ, ... */
  chargeCategory?: string;
}

const amount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A UPS billing data line: 250 columns, no header, the fields at their documented positions. */
export function upsLine(line: CarrierLine, invoiceNumber = line.invoiceNumber ?? '0000A1B2C3'): string {
  const cells = new Array<string>(250).fill('');
  cells[0] = '2.1';
  cells[2] = 'A1B2C3';
  cells[3] = 'US';
  cells[UPS_COLUMNS.invoiceDate - 1] = line.date;
  cells[UPS_COLUMNS.invoiceNumber - 1] = invoiceNumber;
  cells[UPS_COLUMNS.transactionDate - 1] = line.date;
  cells[UPS_COLUMNS.trackingNumber - 1] = line.trackingNumber;
  cells[UPS_COLUMNS.netAmount - 1] = amount(line.cents);
  cells[UPS_OPTIONAL_COLUMNS.chargeCategory - 1] = line.chargeCategory ?? 'SHP';
  return cells.map(csvCell).join(',');
}

/** The header of a FedEx invoice CSV (the columns we read among a few others it carries). */
export const FEDEX_HEADER = [
  'Bill to Account Number',
  'Invoice Date',
  'Invoice Number',
  'Store ID',
  'Original Amount Due',
  FEDEX_COLUMNS.netAmount[0],
  FEDEX_COLUMNS.trackingNumber[0],
  FEDEX_COLUMNS.shipDate[0],
  'Service Type',
];

export function fedexLine(line: CarrierLine): string {
  const ymd = line.date.replace(/-/g, '');
  return [
    '123456789',
    ymd,
    line.invoiceNumber ?? '7-123-45678',
    '',
    '',
    amount(line.cents),
    line.trackingNumber,
    ymd,
    'Ground',
  ]
    .map(csvCell)
    .join(',');
}

export const CEVA_HEADER = [
  'Invoice Number',
  'Invoice Date',
  CEVA_COLUMNS.trackingNumber[0],
  CEVA_COLUMNS.shipDate[0],
  'Origin',
  'Destination',
  'Weight',
  CEVA_COLUMNS.netAmount[0],
];

export function cevaLine(line: CarrierLine): string {
  return [
    line.invoiceNumber ?? 'CV1000',
    line.date,
    line.trackingNumber,
    line.date,
    'KY',
    'TX',
    '150',
    amount(line.cents),
  ]
    .map(csvCell)
    .join(',');
}

/** The file's header line, if its layout has one. */
export function carrierHeader(carrier: TReconciliationCarrier): string | null {
  return carrier === 'ups' ? null : (carrier === 'fedex' ? FEDEX_HEADER : CEVA_HEADER).map(csvCell).join(',');
}

export function carrierLine(carrier: TReconciliationCarrier, line: CarrierLine): string {
  return carrier === 'ups' ? upsLine(line) : carrier === 'fedex' ? fedexLine(line) : cevaLine(line);
}

/** A whole carrier file in memory (small files: the demo data and the tests). */
export function carrierFile(carrier: TReconciliationCarrier, lines: CarrierLine[]): string {
  const header = carrierHeader(carrier);
  // One invoice per distinct file (a carrier never reuses an invoice number): the same lines make the same invoice.
  const invoiceNumber = createHash('sha256')
    .update(JSON.stringify([carrier, lines]))
    .digest('hex')
    .slice(0, 10)
    .toUpperCase();
  const numbered = lines.map((l) => ({ ...l, invoiceNumber: l.invoiceNumber ?? invoiceNumber }));
  return [...(header ? [header] : []), ...numbered.map((l) => carrierLine(carrier, l))].join('\r\n') + '\r\n';
}
