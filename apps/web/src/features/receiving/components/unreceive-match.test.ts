import { describe, expect, it } from 'vitest';
import type { TTransactedReceipt } from '@keystone/contracts';
import { matchReceipt } from './unreceive-match';

function receipt(ref: string, serials: string[]): TTransactedReceipt {
  return {
    ims_transaction_reference_id: ref,
    received_quantity: 1,
    receiving_bucket: 'KY01',
    transacted_at: '2026-01-01T00:00:00.000Z',
    transacted_by: 'x',
    product: { id: 1, model: 'M', upc: '012345678905', alternate_upc: null },
    serials: serials.map((s) => ({
      scanned_serial_number: s,
      scanned_upc: null,
      scanned_at: '',
      receiving_disposition_code: 'LIVE',
      notes: null,
      fk_inventory_serial_id: 1,
    })),
  };
}

describe('matchReceipt', () => {
  const list = [receipt('IR-0000001', ['A1', 'A2']), receipt('IR-0000002', ['B1'])];
  it('matches one receipt when the scanned set equals its serials, ignoring case and order', () => {
    expect(matchReceipt(list, ['a2', 'A1']).exact?.ims_transaction_reference_id).toBe('IR-0000001');
    expect(matchReceipt(list, ['b1']).exact?.ims_transaction_reference_id).toBe('IR-0000002');
  });
  it('keeps a partial set as a candidate without an exact match', () => {
    const m = matchReceipt(list, ['A1']);
    expect(m.candidates.map((r) => r.ims_transaction_reference_id)).toEqual(['IR-0000001']);
    expect(m.exact).toBeNull();
  });
  it('has no candidate for serials of two receipts or an unknown serial', () => {
    expect(matchReceipt(list, ['A1', 'B1']).candidates).toEqual([]);
    expect(matchReceipt(list, ['ZZ']).candidates).toEqual([]);
  });
  it('matches a receipt without serials when nothing is scanned', () => {
    const m = matchReceipt([receipt('IR-0000003', [])], []);
    expect(m.exact?.ims_transaction_reference_id).toBe('IR-0000003');
  });
});
