import { Readable } from 'node:stream';
import { X12parser, type FormattedSegment } from 'x12-parser';
import type { PurchaseOrderDocument, PurchaseOrderDocumentLine } from '../../shared/purchase-order-document.js';
import { TEST_COMPANY } from '../../shared/purchase-order-document-fixtures.js';

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

/** Parses an interchange with the independent `x12-parser` library (a stream parser; fed the whole file). */
export async function parseX12(content: string): Promise<FormattedSegment[]> {
  const segments: FormattedSegment[] = [];
  const parser = Readable.from([Buffer.from(content, 'utf8')]).pipe(new X12parser());
  for await (const segment of parser) segments.push(segment as FormattedSegment);
  return segments;
}

/** The elements of a parsed segment as an array (element 1 first), without the name. */
export function segmentElements(segment: FormattedSegment): string[] {
  const out: string[] = [];
  for (let i = 1; segment[String(i)] !== undefined; i += 1) out.push(segment[String(i)]!);
  return out;
}
