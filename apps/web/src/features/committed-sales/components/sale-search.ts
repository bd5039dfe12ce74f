import type { TCommittedSale } from '@keystone/contracts';

/** 001 §5: the board's search is a case-insensitive contains on the invoice id and the model; blank shows every sale. */
export function filterCommittedSales<T extends Pick<TCommittedSale, 'legacy_pos_invoice_id' | 'product'>>(
  sales: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...sales];
  return sales.filter(
    (s) => s.legacy_pos_invoice_id.toLowerCase().includes(needle) || s.product.model.toLowerCase().includes(needle),
  );
}
