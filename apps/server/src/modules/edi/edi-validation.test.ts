import { describe, expect, it } from 'vitest';
import { makeLine, makePurchaseOrderDocument } from './edi-test-document.js';
import { validatePurchaseOrderForEdi } from './edi-validation.js';

describe('validatePurchaseOrderForEdi', () => {
  it('finds nothing wrong with a complete, sendable order', () => {
    expect(validatePurchaseOrderForEdi(makePurchaseOrderDocument())).toEqual([]);
  });

  it('names a vendor without an EDI interchange id', () => {
    const doc = makePurchaseOrderDocument({ vendor: { name: 'Frigidaire', ediInterchangeId: null } });
    expect(validatePurchaseOrderForEdi(doc)).toEqual(['Vendor Frigidaire is not set up to receive EDI.']);
  });

  it('names a vendor without an EDI qualifier, or with blanks only', () => {
    const noQualifier = makePurchaseOrderDocument({ vendor: { name: 'Frigidaire', ediQualifier: null } });
    const blank = makePurchaseOrderDocument({
      vendor: { name: 'Frigidaire', ediInterchangeId: '   ', ediQualifier: 'ZZ' },
    });
    expect(validatePurchaseOrderForEdi(noQualifier)).toEqual(['Vendor Frigidaire is not set up to receive EDI.']);
    expect(validatePurchaseOrderForEdi(blank)).toEqual(['Vendor Frigidaire is not set up to receive EDI.']);
  });

  it('rejects vendor EDI ids the interchange header cannot hold', () => {
    const doc = makePurchaseOrderDocument({
      vendor: { name: 'GE Appliances', ediInterchangeId: '1234567890123456', ediQualifier: 'Z' },
    });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'Vendor GE Appliances has an EDI interchange id longer than 15 characters (1234567890123456).',
      'Vendor GE Appliances has an EDI qualifier (Z) that is not 2 characters.',
    ]);
  });

  it('rejects a vendor interchange id shorter than GS03 (AN 2/15) allows', () => {
    const doc = makePurchaseOrderDocument({
      vendor: { name: 'GE Appliances', ediInterchangeId: '7', ediQualifier: 'ZZ' },
    });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'Vendor GE Appliances has an EDI interchange id shorter than 2 characters (7).',
    ]);
  });

  it('rejects ship-to values shorter than their 004010 elements allow: N104 location code, N401 city, N403 postal code', () => {
    const doc = makePurchaseOrderDocument({
      shipTo: { name: 'Annex', locationCode: 'A', city: 'X', postalCode: '4-0' },
    });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'The ship-to location code A is shorter than the 2 characters EDI allows.',
      'The ship-to city of Annex (X) is shorter than the 2 characters EDI allows.',
      'The ship-to postal code of Annex (4-0) is not 3 to 15 letters and digits.',
    ]);
    const fine = makePurchaseOrderDocument({ shipTo: { locationCode: 'A1', city: 'Ho', postalCode: 'K1A 0B1' } });
    expect(validatePurchaseOrderForEdi(fine)).toEqual([]);
  });

  it('refuses an order without lines', () => {
    expect(validatePurchaseOrderForEdi(makePurchaseOrderDocument({ lines: [] }))).toEqual([
      'The purchase order has no lines.',
    ]);
  });

  it('names each line whose quantity is below 1 or whose cost is 0', () => {
    const doc = makePurchaseOrderDocument({
      lines: [
        makeLine({ lineNumber: 1, modelNumber: 'WRF555SDFZ' }),
        makeLine({ lineNumber: 2, modelNumber: 'KDTM404KPS', qtyOrdered: 0 }),
        makeLine({ lineNumber: 3, modelNumber: 'W10300022', unitCostCents: 0 }),
        makeLine({ lineNumber: 4, modelNumber: 'MVW6230HW', qtyOrdered: -1, unitCostCents: -500 }),
        makeLine({ lineNumber: 5, modelNumber: 'WED5000DW', qtyOrdered: 1.5 }),
      ],
    });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'Line 2 (KDTM404KPS) has a quantity of 0; the quantity must be a whole number of at least 1.',
      'Line 3 (W10300022) has no unit cost.',
      'Line 4 (MVW6230HW) has a quantity of -1; the quantity must be a whole number of at least 1.',
      'Line 4 (MVW6230HW) has a negative unit cost.',
      'Line 5 (WED5000DW) has a quantity of 1.5; the quantity must be a whole number of at least 1.',
    ]);
  });

  it('names a line without a model number', () => {
    const doc = makePurchaseOrderDocument({ lines: [makeLine(), makeLine({ lineNumber: 2, modelNumber: '  ' })] });
    expect(validatePurchaseOrderForEdi(doc)).toEqual(['Line 2 has no model number.']);
  });

  it('names every missing part of the ship-to address in one message', () => {
    const doc = makePurchaseOrderDocument({
      shipTo: {
        name: 'Phoenix Warehouse',
        locationCode: 'AZ02',
        address1: null,
        city: '',
        state: 'AZ',
        postalCode: null,
      },
    });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'The ship-to address of Phoenix Warehouse is missing its address line 1, city and postal code.',
    ]);
  });

  it('names a single missing part of the ship-to address', () => {
    const doc = makePurchaseOrderDocument({ shipTo: { name: 'Dallas Warehouse', locationCode: 'TX01', state: null } });
    expect(validatePurchaseOrderForEdi(doc)).toEqual(['The ship-to address of Dallas Warehouse is missing its state.']);
  });

  it('rejects a ship-to state that is not a 2-letter code', () => {
    const doc = makePurchaseOrderDocument({ shipTo: { state: 'Kentucky' } });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'The ship-to state of Louisville Warehouse (Kentucky) is not a 2-letter state code.',
    ]);
  });

  it('refuses a completed purchase order, whatever the case of the status', () => {
    for (const status of ['Complete', 'COMPLETE', ' complete ']) {
      expect(validatePurchaseOrderForEdi(makePurchaseOrderDocument({ status }))).toEqual([
        'A completed purchase order cannot be sent.',
      ]);
    }
  });

  it('refuses a cancelled purchase order', () => {
    expect(validatePurchaseOrderForEdi(makePurchaseOrderDocument({ status: 'Cancelled' }))).toEqual([
      'A cancelled purchase order cannot be sent.',
    ]);
  });

  it.each(['New', 'Building', 'Order Sent', 'Order Confirmed'])('lets a %s order be sent', (status) => {
    expect(validatePurchaseOrderForEdi(makePurchaseOrderDocument({ status }))).toEqual([]);
  });

  it('rejects a purchase reference id longer than BEG03 allows', () => {
    const doc = makePurchaseOrderDocument({ purchaseRefId: 'PO-2026-11-20-LOUISVILLE-0001' });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'The purchase reference id PO-2026-11-20-LOUISVILLE-0001 is longer than the 22 characters an EDI purchase order allows.',
    ]);
  });

  it('rejects dates that are not calendar dates', () => {
    const doc = makePurchaseOrderDocument({
      requestedDeliveryDate: '2026-02-30',
      lines: [makeLine({ expectedArrivalDate: '12/11/2026' })],
    });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'The requested delivery date (2026-02-30) is not a valid date.',
      'Line 1 (WRF555SDFZ) has an expected arrival date (12/11/2026) that is not a valid date.',
    ]);
  });

  it('reports every problem at once, in a stable order', () => {
    const doc = makePurchaseOrderDocument({
      status: 'Complete',
      vendor: { name: 'Bosch', ediInterchangeId: null, ediQualifier: null },
      shipTo: { name: 'Louisville Warehouse', city: null },
      lines: [makeLine({ modelNumber: '', qtyOrdered: 0 })],
    });
    expect(validatePurchaseOrderForEdi(doc)).toEqual([
      'A completed purchase order cannot be sent.',
      'Vendor Bosch is not set up to receive EDI.',
      'The ship-to address of Louisville Warehouse is missing its city.',
      'Line 1 has no model number.',
      'Line 1 has a quantity of 0; the quantity must be a whole number of at least 1.',
    ]);
  });
});
