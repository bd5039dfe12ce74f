import { describe, expect, it } from 'vitest';
import type { TSerialCommittedSale } from '@keystone/contracts';
import { invoicePath } from './sale-links';

const sale = (over: Partial<TSerialCommittedSale['sale']>): TSerialCommittedSale['sale'] => ({
  ims_transaction_reference_id: 'CS-0000007',
  legacy_pos_invoice_id: 'INV 42/A',
  source_bucket: 'KY01',
  committed_quantity: 1,
  created_at: '2026-01-02T10:00:00.000Z',
  transacted_at: null,
  ledger_reference: null,
  pos_work_order_id: null,
  ...over,
});

describe("a committed-sale serial card's invoice link", () => {
  it('opens the work order a sale was committed from, open or sold', () => {
    expect(invoicePath(sale({ pos_work_order_id: 3 }))).toBe('/work-orders/3');
    expect(
      invoicePath(
        sale({ pos_work_order_id: 3, transacted_at: '2026-01-03T10:00:00.000Z', ledger_reference: 'IS-0000009' }),
      ),
    ).toBe('/work-orders/3');
  });

  it('opens an open point-of-sale invoice on the committed sales board, searched by the invoice', () => {
    expect(invoicePath(sale({}))).toBe('/boards/committed-sales?search=INV+42%2FA');
  });

  it('has no view for a sold point-of-sale invoice', () => {
    expect(invoicePath(sale({ transacted_at: '2026-01-03T10:00:00.000Z', ledger_reference: 'IS-0000009' }))).toBeNull();
  });
});
