import type { TSerialCommittedSale } from '@keystone/contracts';

/**
 * Where a card's legacy invoice opens (docs/decisions.md, "A sale's transaction"): the work order the sale was
 * committed from (its number is the invoice), else, while the sale is open, the committed sales board searched by
 * the invoice (its open lines, Finish Invoice); a sold point-of-sale invoice has no view of its own (null).
 */
export function invoicePath(sale: TSerialCommittedSale['sale']): string | null {
  if (sale.pos_work_order_id !== null) return `/work-orders/${sale.pos_work_order_id}`;
  if (!sale.transacted_at)
    return `/boards/committed-sales?${new URLSearchParams({ search: sale.legacy_pos_invoice_id })}`;
  return null;
}
