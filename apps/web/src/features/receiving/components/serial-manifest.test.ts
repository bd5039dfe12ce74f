import { describe, expect, it } from 'vitest';
import { compareManifest, manifestRefusals, parseManifest } from './serial-manifest';

describe('parseManifest', () => {
  it('reads pasted serials one per line, trimmed, blanks ignored', () => {
    expect(parseManifest('  SN-1 \n\nSN-2\r\n   \nSN-3\n', 1)).toEqual({
      units: [['SN-1'], ['SN-2'], ['SN-3']],
      header: null,
      badUnits: [],
      duplicates: [],
    });
  });

  it('reads a CSV with a header, taking only the serial columns', () => {
    const csv = 'Model,Serial Number,Qty\nTV-1, A100 ,1\nTV-1,A101,1\n';
    expect(parseManifest(csv, 1)).toMatchObject({ units: [['A100'], ['A101']], header: ['Serial Number'] });
  });

  it('takes every cell of a CSV without a header as a serial, one unit each (serials like SN1 or SN-1 are not a header)', () => {
    expect(parseManifest('SN-1,SN2\nSN3,,SN4', 1).units).toEqual([['SN-1'], ['SN2'], ['SN3'], ['SN4']]);
    expect(parseManifest('SN1\tSN2\nSN3\tSN4', 1).units).toEqual([['SN1'], ['SN2'], ['SN3'], ['SN4']]);
    expect(parseManifest('SN1 SN2  SN3', 1).units).toEqual([['SN1'], ['SN2'], ['SN3']]);
  });

  it('makes a unit of each row for a multi-serial product, by header columns or by cells, and of :=: joined cells', () => {
    expect(parseManifest('Serial 1,Serial 2\nA1,B1\nA2,B2', 2).units).toEqual([
      ['A1', 'B1'],
      ['A2', 'B2'],
    ]);
    expect(parseManifest('A1,B1\nA2,B2', 2).units).toEqual([
      ['A1', 'B1'],
      ['A2', 'B2'],
    ]);
    expect(parseManifest('A1:=:B1\nA2:=:B2', 2).units).toEqual([
      ['A1', 'B1'],
      ['A2', 'B2'],
    ]);
  });

  it('groups a flat list of single serials by the product’s count, and flags units of the wrong size', () => {
    expect(parseManifest('A1\nB1\nA2\nB2\nA3', 2)).toMatchObject({
      units: [['A1', 'B1'], ['A2', 'B2'], ['A3']],
      badUnits: [3],
    });
    expect(parseManifest('A1,B1\nA2\nA3,B3,C3', 2).badUnits).toEqual([2, 3]);
  });

  it('names serials listed twice, whatever their case', () => {
    expect(parseManifest('SN-1\nsn-1\nSN-2\nSN-1', 1).duplicates).toEqual(['sn-1', 'SN-1']);
  });
});

describe('compareManifest', () => {
  const units = [['SN-1'], ['SN-2'], ['SN-3'], ['SN-4']];

  it('sorts scans into matched, unexpected and missing, ignoring case', () => {
    expect(compareManifest(units, ['sn-2', 'OTHER-9', 'SN-4', 'other-9'])).toEqual({
      matched: ['SN-2', 'SN-4'],
      unexpected: ['OTHER-9'],
      missing: ['SN-1', 'SN-3'],
      unitsToReceive: [['SN-1'], ['SN-3']],
    });
  });

  it('counts serials received on the line before as matched, and sends only units none of whose serials is in', () => {
    const pairs = [
      ['A1', 'B1'],
      ['A2', 'B2'],
      ['A3', 'B3'],
    ];
    const result = compareManifest(pairs, ['a2'], ['A1', 'B1']);
    expect(result.matched).toEqual(['A1', 'B1', 'A2']);
    expect(result.missing).toEqual(['B2', 'A3', 'B3']);
    expect(result.unitsToReceive).toEqual([['A3', 'B3']]);
    expect(result.unexpected).toEqual([]);
  });

  it('has nothing missing once everything is scanned', () => {
    expect(compareManifest(units, ['SN-1', 'SN-2', 'SN-3', 'SN-4'])).toMatchObject({ missing: [], unitsToReceive: [] });
  });
});

describe('manifestRefusals', () => {
  it('lists the per-serial refusals in unit order, leaving other fields out', () => {
    expect(
      manifestRefusals({
        'units.10.0': ['SN-11: Serial cannot be re-scanned'],
        'units.2.0': ['SN-3: Serial cannot be re-scanned'],
        'units.2': ['Unit 3 (SN-3): X takes 2 serials per item.'],
        receivingBucket: ['must be a bucket of KY01'],
      }),
    ).toEqual([
      'Unit 3 (SN-3): X takes 2 serials per item.',
      'SN-3: Serial cannot be re-scanned',
      'SN-11: Serial cannot be re-scanned',
    ]);
  });
});
