import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

export type BinMovementReason = 'ASSIGN' | 'REMOVE' | 'PICK' | 'RELEASE';

/**
 * The SQL of bin contents: the only code that writes `bin_items` and `bin_movements`
 * (test/ledger-ownership.test.ts). Runs on the caller's transaction, under the locks `Ledger.moveBinContents` takes.
 */
export class BinContentsRepository {
  constructor(private readonly db: Executor) {}

  /** The bin's rows for these products, locked FOR UPDATE in product order (missing products are absent). */
  async lockBinItems(binId: number, productIds: number[]): Promise<Map<number, number>> {
    const ids = JSON.stringify([...new Set(productIds)].sort((a, b) => a - b));
    const rows = await queryRows<{ product_id: number; quantity: number }>(
      this.db,
      sql`select product_id, quantity from bin_items
          where bin_id = ${binId} and product_id in (select v::int from jsonb_array_elements_text(${ids}::jsonb) v)
          order by product_id for update`,
    );
    return new Map(rows.map((r) => [Number(r.product_id), Number(r.quantity)]));
  }

  /** Units of each product held in the bins of a bucket (read under the caller's on-hand locks). */
  async binnedInBucket(bucket: string, productIds: number[]): Promise<Map<number, number>> {
    const ids = JSON.stringify([...new Set(productIds)]);
    const rows = await queryRows<{ product_id: number; quantity: number }>(
      this.db,
      sql`select bi.product_id, sum(bi.quantity)::int as quantity
          from bin_items bi join bins b on b.id = bi.bin_id
          where b.bucket = ${bucket} and bi.product_id in (select v::int from jsonb_array_elements_text(${ids}::jsonb) v)
          group by bi.product_id`,
    );
    return new Map(rows.map((r) => [Number(r.product_id), Number(r.quantity)]));
  }

  /**
   * The bins of a bucket holding a product, their rows locked FOR UPDATE in bin id order (the lock order of every
   * release), answered in release order: the fewest units first, then by bin name, then by id (docs/decisions.md,
   * "Bins follow on-hand"). Deleted bins hold nothing, so they are never among them.
   */
  async lockBinsOfProduct(
    bucket: string,
    productId: number,
  ): Promise<{ binId: number; binName: string; quantity: number }[]> {
    const rows = await queryRows<{ bin_id: number; bin_name: string; quantity: number }>(
      this.db,
      sql`select bi.bin_id, b.bin_name, bi.quantity
          from bin_items bi join bins b on b.id = bi.bin_id
          where b.bucket = ${bucket} and bi.product_id = ${productId}
          order by bi.bin_id for update of bi`,
    );
    return rows
      .map((r) => ({ binId: Number(r.bin_id), binName: r.bin_name, quantity: Number(r.quantity) }))
      .sort(
        (a, b) =>
          a.quantity - b.quantity || (a.binName < b.binName ? -1 : a.binName > b.binName ? 1 : 0) || a.binId - b.binId,
      );
  }

  /**
   * Applies one change to a bin's row (inserted, updated, or deleted at zero) and records its movement, in one
   * statement. The caller has checked that the result is not negative.
   */
  async apply(input: {
    binId: number;
    productId: number;
    delta: number;
    reason: BinMovementReason;
    userId: number | null;
    pickListItemId: number | null;
    inventoryTransactionId?: number | null;
    /** When the change happened, if not now (a release after a dated ledger row: demo data's past sales). */
    at?: Date | null;
  }): Promise<void> {
    const { binId, productId, delta, reason, userId, pickListItemId } = input;
    const transactionId = input.inventoryTransactionId ?? null;
    const at = input.at ? input.at.toISOString() : null;
    await this.db.execute(
      sql`with upserted as (
            insert into bin_items (bin_id, product_id, quantity) values (${binId}, ${productId}, greatest(${delta}, 1))
            on conflict (bin_id, product_id) do update set quantity = bin_items.quantity + ${delta}, updated_at = now()
            where bin_items.quantity + ${delta} > 0
            returning 1
          ),
          emptied as (
            delete from bin_items where bin_id = ${binId} and product_id = ${productId} and quantity + ${delta} = 0 and ${delta} < 0
            returning 1
          )
          insert into bin_movements (bin_id, product_id, quantity_delta, reason, pick_list_item_id, inventory_transaction_id, user_id, created_at)
          select ${binId}, ${productId}, ${delta}, ${reason}, ${pickListItemId}, ${transactionId}, ${userId}, coalesce(${at}::timestamptz, now())
          where (select count(*) from upserted) + (select count(*) from emptied) = 1`,
    );
  }
}
