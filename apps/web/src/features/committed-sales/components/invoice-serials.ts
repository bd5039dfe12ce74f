import { missingSaleSerials, type TCommittedSale } from '@keystone/contracts';

/** The open sales of an invoice as Finish by Invoice matches it (trimmed, in any case), in id order. */
export function invoiceSales(sales: readonly TCommittedSale[], invoiceId: string): TCommittedSale[] {
  const wanted = invoiceId.trim().toUpperCase();
  if (!wanted) return [];
  return sales.filter((s) => s.legacy_pos_invoice_id.toUpperCase() === wanted).sort((a, b) => a.id - b.id);
}

/** A sale as last known: the copy a scan's answer left (it only gains serials while open) or the board's. */
export function latestSale(sale: TCommittedSale, answered: Readonly<Record<number, TCommittedSale>>): TCommittedSale {
  const after = answered[sale.id];
  return after && after.serials.length >= sale.serials.length ? after : sale;
}

/** The invoice's sales whose serials a scan commits (serial-tracked), and the first that still lacks some. */
export function invoiceSerialSteps(sales: readonly TCommittedSale[]) {
  const tracked = sales.filter((s) => s.serials_needed > 0);
  return { tracked, next: tracked.find((s) => missingSaleSerials(s) > 0) ?? null };
}
