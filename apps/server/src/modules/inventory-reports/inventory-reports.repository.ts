import { sql, type SQL } from 'drizzle-orm';
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
const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** Which products an as-of report covers: every product, or those of one manufacturer (the GE export). */
export type AsOfScope = { manufacturer?: string };

/**
 * Reads of the named inventory reports (issue 15). Nothing here writes: the ledger module is the only writer of
 * inventory transactions and on-hand. Quantities as of an instant are the sums of the ledger's rows created before
 * it; every read is run by the service in a READ ONLY transaction.
 */
export class InventoryReportsRepository {
  constructor(private readonly db: Executor) {}

  private scopeFilter(scope: AsOfScope): SQL {
    return scope.manufacturer ? sql`and p.fk_manufacturer_id in (select m.id from manufacturers m where m.name = ${scope.manufacturer})` : sql``;
  }

  /**
   * The as-of rows of the `limit` products after `afterProductId` (by id) that the scope covers: per product and
   * bucket, the sum of the ledger's changes created before `end`, where it is not zero. The unit cost is that of the
   * product's last receipt before `end` (its PO line's invoice cost), else the product's current cost.
   * `lastProductId` is the last product of the page (null when there were none), whether or not it had stock.
   */
  async asOfPage(end: string, scope: AsOfScope, afterProductId: number, limit: number): Promise<{ rows: AsOfRow[]; lastProductId: number | null; productCount: number }> {
    const products = await queryRows<{ first_id: number | null; last_id: number | null; count: number }>(
      this.db,
      sql`select min(id) as first_id, max(id) as last_id, count(*)::int as count
          from (select p.id from products p where p.id > ${afterProductId} ${this.scopeFilter(scope)} order by p.id limit ${limit}) page`,
    );
    const page = products[0];
    if (!page || !page.count || page.first_id === null || page.last_id === null) return { rows: [], lastProductId: null, productCount: 0 };
    const [first, last] = [n(page.first_id), n(page.last_id)];
    const rows = await this.asOfRows(end, sql`t.product_id between ${first} and ${last}`, scope);
    return { rows, lastProductId: n(page.last_id), productCount: n(page.count) };
  }

  /**
   * The CTEs `q` (per product and bucket, the ledger's sum before `end`, non-zero) and `cost` (per product of q, the
   * PO line cost of its last receipt before `end`, else its current cost) over the ledger rows `ledgerWhere` selects.
   * Both read indexes only (inventory_transactions_as_of_idx, inventory_transactions_receipt_cost_idx, migration 0031).
   */
  private asOfCtes(end: string, ledgerWhere: SQL, scope: AsOfScope): SQL {
    return sql`q as materialized (
            select t.product_id, t.bucket, sum(t.quantity_delta)::int as quantity
            from inventory_transactions t
            where ${ledgerWhere} and t.created_at < ${end}::timestamptz
              ${scope.manufacturer ? sql`and t.product_id in (select p.id from products p where true ${this.scopeFilter(scope)})` : sql``}
            group by t.product_id, t.bucket
            having sum(t.quantity_delta) <> 0
          ),
          cost as materialized (
            select pid.product_id, coalesce(poi.invoice_cost_cents, p.current_cost_cents) as cents
            from (select distinct product_id from q) pid
            join products p on p.id = pid.product_id
            left join lateral (
              select r.purchase_order_item_id from inventory_transactions r
              where r.product_id = pid.product_id and r.type = 'INVENTORY_RECEIPT' and r.created_at < ${end}::timestamptz and r.purchase_order_item_id is not null
              order by r.id desc limit 1
            ) last on true
            left join purchase_order_items poi on poi.id = last.purchase_order_item_id
          )`;
  }

  private async asOfRows(end: string, ledgerWhere: SQL, scope: AsOfScope): Promise<AsOfRow[]> {
    const rows = await queryRows<{
      product_id: number;
      model_number: string;
      upc: string | null;
      description: string;
      brand_name: string | null;
      bucket: string;
      location_code: string;
      condition_code: string;
      quantity: number;
      unit_cost_cents: number;
    }>(
      this.db,
      sql`with ${this.asOfCtes(end, ledgerWhere, scope)}
          select q.product_id, p.model_number, p.upc, p.description, br.brand_name, q.bucket, bk.location_code, bk.condition_code, q.quantity,
                 cost.cents as unit_cost_cents
          from q
          join products p on p.id = q.product_id
          join buckets bk on bk.bucket = q.bucket
          left join brands br on br.id = p.fk_brand_id
          join cost on cost.product_id = q.product_id
          order by q.product_id, q.bucket`,
    );
    return rows.map((r) => ({
      productId: n(r.product_id),
      model: r.model_number,
      upc: r.upc,
      description: r.description,
      brand: r.brand_name,
      bucket: r.bucket,
      locationCode: r.location_code,
      conditionCode: r.condition_code,
      quantity: n(r.quantity),
      unitCostCents: n(r.unit_cost_cents),
    }));
  }

  /** The as-of totals of the scope per location (the bucket's location): products, rows, units and value in cents. */
  async asOfTotals(end: string, scope: AsOfScope): Promise<{ perLocation: AsOfTotalsRow[]; products: number }> {
    const rows = await queryRows<{ location_code: string | null; products: number; rows: number; units: number; value_cents: number }>(
      this.db,
      sql`with ${this.asOfCtes(end, sql`true`, scope)}
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
        .map((r) => ({ locationCode: r.location_code!, products: n(r.products), rows: n(r.rows), units: n(r.units), valueCents: n(r.value_cents) })),
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
   * A page of on-hand rows (units > 0) whose last ledger movement in the bucket was before `cutoff`, by (product id,
   * bucket) after `after`. The last movement is the on-hand row's `last_updated_at`: the ledger is the only writer of
   * on-hand and sets it in the same transaction as every movement it posts in the bucket, so it equals the time of the
   * bucket's latest ledger row without a probe of the ledger per row (155,000 probes of 600,000 rows took 4.5 s).
   */
  async inactivePage(cutoff: string, after: { productId: number; bucket: string } | null, limit: number): Promise<InactiveRow[]> {
    const rows = await queryRows<{
      product_id: number;
      model_number: string;
      description: string;
      bucket: string;
      location_code: string;
      condition_code: string;
      quantity: number;
      last_at: Date | string | null;
      current_cost_cents: number;
    }>(
      this.db,
      sql`select i.product_id, p.model_number, p.description, i.bucket, bk.location_code, bk.condition_code, i.quantity, i.last_updated_at as last_at, p.current_cost_cents
          from inventory i
          join products p on p.id = i.product_id
          join buckets bk on bk.bucket = i.bucket
          where i.quantity > 0 and i.last_updated_at < ${cutoff}::timestamptz
            ${after ? sql`and (i.product_id, i.bucket) > (${after.productId}::int, ${after.bucket}::text)` : sql``}
          order by i.product_id, i.bucket
          limit ${limit}`,
    );
    return rows.map((r) => ({
      productId: n(r.product_id),
      model: r.model_number,
      description: r.description,
      bucket: r.bucket,
      locationCode: r.location_code,
      conditionCode: r.condition_code,
      quantity: n(r.quantity),
      lastMovementAt: toDate(r.last_at),
      unitCostCents: n(r.current_cost_cents),
    }));
  }

  /**
   * A page of open committed sales (not transacted) grouped by source bucket and product, after `after` in that
   * order: orders, units, the earliest ship-by date, the bucket's on-hand and the product's current cost.
   * `dueBy`: only sales due to ship by that date or with no ship-by date.
   */
  async openSalesPage(dueBy: string | null, after: { bucket: string; productId: number } | null, limit: number): Promise<OpenSalesRow[]> {
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
