import { describe, expect, it } from 'vitest';
import type { TCommittedSale } from '@keystone/contracts';
import { invoiceSales, invoiceSerialSteps, latestSale } from './invoice-serials';

const sale = (id: number, invoice: string, needed: number, serials: string[] = []) =>
  ({
    id,
    ims_transaction_reference_id: `CS-${String(id).padStart(7, '0')}`,
    legacy_pos_invoice_id: invoice,
    serials_needed: needed,
    serials: serials.map((serial_number) => ({ serial_number })),
  }) as unknown as TCommittedSale;

describe('Finish by Invoice serial steps', () => {
  it('takes the invoice’s open sales in any case, in id order', () => {
    const sales = [sale(9, 'INV-7', 1), sale(3, 'inv-7', 0), sale(4, 'INV-70', 1)];
    expect(invoiceSales(sales, ' Inv-7 ').map((s) => s.id)).toEqual([3, 9]);
    expect(invoiceSales(sales, '  ')).toEqual([]);
  });

  it('scans the tracked sales one after another, the first lacking serials next', () => {
    const sales = [sale(1, 'A', 0), sale(2, 'A', 1, ['S1']), sale(3, 'A', 2, ['S2']), sale(4, 'A', 1)];
    const steps = invoiceSerialSteps(sales);
    expect(steps.tracked.map((s) => s.id)).toEqual([2, 3, 4]);
    expect(steps.next?.id).toBe(3);
    expect(invoiceSerialSteps([sale(2, 'A', 1, ['S1'])]).next).toBeNull();
  });

  it('keeps the copy an answer left unless the board has read more serials since', () => {
    const board = sale(5, 'A', 2, ['S1']);
    expect(latestSale(board, { 5: sale(5, 'A', 2, ['S1', 'S2']) }).serials).toHaveLength(2);
    expect(latestSale(board, { 5: sale(5, 'A', 2) }).serials).toHaveLength(1);
    expect(latestSale(board, {})).toBe(board);
  });
});
