import { describe, expect, it } from 'vitest';
import {
  computePoTotals,
  defaultRequestedDeliveryDate,
  discountedCostCents,
  hasPoNumberCollision,
  parseLineCost,
  percentToHundredths,
  purchaseRefIdFor,
} from './po-rules.js';

describe('line discounts', () => {
  it('Dollar Off subtracts the amount', () => {
    expect(discountedCostCents(19_999, 25.5, 'Dollar Off')).toBe(17_449);
  });
  it('Percent Off reduces by the percent, rounded half up to the cent', () => {
    expect(discountedCostCents(19_999, 10, 'Percent Off')).toBe(17_999); // 179.991 → 179.99
    expect(discountedCostCents(1_005, 50, 'Percent Off')).toBe(503); // 5.025 → 5.03
    expect(discountedCostCents(33_333, 12.5, 'Percent Off')).toBe(29_166); // 291.66375 → 291.66
  });
  it('no type or no amount means no discount; never below zero', () => {
    expect(discountedCostCents(5_000, 10, '')).toBe(5_000);
    expect(discountedCostCents(5_000, 0, 'Percent Off')).toBe(5_000);
    expect(discountedCostCents(5_000, 80, 'Dollar Off')).toBe(0);
  });
});

describe('PO totals', () => {
  const lines = [
    { costCents: 129_999, qtyOrdered: 3, qtyReceived: 1 },
    { costCents: 4_550, qtyOrdered: 10, qtyReceived: 10 },
  ];
  it('computes sub total, received, DFI discount and balance due exactly', () => {
    // 3 × 1299.99 + 10 × 45.50 = 3899.97 + 455.00 = 4354.97; DFI 2.5 % = 108.87425 → 108.87
    expect(computePoTotals(lines, '2.50', false)).toEqual({
      subTotalCents: 435_497,
      totalReceivedCents: 129_999 + 45_500,
      dfiDiscountCents: 10_887,
      balanceDueCents: 435_497 - 10_887,
    });
  });
  it('has no balance due once paid', () => {
    expect(computePoTotals(lines, 0, true).balanceDueCents).toBe(0);
  });
  it('reads percentages exactly', () => {
    expect(percentToHundredths('2.5')).toBe(250);
    expect(percentToHundredths(0.1 + 0.2)).toBe(30);
    expect(() => percentToHundredths('-1')).toThrow();
  });
});

describe('PO numbers', () => {
  it('warns of a collision only without legacy number and without W', () => {
    expect(hasPoNumberCollision({ legacy_po_number: null, purchase_ref_id: '104233' })).toBe(true);
    expect(hasPoNumberCollision({ legacy_po_number: null, purchase_ref_id: 'W104233' })).toBe(false);
    expect(hasPoNumberCollision({ legacy_po_number: 'L-5521', purchase_ref_id: '104233' })).toBe(false);
  });
  it('numbers new POs W + six digits', () => {
    expect(purchaseRefIdFor(42)).toBe('W000042');
  });
  it('removes a comma from line cost text', () => {
    expect(parseLineCost('1,299.99')).toBe(1299.99);
  });
});

describe('default requested delivery date', () => {
  it('is the Friday on or after today, plus three weeks', () => {
    expect(defaultRequestedDeliveryDate('2026-11-20')).toBe('2026-12-11'); // a Friday
    expect(defaultRequestedDeliveryDate('2026-11-21')).toBe('2026-12-18'); // Saturday → Fri 27th + 21
    expect(defaultRequestedDeliveryDate('2026-11-19')).toBe('2026-12-11'); // Thursday
    expect(defaultRequestedDeliveryDate('2026-12-26')).toBe('2027-01-22'); // across the year
  });
});
