import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared-statements.js';
import { queryRows, type Executor } from '../../db/database.js';
import { liveSerialsNamed } from '../../db/live-serials.js';
import { auditBatches, auditItems, auditSerials, buckets } from '../../db/schema.js';

/**
 * The audit records: batches, items, their scans, and the reads of the review. Stock itself (on-hand,
 * serials, the ledger) is only read here; it moves through `Ledger` (modules/ledger).
 */

export interface BatchRow {
  audit_batch_id: number;
  audit_batch_name: string;
  default_audit_bucket: string;
  created_at: Date | string;
  created_by_name: string | null;
  completed_at: Date | string | null;
  completed_by_name: string | null;
  item_count: number;
  resolved_count: number;
}

export interface AuditProductRow {
  id: number;
  model: string;
  product_title: string;
  upc: string | null;
  alternate_upc: string | null;
  serial_number_tracked: boolean;
  num_of_serials_per_item: number | null;
}

export type ItemRow = typeof auditItems.$inferSelect;

export interface ItemWithNames {
  item: ItemRow;
  product: AuditProductRow;
  talliedByName: string | null;
  /** When the item's batch was completed (null: in progress). */
  batchCompletedAt: Date | null;
}

type RawItem = {
  item: Record<string, unknown> | string;
  product: Record<string, unknown> | string;
  tallied_by_name: string | null;
  batch_completed_at: Date | string | null;
};

export interface ScanRow {
  id: number;
  unit_id: number;
  scanned_serial_number: string | null;
  scanned_upc: string | null;
  scanned_by: string | null;
  scanned_at: Date | string;
  fk_inventory_serial_id: number | null;
}

export interface PlaceRow {
  serial_number: string;
  ims_inventory_serial_id: number | null;
  expected_location_code: string | null;
  expected_condition_code: string | null;
  expected_disposition_code: string | null;
  expected_bucket: string | null;
  scanned_by: string | null;
}

export interface MoveRow {
  id: number | string;
  ims_transaction_reference_id: string;
  type: string;
  quantity_delta: number;
  created_at: Date | string;
  user_name: string | null;
  serials: string[] | string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const batchSelect = sql`
  select b.id as audit_batch_id, b.name as audit_batch_name, b.default_bucket as default_audit_bucket, b.created_at,
         cu.username as created_by_name, b.completed_at, fu.username as completed_by_name,
         (select count(*) from audit_items i where i.batch_id = b.id)::int as item_count,
         (select count(*) from audit_items i where i.batch_id = b.id and i.resolved_at is not null)::int as resolved_count
  from audit_batches b
  left join users cu on cu.id = b.created_by_id
  left join users fu on fu.id = b.completed_by_id`;

const itemSelect = sql`
  select row_to_json(i.*) as item,
         json_build_object('id', p.id, 'model', p.model_number, 'product_title', p.description, 'upc', p.upc, 'alternate_upc', p.alternate_upc,
                           'serial_number_tracked', p.serial_number_tracked, 'num_of_serials_per_item', p.num_of_serials_per_item) as product,
         u.username as tallied_by_name, b.completed_at as batch_completed_at
  from audit_items i join products p on p.id = i.product_id join audit_batches b on b.id = i.batch_id left join users u on u.id = i.tallied_by_id`;

/** A raw audit_items row (snake case, from row_to_json) as the Drizzle row. */
function itemFromJson(raw: Record<string, unknown> | string): ItemRow {
  const r = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: Number(r.id),
    referenceId: r.ims_transaction_reference_id as string,
    batchId: Number(r.batch_id),
    productId: Number(r.product_id),
    bucket: r.bucket as string,
    auditTypeCode: r.audit_type_code as string,
    scanningRequired: Boolean(r.scanning_required),
    talliedQuantity: Number(r.tallied_quantity),
    recordedQtyAtStartOfTally: Number(r.recorded_qty_at_start_of_tally),
    startTransactionId: Number(r.start_transaction_id),
    tallyStartedAt: date(r.tally_started_at)!,
    tallyFinishedAt: date(r.tally_finished_at),
    talliedById: num(r.tallied_by_id),
    submittedById: num(r.submitted_by_id),
    submittedAt: date(r.submitted_at),
    submitNotes: (r.submit_notes as string | null) ?? null,
    submittedDelta: num(r.submitted_delta),
    resolutionStartedAt: date(r.resolution_started_at),
    resolvedAt: date(r.resolved_at),
    resolvedById: num(r.resolved_by_id),
    jobId: num(r.job_id),
    createdAt: date(r.created_at)!,
  };
}

function withNames(row: RawItem): ItemWithNames {
  const p = (typeof row.product === 'string' ? JSON.parse(row.product) : row.product) as AuditProductRow;
  return {
    item: itemFromJson(row.item),
    product: { ...p, id: Number(p.id) },
    talliedByName: row.tallied_by_name,
    batchCompletedAt: row.batch_completed_at === null ? null : new Date(row.batch_completed_at),
  };
}

export class AuditsRepository {
  constructor(private readonly db: Executor) {}

  // ---- Batches. ----

  async bucketExists(bucket: string): Promise<boolean> {
    const rows = await this.db.select({ bucket: buckets.bucket }).from(buckets).where(eq(buckets.bucket, bucket));
    return rows.length > 0;
  }

  async batchNamed(name: string): Promise<number | null> {
    const rows = await this.db
      .select({ id: auditBatches.id })
      .from(auditBatches)
      .where(sql`lower(${auditBatches.name}) = ${name.toLowerCase()}`);
    return rows[0]?.id ?? null;
  }

  /** Inserts a batch; null when its name is taken (any case), the unique index deciding between racing creators. */
  async insertBatch(values: { name: string; defaultBucket: string; createdById: number }): Promise<number | null> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`insert into audit_batches (name, default_bucket, created_by_id) values (${values.name}, ${values.defaultBucket}, ${values.createdById})
          on conflict do nothing returning id`,
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** The names (lower case) of the audits whose name starts with `prefix`, in any case. */
  async namesStartingWith(prefix: string): Promise<Set<string>> {
    const rows = await queryRows<{ name: string }>(
      this.db,
      sql`select lower(name) as name from audit_batches where left(lower(name), ${prefix.length}) = ${prefix.toLowerCase()}`,
    );
    return new Set(rows.map((r) => r.name));
  }

  async batch(id: number): Promise<BatchRow | null> {
    const rows = await queryRows<BatchRow>(this.db, sql`${batchSelect} where b.id = ${id}`);
    return rows[0] ?? null;
  }

  async listBatches(completed: boolean, limit = 500, offset = 0): Promise<BatchRow[]> {
    return queryRows<BatchRow>(
      this.db,
      completed
        ? sql`${batchSelect} where b.completed_at is not null order by b.completed_at desc, b.id desc limit ${limit} offset ${offset}`
        : sql`${batchSelect} where b.completed_at is null order by b.created_at desc, b.id desc limit ${limit} offset ${offset}`,
    );
  }

  /** The batch row locked (a completion, or a change that must not race it); null when it does not exist. */
  async lockBatch(
    id: number,
  ): Promise<{ id: number; completedAt: Date | null; defaultBucket: string; name: string } | null> {
    const rows = await this.db
      .select({
        id: auditBatches.id,
        completedAt: auditBatches.completedAt,
        defaultBucket: auditBatches.defaultBucket,
        name: auditBatches.name,
      })
      .from(auditBatches)
      .where(eq(auditBatches.id, id))
      .for('update');
    return rows[0] ?? null;
  }

  async completeBatch(id: number, userId: number): Promise<void> {
    await this.db
      .update(auditBatches)
      .set({ completedAt: new Date(), completedById: userId })
      .where(eq(auditBatches.id, id));
  }

  /** Items of a batch whose background job is queued or running. */
  async itemsWithActiveJobs(batchId: number): Promise<string[]> {
    const rows = await queryRows<{ ref: string }>(
      this.db,
      sql`select i.ims_transaction_reference_id as ref from audit_items i join jobs j on j.id = i.job_id
          where i.batch_id = ${batchId} and j.status in ('queued', 'running')`,
    );
    return rows.map((r) => r.ref);
  }

  // ---- Items. ----

  async productByModel(model: string): Promise<AuditProductRow | null> {
    const rows = await queryRows<AuditProductRow>(
      this.db,
      sql`select id, model_number as model, description as product_title, upc, alternate_upc, serial_number_tracked, num_of_serials_per_item
          from products where upper(model_number) = ${model.toUpperCase()} limit 1`,
    );
    return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
  }

  /**
   * A first scan's look-up in one statement: the batch (exists, completed), the product by model, whether the bucket
   * exists, and the item of the model in the bucket of the batch if it exists.
   */
  async startContext(
    batchId: number,
    model: string,
    bucket: string,
  ): Promise<{
    batchExists: boolean;
    batchCompleted: boolean;
    product: AuditProductRow | null;
    bucketExists: boolean;
    ref: string | null;
  }> {
    const rows = await queryRows<{
      batch_id: number | null;
      completed_at: Date | string | null;
      product: AuditProductRow | string | null;
      bucket: string | null;
      ref: string | null;
    }>(
      this.db,
      sql`with p as (select id, model_number as model, description as product_title, upc, alternate_upc, serial_number_tracked, num_of_serials_per_item
                     from products where upper(model_number) = ${model.toUpperCase()} limit 1)
          select (select id from audit_batches where id = ${batchId}) as batch_id,
                 (select completed_at from audit_batches where id = ${batchId}) as completed_at,
                 (select row_to_json(p.*) from p) as product,
                 (select bucket from buckets where bucket = ${bucket}) as bucket,
                 (select i.ims_transaction_reference_id from audit_items i join p on p.id = i.product_id where i.batch_id = ${batchId} and i.bucket = ${bucket}) as ref`,
    );
    const r = rows[0]!;
    const product =
      r.product === null
        ? null
        : ((typeof r.product === 'string' ? JSON.parse(r.product) : r.product) as AuditProductRow);
    return {
      batchExists: r.batch_id !== null,
      batchCompleted: r.completed_at !== null,
      product: product ? { ...product, id: Number(product.id) } : null,
      bucketExists: r.bucket !== null,
      ref: r.ref,
    };
  }

  async findItemRef(batchId: number, productId: number, bucket: string): Promise<string | null> {
    const rows = await this.db
      .select({ ref: auditItems.referenceId })
      .from(auditItems)
      .where(and(eq(auditItems.batchId, batchId), eq(auditItems.productId, productId), eq(auditItems.bucket, bucket)));
    return rows[0]?.ref ?? null;
  }

  /**
   * Starts an item: its reference 'AA-' and the zero-padded id, its snapshot (on-hand as the caller read it under the
   * on-hand row's lock, and the ledger's last row id read now, under the same lock). Nothing when the batch already
   * has the model in the bucket (answers null: the unique index decides between racing starters).
   */
  async insertItem(values: {
    batchId: number;
    productId: number;
    bucket: string;
    auditTypeCode: string;
    scanningRequired: boolean;
    recordedQty: number;
    talliedById: number;
  }): Promise<string | null> {
    const rows = await queryRows<{ ref: string }>(
      this.db,
      sql`with next as (select nextval(pg_get_serial_sequence('audit_items', 'id')) as id)
          insert into audit_items (id, ims_transaction_reference_id, batch_id, product_id, bucket, audit_type_code, scanning_required,
                                   recorded_qty_at_start_of_tally, start_transaction_id, tallied_by_id)
          select id, 'AA-' || lpad(id::text, greatest(7, length(id::text)), '0'), ${values.batchId}, ${values.productId}, ${values.bucket},
                 ${values.auditTypeCode}, ${values.scanningRequired}, ${values.recordedQty},
                 (select coalesce(max(t.id), 0) from inventory_transactions t), ${values.talliedById}
          from next
          on conflict (batch_id, product_id, bucket) do nothing
          returning ims_transaction_reference_id as ref`,
    );
    return rows[0]?.ref ?? null;
  }

  async item(ref: string): Promise<ItemWithNames | null> {
    const rows = await queryRows<RawItem>(this.db, sql`${itemSelect} where i.ims_transaction_reference_id = ${ref}`);
    return rows[0] ? withNames(rows[0]) : null;
  }

  /** The item row locked for the rest of the transaction (every scan, delete, submit and resolve takes it first). */
  async lockItem(ref: string): Promise<ItemWithNames | null> {
    const rows = await queryRows<RawItem>(
      this.db,
      prepared(sql`${itemSelect} where i.ims_transaction_reference_id = ${ref} for update of i`),
    );
    return rows[0] ? withNames(rows[0]) : null;
  }

  async itemsOfBatch(batchId: number): Promise<ItemWithNames[]> {
    const rows = await queryRows<RawItem>(this.db, sql`${itemSelect} where i.batch_id = ${batchId} order by i.id`);
    return rows.map(withNames);
  }

  async updateItem(id: number, values: Partial<Omit<ItemRow, 'id' | 'referenceId'>>): Promise<void> {
    await this.db.update(auditItems).set(values).where(eq(auditItems.id, id));
  }

  async deleteItem(id: number): Promise<void> {
    await this.db.delete(auditSerials).where(eq(auditSerials.itemId, id));
    await this.db.delete(auditItems).where(eq(auditItems.id, id));
  }

  /**
   * The adjustment rows the items posted (their `details.audit_item_reference`), oldest first, with the item's id.
   * Only the product's rows after the tally's start can be an item's (the product index bounds the look).
   */
  async postedOf(
    itemIds: number[],
  ): Promise<{ item_id: number; ims_transaction_reference_id: string; bucket: string; quantity_delta: number }[]> {
    if (!itemIds.length) return [];
    const rows = await queryRows<{
      item_id: number;
      ims_transaction_reference_id: string;
      bucket: string;
      quantity_delta: number;
    }>(
      this.db,
      sql`select i.id as item_id, t.ims_transaction_reference_id, t.bucket, t.quantity_delta
          from audit_items i
          join inventory_transactions t on t.product_id = i.product_id and t.id > i.start_transaction_id
           and t.type = 'INVENTORY_AUDIT_ADJUSTMENT' and t.details ->> 'audit_item_reference' = i.ims_transaction_reference_id
          where i.id in (select (jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb))::int)
          order by i.id, t.id`,
    );
    return rows.map((r) => ({ ...r, item_id: Number(r.item_id), quantity_delta: Number(r.quantity_delta) }));
  }

  // ---- Scans. ----

  async scansOf(itemIds: number[]): Promise<(ScanRow & { item_id: number })[]> {
    if (!itemIds.length) return [];
    const rows = await queryRows<ScanRow & { item_id: number }>(
      this.db,
      sql`select a.item_id, a.id, a.unit_id, a.scanned_serial_number, a.scanned_upc, u.username as scanned_by, a.scanned_at, a.fk_inventory_serial_id
          from audit_serials a left join users u on u.id = a.scanned_by_id
          where a.item_id in (select (jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb))::int)
          order by a.item_id, a.id`,
    );
    return rows.map((r) => ({
      ...r,
      item_id: Number(r.item_id),
      id: Number(r.id),
      unit_id: Number(r.unit_id),
      fk_inventory_serial_id: num(r.fk_inventory_serial_id),
    }));
  }

  /**
   * What a scan's serials collide with, in one statement: those already scanned in the item (any case), those live
   * as another product's serial (with its model), and whether the scanned UPC is a serial of the product or of the item.
   */
  async scanConflicts(input: {
    itemId: number;
    productId: number;
    serials: string[];
    upc: string;
    clientScanId: string | null;
  }): Promise<{
    replayed: boolean;
    scanned: string[];
    otherProduct: { serial_number: string; model: string }[];
    upcIsSerial: boolean;
  }> {
    const upper = JSON.stringify(input.serials.map((s) => s.toUpperCase()));
    const rows = await queryRows<{
      replayed: boolean;
      scanned: string[] | string;
      other: { serial_number: string; model: string }[] | string;
      upc_is_serial: boolean;
    }>(
      this.db,
      prepared(sql`select
            exists (select 1 from audit_serials a where a.item_id = ${input.itemId} and a.client_scan_id = ${input.clientScanId}) as replayed,
            coalesce((select jsonb_agg(a.scanned_serial_number) from audit_serials a
                      where a.item_id = ${input.itemId} and upper(a.scanned_serial_number) = any(array(select jsonb_array_elements_text(${upper}::jsonb)))), '[]'::jsonb) as scanned,
            coalesce((select jsonb_agg(jsonb_build_object('serial_number', s.serial_number, 'model', p.model_number))
                      from ${liveSerialsNamed(upper)} s join products p on p.id = s.product_id
                      where s.product_id <> ${input.productId}), '[]'::jsonb) as other,
            (exists (select 1 from inventory_serials s where upper(s.serial_number) = ${input.upc.toUpperCase()} and s.product_id = ${input.productId})
             or exists (select 1 from audit_serials a where a.item_id = ${input.itemId} and upper(a.scanned_serial_number) = ${input.upc.toUpperCase()})) as upc_is_serial`),
    );
    const row = rows[0]!;
    const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    return {
      replayed: Boolean(row.replayed),
      scanned: parse(row.scanned),
      otherProduct: parse(row.other),
      upcIsSerial: Boolean(row.upc_is_serial),
    };
  }

  /**
   * Records one counted unit and answers the tally, in one statement: a row per serial (or one row with the UPC
   * alone), the unit's id its first row's id, the client's scan id on that first row, each serial's record (the
   * product's newest serial row of that number, any disposition), the item's tallied quantity + 1, and every scan of
   * the item in id order (the rows before this statement and the ones it wrote: a statement does not see its own
   * writes through the table).
   */
  async insertUnit(input: {
    itemId: number;
    productId: number;
    serials: string[];
    upc: string;
    userId: number;
    clientScanId: string | null;
  }): Promise<{ tallied: number; scans: ScanRow[] }> {
    const serials = JSON.stringify(input.serials.length ? input.serials : [null]);
    const rows = await queryRows<ScanRow & { tallied_quantity: number }>(
      this.db,
      prepared(sql`with input as materialized (
            select v.serial, v.ord, nextval(pg_get_serial_sequence('audit_serials', 'id')) as id
            from jsonb_array_elements_text(${serials}::jsonb) with ordinality as v(serial, ord)
            order by v.ord
          ),
          unit as (select min(id) as unit_id from input),
          written as (
            insert into audit_serials (id, item_id, unit_id, scanned_serial_number, scanned_upc, scanned_by_id, fk_inventory_serial_id, client_scan_id)
            select i.id, ${input.itemId}, (select unit_id from unit), i.serial, ${input.upc}, ${input.userId},
                   (select s.id from inventory_serials s where s.product_id = ${input.productId} and upper(s.serial_number) = upper(i.serial) order by s.id desc limit 1),
                   case when i.ord = 1 then ${input.clientScanId}::text end
            from input i order by i.ord
            returning id, unit_id, scanned_serial_number, scanned_upc, scanned_at, fk_inventory_serial_id
          ),
          counted as (
            update audit_items set tallied_quantity = tallied_quantity + 1
            where id = ${input.itemId} and exists (select 1 from written)
            returning tallied_quantity
          )
          select (select tallied_quantity from counted) as tallied_quantity, t.*
          from (
            select a.id, a.unit_id, a.scanned_serial_number, a.scanned_upc, u.username as scanned_by, a.scanned_at, a.fk_inventory_serial_id
            from audit_serials a left join users u on u.id = a.scanned_by_id
            where a.item_id = ${input.itemId}
            union all
            select w.id, w.unit_id, w.scanned_serial_number, w.scanned_upc, (select username from users where id = ${input.userId}), w.scanned_at, w.fk_inventory_serial_id
            from written w
          ) t
          order by t.id`),
    );
    return {
      tallied: Number(rows[0]!.tallied_quantity),
      scans: rows.map((r) => ({
        id: Number(r.id),
        unit_id: Number(r.unit_id),
        scanned_serial_number: r.scanned_serial_number,
        scanned_upc: r.scanned_upc,
        scanned_by: r.scanned_by,
        scanned_at: r.scanned_at,
        fk_inventory_serial_id: num(r.fk_inventory_serial_id),
      })),
    };
  }

  /** The scan's unit: its item's reference and the unit id (null when no scan has this id). */
  async unitOf(scanId: number): Promise<{ ref: string; unitId: number } | null> {
    const rows = await queryRows<{ ref: string; unit_id: number }>(
      this.db,
      sql`select i.ims_transaction_reference_id as ref, a.unit_id from audit_serials a join audit_items i on i.id = a.item_id where a.id = ${scanId}`,
    );
    return rows[0] ? { ref: rows[0].ref, unitId: Number(rows[0].unit_id) } : null;
  }

  /** Removes a unit's scans and one unit from the item's tally; answers the new tallied quantity. */
  async deleteUnit(itemId: number, unitId: number): Promise<number> {
    const rows = await queryRows<{ tallied_quantity: number }>(
      this.db,
      sql`with gone as (delete from audit_serials where item_id = ${itemId} and unit_id = ${unitId} returning id)
          update audit_items set tallied_quantity = greatest(tallied_quantity - 1, 0)
          where id = ${itemId} and exists (select 1 from gone)
          returning tallied_quantity`,
    );
    return rows[0] ? Number(rows[0].tallied_quantity) : -1;
  }

  // ---- The review (set-based: a few statements whatever the number of serials). ----

  /** The bucket's place (location and condition). */
  async bucketPlace(bucket: string): Promise<{ location_code: string; condition_code: string } | null> {
    const rows = await this.db
      .select({ location_code: buckets.locationCode, condition_code: buckets.conditionCode })
      .from(buckets)
      .where(eq(buckets.bucket, bucket));
    return rows[0] ?? null;
  }

  async onHand(productId: number, bucket: string): Promise<number> {
    const rows = await queryRows<{ quantity: number }>(
      this.db,
      sql`select quantity from inventory where product_id = ${productId} and bucket = ${bucket}`,
    );
    return rows[0] ? Number(rows[0].quantity) : 0;
  }

  /**
   * The ledger rows of the product in the bucket after the tally's start that are not this item's own adjustment,
   * with the serials of their movement (for a transfer, the serial rows hang on the row into the destination).
   */
  async movesSince(productId: number, bucket: string, startId: number, ref: string): Promise<MoveRow[]> {
    return queryRows<MoveRow>(
      this.db,
      sql`select t.id, t.ims_transaction_reference_id, t.type, t.quantity_delta, t.created_at, u.username as user_name,
                 coalesce((select jsonb_agg(ts.scanned_serial_number order by ts.id) from inventory_transactions m
                           join inventory_transaction_serials ts on ts.transaction_id = m.id
                           where m.id = t.id or (t.details ->> 'movement' is not null and m.product_id = t.product_id and m.id > ${startId}
                                                 and m.details ->> 'movement' = t.details ->> 'movement')), '[]'::jsonb) as serials
          from inventory_transactions t left join users u on u.id = t.user_id
          where t.product_id = ${productId} and t.bucket = ${bucket} and t.id > ${startId}
            and (t.details ->> 'audit_item_reference') is distinct from ${ref}
          order by t.id`,
    );
  }

  /**
   * The serial judgement of an item being counted (docs/decisions.md, "Physical audits"), in one statement:
   * - scanned: every scanned serial with its record (the product's newest serial row of the number);
   * - missing: serials live in the bucket now, with no movement since the tally's start, and not scanned;
   * - discovered: scanned serials not live in the bucket now that did not leave it during the count (no movement
   *   since the start whose old place was the bucket's location and condition).
   * Movements of this item's own adjustment are not movements of the count.
   */
  async judge(input: {
    itemId: number;
    productId: number;
    bucket: string;
    startId: number;
    ref: string;
    location: string;
    condition: string;
  }): Promise<{
    scanned: PlaceRow[];
    missing: PlaceRow[];
    discovered: PlaceRow[];
  }> {
    const rows = await queryRows<PlaceRow & { kind: 'scanned' | 'missing' | 'discovered' }>(
      this.db,
      sql`with scans as materialized (
            select distinct on (upper(a.scanned_serial_number)) upper(a.scanned_serial_number) as n, a.scanned_serial_number, u.username as scanned_by
            from audit_serials a left join users u on u.id = a.scanned_by_id
            where a.item_id = ${input.itemId} and a.scanned_serial_number is not null
            order by upper(a.scanned_serial_number), a.id
          ),
          moved as materialized (
            select upper(s.serial_number) as n, bool_or(ts.old_location_code is not distinct from ${input.location}
                                                        and ts.old_condition_code is not distinct from ${input.condition}
                                                        and ts.old_disposition_code = 'LIVE') as left_bucket
            from inventory_transactions t
            join inventory_transaction_serials ts on ts.transaction_id = t.id
            join inventory_serials s on s.id = ts.serial_id
            where t.product_id = ${input.productId} and t.id > ${input.startId}
              and (t.details ->> 'audit_item_reference') is distinct from ${input.ref}
            group by upper(s.serial_number)
          ),
          live_here as materialized (
            select s.id, upper(s.serial_number) as n, s.serial_number, s.location_code, s.condition_code, s.disposition_code, s.bucket
            from inventory_serials s
            where s.product_id = ${input.productId} and s.bucket = ${input.bucket} and s.disposition_code = 'LIVE'
          ),
          records as materialized (
            select distinct on (upper(s.serial_number)) upper(s.serial_number) as n, s.id, s.location_code, s.condition_code, s.disposition_code, s.bucket
            from inventory_serials s join scans c on upper(s.serial_number) = c.n
            where s.product_id = ${input.productId}
            order by upper(s.serial_number), s.id desc
          )
          select 'scanned' as kind, c.scanned_serial_number as serial_number, r.id as ims_inventory_serial_id, r.location_code as expected_location_code,
                 r.condition_code as expected_condition_code, r.disposition_code as expected_disposition_code, r.bucket as expected_bucket, c.scanned_by
          from scans c left join records r on r.n = c.n
          union all
          select 'missing', l.serial_number, l.id, l.location_code, l.condition_code, l.disposition_code, l.bucket, null
          from live_here l
          where not exists (select 1 from scans c where c.n = l.n) and not exists (select 1 from moved m where m.n = l.n)
          union all
          select 'discovered', c.scanned_serial_number, r.id, r.location_code, r.condition_code, r.disposition_code, r.bucket, c.scanned_by
          from scans c left join records r on r.n = c.n
          where not exists (select 1 from live_here l where l.n = c.n)
            and not exists (select 1 from moved m where m.n = c.n and m.left_bucket)`,
    );
    const out = { scanned: [] as PlaceRow[], missing: [] as PlaceRow[], discovered: [] as PlaceRow[] };
    for (const { kind, ...r } of rows)
      out[kind].push({ ...r, ims_inventory_serial_id: num(r.ims_inventory_serial_id) });
    for (const list of Object.values(out))
      list.sort((a, b) => (a.serial_number < b.serial_number ? -1 : a.serial_number > b.serial_number ? 1 : 0));
    return out;
  }

  /**
   * What a resolved item did (its own adjustment rows): the serials it took out of the bucket (missing) and the ones
   * it brought in (discovered), each with the place it had before.
   */
  async resolvedSerials(input: {
    productId: number;
    bucket: string;
    startId: number;
    ref: string;
  }): Promise<{ missing: PlaceRow[]; discovered: PlaceRow[] }> {
    const rows = await queryRows<PlaceRow & { kind: 'missing' | 'discovered' }>(
      this.db,
      sql`select case when ts.new_disposition_code = 'MISSING' then 'missing' else 'discovered' end as kind,
                 ts.scanned_serial_number as serial_number, ts.serial_id as ims_inventory_serial_id,
                 ts.old_location_code as expected_location_code, ts.old_condition_code as expected_condition_code,
                 ts.old_disposition_code as expected_disposition_code,
                 (select b.bucket from buckets b where b.location_code = ts.old_location_code and b.condition_code = ts.old_condition_code
                  and ts.old_disposition_code = 'LIVE' limit 1) as expected_bucket,
                 null as scanned_by
          from inventory_transactions t join inventory_transaction_serials ts on ts.transaction_id = t.id
          where t.product_id = ${input.productId} and t.bucket = ${input.bucket} and t.id > ${input.startId}
            and t.details ->> 'audit_item_reference' = ${input.ref}
          order by ts.scanned_serial_number`,
    );
    const out = { missing: [] as PlaceRow[], discovered: [] as PlaceRow[] };
    for (const { kind, ...r } of rows)
      out[kind].push({ ...r, ims_inventory_serial_id: num(r.ims_inventory_serial_id) });
    return out;
  }

  // ---- Jobs (read only: the job queue owns the table). ----

  async job(id: number | null): Promise<Record<string, unknown> | null> {
    if (id === null) return null;
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select id, kind, status, progress_done, progress_total, attempts, error, result, created_at, started_at, finished_at from jobs where id = ${id}`,
    );
    return rows[0] ?? null;
  }

  async userIdByName(name: string): Promise<number | null> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`select id from users where lower(username) = ${name.toLowerCase()} limit 1`,
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  async userExists(id: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(this.db, sql`select id from users where id = ${id}`);
    return rows.length > 0;
  }
}
