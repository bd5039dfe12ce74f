import type { PurchaseOrderDocument, PurchaseOrderDocumentLine } from '../../shared/purchase-order-document.js';
import { TEST_COMPANY } from '../../shared/purchase-order-document-fixtures.js';

/**
 * Test data for the documents module: a realistic purchase order with enough lines (60 by default) that the
 * PDF runs over several pages. Deterministic: the same call always gives the same document.
 */

const CATALOGUE: readonly { model: string; part: string | null; description: string; costCents: number }[] = [
  {
    model: 'WRF555SDFZ',
    part: 'W11469733',
    description: '36" French Door Refrigerator, 25 cu. ft., Fingerprint Resistant Stainless',
    costCents: 184_999,
  },
  {
    model: 'KDTM354DSS',
    part: 'K8842-01',
    description: '44 dBA Dishwasher with FreeFlex Third Rack',
    costCents: 78_450,
  },
  {
    model: 'WFE505W0JS',
    part: null,
    description: '30" Electric Range, 5.3 cu. ft., Frozen Bake Technology',
    costCents: 61_200,
  },
  { model: 'MHW5630HW', part: 'MHW-5630-W', description: 'Front Load Washer, 4.8 cu. ft., White', costCents: 69_975 },
  {
    model: 'MED5630HW',
    part: 'MED-5630-W',
    description: 'Electric Dryer, 7.4 cu. ft., Steam Refresh, White',
    costCents: 67_425,
  },
  {
    model: 'LRMVS3006S',
    part: 'LG-3006S',
    description: '30 cu. ft. Smart Wi-Fi Enabled InstaView Door-in-Door Refrigerator',
    costCents: 219_900,
  },
  { model: 'GE-JVM3160RFSS', part: 'JVM3160', description: 'Over-the-Range Microwave, 1.6 cu. ft.', costCents: 23_418 },
  { model: 'FGID2466QF', part: null, description: 'Built-In Dishwasher, Stainless Steel Tub', costCents: 55_300 },
  { model: 'SMEZ-WX12', part: 'SMZ-12', description: 'Stacking Kit for Front Load Laundry Pair', costCents: 3_995 },
  { model: 'PHP9036DJBB', part: 'PHP9036', description: '36" Induction Cooktop, Black', costCents: 162_050 },
  {
    model: 'KRFC704FPS',
    part: 'KRFC-704',
    description: '36" Counter-Depth French Door Refrigerator, PrintShield Finish',
    costCents: 279_999,
  },
  {
    model: 'WTW5105HW',
    part: 'WTW-5105',
    description: 'Top Load Washer, 4.3 cu. ft., 2 in 1 Removable Agitator',
    costCents: 52_510,
  },
];

export const TEST_DOCUMENT_LINE_COUNT = 60;

function line(index: number): PurchaseOrderDocumentLine {
  const item = CATALOGUE[index % CATALOGUE.length]!;
  const lineNumber = index + 1;
  const qtyOrdered = (index % 7) + 1;
  const qtyReceived = index % 3 === 0 ? qtyOrdered : index % 3 === 1 ? Math.floor(qtyOrdered / 2) : 0;
  const unitCostCents = item.costCents + index * 25;
  return {
    lineNumber,
    // Each line has its own model number so that any one line can be found in the rendered text.
    modelNumber: `${item.model}-${String(lineNumber).padStart(2, '0')}`,
    partNumber: item.part,
    upc: index % 4 === 0 ? null : String(883_049_000_000 + index * 137).padStart(12, '0'),
    description: item.description,
    qtyOrdered,
    qtyReceived,
    unitCostCents,
    lineTotalCents: qtyOrdered * unitCostCents,
    expectedArrivalDate: index % 5 === 0 ? null : '2025-04-18',
  };
}

export function buildTestDocumentLines(count = TEST_DOCUMENT_LINE_COUNT): PurchaseOrderDocumentLine[] {
  return Array.from({ length: count }, (_, i) => line(i));
}

/** Totals as the purchase-orders service states them: the discount is a percentage of the sub total. */
function totalsOf(lines: PurchaseOrderDocumentLine[], dfiDiscountPercentage: string): PurchaseOrderDocument['totals'] {
  const subTotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const totalReceivedCents = lines.reduce((sum, l) => sum + l.qtyReceived * l.unitCostCents, 0);
  const dfiDiscountCents = Math.round((subTotalCents * Number(dfiDiscountPercentage)) / 100);
  return {
    subTotalCents,
    totalReceivedCents,
    dfiDiscountPercentage,
    dfiDiscountCents,
    balanceDueCents: subTotalCents - dfiDiscountCents,
  };
}

export function buildTestPurchaseOrderDocument(
  overrides: Partial<PurchaseOrderDocument> & { lineCount?: number } = {},
): PurchaseOrderDocument {
  const { lineCount, ...rest } = overrides;
  const lines = rest.lines ?? buildTestDocumentLines(lineCount);
  const dfiDiscountPercentage = rest.totals?.dfiDiscountPercentage ?? '2.50';
  return {
    id: 4812,
    purchaseRefId: 'PO-2025-004812',
    legacyPoNumber: '771204',
    orderDate: '2025-03-14',
    requestedDeliveryDate: '2025-04-21',
    status: 'Confirmed',
    terms: 'Net 30',
    vendorOrderId: 'MAD-SO-558130',
    carrierName: 'Estes Express',
    trackingNumber: '1Z999AA10123456784',
    notes:
      'Deliver to dock 3 between 7:00 and 15:00. Call the receiving desk 30 minutes before arrival.\n' +
      'Units must be shipped in original cartons; damaged cartons will be refused at the dock.',
    buyer: { name: 'Dana Whitfield', email: 'dana.whitfield@keystone.example' },
    company: { ...TEST_COMPANY },
    vendor: {
      id: 37,
      name: 'Midwest Appliance Distributors',
      address1: '4400 Industrial Parkway',
      address2: 'Building C',
      city: 'Columbus',
      state: 'OH',
      postalCode: '43228',
      country: 'US',
      rep: 'Marcus Bell',
      repEmail: 'marcus.bell@midwest-appliance.example',
      repPhone: '614-555-0147',
      dealerNumber: 'D-10442',
      ediInterchangeId: 'MIDWESTAPPL',
      ediQualifier: 'ZZ',
    },
    shipTo: {
      locationCode: 'LOU-DC1',
      name: 'Keystone Louisville Distribution Center',
      address1: '3100 Fern Valley Road',
      address2: 'Dock 3',
      city: 'Louisville',
      state: 'KY',
      postalCode: '40213',
      country: 'US',
    },
    ...rest,
    lines,
    totals: rest.totals ?? totalsOf(lines, dfiDiscountPercentage),
  };
}
