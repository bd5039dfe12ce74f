import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

/** A pick item's facts as read: the committed sale, its product and bucket, and its pick list row when printed. */
export interface PickRow {
  sale_id: number;
  reference_id: string;
  invoice: string;
  product_id: number;
  model: string;
  title: string;
  upc: string | null;
  alternate_upc: string | null;
  quantity: number;
  source_bucket: string;
  warehouse: string;
  condition: string;
  is_prime: boolean;
  is_premium: boolean;
  is_express: boolean;
  is_freight: boolean;
  ship_by_date: string | null;
  item_member_ref_id: string | null;
  item_group_ref_id: string | null;
  on_hand: number;
  transacted: boolean;
  /** A backorder: no pick item while it waits for stock. */
  backordered: boolean;
  pick_list_item_id: number | null;
  pick_list_id: number | null;
  printed_at: Date | string | null;
  printed_by: string | null;
}

export interface BinRow {
  product_id: number;
  bucket: string;
  bin_id: number;
  bin_name: string;
  quantity: number;
}

export interface PickedRow {
  id: number;
  pick_list_id: number;
  reference_id: string;
  picked_quantity: number;
  picked_at: Date | string;
  picked_by: string | null;
  picked_bin_name: string | null;
  item_warehouse: string;
  product_id: number;
  model: string;
  title: string;
  upc: string | null;
}

/** A pick list item row, locked. */
export interface LockedItem {
  id: number;
  committed_sale_id: number;
  quantity_requested: number;
  picked_at: Date | string | null;
  product_id: number;
  reference_id: string;
  source_bucket: string;
  transacted: boolean;
  /** The bin asked for (`lockItem`'s binId), when it exists: its bucket and name. */
  bin_id: number | null;
  bin_bucket: string | null;
  bin_name: string | null;
}

/** The sale's columns every read selects (`cs` the sale, `b` its bucket, `p` its product). */
const saleColumns = sql`cs.id as sale_id, cs.ims_transaction_reference_id as reference_id, cs.legacy_pos_invoice_id as invoice,
  cs.product_id, p.model_number as model, p.description as title, p.upc, p.alternate_upc, cs.committed_quantity as quantity,
  cs.source_bucket, b.location_code as warehouse, b.condition_code as condition, cs.is_prime, cs.is_premium, cs.is_express,
  cs.is_freight, cs.ship_by_date::text as ship_by_date, cs.item_member_ref_id, cs.item_group_ref_id,
  coalesce((select i.quantity from inventory i where i.product_id = cs.product_id and i.bucket = cs.source_bucket), 0)::int as on_hand,
  (cs.transacted_at is not null) as transacted, cs.backordered`;

/** Warehouse buckets: a location's own buckets (not its sub-locations such as KY01_FBA_INBOUND). */
const warehouseBucket = (warehouse: string | null): SQL =>
  warehouse
    ? sql`b.location_code = ${warehouse} and b.parent_location_code = ${warehouse}`
    : sql`b.location_code = b.parent_location_code`;

/**
 * Pick lists and pick items (docs/decisions.md, "Picking and pick lists"). Reads the committed sales, products, buckets and bins; writes only
 * `pick_lists` and `pick_list_items` (bin contents change through the ledger module).
 */
export class PickingRepository {
  constructor(private readonly db: Executor) {}

  /** The warehouse's buckets (every warehouse's for null), for the board's per-bucket index reads. */
  async warehouseBuckets(warehouse: string | null): Promise<string[]> {
    const rows = await queryRows<{ bucket: string }>(
      this.db,
      sql`select b.bucket from buckets b where ${warehouseBucket(warehouse)} order by b.bucket`,
    );
    return rows.map((r) => r.bucket);
  }

  /**
   * Open sales of these buckets on no pick list (`on_pick_list` false): ship-by date (none last), then oldest first,
   * one page. Each bucket's first `offset + limit` ids come in order from committed_sales_unprinted_idx and are merged,
   * so a page reads a few index entries per bucket rather than every unprinted sale of the warehouse.
   */
  async unprinted(buckets: string[], limit: number, offset: number): Promise<PickRow[]> {
    if (!buckets.length) return [];
    const head = limit + offset;
    const perBucket = buckets.map(
      (bucket) => sql`(select cs.id, cs.ship_by_date from committed_sales cs
          where cs.transacted_at is null and not cs.on_pick_list and not cs.backordered and cs.source_bucket = ${bucket}
          order by cs.ship_by_date asc nulls last, cs.id asc limit ${head})`,
    );
    return queryRows<PickRow>(
      this.db,
      sql`with page as materialized (
            select u.id from (${sql.join(perBucket, sql` union all `)}) u
            order by u.ship_by_date asc nulls last, u.id asc
            limit ${limit} offset ${offset}
          )
          select ${saleColumns}, null::int as pick_list_item_id, null::int as pick_list_id, null::timestamptz as printed_at, null::text as printed_by
          from page
          join committed_sales cs on cs.id = page.id
          join buckets b on b.bucket = cs.source_bucket
          join products p on p.id = cs.product_id
          order by cs.ship_by_date asc nulls last, cs.id asc`,
    );
  }

  async countUnprinted(buckets: string[]): Promise<number> {
    if (!buckets.length) return 0;
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from committed_sales cs
          where cs.transacted_at is null and not cs.on_pick_list and not cs.backordered and cs.source_bucket in (${sql.join(
            buckets.map((b) => sql`${b}`),
            sql`, `,
          )})`,
    );
    return row?.n ?? 0;
  }

  private printedSelect(where: SQL, tail: SQL = sql``): Promise<PickRow[]> {
    return queryRows<PickRow>(
      this.db,
      sql`select ${saleColumns}, pli.id as pick_list_item_id, pli.pick_list_id, pli.printed_at, u.username as printed_by
          from pick_list_items pli
          join committed_sales cs on cs.id = pli.committed_sale_id
          join buckets b on b.bucket = cs.source_bucket
          join products p on p.id = cs.product_id
          left join users u on u.id = pli.printed_by_id
          where ${where} ${tail}`,
    );
  }

  /** Printed items not picked whose sale is open: newest print first. */
  async printed(warehouse: string | null, limit: number, offset: number): Promise<{ rows: PickRow[]; total: number }> {
    const rows = await this.printedSelect(
      sql`pli.picked_at is null and cs.transacted_at is null ${warehouse ? sql`and pli.item_warehouse = ${warehouse}` : sql``}`,
      sql`order by pli.printed_at desc, pli.id desc limit ${limit} offset ${offset}`,
    );
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from pick_list_items pli join committed_sales cs on cs.id = pli.committed_sale_id
          where pli.picked_at is null and cs.transacted_at is null ${warehouse ? sql`and pli.item_warehouse = ${warehouse}` : sql``}`,
    );
    return { rows, total: count?.n ?? rows.length };
  }

  async printedItem(id: number): Promise<PickRow | null> {
    return (await this.printedSelect(sql`pli.id = ${id}`))[0] ?? null;
  }

  async printedItemsOfList(pickListId: number): Promise<PickRow[]> {
    return this.printedSelect(sql`pli.pick_list_id = ${pickListId}`, sql`order by pli.id`);
  }

  async pickList(
    id: number,
  ): Promise<{ id: number; warehouse: string; printed_at: Date | string; printed_by: string | null } | null> {
    const rows = await queryRows<{
      id: number;
      warehouse: string;
      printed_at: Date | string;
      printed_by: string | null;
    }>(
      this.db,
      sql`select pl.id, pl.warehouse, pl.printed_at, u.username as printed_by from pick_lists pl left join users u on u.id = pl.printed_by_id where pl.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /** Bins of these buckets holding these products (most units first). */
  async binsHolding(pairs: { productId: number; bucket: string }[]): Promise<BinRow[]> {
    if (!pairs.length) return [];
    const products = JSON.stringify([...new Set(pairs.map((p) => p.productId))]);
    const buckets = JSON.stringify([...new Set(pairs.map((p) => p.bucket))]);
    return queryRows<BinRow>(
      this.db,
      sql`select bi.product_id, bn.bucket, bn.id as bin_id, bn.bin_name, bi.quantity
          from bin_items bi join bins bn on bn.id = bi.bin_id
          where bi.product_id in (select v::int from jsonb_array_elements_text(${products}::jsonb) v)
            and bn.bucket in (select v from jsonb_array_elements_text(${buckets}::jsonb) v)
          order by bi.quantity desc, bn.bin_name asc`,
    );
  }

  /** The sales named by these references, locked in id order (a print waits for another print or a transact of them). */
  async lockSales(references: string[]): Promise<PickRow[]> {
    if (!references.length) return [];
    const refs = JSON.stringify(references);
    const locked = await queryRows<{ id: number }>(
      this.db,
      sql`select id from committed_sales where ims_transaction_reference_id in (select v from jsonb_array_elements_text(${refs}::jsonb) v)
          order by id for update`,
    );
    if (!locked.length) return [];
    const ids = JSON.stringify(locked.map((r) => r.id));
    return queryRows<PickRow>(
      this.db,
      sql`select ${saleColumns}, pli.id as pick_list_item_id, pli.pick_list_id, pli.printed_at, null::text as printed_by
          from committed_sales cs
          join buckets b on b.bucket = cs.source_bucket
          join products p on p.id = cs.product_id
          left join pick_list_items pli on pli.committed_sale_id = cs.id
          where cs.id in (select v::int from jsonb_array_elements_text(${ids}::jsonb) v)`,
    );
  }

  async insertPickList(warehouse: string, userId: number): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`insert into pick_lists (warehouse, printed_by_id) values (${warehouse}, ${userId}) returning id`,
    );
    return row!.id;
  }

  async insertItem(pickListId: number, row: PickRow, suggestedBinId: number | null, userId: number): Promise<number> {
    const [item] = await queryRows<{ id: number }>(
      this.db,
      sql`insert into pick_list_items (pick_list_id, committed_sale_id, product_id, item_member_ref_id, item_group_ref_id, product_upc,
            product_alt_upc, item_condition, item_warehouse, quantity_requested, is_express, is_freight, is_premium, is_prime,
            ship_by_date, suggested_bin_id, printed_by_id)
          values (${pickListId}, ${row.sale_id}, ${row.product_id}, ${row.item_member_ref_id}, ${row.item_group_ref_id}, ${row.upc},
            ${row.alternate_upc}, ${row.condition}, ${row.warehouse}, ${row.quantity}, ${row.is_express}, ${row.is_freight},
            ${row.is_premium}, ${row.is_prime}, ${row.ship_by_date}::date, ${suggestedBinId}, ${userId})
          returning id`,
    );
    await this.db.execute(sql`update committed_sales set on_pick_list = true where id = ${row.sale_id}`);
    return item!.id;
  }

  /**
   * The pick list item row, locked for the rest of the transaction (a second picker or an unprint waits here), with
   * its sale and, in the same statement, the bin `binId` names (when it exists).
   */
  async lockItem(id: number, binId: number | null = null): Promise<LockedItem | null> {
    const rows = await queryRows<LockedItem>(
      this.db,
      sql`select pli.id, pli.committed_sale_id, pli.quantity_requested, pli.picked_at, pli.product_id,
            cs.ims_transaction_reference_id as reference_id, cs.source_bucket, (cs.transacted_at is not null) as transacted,
            bn.id as bin_id, bn.bucket as bin_bucket, bn.bin_name
          from pick_list_items pli join committed_sales cs on cs.id = pli.committed_sale_id
          left join bins bn on bn.id = ${binId}::int
          where pli.id = ${id}
          for update of pli`,
    );
    return rows[0] ?? null;
  }

  /** Records the pick and answers it as read back (one statement). */
  async markPicked(id: number, values: { userId: number; quantity: number; binId: number | null }): Promise<PickedRow> {
    const rows = await queryRows<PickedRow>(
      this.db,
      sql`with done as (
            update pick_list_items set picked_at = now(), picked_by_id = ${values.userId}, picked_quantity = ${values.quantity},
              picked_bin_id = ${values.binId} where id = ${id}
            returning *
          )
          ${this.pickedSelect(sql`done`)}`,
    );
    return rows[0]!;
  }

  /** Deletes the item and marks its sale unprinted again, in the caller's transaction. */
  async deleteItem(id: number): Promise<void> {
    await this.db.execute(
      sql`with gone as (delete from pick_list_items where id = ${id} returning committed_sale_id)
          update committed_sales set on_pick_list = false where id in (select committed_sale_id from gone)`,
    );
  }

  private pickedSelect(from: SQL): SQL {
    return sql`select pli.id, pli.pick_list_id, cs.ims_transaction_reference_id as reference_id, pli.picked_quantity, pli.picked_at,
            u.username as picked_by, bn.bin_name as picked_bin_name, pli.item_warehouse, p.id as product_id, p.model_number as model,
            p.description as title, p.upc
          from ${from} pli
          join committed_sales cs on cs.id = pli.committed_sale_id
          join products p on p.id = pli.product_id
          left join users u on u.id = pli.picked_by_id
          left join bins bn on bn.id = pli.picked_bin_id`;
  }

  async picked(id: number): Promise<PickedRow | null> {
    const rows = await queryRows<PickedRow>(
      this.db,
      sql`${this.pickedSelect(sql`pick_list_items`)} where pli.id = ${id} and pli.picked_at is not null`,
    );
    return rows[0] ?? null;
  }
}
