import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { buckets, inventory, inventoryTransactions, products, purchaseOrders, users } from '../../db/schema.js';

/** One ledger row of a model as the simulation replays it. */
export interface SimulationEventRow {
  id: number;
  createdAt: Date;
  type: string;
  referenceId: string;
  documentReference: string | null;
  purchaseRefId: string | null;
  bucket: string;
  quantityDelta: number;
  username: string | null;
  notes: string | null;
}

/** Events and quantities of one (type, bucket) of a model. */
export interface SimulationTotalsRow {
  type: string;
  bucket: string;
  location_code: string | null;
  condition_code: string | null;
  events: number;
  quantity_in: number;
  quantity_out: number;
  first_at: Date | string | null;
  last_at: Date | string | null;
}

/**
 * The simulation's reads of the ledger: a model's rows in id order, keyed on id through the
 * (product_id, id) index, the balances before a page, the totals by type and bucket, and on-hand.
 */
export class SimulationRepository {
  constructor(private readonly db: Executor) {}

  /** The product of a model, any case (the one written as asked first, as the product preview). */
  async productByModel(model: string): Promise<{ id: number; model: string; title: string } | null> {
    const rows = await this.db
      .select({ id: products.id, model: products.modelNumber, title: products.description })
      .from(products)
      .where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`)
      .orderBy(sql`${products.modelNumber} = ${model} desc`, asc(products.id))
      .limit(1);
    const row = rows[0];
    return row ? { id: row.id, model: row.model, title: row.title ?? '' } : null;
  }

  /**
   * The id of the model's `position`-th ledger row (1-based, id order), or null when it has fewer: the key of a page
   * asked by number alone. An index-only walk of (product_id, id); no row is read.
   */
  async idAtPosition(productId: number, position: number): Promise<number | null> {
    const rows = await queryRows<{ id: string | number }>(
      this.db,
      sql`select id from inventory_transactions where product_id = ${productId} order by id offset ${position - 1} limit 1`,
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** Up to `limit` ledger rows of the product after the id `after`, oldest (lowest id) first. */
  events(productId: number, after: number, limit: number): Promise<SimulationEventRow[]> {
    return this.db
      .select({
        id: inventoryTransactions.id,
        createdAt: inventoryTransactions.createdAt,
        type: inventoryTransactions.type,
        referenceId: inventoryTransactions.referenceId,
        documentReference: sql<string | null>`${inventoryTransactions.details} ->> 'reference_id'`,
        purchaseRefId: purchaseOrders.purchaseRefId,
        bucket: inventoryTransactions.bucket,
        quantityDelta: inventoryTransactions.quantityDelta,
        username: users.username,
        notes: inventoryTransactions.notes,
      })
      .from(inventoryTransactions)
      .leftJoin(users, eq(users.id, inventoryTransactions.userId))
      .leftJoin(purchaseOrders, eq(purchaseOrders.id, inventoryTransactions.purchaseOrderId))
      .where(and(eq(inventoryTransactions.productId, productId), gt(inventoryTransactions.id, after)))
      .orderBy(asc(inventoryTransactions.id))
      .limit(limit);
  }

  /**
   * On-hand per bucket replayed up to and including the id `upTo` (a page's opening balances): one index-only range scan
   * of (product_id, id, bucket, quantity_delta) over the rows before the page.
   */
  async openingBalances(productId: number, upTo: number): Promise<Map<string, number>> {
    if (upTo <= 0) return new Map();
    const rows = await queryRows<{ bucket: string; quantity: number }>(
      this.db,
      sql`select bucket, sum(quantity_delta)::int as quantity from inventory_transactions
          where product_id = ${productId} and id <= ${upTo} group by bucket`,
    );
    return new Map(rows.map((r) => [r.bucket, Number(r.quantity)]));
  }

  /** The product's ledger rows (an index-only count). */
  async countEvents(productId: number): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from inventory_transactions where product_id = ${productId}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Events and quantities in and out per (type, bucket) of the product, with the bucket's location and condition. */
  async totals(productId: number): Promise<SimulationTotalsRow[]> {
    const rows = await queryRows<SimulationTotalsRow>(
      this.db,
      sql`select t.type, t.bucket, b.location_code, b.condition_code, count(*)::int as events,
                 coalesce(sum(t.quantity_delta) filter (where t.quantity_delta > 0), 0)::int as quantity_in,
                 coalesce(-sum(t.quantity_delta) filter (where t.quantity_delta < 0), 0)::int as quantity_out,
                 min(t.created_at) as first_at, max(t.created_at) as last_at
          from inventory_transactions t left join buckets b on b.bucket = t.bucket
          where t.product_id = ${productId}
          group by t.type, t.bucket, b.location_code, b.condition_code
          order by t.type, t.bucket`,
    );
    return rows.map((r) => ({
      ...r,
      events: Number(r.events),
      quantity_in: Number(r.quantity_in),
      quantity_out: Number(r.quantity_out),
    }));
  }

  /** The product's on-hand rows (the inventory table) with their bucket's location and condition. */
  onHand(productId: number) {
    return this.db
      .select({
        bucket: inventory.bucket,
        quantity: inventory.quantity,
        locationCode: buckets.locationCode,
        conditionCode: buckets.conditionCode,
      })
      .from(inventory)
      .leftJoin(buckets, eq(buckets.bucket, inventory.bucket))
      .where(eq(inventory.productId, productId))
      .orderBy(asc(inventory.bucket));
  }
}
