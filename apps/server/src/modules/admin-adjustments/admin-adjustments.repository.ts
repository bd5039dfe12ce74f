import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

export interface AdjustmentProduct {
  id: number;
  model: string;
  productTitle: string;
  serialNumberTracked: boolean;
  costCents: number;
}

export interface AdjustmentBucketRow {
  bucket: string;
  locationCode: string;
  conditionCode: string;
  isLocal: boolean;
  isActive: boolean;
}

export interface InventoryBucketRow extends AdjustmentBucketRow {
  quantity: number;
  binned: number;
  lastUpdatedAt: Date;
}

export interface AdjustmentHistoryRow {
  reference: string;
  createdAt: Date;
  notes: string | null;
  username: string | null;
  quantityDelta: number;
  /** On-hand of the bucket before this row. */
  before: number;
  details: Record<string, unknown> | null;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Reads of the admin adjustment page. Every write of stock goes through `Ledger.postQuantityAdjustment`
 * (modules/ledger); nothing here writes.
 */
export class AdminAdjustmentsRepository {
  constructor(private readonly db: Executor) {}

  /** A product by its model number, any case (model numbers are unique). */
  async productByModel(model: string): Promise<AdjustmentProduct | null> {
    const rows = await queryRows<{
      id: number;
      model_number: string;
      description: string;
      serial_number_tracked: boolean;
      current_cost_cents: number;
    }>(
      this.db,
      sql`select id, model_number, description, serial_number_tracked, current_cost_cents from products where upper(model_number) = upper(${model}) limit 1`,
    );
    const r = rows[0];
    return r
      ? {
          id: Number(r.id),
          model: r.model_number,
          productTitle: r.description,
          serialNumberTracked: r.serial_number_tracked,
          costCents: Number(r.current_cost_cents),
        }
      : null;
  }

  async bucket(name: string): Promise<AdjustmentBucketRow | null> {
    const rows = await this.buckets(sql`where bucket = ${name}`);
    return rows[0] ?? null;
  }

  /** Every active bucket, by name. */
  activeBuckets(): Promise<AdjustmentBucketRow[]> {
    return this.buckets(sql`where is_active order by bucket`);
  }

  private async buckets(where: ReturnType<typeof sql>): Promise<AdjustmentBucketRow[]> {
    const rows = await queryRows<{
      bucket: string;
      location_code: string;
      condition_code: string;
      is_local_inventory_bucket: boolean;
      is_active: boolean;
    }>(
      this.db,
      sql`select bucket, location_code, condition_code, is_local_inventory_bucket, is_active from buckets ${where}`,
    );
    return rows.map((r) => ({
      bucket: r.bucket,
      locationCode: r.location_code,
      conditionCode: r.condition_code,
      isLocal: r.is_local_inventory_bucket,
      isActive: r.is_active,
    }));
  }

  /**
   * The product's on-hand rows that hold stock or whose bucket the ledger ever moved it in (so a bucket zeroed out
   * stays listed; rows made at zero by a lock alone do not), with the units its bins hold there, by bucket.
   * `onlyHolding`: the rows holding stock (non-zero) only.
   */
  async inventoryOf(productId: number, { onlyHolding = false } = {}): Promise<InventoryBucketRow[]> {
    const rows = await queryRows<{
      bucket: string;
      location_code: string;
      condition_code: string;
      is_local_inventory_bucket: boolean;
      is_active: boolean;
      quantity: number;
      binned: number;
      last_updated_at: Date | string;
    }>(
      this.db,
      sql`select i.bucket, b.location_code, b.condition_code, b.is_local_inventory_bucket, b.is_active, i.quantity, i.last_updated_at,
                 coalesce((select sum(bi.quantity) from bin_items bi join bins bn on bn.id = bi.bin_id where bi.product_id = i.product_id and bn.bucket = i.bucket), 0)::int as binned
          from inventory i join buckets b on b.bucket = i.bucket
          where i.product_id = ${productId}
            and (i.quantity <> 0 or (${!onlyHolding} and exists (select 1 from inventory_transactions t where t.product_id = i.product_id and t.bucket = i.bucket)))
          order by i.bucket`,
    );
    return rows.map((r) => ({
      bucket: r.bucket,
      locationCode: r.location_code,
      conditionCode: r.condition_code,
      isLocal: r.is_local_inventory_bucket,
      isActive: r.is_active,
      quantity: Number(r.quantity),
      binned: Number(r.binned),
      lastUpdatedAt: toDate(r.last_updated_at),
    }));
  }

  /**
   * Every INVENTORY_AUDIT_ADJUSTMENT of the product in the bucket, newest first, each with on-hand before it (the
   * running sum of the bucket's ledger rows: one pass over them through the product-and-bucket index), which gives
   * old and new quantity to rows whose details do not carry them (force pushes).
   */
  async adjustments(productId: number, bucket: string, limit = 500): Promise<AdjustmentHistoryRow[]> {
    const rows = await queryRows<{
      reference: string;
      created_at: Date | string;
      notes: string | null;
      username: string | null;
      quantity_delta: number;
      before: number;
      details: Record<string, unknown> | string | null;
    }>(
      this.db,
      sql`select x.ims_transaction_reference_id as reference, x.created_at, x.notes, u.username, x.quantity_delta, x.before::int as before, x.details
          from (select t.id, t.ims_transaction_reference_id, t.type, t.created_at, t.notes, t.user_id, t.quantity_delta, t.details,
                       sum(t.quantity_delta) over (order by t.id) - t.quantity_delta as before
                from inventory_transactions t where t.product_id = ${productId} and t.bucket = ${bucket}) x
          left join users u on u.id = x.user_id
          where x.type = 'INVENTORY_AUDIT_ADJUSTMENT'
          order by x.id desc
          limit ${limit}`,
    );
    return rows.map((r) => ({
      reference: r.reference,
      createdAt: toDate(r.created_at),
      notes: r.notes,
      username: r.username,
      quantityDelta: Number(r.quantity_delta),
      before: Number(r.before),
      details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
    }));
  }
}
