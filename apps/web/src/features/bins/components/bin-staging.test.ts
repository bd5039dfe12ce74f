import { describe, expect, it } from 'vitest';
import { BIN_MESSAGES } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';
import { applyServerErrors, checkRemoval, setStagedQuantity, stageScan } from './bin-staging';

describe('bin staging', () => {
  it('adds 1 per scan, keeps quantities at least 1', () => {
    let lines = stageScan([], '012345678905');
    lines = stageScan(lines, '012345678905');
    lines = stageScan(lines, '036000291452');
    expect(lines.map((l) => [l.upc, l.quantity])).toEqual([
      ['036000291452', 1],
      ['012345678905', 2],
    ]);
    expect(setStagedQuantity(lines, '012345678905', '0')[1]!.quantity).toBe(1);
    expect(setStagedQuantity(lines, '012345678905', '-3')[1]!.quantity).toBe(1);
    expect(setStagedQuantity(lines, '012345678905', '7')[1]!.quantity).toBe(7);
  });

  it("checks a removal against the bin's contents with the spec's messages", () => {
    const items = [{ productId: 1, model: 'A', upc: '111', alternateUpc: '222', quantity: 3 }];
    const lines = checkRemoval(
      [
        { upc: '111', quantity: 2, error: null },
        { upc: '222', quantity: 2, error: null },
        { upc: '999', quantity: 1, error: null },
      ],
      items,
    );
    expect(lines.map((l) => l.error)).toEqual([
      BIN_MESSAGES.removeTooMany,
      BIN_MESSAGES.removeTooMany,
      BIN_MESSAGES.notInBin,
    ]);
    expect(checkRemoval([{ upc: '222', quantity: 3, error: null }], items)[0]!.error).toBeNull();
  });

  it("puts the server's line errors on their lines", () => {
    const lines = [
      { upc: '111', quantity: 1, error: null },
      { upc: '000', quantity: 1, error: null },
    ];
    const out = applyServerErrors(
      lines,
      new ApiCallError(422, { message: 'UPC Not Found', errors: { 'items.1.upc': ['UPC Not Found'] } }, '/x'),
    );
    expect(out.message).toBe('UPC Not Found');
    expect(out.lines.map((l) => l.error)).toEqual([null, 'UPC Not Found']);
  });
});
