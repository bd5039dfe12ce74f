import { describe, expect, it } from 'vitest';
import { code128Png, zplLabel, zplLabels } from './barcodes.js';

describe('barcodes', () => {
  it('draws a Code 128 PNG', async () => {
    const png = await code128Png('PLI=42');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // A longer value draws a wider image.
    const wider = await code128Png('BINASSIGN=KY01_R01-B02-S03');
    expect(wider.readUInt32BE(16)).toBeGreaterThan(png.readUInt32BE(16));
  });

  it('builds a ZPL label with its lines and a Code 128 field of the value', () => {
    const zpl = zplLabel({ lines: ['R01-B02-S03', 'KY01 NEW'], barcode: 'BINASSIGN=KY01_R01-B02-S03' });
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trim().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^FDR01-B02-S03^FS');
    expect(zpl).toContain('^FDKY01 NEW^FS');
    expect(zpl).toMatch(/\^BCN,\d+,Y,N,N,N\^FDBINASSIGN=KY01_R01-B02-S03\^FS/);
    expect(zplLabels([{ lines: ['a'], barcode: 'PLI=1' }, { lines: ['b'], barcode: 'PLI=2' }]).match(/\^XA/g)).toHaveLength(2);
  });
});
