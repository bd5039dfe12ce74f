import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

/**
 * The sales and brand reports' reads (docs/decisions.md, "Sales figures and brand reports"). Read only: the ledger module writes stock, the committed-sales
 * module the sales. A range is [from 00:00 UTC, the day after `to` 00:00 UTC); a sale's day is its transacted_at's
 * UTC day (docs/decisions.md "Sales figures and brand reports").
 */

export interface BrandRow {
  id: number;
  brand_code: string;
  brand_name: string;
}

export interface SellThruDbRow {
  product_id: number;
  model: string;
  description: string;
  on_hand_now: number;
  on_hand_start: number;
  received: number;
  units_sold: number;
  revenue_cents: number;
}

export interface SelloutDbRow {
  model: string;
  description: string;
  brand_code: string;
  on_hand: number;
  units_sold: number;
}

export interface PeriodDbRow {
  period: number;
  po_count: number;
  units: number;
  cents: number;
}

export interface SalesFiguresRow {
  key: string;
  lines: number;
  invoices: number;
  units: number;
  revenue_cents: number;
  unpriced_units: number;
}

export interface SaleLineRow {
  id: number;
  transacted_at: string;
  sale_date: string;
  invoice: string;
  reference: string;
  model: string;
  brand: string | null;
  quantity: number;
  unit_price_cents: number | null;
  channel: string | null;
  ship_to_state: string | null;
  source_bucket: string;
  order: string | null;
  bundle_sku: string | null;
}

export type BundleFilter = { kind: 'all' } | { kind: 'model'; model: string } | { kind: 'sku'; sku: string };

/** Keyset of a sale-line page: the last row's transacted_at (ISO text) and id. */
export type SaleLineKey = { transacted_at: string; id: number } | null;

const int = (v: unknown) => Number(v ?? 0);
const intRows = <T extends object>(rows: T[], keys: (keyof T)[]): T[] =>
  rows.map((r) => {
    const out = { ...r };
    for (const k of keys) (out as Record<keyof T, unknown>)[k] = int(r[k]);
    return out;
  });

/** The instant a day starts (UTC) as a timestamptz parameter. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;

export class SalesReportsRepository {
  constructor(private readonly db: Executor) {}

  /** A brand by its code or name, any case. */
  async brand(codeOrName: string): Promise<BrandRow | null> {
    const rows = await queryRows<BrandRow>(
      this.db,
      sql`select id, brand_code, brand_name from brands
          where upper(brand_code) = upper(${codeOrName}) or upper(brand_name) = upper(${codeOrName})
          order by (upper(brand_code) = upper(${codeOrName})) desc, id limit 1`,
    );
    return rows[0] ?? null;
  }

  /**
   * Per model of the brand: on hand now (every bucket), on hand at the range's start (now, less every movement since
   * the start other than sales, plus the units sold since the start; at least 0), received in the range (receipts
   * less un-receipts), units sold and revenue in the range. Models with none of these left out.
   */
  async sellThru(brandId: number, from: string, to: string): Promise<SellThruDbRow[]> {
    const rows = await queryRows<SellThruDbRow>(
      this.db,
      sql`with p as (select id, model_number, description from products where fk_brand_id = ${brandId}),
          oh as (select product_id, sum(quantity) as q from inventory where product_id in (select id from p) group by product_id),
          moved as (
            select product_id,
                   sum(quantity_delta) as since_start,
                   sum(quantity_delta) filter (where type in ('INVENTORY_RECEIPT', 'INVENTORY_UNRECEIPT') and created_at < ${dayEnd(to)}) as received
            from inventory_transactions
            where product_id in (select id from p) and created_at >= ${dayStart(from)} and type <> 'INVENTORY_SALE'
            group by product_id),
          sold as (
            select product_id,
                   sum(committed_quantity) as since_start,
                   sum(committed_quantity) filter (where transacted_at < ${dayEnd(to)}) as in_range,
                   sum(committed_quantity::bigint * unit_price_cents) filter (where transacted_at < ${dayEnd(to)}) as revenue
            from committed_sales
            where product_id in (select id from p) and transacted_at >= ${dayStart(from)}
            group by product_id),
          r as (
            select p.id as product_id, p.model_number as model, p.description,
                   coalesce(oh.q, 0) as on_hand_now,
                   greatest(0, coalesce(oh.q, 0) - coalesce(moved.since_start, 0) + coalesce(sold.since_start, 0)) as on_hand_start,
                   coalesce(moved.received, 0) as received,
                   coalesce(sold.in_range, 0) as units_sold,
                   coalesce(sold.revenue, 0) as revenue_cents
            from p left join oh on oh.product_id = p.id left join moved on moved.product_id = p.id left join sold on sold.product_id = p.id)
          select * from r where on_hand_start > 0 or received <> 0 or units_sold > 0
          order by model`,
    );
    return intRows(rows, ['product_id', 'on_hand_now', 'on_hand_start', 'received', 'units_sold', 'revenue_cents']);
  }

  /** Per model of the brands: on hand now and units sold since `since`; models with either above 0. */
  async sellout(brandIds: number[], since: string): Promise<SelloutDbRow[]> {
    const rows = await queryRows<SelloutDbRow>(
      this.db,
      sql`with p as (
            select p.id, p.model_number, p.description, b.brand_code from products p join brands b on b.id = p.fk_brand_id
            where p.fk_brand_id in (select (jsonb_array_elements_text(${JSON.stringify(brandIds)}::jsonb))::int)),
          oh as (select product_id, sum(quantity) as q from inventory where product_id in (select id from p) group by product_id),
          sold as (select product_id, sum(committed_quantity) as q from committed_sales
                   where product_id in (select id from p) and transacted_at >= ${dayStart(since)} group by product_id)
          select p.model_number as model, p.description, p.brand_code, coalesce(oh.q, 0) as on_hand, coalesce(sold.q, 0) as units_sold
          from p left join oh on oh.product_id = p.id left join sold on sold.product_id = p.id
          where coalesce(oh.q, 0) > 0 or coalesce(sold.q, 0) > 0`,
    );
    return intRows(rows, ['on_hand', 'units_sold']);
  }

  /** The brand's PO lines on POs created in the range (cancelled left out), per period of `days` days from `from`. */
  async ordered(
    brandId: number,
    from: string,
    to: string,
    days: number,
    cancelledStatusId: number,
  ): Promise<PeriodDbRow[]> {
    const rows = await queryRows<PeriodDbRow>(
      this.db,
      sql`select ((po.created_at at time zone 'UTC')::date - ${from}::date) / ${days} as period,
                 count(distinct po.id) as po_count, sum(i.qty_ordered) as units, sum(i.qty_ordered::bigint * i.invoice_cost_cents) as cents
          from purchase_orders po
          join purchase_order_items i on i.purchase_order_id = po.id
          join products p on p.id = i.product_id
          where p.fk_brand_id = ${brandId} and po.status_id <> ${cancelledStatusId}
            and po.created_at >= ${dayStart(from)} and po.created_at < ${dayEnd(to)}
          group by 1 order by 1`,
    );
    return intRows(rows, ['period', 'po_count', 'units', 'cents']);
  }

  /** The brand's units received in the range (receipts less un-receipts) at their line's invoice cost, per period. */
  async received(brandId: number, from: string, to: string, days: number): Promise<PeriodDbRow[]> {
    const rows = await queryRows<PeriodDbRow>(
      this.db,
      sql`select ((t.created_at at time zone 'UTC')::date - ${from}::date) / ${days} as period,
                 count(distinct t.purchase_order_id) as po_count, sum(t.quantity_delta) as units,
                 sum(t.quantity_delta::bigint * i.invoice_cost_cents) as cents
          from inventory_transactions t
          join purchase_order_items i on i.id = t.purchase_order_item_id
          join products p on p.id = t.product_id
          where p.fk_brand_id = ${brandId} and t.type in ('INVENTORY_RECEIPT', 'INVENTORY_UNRECEIPT')
            and t.created_at >= ${dayStart(from)} and t.created_at < ${dayEnd(to)}
          group by 1 order by 1`,
    );
    return intRows(rows, ['period', 'po_count', 'units', 'cents']);
  }

  /** Sales figures in the range grouped by `group` ('day', 'channel' or 'all'), optionally of one channel. */
  async salesFigures(
    from: string,
    to: string,
    channel: string | null,
    group: 'day' | 'channel' | 'all',
    noChannel: string,
  ): Promise<SalesFiguresRow[]> {
    const key: SQL =
      group === 'day'
        ? sql`((transacted_at at time zone 'UTC')::date)::text`
        : group === 'channel'
          ? sql`coalesce(sales_channel, ${noChannel})`
          : sql`'all'`;
    const rows = await queryRows<SalesFiguresRow>(
      this.db,
      sql`select ${key} as key, count(*) as lines, count(distinct legacy_pos_invoice_id) as invoices,
                 coalesce(sum(committed_quantity), 0) as units,
                 coalesce(sum(committed_quantity::bigint * unit_price_cents), 0) as revenue_cents,
                 coalesce(sum(committed_quantity) filter (where unit_price_cents is null), 0) as unpriced_units
          from committed_sales
          where transacted_at >= ${dayStart(from)} and transacted_at < ${dayEnd(to)}
            and (${channel}::text is null or sales_channel = ${channel}::text)
          group by 1 order by 1`,
    );
    return intRows(rows, ['lines', 'invoices', 'units', 'revenue_cents', 'unpriced_units']);
  }

  private saleLineColumns() {
    return sql`cs.id, to_char(cs.transacted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as transacted_at,
               ((cs.transacted_at at time zone 'UTC')::date)::text as sale_date,
               cs.legacy_pos_invoice_id as invoice, cs.ims_transaction_reference_id as reference, p.model_number as model,
               b.brand_code as brand, cs.committed_quantity as quantity, cs.unit_price_cents, cs.sales_channel as channel,
               cs.ship_to_state, cs.source_bucket, cs.item_group_ref_id as "order", cs.item_member_ref_id as bundle_sku`;
  }

  private after(key: SaleLineKey): SQL {
    return key ? sql`and (cs.transacted_at, cs.id) > (${key.transacted_at}::timestamptz, ${key.id}::int)` : sql``;
  }

  /** A page of the sale lines in the range, oldest first (keyset on transacted_at, id). */
  async saleLines(
    from: string,
    to: string,
    channel: string | null,
    after: SaleLineKey,
    limit: number,
  ): Promise<SaleLineRow[]> {
    const rows = await queryRows<SaleLineRow>(
      this.db,
      sql`select ${this.saleLineColumns()}
          from committed_sales cs join products p on p.id = cs.product_id left join brands b on b.id = p.fk_brand_id
          where cs.transacted_at >= ${dayStart(from)} and cs.transacted_at < ${dayEnd(to)}
            and (${channel}::text is null or cs.sales_channel = ${channel}::text) ${this.after(after)}
          order by cs.transacted_at, cs.id limit ${limit}`,
    );
    return intRows(rows, ['id', 'quantity']).map((r) => ({
      ...r,
      unit_price_cents: r.unit_price_cents === null ? null : int(r.unit_price_cents),
    }));
  }

  /**
   * A page of the member lines of bundle sales in the range: transacted lines sharing item_group_ref_id and
   * item_member_ref_id, two or more of them; of one included model or one bundle SKU when filtered.
   */
  async bundleLines(
    from: string,
    to: string,
    filter: BundleFilter,
    after: SaleLineKey,
    limit: number,
  ): Promise<SaleLineRow[]> {
    const skuWhere = filter.kind === 'sku' ? sql`and upper(x.item_member_ref_id) = upper(${filter.sku})` : sql``;
    const modelHaving =
      filter.kind === 'model' ? sql`and bool_or(upper(px.model_number) = upper(${filter.model}))` : sql``;
    const rows = await queryRows<SaleLineRow>(
      this.db,
      sql`with bundles as (
            select x.item_group_ref_id as g, x.item_member_ref_id as m
            from committed_sales x join products px on px.id = x.product_id
            where x.transacted_at >= ${dayStart(from)} and x.transacted_at < ${dayEnd(to)}
              and x.item_group_ref_id is not null and x.item_member_ref_id is not null ${skuWhere}
            group by 1, 2 having count(*) >= 2 ${modelHaving})
          select ${this.saleLineColumns()}
          from committed_sales cs
          join bundles on bundles.g = cs.item_group_ref_id and bundles.m = cs.item_member_ref_id
          join products p on p.id = cs.product_id left join brands b on b.id = p.fk_brand_id
          where cs.transacted_at >= ${dayStart(from)} and cs.transacted_at < ${dayEnd(to)} ${this.after(after)}
          order by cs.transacted_at, cs.id limit ${limit}`,
    );
    return intRows(rows, ['id', 'quantity']).map((r) => ({
      ...r,
      unit_price_cents: r.unit_price_cents === null ? null : int(r.unit_price_cents),
    }));
  }
}
