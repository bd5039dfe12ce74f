import { describe, expect, it } from 'vitest';
import { WedgeScanDetector, classifyScan, isBarcode } from './scan-recognition.js';

function typeAt(detector: WedgeScanDetector, text: string, start: number, gap: number): string | null {
  let t = start;
  for (const ch of text) {
    detector.push(ch, t);
    t += gap;
  }
  return detector.push('Enter', t - gap + Math.min(gap, 10));
}

describe('isBarcode', () => {
  it('accepts 9 to 13 digits', () => {
    expect(isBarcode('123456789')).toBe(true);
    expect(isBarcode('0123456789012')).toBe(true);
  });
  it('rejects too short, too long, letters and all-zero first nine', () => {
    expect(isBarcode('12345678')).toBe(false);
    expect(isBarcode('12345678901234')).toBe(false);
    expect(isBarcode('12345678A')).toBe(false);
    expect(isBarcode('0000000001234')).toBe(false);
  });
});

describe('classifyScan', () => {
  it('routes BINASSIGN= with a location and a three-part bin name', () => {
    expect(classifyScan('BINASSIGN=KY01_R01-B02-S03')).toEqual({
      kind: 'bin-assign',
      locationCode: 'KY01',
      binName: 'R01-B02-S03',
    });
  });
  it('uses the current location when the scan has none, and ignores it without one', () => {
    expect(classifyScan('BINASSIGN=R01-B02-S03', 'TX01')).toEqual({
      kind: 'bin-assign',
      locationCode: 'TX01',
      binName: 'R01-B02-S03',
    });
    expect(classifyScan('BINASSIGN=R01-B02-S03', null).kind).toBe('ignored');
  });
  it('ignores a bin value without three dash-separated parts', () => {
    expect(classifyScan('BINASSIGN=KY01_R01-B02').kind).toBe('ignored');
  });
  it('routes PLI= to the pick item', () => {
    expect(classifyScan('PLI=4412')).toEqual({ kind: 'pick-item', pickListItemId: '4412' });
    expect(classifyScan('PLI=PENDING')).toEqual({ kind: 'pick-item', pickListItemId: 'PENDING' });
  });
  it('treats barcodes as UPCs and everything else as serials', () => {
    expect(classifyScan('084691826976')).toEqual({ kind: 'upc', upc: '084691826976' });
    expect(classifyScan('SN-ABC123')).toEqual({ kind: 'serial', serial: 'SN-ABC123' });
  });
  it('ignores input of 3 characters or fewer', () => {
    expect(classifyScan('abc').kind).toBe('ignored');
  });
});

describe('WedgeScanDetector', () => {
  it('returns a scan typed 10 ms apart and closed by Enter', () => {
    const d = new WedgeScanDetector();
    expect(typeAt(d, '084691826976', 1000, 10)).toBe('084691826976');
  });
  it('drops human typing slower than 50 ms per key', () => {
    const d = new WedgeScanDetector();
    expect(typeAt(d, '084691826976', 1000, 120)).toBeNull();
  });
  it('drops groups under 4 characters', () => {
    const d = new WedgeScanDetector();
    expect(typeAt(d, 'abc', 1000, 5)).toBeNull();
  });
  it('starts a new group after a pause, keeping only the fast tail', () => {
    const d = new WedgeScanDetector();
    d.push('x', 0);
    d.push('y', 500);
    expect(typeAt(d, 'PLI=77', 2000, 10)).toBe('PLI=77');
  });
});
