import { describe, expect, it } from 'vitest';
import {
  PICK_MESSAGES,
  pickErrorText,
  shipPriorityLabel,
  pickBarcodeValue,
  binNameFromInput,
} from '@keystone/contracts';
import { checkBin, submitError, upcError } from './pick-form';

const item = {
  upc: '012345678905',
  alternateUpc: '4006381333931',
  availableBins: [
    { binId: 7, binName: 'R01-B02-S03', quantity: 4 },
    { binId: 9, binName: 'R10-B01-S01', quantity: 2 },
  ],
};

describe('the pick form (001 §8)', () => {
  it('takes the upc or the alternate UPC, and names an empty or wrong one', () => {
    expect(upcError('', item)).toBe('UPC cannot be empty');
    expect(upcError('  ', item)).toBe(PICK_MESSAGES.upcEmpty);
    expect(upcError('111', item)).toBe('Invalid UPC');
    expect(upcError('012345678905', item)).toBeNull();
    expect(upcError('4006381333931', item)).toBeNull();
    expect(upcError('x', { ...item, alternateUpc: null })).toBe('Invalid UPC');
  });

  it('reads the bin from a BINASSIGN= scan or a typed name (the last underscore-separated part)', () => {
    expect(checkBin('', item).error).toBe('Bin Field Cannot Be Empty');
    expect(checkBin('BINASSIGN=KY01_R01-B02-S03', item)).toEqual({ error: null, bin: item.availableBins[0] });
    expect(checkBin('BINASSIGN=KY01_INBOUND_R10-B01-S01', item).bin?.binId).toBe(9);
    expect(checkBin('r01-b02-s03', item).bin?.binId).toBe(7);
    expect(checkBin('KY01_R01-B02-S03', item).bin?.binId).toBe(7);
    expect(checkBin('BINASSIGN=KY01', item).error).toBe('Invalid Bin Barcode');
    expect(checkBin('BINASSIGN=KY01_', item).error).toBe('Invalid Bin Barcode');
    expect(checkBin('BINASSIGN=TX01_R05-B05-S05', item).error).toBe(
      'Scanned bin does not match one of the available bins',
    );
    expect(binNameFromInput('  ')).toBeNull();
  });

  it("says why Submit cannot send: 'Cannot Submit - …'", () => {
    expect(submitError({ upc: 'bad', bin: 'R01-B02-S03', noBin: false }, item)).toBe('Cannot Submit - Invalid UPC');
    expect(submitError({ upc: item.upc, bin: '', noBin: false }, item)).toBe(
      'Cannot Submit - Bin Field Cannot Be Empty',
    );
    expect(submitError({ upc: item.upc, bin: 'R99-B99-S99', noBin: false }, item)).toBe('Cannot Submit - Invalid Bin');
    expect(submitError({ upc: item.upc, bin: '', noBin: true }, item)).toBeNull();
    expect(submitError({ upc: item.upc, bin: '', noBin: false }, { ...item, availableBins: [] })).toBeNull();
    expect(submitError({ upc: item.upc, bin: 'BINASSIGN=KY01_R01-B02-S03', noBin: false }, item)).toBeNull();
  });

  it("maps the server's answer to the §8 texts", () => {
    expect(pickErrorText(undefined)).toBe('Unknown error - no response from IMS was received.');
    expect(pickErrorText('Pick list item 4 has already been picked.')).toBe('Item has already been picked.');
    expect(
      pickErrorText('Committed sale CS-0000001 has already been picked: it was transacted at the point of sale.'),
    ).toBe('Item has already been picked, possibly via the old pick page in POS 1. No item was removed from any bin.');
    expect(pickErrorText('Bin 4 is not one of the available bins of KY01')).toBe(
      'Bin 4 is not one of the available bins of KY01',
    );
    expect(pickErrorText('')).toBe('Unknown error occurred when picking.');
  });

  it('labels ship priorities and pick barcodes (001 §9)', () => {
    expect(shipPriorityLabel({ isPrime: true, isPremium: true, isExpress: false })).toBe('Prime/Premium');
    expect(shipPriorityLabel({ isPrime: false, isPremium: true, isExpress: true })).toBe('Premium');
    expect(shipPriorityLabel({ isPrime: true, isPremium: false, isExpress: true })).toBe('Amazon Prime');
    expect(shipPriorityLabel({ isPrime: false, isPremium: false, isExpress: true })).toBe('Walmart Express');
    expect(shipPriorityLabel({ isPrime: false, isPremium: false, isExpress: false })).toBeNull();
    expect(pickBarcodeValue(42)).toBe('PLI=42');
    expect(pickBarcodeValue(null)).toBe('PLI=PENDING');
  });
});
