import { Readable } from 'node:stream';
import { X12Interchange, X12Parser, type X12Segment } from 'node-x12';
import { X12parser, type FormattedSegment } from 'x12-parser';
import type { PurchaseOrderDocument, PurchaseOrderDocumentLine } from '../../shared/purchase-order-document.js';
import { TEST_COMPANY } from '../../shared/purchase-order-document-fixtures.js';
import type { PurchaseOrder850Options } from './x12-850.js';

/** Test helpers for the EDI module: a realistic purchase order document and an independent X12 parse. */

export function makeLine(overrides: Partial<PurchaseOrderDocumentLine> = {}): PurchaseOrderDocumentLine {
  const qtyOrdered = overrides.qtyOrdered ?? 2;
  const unitCostCents = overrides.unitCostCents ?? 64_999;
  return {
    lineNumber: 1,
    modelNumber: 'WRF555SDFZ',
    partNumber: 'W11-555SDFZ',
    upc: '883049460148',
    description: 'Whirlpool 36-inch French Door Refrigerator, 25 cu. ft., Fingerprint Resistant Stainless',
    qtyOrdered,
    qtyReceived: 0,
    unitCostCents,
    lineTotalCents: qtyOrdered * unitCostCents,
    expectedArrivalDate: '2026-12-11',
    ...overrides,
  };
}

type DocumentOverrides = Partial<Omit<PurchaseOrderDocument, 'vendor' | 'shipTo' | 'company' | 'buyer'>> & {
  vendor?: Partial<PurchaseOrderDocument['vendor']>;
  shipTo?: Partial<PurchaseOrderDocument['shipTo']>;
  company?: Partial<PurchaseOrderDocument['company']>;
  buyer?: Partial<PurchaseOrderDocument['buyer']>;
};

export function makePurchaseOrderDocument(overrides: DocumentOverrides = {}): PurchaseOrderDocument {
  const { vendor, shipTo, company, buyer, ...rest } = overrides;
  const lines = rest.lines ?? [
    makeLine(),
    makeLine({
      lineNumber: 2,
      modelNumber: 'KDTM404KPS',
      partNumber: null,
      upc: '883049558319',
      description: 'KitchenAid 44 dBA Dishwasher with FreeFlex Third Rack',
      qtyOrdered: 3,
      unitCostCents: 1999,
      expectedArrivalDate: null,
    }),
    makeLine({
      lineNumber: 3,
      modelNumber: 'W10300022',
      partNumber: 'W10300022',
      upc: null,
      description: 'Refrigerator water filter',
      qtyOrdered: 12,
      unitCostCents: 5,
      expectedArrivalDate: '2026-12-04',
    }),
  ];
  const subTotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  return {
    id: 10042,
    purchaseRefId: 'PO-10042',
    legacyPoNumber: null,
    orderDate: '2026-11-20',
    requestedDeliveryDate: '2026-12-11',
    status: 'Building',
    terms: 'Net 30',
    vendorOrderId: null,
    carrierName: null,
    trackingNumber: null,
    notes: null,
    totals: {
      subTotalCents,
      totalReceivedCents: 0,
      dfiDiscountPercentage: '2.50',
      dfiDiscountCents: Math.round(subTotalCents * 0.025),
      balanceDueCents: subTotalCents - Math.round(subTotalCents * 0.025),
    },
    ...rest,
    lines,
    buyer: { name: 'Dana Whitfield', email: 'dana.whitfield@keystone.example', ...buyer },
    company: { ...TEST_COMPANY, ...company },
    vendor: {
      id: 17,
      name: 'Whirlpool Corporation',
      address1: '2000 N M-63',
      address2: null,
      city: 'Benton Harbor',
      state: 'MI',
      postalCode: '49022',
      country: 'US',
      rep: 'Sam Ortega',
      repEmail: 'sam.ortega@whirlpool.example',
      repPhone: '269-555-0142',
      dealerNumber: 'D-448812',
      ediInterchangeId: '6163292000',
      ediQualifier: '12',
      ...vendor,
    },
    shipTo: {
      name: 'Louisville Warehouse',
      locationCode: 'KY01',
      address1: '4500 Distribution Dr',
      address2: 'Dock 7',
      city: 'Louisville',
      state: 'KY',
      postalCode: '40218',
      country: 'US',
      ...shipTo,
    },
  };
}

/** A segment as node-x12 reads it: its tag and its elements' values as written (an ISA element keeps its padding). */
export interface RawSegment {
  tag: string;
  elements: string[];
}

function rawSegment(segment: X12Segment): RawSegment {
  return { tag: segment.tag, elements: segment.elements.map((e) => e.value) };
}

/**
 * Reads an interchange with `node-x12` (aaronhuggins) in strict mode, which refuses a file whose ISA is not 106
 * characters, a segment outside its envelope, or trailers that disagree with their headers: SE01 against the
 * segments counted from ST to SE, SE02 against ST02, GE01 against the transaction sets, GE02 against GS06, IEA01
 * against the groups and IEA02 against ISA13. Returns every segment from ISA to IEA in file order. node-x12 hands
 * back ISA13 and IEA02 as numbers (000000017 as 17): their written form is to be read from `parseX12`.
 */
export function readX12Strict(content: string): RawSegment[] {
  const parser = new X12Parser(true);
  const interchange = parser.parse(content);
  if (!(interchange instanceof X12Interchange)) throw new Error('Expected one interchange (one ISA), got several');
  const errors = parser.diagnostics.map((d) => d.message);
  if (errors.length > 0) throw new Error(`node-x12 found errors: ${errors.join('; ')}`);
  const out: RawSegment[] = [rawSegment(interchange.header)];
  for (const group of interchange.functionalGroups) {
    out.push(rawSegment(group.header));
    for (const transaction of group.transactions) {
      out.push(
        rawSegment(transaction.header),
        ...transaction.segments.map(rawSegment),
        rawSegment(transaction.trailer),
      );
    }
    out.push(rawSegment(group.trailer));
  }
  out.push(rawSegment(interchange.trailer));
  return out;
}

/**
 * Parses an interchange with two libraries that are not ours and share no code: `x12-parser` (tastypackets, a
 * stream parser that splits sub-elements; fed the whole file), whose segments are returned, and `node-x12` in strict
 * mode (`readX12Strict`, which checks the envelopes' counts and control numbers). Throws when either refuses the file
 * or when the two read different segments or values (a separator left inside a value splits differently in each).
 */
export async function parseX12(content: string): Promise<FormattedSegment[]> {
  const segments: FormattedSegment[] = [];
  const parser = Readable.from([Buffer.from(content, 'utf8')]).pipe(new X12parser());
  for await (const segment of parser) segments.push(segment as FormattedSegment);

  const strict = readX12Strict(content);
  // node-x12 reads ISA13 and IEA02 as numbers (000000017 becomes 17) to compare them; so does this comparison.
  const asNumber = (name: string, i: number, value: string) =>
    (name === 'ISA' && i === 12) || (name === 'IEA' && i === 1) ? String(parseInt(value, 10)) : value;
  const fromStreamParser = segments.map((s) =>
    [s.name, ...segmentElements(s).map((e, i) => asNumber(s.name, i, e))].join('|'),
  );
  // x12-parser trims every value; so does this comparison.
  const fromNodeX12 = strict.map((s) => [s.tag, ...s.elements.map((e) => e.trim())].join('|'));
  if (fromStreamParser.join('\n') !== fromNodeX12.join('\n')) {
    const at = fromStreamParser.findIndex((line, i) => line !== fromNodeX12[i]);
    throw new Error(
      `x12-parser and node-x12 read the file differently at segment ${at + 1}: ${fromStreamParser[at]} against ${fromNodeX12[at]}`,
    );
  }
  return segments;
}

/** The elements of a parsed segment as an array (element 1 first), without the name. */
export function segmentElements(segment: FormattedSegment): string[] {
  const out: string[] = [];
  for (let i = 1; segment[String(i)] !== undefined; i += 1) out.push(segment[String(i)]!);
  return out;
}

/** The interchange the 850 tests write: our sender id, a receiver, fixed control numbers and moment. */
export const EDI_TEST_OPTIONS: PurchaseOrder850Options = {
  sender: { id: 'KEYSTONEPOS', qualifier: 'ZZ' },
  receiver: { id: '6163292000', qualifier: '12' },
  interchangeControlNumber: 17,
  groupControlNumber: 18,
  transactionControlNumber: 19,
  usageIndicator: 'P',
  now: new Date('2026-11-20T14:05:09Z'),
};
