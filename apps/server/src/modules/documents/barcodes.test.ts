import { describe, expect, it } from 'vitest';
import { code128Png, zplLabel, zplLabels } from './barcodes.js';
import { renderBinLabelsZpl } from './bin-labels.js';

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
    expect(
      zplLabels([
        { lines: ['a'], barcode: 'PLI=1' },
        { lines: ['b'], barcode: 'PLI=2' },
      ]).match(/\^XA/g),
    ).toHaveLength(2);
  });

  it('starts every label with ^CI28 (UTF-8), ^PW812 and ^LL406 (4 × 2 in at 203 dpi), so no stored printer setting is needed', () => {
    const zpl = zplLabels([
      { lines: ['a'], barcode: 'PLI=1' },
      { lines: ['b'], barcode: 'PLI=2' },
    ]);
    const blocks = zpl.split('^XZ').filter((b) => b.trim() !== '');
    expect(blocks).toHaveLength(2);
    for (const block of blocks) {
      const commands = block.trim().split('\n');
      expect(commands.slice(0, 4)).toEqual(['^XA', '^CI28', '^PW812', '^LL406']);
    }
  });

  it('writes a non-ASCII bin name as UTF-8 under ^CI28', () => {
    const zpl = renderBinLabelsZpl([{ binName: 'Étagère-é', locationCode: 'KY01', conditionCode: 'NEW' }]);
    const bytes = Buffer.from(zpl, 'utf8');
    expect(zpl.indexOf('^CI28')).toBeGreaterThan(0);
    expect(zpl.indexOf('^CI28')).toBeLessThan(zpl.indexOf('^FD'));
    // é is C3 A9 in UTF-8 (one byte E9 in Latin-1, 82 in code page 850).
    expect(bytes.includes(Buffer.from('^FD\u00c9tag\u00e8re-\u00e9^FS', 'utf8'))).toBe(true);
    expect(bytes.includes(Buffer.from([0xc3, 0xa9]))).toBe(true);
  });
});
