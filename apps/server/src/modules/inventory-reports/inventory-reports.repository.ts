import { sql, type SQL } from 'drizzle-orm';
import { cursorPages } from '../../db/cursor-pages.js';
import { queryRows, type Executor } from '../../db/database.js';

/** One (product, bucket) of an as-of report: the units the ledger had there at the instant, and their unit cost. */
export interface AsOfRow {
  productId: number;
  model: string;
  upc: string | null;
  description: string;
  brand: string | null;
  bucket: string;
  locationCode: string;
  conditionCode: string;
  quantity: number;
  unitCostCents: number;
}

export interface AsOfTotalsRow {
  locationCode: string;
  products: number;
  rows: number;
  units: number;
  valueCents: number;
}

export interface DailyReceivedRow {
  locationCode: string;
  day: string;
  units: number;
  cents: number;
}

export interface UnreceivedVendorRow {
  vendorId: number;
  vendorName: string;
  purchaseOrders: number;
  units: number;
  unreceivedCents: number;
  invoicedCents: number;
  invoicedNotReceivedCents: number;
}

export interface InactiveRow {
  productId: number;
  model: string;
  description: string;
  bucket: string;
  locationCode: string;
  conditionCode: string;
  quantity: number;
  lastMovementAt: Date | null;
  unitCostCents: number;
}

export interface OpenSalesRow {
  productId: number;
  model: string;
  description: string;
  bucket: string;
  locationCode: string;
  orders: number;
  units: number;
  earliestShipBy: string | null;
  onHand: number;
  unitCostCents: number;
}

const n = (v: unknown) => Number(v ?? 0);

/** Which products an as-of report covers: every product, or those of one manufacturer (the GE export). */
export type AsOfScope = { manufacturer?: string };

/**
 * Reads of the named inventory reports (docs/decisions.md, "Inventory reports"). Nothing here writes: the ledger module is the only writer of
 * inventory transactions and on-hand. Quantities as of an instant are the sums of the ledger's rows created before
 * it; every read is run by the service in a READ ONLY transaction.
 */
export class InventoryReportsRepository {
  constructor(
    private readonly db: Executor,
    private readonly dbKind: 'pglite' | 'postgres' = 'postgres',
  ) {}

  /** The as-of report of the scope at `end`, `pageSize` rows at a time from one snapshot (see asOfQuery). */
  asOfPages(end: string, scope: AsOfScope, pageSize: number): AsyncGenerator<AsOfRow[]> {
    return cursorPages<AsOfRow>(this.db, this.dbKind, this.asOfQuery(end, scope), pageSize);
  }

  private scopeFilter(scope: AsOfScope): SQL {
    return scope.manufacturer
      ? sql`and p.fk_manufacturer_id in (select m.id from manufacturers m where m.name = ${scope.manufacturer})`
      : sql``;
  }

  /**
   * The as-of report of the scope as one statement (read by the service through a cursor, a page at a time): per
   * product and bucket with a non-zero quantity at `end`, in (product id, bucket) order, the fields of AsOfRow.
   */
  asOfQuery(end: string, scope: AsOfScope): SQL {
    return sql`with last as materialized ${this.lastReceipts(end, scope)}
          select q.product_id::int as "productId", p.model_number as "model", p.upc as "upc", p.description as "description",
                 br.brand_name as "brand", q.bucket as "bucket", bk.location_code as "locationCode", bk.condition_code as "conditionCode",
                 q.quantity::int as "quantity", coalesce(poi.invoice_cost_cents, p.current_cost_cents)::int as "unitCostCents"
          from ${this.asOfQuantities(end, scope)} q
          join products p on p.id = q.product_id
          join buckets bk on bk.bucket = q.bucket
          left join brands br on br.id = p.fk_brand_id
          left join last on last.product_id = q.product_id
          left join purchase_order_items poi on poi.id = last.purchase_order_item_id
          order by q.product_id, q.bucket`;
  }

  /**
   * Per product and bucket of the scope, the quantity at `end` where it is not zero (a subquery: product_id, bucket,
   * quantity). It is today's on-hand less the ledger's changes created at or after `end`: the ledger is the only
   * writer of on-hand and moves it in the same transaction as each row it posts, so on-hand is the sum of every row,
   * and the sum of those before `end` is on-hand less the sum of those after. The rows after the date (the
   * `created_at` index) are a small part of the history for a recent date, where summing everything before it read
   * the whole ledger; for today there are none. The full join keeps a (product, bucket) the ledger moved after the
   * date that has no on-hand row (there is none while on-hand and the ledger agree, which the ledger check watches).
   */
  private asOfQuantities(end: string, scope: AsOfScope): SQL {
    const inScope = (column: SQL) =>
      scope.manufacturer
        ? sql`and ${column} in (select p.id from products p where true ${this.scopeFilter(scope)})`
        : sql``;
    return sql`(
            select coalesce(i.product_id, tail.product_id) as product_id, coalesce(i.bucket, tail.bucket) as bucket,
                   coalesce(i.quantity, 0) - coalesce(tail.delta, 0) as quantity
            from (select inv.product_id, inv.bucket, inv.quantity from inventory inv where true ${inScope(sql`inv.product_id`)}) i
            full join (
              select t.product_id, t.bucket, sum(t.quantity_delta)::bigint as delta
              from inventory_transactions t
              where t.created_at >= ${end}::timestamptz ${inScope(sql`t.product_id`)}
              group by t.product_id, t.bucket
            ) tail on tail.product_id = i.product_id and tail.bucket = i.bucket
            where coalesce(i.quantity, 0) - coalesce(tail.delta, 0) <> 0
          )`;
  }

  /**
   * Per product of the scope, the PO line of its last receipt before `end`, or null (a subquery: product_id,
   * purchase_order_item_id): one index-only probe of inventory_transactions_receipt_cost_idx per product. The unit
   * cost is that line's invoice cost, else the product's current cost. Every product of the scope is probed once (a
   * product without stock answers at once), as a materialized CTE: read from the products table, the planner knows
   * how many rows come (a list of the report's own products was a guess of 200 rows, then 100,000 index probes of
   * the PO lines), and as a CTE the probe is not repeated for each of a product's buckets (312,500 probes, not 100,000).
   */
  private lastReceipts(end: string, scope: AsOfScope): SQL {
    return sql`(
            select pid.product_id, (
              select r.purchase_order_item_id from inventory_transactions r
              where r.product_id = pid.product_id and r.type = 'INVENTORY_RECEIPT' and r.created_at < ${end}::timestamptz and r.purchase_order_item_id is not null
              order by r.id desc limit 1
            ) as purchase_order_item_id
            from (select p.id as product_id from products p where true ${this.scopeFilter(scope)}) pid
          )`;
  }

  /** The as-of totals of the scope per location (the bucket's location): products, rows, units and value in cents. */
  async asOfTotals(end: string, scope: AsOfScope): Promise<{ perLocation: AsOfTotalsRow[]; products: number }> {
    const rows = await queryRows<{
      location_code: string | null;
      products: number;
      rows: number;
      units: number;
      value_cents: number;
    }>(
      this.db,
      sql`with q as materialized ${this.asOfQuantities(end, scope)},
          cost as (
            select last.product_id, coalesce(poi.invoice_cost_cents, p.current_cost_cents) as cents
            from ${this.lastReceipts(end, scope)} last
            join products p on p.id = last.product_id
            left join purchase_order_items poi on poi.id = last.purchase_order_item_id
          )
          select bk.location_code, count(distinct q.product_id)::int as products, count(*)::int as rows, sum(q.quantity)::bigint as units,
                 sum(q.quantity::bigint * cost.cents)::bigint as value_cents
          from q join buckets bk on bk.bucket = q.bucket join cost on cost.product_id = q.product_id
          group by grouping sets ((bk.location_code), ())
          order by bk.location_code nulls first`,
    );
    const all = rows.find((r) => r.location_code === null);
    return {
      products: n(all?.products),
      perLocation: rows
        .filter((r) => r.location_code !== null)
        .map((r) => ({
          locationCode: r.location_code!,
          products: n(r.products),
          rows: n(r.rows),
          units: n(r.units),
          valueCents: n(r.value_cents),
        })),
    };
  }

  /**
   * Units received (receipts less un-receipts) and their PO line cost per UTC day and location (the bucket's parent
   * location) from `start` to before `end`, for the given locations; days that net to zero are left out.
   */
  async dailyReceived(start: string, end: string, locations: readonly string[]): Promise<DailyReceivedRow[]> {
    const rows = await queryRows<{ location_code: string; day: string; units: number; cents: number }>(
      this.db,
      sql`select bk.parent_location_code as location_code, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
                 sum(t.quantity_delta)::int as units, sum(t.quantity_delta::bigint * coalesce(poi.invoice_cost_cents, 0))::bigint as cents
          from inventory_transactions t
          join buckets bk on bk.bucket = t.bucket
          left join purchase_order_items poi on poi.id = t.purchase_order_item_id
          where t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
            and t.type in ('INVENTORY_RECEIPT', 'INVENTORY_UNRECEIPT')
            and bk.parent_location_code in (${sql.join(
              locations.map((l) => sql`${l}`),
              sql`, `,
            )})
          group by 1, 2
          having sum(t.quantity_delta) <> 0
          order by 1, 2`,
    );
    return rows.map((r) => ({ locationCode: r.location_code, day: r.day, units: n(r.units), cents: n(r.cents) }));
  }

  /**
   * Per vendor, its purchase orders that are not cancelled, carry at least one AP invoice and still await units:
   * units and cost not received (ordered less received, at the line's invoice cost), the invoices' amounts, and per PO
   * the invoiced amount beyond the received cost (at least 0).
   */
  async unreceivedInvoices(cancelledStatusId: number): Promise<UnreceivedVendorRow[]> {
    const rows = await queryRows<{
      vendor_id: number;
      vendor_name: string;
      purchase_orders: number;
      units: number;
      unreceived_cents: number;
      invoiced_cents: number;
      invoiced_not_received_cents: number;
    }>(
      this.db,
      sql`with inv as (
            select i.purchase_order_id, sum(i.invoice_amount_cents)::bigint as cents
            from accounts_payable_invoices i where i.purchase_order_id is not null group by i.purchase_order_id
          ),
          lines as (
            select l.purchase_order_id,
                   sum(l.qty_ordered - l.qty_received)::bigint as units,
                   sum((l.qty_ordered - l.qty_received)::bigint * l.invoice_cost_cents)::bigint as unreceived_cents,
                   sum(l.qty_received::bigint * l.invoice_cost_cents)::bigint as received_cents
            from purchase_order_items l where l.purchase_order_id in (select purchase_order_id from inv) group by l.purchase_order_id
          )
          select v.id as vendor_id, v.company_name as vendor_name, count(*)::int as purchase_orders,
                 sum(lines.units)::bigint as units, sum(lines.unreceived_cents)::bigint as unreceived_cents,
                 sum(inv.cents)::bigint as invoiced_cents, sum(greatest(inv.cents - lines.received_cents, 0))::bigint as invoiced_not_received_cents
          from purchase_orders po
          join inv on inv.purchase_order_id = po.id
          join lines on lines.purchase_order_id = po.id
          join vendors v on v.id = po.vendor_id
          where po.status_id <> ${cancelledStatusId} and lines.units > 0
          group by v.id, v.company_name
          order by lower(v.company_name), v.id`,
    );
    return rows.map((r) => ({
      vendorId: n(r.vendor_id),
      vendorName: r.vendor_name,
      purchaseOrders: n(r.purchase_orders),
      units: n(r.units),
      unreceivedCents: n(r.unreceived_cents),
      invoicedCents: n(r.invoiced_cents),
      invoicedNotReceivedCents: n(r.invoiced_not_received_cents),
    }));
  }

  /**
   * On-hand rows (units > 0) whose last ledger movement in the bucket was before `cutoff`, by (product id, bucket),
   * `pageSize` at a time from one snapshot. The last movement is the on-hand row's `last_updated_at`: the ledger is the
   * only writer of on-hand and sets it in the same transaction as every movement it posts in the bucket, so it equals
   * the time of the bucket's latest ledger row without a probe of the ledger per row (155,000 probes of 600,000 rows
   * took 4.5 s). `lastMovementAt` is a Date on PostgreSQL, and may be the timestamp's text on PGlite.
   */
  inactivePages(
    cutoff: string,
    pageSize: number,
  ): AsyncGenerator<(Omit<InactiveRow, 'lastMovementAt'> & { lastMovementAt: Date | string | null })[]> {
    return cursorPages(
      this.db,
      this.dbKind,
      sql`select i.product_id::int as "productId", p.model_number as "model", p.description as "description", i.bucket as "bucket",
                 bk.location_code as "locationCode", bk.condition_code as "conditionCode", i.quantity::int as "quantity",
                 i.last_updated_at as "lastMovementAt", p.current_cost_cents::int as "unitCostCents"
          from inventory i
          join products p on p.id = i.product_id
          join buckets bk on bk.bucket = i.bucket
          where i.quantity > 0 and i.last_updated_at < ${cutoff}::timestamptz
          order by i.product_id, i.bucket`,
      pageSize,
    );
  }

  /**
   * A page of open committed sales (not transacted) grouped by source bucket and product, after `after` in that
   * order: orders, units, the earliest ship-by date, the bucket's on-hand and the product's current cost.
   * `dueBy`: only sales due to ship by that date or with no ship-by date. `channels`: only sales sold on one of them
   * (null: every sale, whatever its channel).
   */
  async openSalesPage(
    dueBy: string | null,
    after: { bucket: string; productId: number } | null,
    limit: number,
    channels: readonly string[] | null = null,
  ): Promise<OpenSalesRow[]> {
    const rows = await queryRows<{
      product_id: number;
      model_number: string;
      description: string;
      bucket: string;
      location_code: string;
      orders: number;
      units: number;
      earliest: string | null;
      on_hand: number | null;
      current_cost_cents: number;
    }>(
      this.db,
      sql`with due as (
            select cs.source_bucket as bucket, cs.product_id, count(*)::int as orders, sum(cs.committed_quantity)::bigint as units,
                   min(cs.ship_by_date)::text as earliest
            from committed_sales cs
            where cs.transacted_at is null
              ${dueBy ? sql`and (cs.ship_by_date is null or cs.ship_by_date <= ${dueBy}::date)` : sql``}
              ${
                channels
                  ? sql`and cs.sales_channel in (${sql.join(
                      channels.map((c) => sql`${c}`),
                      sql`, `,
                    )})`
                  : sql``
              }
              ${after ? sql`and (cs.source_bucket, cs.product_id) > (${after.bucket}::text, ${after.productId}::int)` : sql``}
            group by cs.source_bucket, cs.product_id
            order by cs.source_bucket, cs.product_id
            limit ${limit}
          )
          select due.product_id, p.model_number, p.description, due.bucket, bk.location_code, due.orders, due.units, due.earliest,
                 i.quantity as on_hand, p.current_cost_cents
          from due
          join products p on p.id = due.product_id
          join buckets bk on bk.bucket = due.bucket
          left join inventory i on i.product_id = due.product_id and i.bucket = due.bucket
          order by due.bucket, due.product_id`,
    );
    return rows.map((r) => ({
      productId: n(r.product_id),
      model: r.model_number,
      description: r.description,
      bucket: r.bucket,
      locationCode: r.location_code,
      orders: n(r.orders),
      units: n(r.units),
      earliestShipBy: r.earliest,
      onHand: n(r.on_hand),
      unitCostCents: n(r.current_cost_cents),
    }));
  }
}
