import { PO_STATUS, PO_STATUSES } from '@keystone/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { recordChangeSql } from '../history/history.service.js';

/**
 * A PO's received figures, owned by the ledger module like every figure a receipt changes: a line's
 * received count (`purchase_order_items.qty_received`), the PO's totals (`total_cents`, `total_received_cents`) and
 * the status that follows the receipts. The SQL below is their only text: a scan's one statement
 * (`LedgerRepository.postScanReceipt`), a manifest and an un-receipt (`LedgerRepository.changeReceived`) and a PO
 * edit or a bulk load (`PoFigures`) all build on it. test/ledger-ownership.test.ts fails on any other writer.
 */

const statusId = (name: string) => PO_STATUSES.find((s) => s.status_name === name)!.id;
const ORDER_CONFIRMED = statusId(PO_STATUS.orderConfirmed);
const PARTIALLY_RECEIVED = statusId(PO_STATUS.partiallyReceived);
const RECEIVED = statusId(PO_STATUS.received);
/** Statuses that follow the receipts: a PO before or during receiving (New, Building, Order Sent, Order Confirmed, Partially Received, Received). */
const FOLLOWING = [
  PO_STATUS.new,
  PO_STATUS.building,
  PO_STATUS.orderSent,
  PO_STATUS.orderConfirmed,
  PO_STATUS.partiallyReceived,
  PO_STATUS.received,
].map(statusId);

/** A change of one line's received count that the statement writes but its reads of the lines do not see yet. */
export type PendingReceived = { itemId: number; delta: number } | null;

/** The received count of line `alias`, with the pending change when it is this line. */
function receivedOf(alias: string, pending: PendingReceived): SQL {
  const column = sql.raw(`${alias}.qty_received`);
  return pending
    ? sql`(${column} + case when ${sql.raw(alias)}.id = ${pending.itemId} then ${pending.delta}::int else 0 end)`
    : column;
}

/** `total_cents = …, total_received_cents = …` of the PO whose id is `poId`, recomputed from its lines. */
export function poTotalsSet(poId: SQL, pending: PendingReceived = null): SQL {
  return sql`total_cents = (select coalesce(sum(i.invoice_cost_cents::bigint * i.qty_ordered), 0) from purchase_order_items i where i.purchase_order_id = ${poId}),
              total_received_cents = (select coalesce(sum(i.invoice_cost_cents::bigint * ${receivedOf('i', pending)}), 0) from purchase_order_items i where i.purchase_order_id = ${poId})`;
}

/**
 * THE status rule (001 §4): a PO in a status that follows the receipts is Received when every line is received in
 * full, Partially Received when some unit is received and a line is short, and, once nothing is received any more (all
 * un-received), back to Order Confirmed from Partially Received or Received (an earlier status stays). Any other
 * status (Complete, Cancelled) is kept. An expression of the `purchase_orders` row being updated.
 */
export function poStatusAfterReceipts(poId: SQL, pending: PendingReceived = null): SQL {
  const lines = sql`select 1 from purchase_order_items o where o.purchase_order_id = ${poId}`;
  return sql`case
                when status_id not in (${sql.raw(FOLLOWING.join(', '))}) then status_id
                when not exists (${lines} and ${receivedOf('o', pending)} > 0)
                  then case when status_id in (${sql.raw(`${PARTIALLY_RECEIVED}, ${RECEIVED}`)}) then ${sql.raw(String(ORDER_CONFIRMED))} else status_id end
                when exists (${lines} and ${receivedOf('o', pending)} < o.qty_ordered) then ${sql.raw(String(PARTIALLY_RECEIVED))}
                else ${sql.raw(String(RECEIVED))} end`;
}

/** A receipt statement's CTE body `status_before`: the PO's status as the statement found it. */
export function poStatusBefore(poId: SQL): SQL {
  return sql`select status_id from purchase_orders where id = ${poId}`;
}

/**
 * The status move of a receipt's statement recorded on the PO's history (`purchase_order_status`, by name, as a PO
 * edit records it), a CTE body of a statement with CTEs `status_before` (`poStatusBefore`) and `po` (the PO's update,
 * `returning status_id`; no row when the PO was not updated, and then nothing is recorded). `at`: the receipt's time.
 */
export function poStatusChangeRecorded(poId: SQL, userId: number, at: SQL): SQL {
  const name = (column: string) =>
    sql`(select n.status_name from purchase_order_statuses n where n.id = ${sql.raw(column)})`;
  return recordChangeSql({
    entity: 'purchase-order',
    recordId: poId,
    userId,
    field: 'purchase_order_status',
    values: sql`select ${name('b.status_id')} as before, ${name('p.status_id')} as after from status_before b cross join po p`,
    at,
  });
}

/**
 * The PO totals outside a receipt: a PO edit that changed a line's cost or ordered quantity, and a bulk load (the
 * demo data). The status is the receipts' alone and is not touched here.
 */
export class PoFigures {
  constructor(private readonly db: Executor) {}

  async recomputeTotals(poId: number): Promise<void> {
    await this.db.execute(
      sql`update purchase_orders set ${poTotalsSet(sql`${poId}::int`)}, updated_at = now() where id = ${poId}`,
    );
  }

  /** Every PO at once (after a bulk load). */
  async recomputeAllTotals(): Promise<void> {
    await this.db.execute(sql`update purchase_orders set ${poTotalsSet(sql`purchase_orders.id`)}`);
  }
}
