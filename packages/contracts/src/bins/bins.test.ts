import { describe, expect, it } from 'vitest';
import {
  BIN_MESSAGES,
  binNameFromScan,
  binNameOf,
  binPlaceError,
  binsPageTitle,
  ZCreateBinSchema,
} from './bins.api.js';

describe('bin rules (001 §5, §9)', () => {
  it('accepts 0-99 with no leading zero and no decimal point', () => {
    for (const ok of [0, 7, 99, '0', '7', '42']) expect(binPlaceError('row', ok)).toBeNull();
    for (const bad of [100, -1, 1.5, '07', '1.5', '100', '', ' 1', 'x', null, undefined])
      expect(binPlaceError('row', bad)).toBe(BIN_MESSAGES.rowInvalid);
    expect(binPlaceError('bay', '07')).toBe('Bay is invalid. ');
    expect(binPlaceError('shelf', 100)).toBe('Shelf is invalid. ');
  });

  it('names a bin R##-B##-S##, zero-padded, and reads it back from a BINASSIGN scan', () => {
    expect(binNameOf(1, 2, 30)).toBe('R01-B02-S30');
    expect(binNameFromScan('BINASSIGN=KY01_R01-B02-S30')).toBe('R01-B02-S30');
    expect(binNameFromScan('R01-B02-S30')).toBe('R01-B02-S30');
  });

  it('titles the page by its sort', () => {
    expect(binsPageTitle('created_at', 'desc')).toBe('Recently Created Bins');
    expect(binsPageTitle('bin_name', 'asc')).toBe('Bins Alphabetical by Bin Name');
    expect(binsPageTitle('bin_name', 'desc')).toBe('Bins');
  });

  it('derives or checks the name on create', () => {
    expect(ZCreateBinSchema.parse({ row: '3', bay: 0, shelf: 9, locationCode: 'ky01' })).toMatchObject({
      row: 3,
      bay: 0,
      shelf: 9,
      locationCode: 'KY01',
      conditionCode: 'NEW',
    });
    const bad = ZCreateBinSchema.safeParse({ row: 3, bay: 0, shelf: 9, locationCode: 'KY01', binName: 'R03-B00-S08' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['binName']);
  });
});
