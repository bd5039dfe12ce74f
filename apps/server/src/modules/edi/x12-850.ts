import { defaultRequestedDeliveryDate } from '@keystone/contracts';
import type { PartyAddress, PurchaseOrderDocument } from '../../shared/purchase-order-document.js';

/**
 * ANSI X12 004010 850 (purchase order) writer.
 *
 * One interchange (ISA/IEA) holding one functional group (GS/GE, functional id PO) holding one
 * transaction set (ST/SE). Every data value is cleaned of the separators in use, newlines and other
 * control characters, so a vendor name such as `ACME*PARTS~` cannot break the file. Amounts are written
 * from integer cents with integer arithmetic only. Envelope dates and times are taken from `now` in UTC,
 * so the same `now` always gives the same file.
 */

export const X12_VERSION = '004010';
export const ISA_VERSION = '00401';

export interface EdiParty {
  /** Interchange id: 1 to 15 characters (padded to 15 in the ISA). */
  id: string;
  /** Interchange id qualifier: 2 characters, e.g. ZZ (mutually defined), 01 (DUNS), 12 (phone). */
  qualifier: string;
}

export interface PurchaseOrder850Options {
  sender: EdiParty;
  receiver: EdiParty;
  /** ISA13/IEA02, 1 to 999999999. */
  interchangeControlNumber: number;
  /** GS06/GE02, 1 to 999999999. */
  groupControlNumber: number;
  /** ST02/SE02, 1 to 999999999 (written with at least 4 digits). */
  transactionControlNumber: number;
  /** ISA15: P production, T test. */
  usageIndicator: 'P' | 'T';
  /** When the interchange is prepared (ISA09/ISA10, GS04/GS05), in UTC. */
  now: Date;
  elementSeparator?: string;
  segmentTerminator?: string;
  subElementSeparator?: string;
  /** ISO 4217 currency code; when given a `CUR*BY*{code}` segment is written. */
  currency?: string;
  /** FOB01 shipment method of payment (e.g. PP prepaid, CC collect); when given an FOB segment is written. */
  fobPaymentMethod?: string;
}

/**
 * 004010 minimum lengths that a value of ours can fall short of (the others are met by every value written).
 * GS02/GS03 (elements 142 and 124) are AN 2/15, so an interchange id written there needs 2 characters even though
 * ISA06/ISA08 pad it to 15; N104 (element 67) is AN 2/80; N401 (19) AN 2/30; N403 (116) ID 3/15.
 */
export const X12_MIN = {
  interchangeId: 2,
  n104Code: 2,
  n401City: 2,
  n403PostalCode: 3,
} as const;

/** 004010 maximum lengths of the elements this writer fills. */
export const X12_MAX = {
  beg03PurchaseOrderNumber: 22,
  ref02Reference: 30,
  per02Name: 60,
  per04Communication: 80,
  n102Name: 60,
  n104Code: 80,
  n3Address: 55,
  n401City: 30,
  n403PostalCode: 15,
  po1ProductId: 48,
  pid05Description: 80,
  itd12Description: 80,
  interchangeId: 15,
  ctt01LineCount: 999_999,
  ctt02HashTotalDigits: 10,
} as const;

/**
 * The vendor's identification code in N1*VN (N103 92, "assigned by buyer": the code is ours to shape): our vendor id
 * with at least two digits, zero-padded (1 → "01", 9 → "09", 10 → "10", 99999 → "99999"). N104 (element 67) is
 * AN 2/80, so the bare id of vendors 1 to 9 was one character short; leading zeros do not change the number, so a
 * vendor matching the code as a number (or we, reading it back with `vendorIdFromIdentificationCode`) finds the same
 * vendor, and ids of 10 and more are written as before.
 */
export function vendorIdentificationCode(vendorId: number): string {
  if (!Number.isSafeInteger(vendorId) || vendorId < 1)
    throw new RangeError(`A vendor id must be a positive whole number, got ${vendorId}`);
  return String(vendorId).padStart(X12_MIN.n104Code, '0');
}

/** The vendor id an N1*VN N104 written by `vendorIdentificationCode` stands for; null when it is not one. */
export function vendorIdFromIdentificationCode(code: string): number | null {
  const trimmed = code.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/**
 * CTT02, the hash total of the quantities ordered (PO102): element 347 (R 1/10) is summed "without regard to decimal
 * points or signs", and "truncation will occur on the left most digits if the sum is greater than the maximum size".
 */
export function quantityHashTotal(quantities: readonly number[]): string {
  const sum = quantities.reduce((total, q) => total + BigInt(Math.abs(q)), 0n);
  return String(sum).slice(-X12_MAX.ctt02HashTotalDigits);
}

interface Separators {
  element: string;
  segment: string;
  subElement: string;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
/**
 * Printable ASCII outside the character set of X12's basic and extended sets: the caret (the repetition separator of
 * later versions, and a common sub-element separator), the grave accent and the backslash.
 */
const OUTSIDE_X12_CHARACTERS = /[\\^`]/g;

function escapeForClass(ch: string): string {
  return ch.replace(/[\\\]^-]/g, '\\$&');
}

function separatorPattern(separators: Separators): RegExp {
  const chars = [separators.element, separators.segment, separators.subElement].map(escapeForClass).join('');
  return new RegExp(`[${chars}]`, 'g');
}

function checkSeparators(separators: Separators): void {
  const all = [separators.element, separators.segment, separators.subElement];
  for (const ch of all) {
    if (ch.length !== 1) throw new Error(`An X12 separator must be one character, got ${JSON.stringify(ch)}`);
    if (/[A-Za-z0-9 ]/.test(ch)) {
      throw new Error(`An X12 separator cannot be a letter, a digit or a space, got ${JSON.stringify(ch)}`);
    }
  }
  if (new Set(all).size !== all.length)
    throw new Error('The X12 element, segment and sub-element separators must differ');
}

function checkControlNumber(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1 || value > 999_999_999) {
    throw new RangeError(`${name} must be a whole number from 1 to 999999999, got ${value}`);
  }
}

/** Writes integer cents as an X12 decimal amount with two decimals: 1999 → "19.99", 5 → "0.05", -250 → "-2.50". */
export function centsToX12Amount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`An amount in cents must be a whole number, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100);
  const rest = abs - dollars * 100;
  return `${sign}${dollars}.${String(rest).padStart(2, '0')}`;
}

/** "2026-12-11" (or an ISO timestamp starting with it) → "20261211". */
export function toX12Date(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) throw new Error(`Not a YYYY-MM-DD date: ${JSON.stringify(value)}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

class SegmentWriter {
  readonly segments: string[] = [];
  private readonly strip: RegExp;

  constructor(readonly separators: Separators) {
    this.strip = separatorPattern(separators);
  }

  /**
   * Free text: separators, control characters and characters outside X12's character set become spaces, accents are
   * dropped, runs of spaces collapse.
   */
  text(value: string | null | undefined, max?: number): string {
    if (value === null || value === undefined) return '';
    const cleaned = value
      .normalize('NFKD')
      .replace(COMBINING_MARKS, '')
      .replace(this.strip, ' ')
      .replace(CONTROL_CHARACTERS, ' ')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(OUTSIDE_X12_CHARACTERS, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return max === undefined ? cleaned : cleaned.slice(0, max).trimEnd();
  }

  /**
   * An identifier (PO number, part number, code): separators, control characters, characters outside X12's
   * character set and spaces at the ends are removed, never replaced. Throws when longer than the element allows: an identifier cut short would
   * name something else.
   */
  ident(value: string | null | undefined, what: string, max: number): string {
    if (value === null || value === undefined) return '';
    const cleaned = value
      .replace(this.strip, '')
      .replace(CONTROL_CHARACTERS, '')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(OUTSIDE_X12_CHARACTERS, '')
      .trim();
    if (cleaned.length > max) throw new Error(`${what} is longer than ${max} characters: ${cleaned}`);
    return cleaned;
  }

  /** A code: an identifier in upper case. */
  code(value: string | null | undefined, what: string, max: number): string {
    return this.ident(value, what, max).toUpperCase();
  }

  /** Adds a segment; trailing empty elements are dropped as X12 requires. */
  add(id: string, ...elements: string[]): void {
    let end = elements.length;
    while (end > 0 && elements[end - 1] === '') end -= 1;
    this.segments.push([id, ...elements.slice(0, end)].join(this.separators.element));
  }
}

/**
 * The product id qualifier of a barcode: UP for a 12-digit UPC-A (a 13-digit code starting with 0 is a UPC-A
 * with a leading zero and is written as one), EN for another EAN-13, UK for a 14-digit GTIN, UP otherwise.
 */
export function gtinQualifier(code: string): [string, string] {
  if (/^0\d{12}$/.test(code)) return ['UP', code.slice(1)];
  if (/^\d{13}$/.test(code)) return ['EN', code];
  if (/^\d{14}$/.test(code)) return ['UK', code];
  return ['UP', code];
}

/** N403: the postal code's letters and digits, upper-cased; '' when that is not 3 to 15 characters. */
export function x12PostalCode(value: string | null | undefined): string {
  const code = (value ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return code.length >= X12_MIN.n403PostalCode && code.length <= X12_MAX.n403PostalCode ? code : '';
}

function addAddress(w: SegmentWriter, party: PartyAddress): void {
  const line1 = w.text(party.address1, X12_MAX.n3Address);
  const line2 = w.text(party.address2, X12_MAX.n3Address);
  if (line1 || line2) w.add('N3', line1 || line2, line1 ? line2 : '');
  // A value the element cannot hold is left off rather than failing the whole order over a vendor's address (the
  // ship-to's is validated before): a one-letter city (N401 is AN 2/30); a state or country written out in words
  // (N402 is a 2-letter code, N404 a 2 or 3 letter one); a postal code of fewer than 3 or more than 15 letters and
  // digits (N403, ID 3/15, is the code "excluding punctuation and blanks": 49022-1234 is written 490221234).
  const cityText = w.text(party.city, X12_MAX.n401City);
  const city = cityText.length >= X12_MIN.n401City ? cityText : '';
  const stateRaw = w.text(party.state).toUpperCase();
  const state = /^[A-Z]{2}$/.test(stateRaw) ? stateRaw : '';
  const postal = x12PostalCode(party.postalCode);
  const countryRaw = w.text(party.country).toUpperCase();
  const country = /^[A-Z]{2,3}$/.test(countryRaw) ? countryRaw : '';
  if (city || state || postal || country) w.add('N4', city, state, postal, country);
}

/** Builds one complete X12 004010 850 interchange for the purchase order. */
export function buildPurchaseOrder850(doc: PurchaseOrderDocument, options: PurchaseOrder850Options): string {
  const separators: Separators = {
    element: options.elementSeparator ?? '*',
    segment: options.segmentTerminator ?? '~',
    subElement: options.subElementSeparator ?? '>',
  };
  checkSeparators(separators);
  checkControlNumber('The interchange control number', options.interchangeControlNumber);
  checkControlNumber('The group control number', options.groupControlNumber);
  checkControlNumber('The transaction control number', options.transactionControlNumber);
  if (options.usageIndicator !== 'P' && options.usageIndicator !== 'T') {
    throw new Error(`The usage indicator must be P or T, got ${String(options.usageIndicator)}`);
  }
  if (Number.isNaN(options.now.getTime())) throw new Error('The interchange date is not a valid date');

  const w = new SegmentWriter(separators);
  const party = (p: EdiParty, role: string): { id: string; qualifier: string } => {
    const id = w.code(p.id, `The ${role} interchange id`, X12_MAX.interchangeId);
    const qualifier = w.code(p.qualifier, `The ${role} interchange id qualifier`, 2);
    if (!id) throw new Error(`The ${role} interchange id is empty`);
    // ISA06/ISA08 pad any id to 15, but GS02/GS03 carry it too and are AN 2/15.
    if (id.length < X12_MIN.interchangeId) {
      throw new Error(
        `The ${role} interchange id must be at least ${X12_MIN.interchangeId} characters, got ${JSON.stringify(id)}`,
      );
    }
    if (qualifier.length !== 2) {
      throw new Error(`The ${role} interchange id qualifier must be 2 characters, got ${JSON.stringify(qualifier)}`);
    }
    return { id, qualifier };
  };
  const sender = party(options.sender, 'sender');
  const receiver = party(options.receiver, 'receiver');

  const now = options.now;
  const ccyymmdd = `${now.getUTCFullYear()}${pad2(now.getUTCMonth() + 1)}${pad2(now.getUTCDate())}`;
  const hhmm = `${pad2(now.getUTCHours())}${pad2(now.getUTCMinutes())}`;
  const isaControl = String(options.interchangeControlNumber).padStart(9, '0');
  const groupControl = String(options.groupControlNumber);
  const stControl = String(options.transactionControlNumber).padStart(4, '0');

  // Envelope: the ISA is fixed width (106 characters with its terminator).
  w.add(
    'ISA',
    '00',
    ' '.repeat(10),
    '00',
    ' '.repeat(10),
    sender.qualifier,
    sender.id.padEnd(15, ' '),
    receiver.qualifier,
    receiver.id.padEnd(15, ' '),
    ccyymmdd.slice(2),
    hhmm,
    'U',
    ISA_VERSION,
    isaControl,
    '0',
    options.usageIndicator,
    separators.subElement,
  );
  w.add('GS', 'PO', sender.id, receiver.id, ccyymmdd, hhmm, groupControl, 'X', X12_VERSION);
  const stIndex = w.segments.length;
  w.add('ST', '850', stControl);

  // Header.
  const poNumber = w.ident(doc.purchaseRefId, 'The purchase reference id', X12_MAX.beg03PurchaseOrderNumber);
  if (!poNumber) throw new Error('The purchase reference id is empty');
  w.add('BEG', '00', 'SA', poNumber, '', toX12Date(doc.orderDate));
  if (options.currency) w.add('CUR', 'BY', w.code(options.currency, 'The currency code', 3));
  const vendorOrderId = w.ident(doc.vendorOrderId, 'The vendor order id', X12_MAX.ref02Reference);
  if (vendorOrderId) w.add('REF', 'VN', vendorOrderId);
  const dealerNumber = w.ident(doc.vendor.dealerNumber, 'The dealer number', X12_MAX.ref02Reference);
  if (dealerNumber) w.add('REF', 'IA', dealerNumber);
  const buyerName = w.text(doc.buyer.name, X12_MAX.per02Name);
  const buyerEmail = w.ident(doc.buyer.email, 'The buyer e-mail address', X12_MAX.per04Communication);
  if (buyerName || buyerEmail) w.add('PER', 'BD', buyerName, buyerEmail ? 'EM' : '', buyerEmail);
  if (options.fobPaymentMethod) w.add('FOB', w.code(options.fobPaymentMethod, 'The FOB payment method', 2));
  const terms = w.text(doc.terms, X12_MAX.itd12Description);
  // ITD01 01 basic terms, ITD02 3 invoice date, ITD12 the terms as written.
  if (terms) w.add('ITD', '01', '3', '', '', '', '', '', '', '', '', '', terms);
  // DTM*002 (delivery requested): the PO's date, else the default of 001 §9 ("the Friday on or after today plus
  // three weeks"), today being the day the interchange is prepared (UTC, the ISA/GS date), by the rule the PO
  // screen offers (one function in the contracts).
  const requestedDelivery =
    doc.requestedDeliveryDate ||
    defaultRequestedDeliveryDate(`${ccyymmdd.slice(0, 4)}-${ccyymmdd.slice(4, 6)}-${ccyymmdd.slice(6, 8)}`);
  w.add('DTM', '002', toX12Date(requestedDelivery));

  // Parties.
  const companyName = w.text(doc.company.name, X12_MAX.n102Name);
  // N1 needs N102 or N103 (syntax R0203); BY is identified by its name only.
  if (!companyName) throw new Error('Our company name has no character an EDI file can carry');
  w.add('N1', 'BY', companyName);
  addAddress(w, doc.company);
  const locationCode = w.code(doc.shipTo.locationCode, 'The ship-to location code', X12_MAX.n104Code);
  if (locationCode && locationCode.length < X12_MIN.n104Code) {
    throw new Error(
      `The ship-to location code ${locationCode} is shorter than the ${X12_MIN.n104Code} characters N104 needs`,
    );
  }
  w.add('N1', 'ST', w.text(doc.shipTo.name, X12_MAX.n102Name), locationCode ? '92' : '', locationCode);
  addAddress(w, doc.shipTo);
  w.add('N1', 'VN', w.text(doc.vendor.name, X12_MAX.n102Name), '92', vendorIdentificationCode(doc.vendor.id));
  addAddress(w, doc.vendor);

  // Lines.
  for (const line of doc.lines) {
    if (!Number.isSafeInteger(line.qtyOrdered))
      throw new Error(`Line ${line.lineNumber}: the quantity must be a whole number`);
    // PO102 (element 330) is R 1/15: at most 15 digits.
    if (String(Math.abs(line.qtyOrdered)).length > 15)
      throw new Error(`Line ${line.lineNumber}: the quantity has more than 15 digits`);
    const productIds: string[] = [];
    const model = w.ident(line.modelNumber, `Line ${line.lineNumber}: the model number`, X12_MAX.po1ProductId);
    const part = w.ident(line.partNumber, `Line ${line.lineNumber}: the part number`, X12_MAX.po1ProductId);
    const upc = w.ident(line.upc, `Line ${line.lineNumber}: the UPC`, X12_MAX.po1ProductId);
    if (!model) throw new Error(`Line ${line.lineNumber}: the model number has no character an EDI file can carry`);
    productIds.push('BP', model);
    if (part) productIds.push('VP', part);
    if (upc) productIds.push(...gtinQualifier(upc));
    w.add(
      'PO1',
      String(line.lineNumber),
      String(line.qtyOrdered),
      'EA',
      centsToX12Amount(line.unitCostCents),
      '',
      ...productIds,
    );
    const description = w.text(line.description, X12_MAX.pid05Description);
    if (description) w.add('PID', 'F', '', '', '', description);
    if (line.expectedArrivalDate) w.add('DTM', '002', toX12Date(line.expectedArrivalDate));
  }

  // Summary and trailers.
  if (doc.lines.length > X12_MAX.ctt01LineCount) {
    throw new Error(`An 850 counts at most ${X12_MAX.ctt01LineCount} lines in CTT01, got ${doc.lines.length}`);
  }
  w.add('CTT', String(doc.lines.length), quantityHashTotal(doc.lines.map((l) => l.qtyOrdered)));
  const segmentCount = w.segments.length - stIndex + 1; // ST through SE
  w.add('SE', String(segmentCount), stControl);
  w.add('GE', '1', groupControl);
  w.add('IEA', '1', isaControl);

  return w.segments.map((s) => s + separators.segment).join('');
}
