import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../../db/prepared-statements.js';
import { committing, refusedAnswer } from '../../db/transaction-pipeline.js';
import { queryRows, type Executor } from '../../db/database.js';
import { liveSerialsNamed } from '../../db/live-serials.js';
import { poStatusAfterReceipts, poStatusBefore, poStatusChangeRecorded, poTotalsSet } from './po-figures.repository.js';
import {
  buckets,
  inventory,
  inventorySerials,
  inventoryTransactions,
  inventoryTransactionSerials,
} from '../../db/schema.js';

/**
 * The ledger's SQL: the only code that writes `inventory_transactions`, `inventory_transaction_serials`, on-hand
 * (`inventory`) and the places of `inventory_serials` (test/ledger-ownership.test.ts fails on any other writer), and
 * the locks on on-hand rows and serial numbers, taken in the order of docs/architecture.md. Every method runs on the
 * executor of the caller's transaction: the calling service owns the transaction, this module owns the rows.
 *
 * The PO figures a receipt changes are the ledger's too (their SQL in po-figures.repository.ts): the
 * line's received count, the PO's totals and its status, written by a scan's single statement (`postScanReceipt`,
 * conditioned on the ledger row it writes, so a scan stays two statements) and by `changeReceived` (manifests,
 * un-receipts). Receiving and purchase orders lock the PO, then the line, before anything here runs.
 */

/** The first key of the serial-number advisory locks (the second is the number's hash). */
export const SERIAL_LOCK_SPACE = 4_101;
/**
 * The serial-number gate (key (4102, 0)): every writer that makes numbers live holds it shared before its
 * per-number locks; a manifest receive holds it exclusively instead of one lock per number (docs/architecture.md).
 */
export const SERIAL_GATE_SPACE = 4_102;

/**
 * Steps 3 and 4 of the lock order as CTEs, for a receiving scan's statement that has locked its PO and line first
 * (its CTE `scan_line`, one row with the line's `product_id`): the on-hand row of (product, bucket), made at zero when
 * missing and otherwise locked without being rewritten (`do update … where false` locks the row it finds), then the
 * serial-number gate shared and a lock per number (any case) in key order, the keys of `lockSerialNumbers`. The
 * statement must read `scan_number_locks` (one row: how many numbers it locked); without serials nothing is locked.
 * The order is the data's: the upsert reads the locked line, the gate's row counts the upsert's rows, and the sort
 * needs the gate's row before it hands any key to the lock function (PostgreSQL evaluates it after the ORDER BY).
 */
export function scanLocksAfterLine(bucket: string, serials: string[]): SQL {
  const upper = JSON.stringify([...new Set(serials.map((s) => s.toUpperCase()))]);
  return sql`scan_on_hand as (
            insert into inventory (product_id, bucket, quantity)
            select l.product_id, b.bucket, 0 from scan_line l join buckets b on b.bucket = ${bucket}
            where jsonb_array_length(${upper}::jsonb) > 0
            on conflict (product_id, bucket) do update set quantity = inventory.quantity where false
            returning 1
          ),
          scan_gate as (
            select (select count(*) from scan_on_hand) as rows, pg_advisory_xact_lock_shared(${SERIAL_GATE_SPACE}, 0) as shared
            where jsonb_array_length(${upper}::jsonb) > 0
          ),
          scan_number_locks as (
            select count(*) as n from (
              select pg_advisory_xact_lock(${SERIAL_LOCK_SPACE}, keys.k)
              from (select distinct hashtext(v) as k from jsonb_array_elements_text(${upper}::jsonb) as v) keys cross join scan_gate
              order by keys.k
            ) taken
          )`;
}

export const REFERENCE_PREFIX: Record<string, string> = {
  INVENTORY_RECEIPT: 'IR',
  INVENTORY_UNRECEIPT: 'IU',
  INVENTORY_TRANSFER: 'IT',
  INVENTORY_SALE: 'IS',
  INVENTORY_AUDIT_ADJUSTMENT: 'IA',
  INVENTORY_OPENING_BALANCE: 'IO',
};

/**
 * A ledger row's time: now() (the transaction's start), or the given time of a document posted after the fact (the
 * demo loader's sales history and receipts, an import, a test's dated history): its rows, the on-hand rows' last
 * movement and a receipt's new serials carry its date, so every report dates it alike.
 */
function postedAt(at: Date | null | undefined): SQL {
  return at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
}

export type TransactionRow = typeof inventoryTransactions.$inferSelect;
export type SerialRow = typeof inventorySerials.$inferSelect;
/** The place columns of a serial row (what a movement reads and changes). */
export type SerialPlaceRow = Pick<
  SerialRow,
  'id' | 'serialNumber' | 'productId' | 'bucket' | 'locationCode' | 'conditionCode' | 'dispositionCode'
>;

export class LedgerRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Writes one scan's receipt in one statement, unless the scan id was used already (answered in `previous`) or
   * one of its serial numbers is live (answered in `live`); then nothing is written. Otherwise: the
   * INVENTORY_RECEIPT ledger row (its reference made from its id), each serial LIVE in the bucket and its movement
   * row, on-hand, the line's received count, the PO's totals (recomputed from its lines, this one counted with
   * the new unit) and its status, every part conditioned on the ledger row. The caller holds the PO, the line
   * and (with serials) the on-hand row and the numbers, and has checked every other rule. This statement's
   * snapshot is taken after those locks, so it sees every writer that held them before.
   */
  async postScanReceipt(input: {
    productId: number;
    bucket: string;
    locationCode: string | null;
    conditionCode: string | null;
    purchaseOrderId: number;
    legacyPoApiPoId: string | null;
    purchaseOrderItemId: number;
    userId: number;
    clientRequestId: string | null;
    scannedUpc: string;
    serials: string[];
    details: Record<string, unknown>;
    /** When the receipt happened, if not now: only a loader of past documents gives it (the demo data, an import). */
    at?: Date | null;
    /**
     * This statement ends its transaction: it is sent with COMMIT in one round trip (db/transaction-pipeline.ts),
     * and a scan it refuses (a live serial, a used scan id) raises `keystone_refuse` instead, so that the COMMIT is
     * skipped and nothing of the transaction is kept. The answer is the same either way; the caller then rolls back
     * (or, for a used scan id, ends the aborted transaction with its COMMIT, which the server turns into a rollback).
     */
    last: boolean;
  }): Promise<
    | { referenceId: string; qtyReceived: number }
    | { live: string[] }
    | { previous: { referenceId: string; purchaseOrderItemId: number | null; qtyReceived: number } }
  > {
    const serials = JSON.stringify(input.serials);
    const upper = JSON.stringify(input.serials.map((s) => s.toUpperCase()));
    const at = postedAt(input.at);
    const pending = { itemId: input.purchaseOrderItemId, delta: 1 };
    type Answer = {
      reference: string | null;
      qty_received: number | null;
      live: string[] | string;
      previous_reference: string | null;
      previous_item: number | null;
      line_received: number;
    };
    const statement = (last: boolean, query: SQL) => (last ? prepared(committing(query)) : prepared(query));
    const rows = await queryRows<Answer>(
      this.db,
      // Liveness by one index look-up per number (db/live-serials.ts), whatever the planner knows: a PGlite folder is
      // never analyzed, and there a semi-join or `= any(…)` read every live serial (each scan slower than the last).
      statement(
        input.last,
        sql`with live as (
            select s.serial_number from ${liveSerialsNamed(upper)} s
          ),
          previous as (
            select t.ims_transaction_reference_id, t.purchase_order_item_id from inventory_transactions t
            where t.client_request_id = ${input.clientRequestId}
          ),
          receipt_id as (
            select nextval(pg_get_serial_sequence('inventory_transactions', 'id')) as id
            where not exists (select 1 from live) and not exists (select 1 from previous)
          ),
          status_before as (${poStatusBefore(sql`${input.purchaseOrderId}::int`)}),
          receipt as (
            insert into inventory_transactions
              (id, ims_transaction_reference_id, type, product_id, bucket, quantity_delta, purchase_order_id, purchase_order_item_id, user_id, client_request_id, details, created_at)
            overriding system value
            select id, 'IR-' || lpad(id::text, greatest(7, length(id::text)), '0'), 'INVENTORY_RECEIPT', ${input.productId}, ${input.bucket}, 1,
                   ${input.purchaseOrderId}, ${input.purchaseOrderItemId}, ${input.userId}, ${input.clientRequestId}, ${JSON.stringify(input.details)}::jsonb, ${at}
            from receipt_id
            returning id, ims_transaction_reference_id
          ),
          serial_rows as materialized (
            select r.id as transaction_id, s.serial, s.pos, nextval(pg_get_serial_sequence('inventory_serials', 'id')) as serial_id
            from receipt r cross join lateral jsonb_array_elements_text(${serials}::jsonb) with ordinality as s(serial, pos)
            order by s.pos
          ),
          new_serials as (
            insert into inventory_serials (id, serial_number, product_id, bucket, location_code, condition_code, disposition_code, po_api_po_id, legacy_po_api_po_id, created_at)
            select serial_id, serial, ${input.productId}, ${input.bucket}, ${input.locationCode}, ${input.conditionCode}, 'LIVE', ${input.purchaseOrderId}, ${input.legacyPoApiPoId}, ${at}
            from serial_rows
          ),
          movements as (
            insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, scanned_upc, new_location_code, new_condition_code, new_disposition_code, scanned_at)
            select transaction_id, serial_id, serial, ${input.scannedUpc}, ${input.locationCode}, ${input.conditionCode}, 'LIVE', ${at}
            from serial_rows
          ),
          on_hand as (
            insert into inventory (product_id, bucket, quantity, last_updated_at) select ${input.productId}, ${input.bucket}, 1, ${at} from receipt
            on conflict (product_id, bucket) do update set quantity = inventory.quantity + 1, last_updated_at = ${at}
          ),
          line as (
            update purchase_order_items set qty_received = qty_received + 1
            where id = ${input.purchaseOrderItemId} and exists (select 1 from receipt)
            returning qty_received
          ),
          po as (
            -- Every line of the PO is held under its lock: the figures follow them, this one with its new unit.
            update purchase_orders set
              ${poTotalsSet(sql`${input.purchaseOrderId}::int`, pending)},
              status_id = ${poStatusAfterReceipts(sql`${input.purchaseOrderId}::int`, pending)},
              updated_at = now()
            where id = ${input.purchaseOrderId} and exists (select 1 from receipt)
            returning status_id
          ),
          status_change as (
            ${poStatusChangeRecorded(sql`${input.purchaseOrderId}::int`, input.userId, at)}
          ),
          answer as (
            select (select ims_transaction_reference_id from receipt) as reference, (select qty_received from line) as qty_received,
                   coalesce((select jsonb_agg(serial_number) from live), '[]'::jsonb) as live,
                   (select ims_transaction_reference_id from previous) as previous_reference, (select purchase_order_item_id from previous) as previous_item,
                   (select qty_received from purchase_order_items where id = ${input.purchaseOrderItemId}) as line_received
          )
          select answer.*, case when ${input.last}::boolean and answer.reference is null then keystone_refuse(to_jsonb(answer)) end as refused
          from answer`,
      ),
    ).catch((error: unknown) => {
      const refused = refusedAnswer(error);
      if (refused === undefined) throw error;
      return [refused as Answer];
    });
    const row = rows[0]!;
    if (row.previous_reference !== null) {
      return {
        previous: {
          referenceId: row.previous_reference,
          purchaseOrderItemId: row.previous_item,
          qtyReceived: row.line_received,
        },
      };
    }
    if (row.reference === null || row.qty_received === null) {
      return { live: typeof row.live === 'string' ? (JSON.parse(row.live) as string[]) : row.live };
    }
    return { referenceId: row.reference, qtyReceived: row.qty_received };
  }

  /**
   * A line's received count by `delta` (a manifest's units, an un-receipt's −1), then its PO's totals and status
   * by the one rule (po-figures.repository.ts), in one statement. The caller holds the PO and the line. Answers the
   * line's new count.
   */
  async changeReceived(input: {
    purchaseOrderId: number;
    purchaseOrderItemId: number;
    delta: number;
    /** Whose receipts (or un-receipt) these are: a status they move is recorded on the PO's history as theirs. */
    userId: number;
    at?: Date | null;
  }): Promise<number> {
    const pending = { itemId: input.purchaseOrderItemId, delta: input.delta };
    const po = sql`${input.purchaseOrderId}::int`;
    const rows = await queryRows<{ qty_received: number }>(
      this.db,
      sql`with status_before as (${poStatusBefore(po)}),
          line as (
            update purchase_order_items set qty_received = qty_received + ${input.delta}::int
            where id = ${input.purchaseOrderItemId} and purchase_order_id = ${input.purchaseOrderId}
            returning qty_received
          ),
          po as (
            update purchase_orders set ${poTotalsSet(po, pending)}, status_id = ${poStatusAfterReceipts(po, pending)}, updated_at = now()
            where id = ${input.purchaseOrderId} and exists (select 1 from line)
            returning status_id
          ),
          status_change as (
            ${poStatusChangeRecorded(po, input.userId, postedAt(input.at))}
          )
          select qty_received from line`,
    );
    if (!rows[0]) throw new Error(`PO line ${input.purchaseOrderItemId} is not on PO ${input.purchaseOrderId}`);
    return rows[0].qty_received;
  }

  /**
   * Takes these on-hand rows one by one in (product, bucket) order, making a missing row at zero, so that writers
   * sharing products across different POs queue instead of deadlocking. Buckets that do not exist are skipped: the
   * receive itself refuses them.
   */
  async lockOnHand(keys: { productId: number; bucket: string }[]): Promise<void> {
    if (!keys.length) return;
    const known = await this.db
      .select({ bucket: buckets.bucket })
      .from(buckets)
      .where(inArray(buckets.bucket, [...new Set(keys.map((k) => k.bucket))]));
    const bucketKnown = new Set(known.map((b) => b.bucket));
    const unique = new Map(
      keys.filter((k) => bucketKnown.has(k.bucket)).map((k) => [`${k.productId}\u0000${k.bucket}`, k]),
    );
    const ordered = [...unique.values()].sort(
      (a, b) => a.productId - b.productId || (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0),
    );
    for (const key of ordered) await this.addOnHand(key.productId, key.bucket, 0);
  }

  /**
   * Takes a transaction-scoped advisory lock per serial number (any case), in the order of the locks' keys, so that
   * writers receiving the same numbers queue one behind the other instead of deadlocking on the one-live-serial
   * index. PostgreSQL evaluates the volatile lock function after the ORDER BY.
   */
  async lockSerialNumbers(serials: string[]): Promise<void> {
    if (!serials.length) return;
    // Behind a manifest receive that holds the whole number space (lockSerialNumberSpace), not beside it.
    await this.db.execute(sql`select pg_advisory_xact_lock_shared(${SERIAL_GATE_SPACE}, 0)`);
    const list = sql.join(
      [...new Set(serials.map((s) => s.toUpperCase()))].map((s) => sql`(${s})`),
      sql`, `,
    );
    await this.db.execute(
      sql`select pg_advisory_xact_lock(${SERIAL_LOCK_SPACE}, k) from (select distinct hashtext(v.s) as k from (values ${list}) as v(s)) keys order by k`,
    );
  }

  /** Serials live anywhere whose number (any case) is one of these. */
  async liveSerials(numbers: string[]) {
    if (!numbers.length) return [];
    return this.db
      .select({ id: inventorySerials.id, serialNumber: inventorySerials.serialNumber })
      .from(inventorySerials)
      .where(
        and(
          eq(inventorySerials.dispositionCode, 'LIVE'),
          inArray(
            sql`upper(${inventorySerials.serialNumber})`,
            numbers.map((n) => n.toUpperCase()),
          ),
        ),
      );
  }

  /** Appends a ledger row; its reference id is the type's prefix and the row id. */
  async insertTransaction(
    values: Omit<typeof inventoryTransactions.$inferInsert, 'referenceId' | 'id'>,
  ): Promise<{ id: number; referenceId: string }> {
    const [inserted] = await this.db
      .insert(inventoryTransactions)
      .values({ ...values, referenceId: `pending-${randomUUID()}` })
      .returning({ id: inventoryTransactions.id });
    const referenceId = `${REFERENCE_PREFIX[values.type] ?? 'IX'}-${String(inserted!.id).padStart(7, '0')}`;
    await this.db.update(inventoryTransactions).set({ referenceId }).where(eq(inventoryTransactions.id, inserted!.id));
    return { id: inserted!.id, referenceId };
  }

  async updateSerial(id: number, values: Partial<typeof inventorySerials.$inferInsert>): Promise<void> {
    await this.db.update(inventorySerials).set(values).where(eq(inventorySerials.id, id));
  }

  async insertTransactionSerials(values: (typeof inventoryTransactionSerials.$inferInsert)[]): Promise<void> {
    if (values.length) await this.db.insert(inventoryTransactionSerials).values(values);
  }

  /** Changes on-hand by `delta`, creating the row at zero first; answers the new quantity. */
  async addOnHand(productId: number, bucket: string, delta: number): Promise<number> {
    const [row] = await this.db
      .insert(inventory)
      .values({ productId, bucket, quantity: delta })
      .onConflictDoUpdate({
        target: [inventory.productId, inventory.bucket],
        set: { quantity: sql`${inventory.quantity} + ${delta}`, lastUpdatedAt: new Date() },
      })
      .returning({ quantity: inventory.quantity });
    return row!.quantity;
  }

  /** On-hand of a product in a bucket (0 without a row); the row locked for update unless `lock` is false. */
  async onHand(productId: number, bucket: string, { lock = true }: { lock?: boolean } = {}): Promise<number> {
    const query = this.db
      .select({ quantity: inventory.quantity })
      .from(inventory)
      .where(and(eq(inventory.productId, productId), eq(inventory.bucket, bucket)));
    const rows = lock ? await query.for('update') : await query;
    return rows[0]?.quantity ?? 0;
  }

  serialsById(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.select().from(inventorySerials).where(inArray(inventorySerials.id, ids)).for('update');
  }

  /**
   * Takes the serial-number gate exclusively: no other writer can make a number live (they hold the gate shared
   * before their per-number locks) until this transaction ends. A manifest of 10,000 numbers takes this one lock
   * instead of 10,000 advisory locks, which would use up PostgreSQL's shared lock table (64 per connection by default).
   */
  async lockSerialNumberSpace(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${SERIAL_GATE_SPACE}, 0)`);
  }

  /**
   * The live serials among these numbers, one index probe a number (the live-serial index): for a bulk load whose own
   * transaction grows the table, where a hash join over the whole table would be read at every call.
   */
  async liveSerialsProbed(numbers: string[]): Promise<string[]> {
    if (!numbers.length) return [];
    const rows = await queryRows<{ serial_number: string }>(
      this.db,
      sql`select s.serial_number from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) as v(n)
          cross join lateral (
            select serial_number from inventory_serials
            where upper(serial_number) = upper(v.n) and disposition_code = 'LIVE' limit 1
          ) s`,
    );
    return rows.map((r) => r.serial_number);
  }

  /**
   * Fresh planner statistics of the stock tables, taken inside the caller's transaction (its own rows counted): a bulk
   * load that grows them by hundreds of thousands of rows in one transaction keeps its plans on the indexes.
   */
  async refreshStatistics(): Promise<void> {
    await this.db.execute(
      sql`analyze inventory_serials, inventory_transactions, inventory_transaction_serials, inventory`,
    );
  }

  /** The live serials whose number (any case) is one of these: one statement, the list as one JSON parameter. */
  async liveSerialsAmong(numbers: string[]): Promise<string[]> {
    if (!numbers.length) return [];
    const rows = await queryRows<{ serial_number: string }>(
      this.db,
      sql`select s.serial_number from inventory_serials s
          where s.disposition_code = 'LIVE'
            and upper(s.serial_number) in (select upper(v) from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) as v)`,
    );
    return rows.map((r) => r.serial_number);
  }

  /**
   * Writes a manifest's receipts in one statement, whatever its size: per unit an INVENTORY_RECEIPT ledger row of
   * quantity 1 (client request id `{id}/{unit}`), per serial a LIVE inventory serial in the bucket and its
   * movement row. The units travel as one JSON parameter, so no bind-parameter limit applies. The caller holds
   * the line, the on-hand row and the serial-number gate, has checked every serial, and changes on-hand, the
   * line's count and the PO afterwards. Answers the receipts' references in unit order.
   */
  async postManifestReceipts(input: {
    units: string[][];
    productId: number;
    bucket: string;
    locationCode: string | null;
    conditionCode: string | null;
    purchaseOrderId: number;
    legacyPoApiPoId: string | null;
    purchaseOrderItemId: number;
    userId: number;
    clientRequestId: string;
    details: Record<string, unknown>;
  }): Promise<string[]> {
    const units = JSON.stringify(input.units);
    const rows = await queryRows<{ reference: string }>(
      this.db,
      sql`with unit_rows as materialized (
            select (u.ord - 1)::int as unit, nextval(pg_get_serial_sequence('inventory_transactions', 'id')) as id, u.serials
            from jsonb_array_elements(${units}::jsonb) with ordinality as u(serials, ord)
          ),
          receipts as (
            insert into inventory_transactions
              (id, ims_transaction_reference_id, type, product_id, bucket, quantity_delta, purchase_order_id, purchase_order_item_id, user_id, client_request_id, details)
            overriding system value
            select id, 'IR-' || lpad(id::text, greatest(7, length(id::text)), '0'), 'INVENTORY_RECEIPT', ${input.productId}, ${input.bucket}, 1,
                   ${input.purchaseOrderId}, ${input.purchaseOrderItemId}, ${input.userId}, ${input.clientRequestId} || '/' || unit,
                   ${JSON.stringify(input.details)}::jsonb || jsonb_build_object('manifest_unit', unit + 1)
            from unit_rows
            returning id, ims_transaction_reference_id
          ),
          serial_rows as materialized (
            select r.unit, r.id as transaction_id, s.serial, s.pos, nextval(pg_get_serial_sequence('inventory_serials', 'id')) as serial_id
            from unit_rows r cross join lateral jsonb_array_elements_text(r.serials) with ordinality as s(serial, pos)
            order by r.unit, s.pos
          ),
          serials as (
            insert into inventory_serials (id, serial_number, product_id, bucket, location_code, condition_code, disposition_code, po_api_po_id, legacy_po_api_po_id)
            select serial_id, serial, ${input.productId}, ${input.bucket}, ${input.locationCode}, ${input.conditionCode}, 'LIVE', ${input.purchaseOrderId}, ${input.legacyPoApiPoId}
            from serial_rows
          ),
          movements as (
            insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
            select transaction_id, serial_id, serial, ${input.locationCode}, ${input.conditionCode}, 'LIVE'
            from serial_rows
          )
          select r.ims_transaction_reference_id as reference
          from receipts r join unit_rows u on u.id = r.id
          order by u.unit`,
    );
    return rows.map((r) => r.reference);
  }

  /**
   * Step 3 for many products at once: the on-hand rows of these (product, bucket) pairs, made at zero when missing, in
   * (product, bucket) order in one statement. Answers every pair asked for: whether its product and its bucket exist
   * (only pairs of both are locked) and the bucket's location and condition.
   */
  async lockOnHandPairs(keys: { productId: number; bucket: string }[]) {
    const wanted = JSON.stringify(keys.map((k) => ({ p: k.productId, b: k.bucket })));
    const rows = await queryRows<{
      product_id: number;
      bucket: string;
      product_known: boolean;
      bucket_known: boolean;
      location_code: string | null;
      condition_code: string | null;
    }>(
      this.db,
      sql`with wanted as materialized (
            select distinct (w ->> 'p')::int as product_id, w ->> 'b' as bucket from jsonb_array_elements(${wanted}::jsonb) as w
          ),
          places as materialized (
            select w.product_id, w.bucket, p.id is not null as product_known, b.bucket is not null as bucket_known,
                   b.location_code, b.condition_code
            from wanted w left join products p on p.id = w.product_id left join buckets b on b.bucket = w.bucket
          ),
          locked as (
            insert into inventory (product_id, bucket, quantity)
            select product_id, bucket, 0 from places where product_known and bucket_known
            order by product_id, bucket collate "C"
            on conflict (product_id, bucket) do update set quantity = inventory.quantity + 0
            returning product_id
          )
          select product_id, bucket, product_known, bucket_known, location_code, condition_code from places`,
    );
    return rows.map((r) => ({ ...r, product_id: Number(r.product_id) }));
  }

  /**
   * Writes many opening balances (INVENTORY_OPENING_BALANCE) in one statement: per entry a ledger row adding its
   * quantity (its reference from its id), per serial a LIVE inventory serial in the entry's bucket and its movement
   * row, and on-hand of each (product, bucket) by the sum of its entries. The entries travel as one JSON parameter.
   * The caller holds the on-hand rows and the serial-number gate and has checked every serial. Answers each entry's
   * ledger row in entry order with its (product, bucket)'s on-hand after the whole statement.
   */
  async postOpeningBalances(input: {
    entries: {
      productId: number;
      bucket: string;
      quantity: number;
      serials: string[];
      locationCode: string | null;
      conditionCode: string | null;
      notes: string;
      details: Record<string, unknown>;
    }[];
    userId: number | null;
  }): Promise<{ id: number; referenceId: string; onHand: number }[]> {
    const entries = JSON.stringify(
      input.entries.map((e) => ({
        p: e.productId,
        b: e.bucket,
        q: e.quantity,
        s: e.serials,
        loc: e.locationCode,
        cond: e.conditionCode,
        notes: e.notes,
        details: e.details,
      })),
    );
    const rows = await queryRows<{ id: number | string; reference: string; on_hand: number | null }>(
      this.db,
      sql`with entry_rows as materialized (
            select e.ord, e.v, (e.v ->> 'p')::int as product_id, e.v ->> 'b' as bucket, (e.v ->> 'q')::int as delta,
                   nextval(pg_get_serial_sequence('inventory_transactions', 'id')) as id
            from jsonb_array_elements(${entries}::jsonb) with ordinality as e(v, ord)
            order by e.ord
          ),
          written as (
            insert into inventory_transactions (id, ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, notes, details)
            overriding system value
            select id, 'IO-' || lpad(id::text, greatest(7, length(id::text)), '0'), 'INVENTORY_OPENING_BALANCE', product_id, bucket, delta,
                   ${input.userId}, v ->> 'notes', v -> 'details'
            from entry_rows order by ord
            returning id
          ),
          serial_rows as materialized (
            select r.id as transaction_id, r.product_id, r.bucket, r.v ->> 'loc' as loc, r.v ->> 'cond' as cond, r.v ->> 'notes' as notes,
                   s.serial, nextval(pg_get_serial_sequence('inventory_serials', 'id')) as serial_id
            from entry_rows r cross join lateral jsonb_array_elements_text(r.v -> 's') with ordinality as s(serial, pos)
            order by r.ord, s.pos
          ),
          serials as (
            insert into inventory_serials (id, serial_number, product_id, bucket, location_code, condition_code, disposition_code)
            select serial_id, serial, product_id, bucket, loc, cond, 'LIVE' from serial_rows
          ),
          movements as (
            insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code, notes)
            select transaction_id, serial_id, serial, loc, cond, 'LIVE', notes from serial_rows
          ),
          deltas as (select product_id, bucket, sum(delta)::int as delta from entry_rows group by product_id, bucket),
          on_hand as (
            update inventory o set quantity = o.quantity + d.delta, last_updated_at = now()
            from deltas d where o.product_id = d.product_id and o.bucket = d.bucket
            returning o.product_id, o.bucket, o.quantity
          )
          select r.id, 'IO-' || lpad(r.id::text, greatest(7, length(r.id::text)), '0') as reference, o.quantity as on_hand
          from entry_rows r left join on_hand o on o.product_id = r.product_id and o.bucket = r.bucket
          order by r.ord`,
    );
    const missing = rows.filter((r) => r.on_hand === null).length;
    if (missing)
      throw new Error(
        `opening balances wrote ${missing} rows without their on-hand: an on-hand row was not locked first`,
      );
    return rows.map((r) => ({ id: Number(r.id), referenceId: r.reference, onHand: Number(r.on_hand) }));
  }

  // ---- Movements of stock already live (transfers, sales; audits and adjustments next). ----

  /**
   * Steps 3 of the lock order for a movement: these on-hand rows, made at zero when missing, in (product, bucket)
   * order, in one statement (an INSERT … SELECT … ORDER BY upserts, and so locks, its rows in that order). Answers
   * the product's serial setup and, per bucket that exists, its on-hand under the lock; no row when the product
   * does not exist. Unknown buckets are left out (and not made).
   */
  async lockOnHandRows(productId: number, bucketNames: string[]) {
    const ordered = JSON.stringify([...new Set(bucketNames)].sort());
    return queryRows<{
      serial_number_tracked: boolean;
      num_of_serials_per_item: number | null;
      bucket: string | null;
      quantity: number | null;
      location_code: string | null;
      condition_code: string | null;
    }>(
      this.db,
      sql`with wanted as (
            select b.bucket, b.location_code, b.condition_code, w.ord
            from jsonb_array_elements_text(${ordered}::jsonb) with ordinality as w(bucket, ord) join buckets b on b.bucket = w.bucket
          ),
          locked as (
            insert into inventory (product_id, bucket, quantity)
            select p.id, w.bucket, 0 from wanted w join products p on p.id = ${productId} order by w.ord
            on conflict (product_id, bucket) do update set quantity = inventory.quantity + 0
            returning bucket, quantity
          )
          select p.serial_number_tracked, p.num_of_serials_per_item, w.bucket, l.quantity, w.location_code, w.condition_code
          from products p left join (wanted w join locked l on l.bucket = w.bucket) on true
          where p.id = ${productId}
          order by w.ord`,
    );
  }

  /** Where these numbers (any case) are live, read without a lock (a correction's look before it locks). */
  livePlaces(numbers: string[]) {
    if (!numbers.length) return Promise.resolve([]);
    return this.db
      .select({
        serialNumber: inventorySerials.serialNumber,
        productId: inventorySerials.productId,
        bucket: inventorySerials.bucket,
      })
      .from(inventorySerials)
      .where(
        and(
          eq(inventorySerials.dispositionCode, 'LIVE'),
          inArray(
            sql`upper(${inventorySerials.serialNumber})`,
            numbers.map((n) => n.toUpperCase()),
          ),
        ),
      );
  }

  /** Per number (upper case), the disposition of its newest serial row, live or not (absent: never recorded). */
  async latestDispositions(numbers: string[]): Promise<Map<string, string>> {
    if (!numbers.length) return new Map();
    const upper = JSON.stringify([...new Set(numbers.map((n) => n.toUpperCase()))]);
    const rows = await queryRows<{ n: string; disposition_code: string }>(
      this.db,
      sql`select distinct on (upper(s.serial_number)) upper(s.serial_number) as n, s.disposition_code
          from inventory_serials s
          where upper(s.serial_number) in (select jsonb_array_elements_text(${upper}::jsonb))
          order by upper(s.serial_number), s.id desc`,
    );
    return new Map(rows.map((r) => [r.n, r.disposition_code]));
  }

  /** Product models by id. */
  async modelsOf(productIds: number[]): Promise<Map<number, string>> {
    if (!productIds.length) return new Map();
    const rows = await queryRows<{ id: number; model_number: string }>(
      this.db,
      sql`select id, model_number from products where id in (select (jsonb_array_elements_text(${JSON.stringify([...new Set(productIds)])}::jsonb))::int)`,
    );
    return new Map(rows.map((r) => [Number(r.id), r.model_number]));
  }

  /** New live serials in a bucket (a correction's; the movement row that explains them is written by `postMovement`). */
  async insertLiveSerials(
    values: {
      serialNumber: string;
      productId: number;
      bucket: string;
      locationCode: string | null;
      conditionCode: string | null;
    }[],
  ): Promise<{ id: number; serialNumber: string }[]> {
    if (!values.length) return [];
    return this.db
      .insert(inventorySerials)
      .values(values.map((v) => ({ ...v, dispositionCode: 'LIVE' })))
      .returning({ id: inventorySerials.id, serialNumber: inventorySerials.serialNumber });
  }

  /** Step 5 of the lock order: the live serials whose number (any case) is one of these, locked, in id order. */
  lockLiveSerials(numbers: string[]): Promise<SerialRow[]> {
    if (!numbers.length) return Promise.resolve([]);
    return this.db
      .select()
      .from(inventorySerials)
      .where(
        and(
          eq(inventorySerials.dispositionCode, 'LIVE'),
          inArray(
            sql`upper(${inventorySerials.serialNumber})`,
            numbers.map((n) => n.toUpperCase()),
          ),
        ),
      )
      .orderBy(inventorySerials.id)
      .for('update');
  }

  /** The ledger rows a request id made: the row with the id itself and any `{id}/…` rows of the same request. */
  async transactionsOfRequest(clientRequestId: string): Promise<TransactionRow[]> {
    return this.db
      .select()
      .from(inventoryTransactions)
      .where(
        sql`${inventoryTransactions.clientRequestId} = ${clientRequestId} or ${inventoryTransactions.clientRequestId} = ${`${clientRequestId}/in`}`,
      )
      .orderBy(inventoryTransactions.id);
  }

  /**
   * Writes one movement in one statement: its ledger rows (each `{type prefix}-{id}`, drawn in row order), every
   * serial's new place and its movement row (on the last ledger row: the one into the destination, or the sale's),
   * and on-hand of each row's bucket. The caller holds the on-hand rows and the serials and has checked them.
   * Answers the ledger rows in order with each bucket's on-hand after it.
   */
  async postMovement(input: {
    type: 'INVENTORY_TRANSFER' | 'INVENTORY_SALE' | 'INVENTORY_AUDIT_ADJUSTMENT' | 'INVENTORY_OPENING_BALANCE';
    productId: number;
    rows: { bucket: string; quantityDelta: number; clientRequestId: string | null; details: Record<string, unknown> }[];
    userId: number | null;
    notes: string | null;
    /** When the movement happened, if not now: only a loader of past documents gives it (the demo data, an import). */
    at?: Date | null;
    /** Each serial's id, number, old place and new place (bucket null when it leaves the buckets). */
    serials: {
      id: number;
      serialNumber: string;
      scannedUpc: string | null;
      old: { location: string | null; condition: string | null; disposition: string | null };
      new: { bucket: string | null; location: string | null; condition: string | null; disposition: string };
    }[];
  }): Promise<{ id: number; referenceId: string; bucket: string; quantityDelta: number; onHand: number }[]> {
    const prefix = REFERENCE_PREFIX[input.type]!;
    const rows = JSON.stringify(
      input.rows.map((r) => ({
        bucket: r.bucket,
        delta: r.quantityDelta,
        request: r.clientRequestId,
        details: r.details,
      })),
    );
    const serials = JSON.stringify(input.serials);
    const at = postedAt(input.at);
    const result = await queryRows<{
      id: number | string;
      reference: string;
      bucket: string;
      quantity_delta: number;
      on_hand: number;
    }>(
      this.db,
      sql`with row_input as materialized (
            select r.ord, r.value as v, nextval(pg_get_serial_sequence('inventory_transactions', 'id')) as id
            from jsonb_array_elements(${rows}::jsonb) with ordinality as r(value, ord)
            order by r.ord
          ),
          refs as materialized (
            select ord, id, ${prefix} || '-' || lpad(id::text, greatest(7, length(id::text)), '0') as reference,
                   (select ${prefix} || '-' || lpad(min(id)::text, greatest(7, length(min(id)::text)), '0') from row_input) as first_reference,
                   v ->> 'bucket' as bucket, (v ->> 'delta')::int as delta, v ->> 'request' as request, v -> 'details' as details
            from row_input
          ),
          written as (
            insert into inventory_transactions (id, ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, client_request_id, notes, details, created_at)
            overriding system value
            select id, reference, ${input.type}, ${input.productId}, bucket, delta, ${input.userId}, request, ${input.notes},
                   details || case when (select count(*) from refs) > 1 then jsonb_build_object('movement', first_reference) else '{}'::jsonb end, ${at}
            from refs order by ord
            returning id
          ),
          serial_input as (
            select (s ->> 'id')::int as id, s ->> 'serialNumber' as serial_number, s ->> 'scannedUpc' as scanned_upc, s -> 'old' as old, s -> 'new' as new, ord
            from jsonb_array_elements(${serials}::jsonb) with ordinality as x(s, ord)
          ),
          places as (
            update inventory_serials t set bucket = i.new ->> 'bucket', location_code = i.new ->> 'location', condition_code = i.new ->> 'condition',
                                           disposition_code = i.new ->> 'disposition'
            from serial_input i where t.id = i.id
          ),
          movements as (
            insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, scanned_upc, old_location_code, old_condition_code,
                                                       old_disposition_code, new_location_code, new_condition_code, new_disposition_code, notes, scanned_at)
            select (select id from refs order by ord desc limit 1), i.id, i.serial_number, i.scanned_upc, i.old ->> 'location', i.old ->> 'condition',
                   i.old ->> 'disposition', i.new ->> 'location', i.new ->> 'condition', i.new ->> 'disposition', ${input.notes}, ${at}
            from serial_input i order by i.ord
          ),
          deltas as (select bucket, sum(delta)::int as delta from refs group by bucket),
          on_hand as (
            update inventory o set quantity = o.quantity + d.delta, last_updated_at = ${at}
            from deltas d where o.product_id = ${input.productId} and o.bucket = d.bucket
            returning o.bucket, o.quantity
          )
          select r.id, r.reference, r.bucket, r.delta as quantity_delta, o.quantity as on_hand
          from refs r join on_hand o on o.bucket = r.bucket
          order by r.ord`,
    );
    if (result.length !== input.rows.length)
      throw new Error(
        `a ledger movement wrote ${result.length} of ${input.rows.length} rows: an on-hand row was not locked first`,
      );
    return result.map((r) => ({
      id: Number(r.id),
      referenceId: r.reference,
      bucket: r.bucket,
      quantityDelta: r.quantity_delta,
      onHand: r.on_hand,
    }));
  }

  // ---- Audits: set-based reads of many serials, the numbers as one JSON parameter. ----

  /**
   * Step 5 for many numbers: the live serials whose number (any case) is one of these, locked in id order, `limit`
   * rows with an id above `afterId` (a caller walks them in chunks and keeps the id order across chunks).
   */
  async lockLiveSerialsChunk(numbers: string[], afterId: number, limit: number): Promise<SerialPlaceRow[]> {
    if (!numbers.length) return [];
    const upper = JSON.stringify([...new Set(numbers.map((n) => n.toUpperCase()))]);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select s.id, s.serial_number, s.product_id, s.bucket, s.location_code, s.condition_code, s.disposition_code
          from inventory_serials s
          where s.disposition_code = 'LIVE' and upper(s.serial_number) = any(array(select jsonb_array_elements_text(${upper}::jsonb))) and s.id > ${afterId}
          order by s.id limit ${limit}
          for update`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      serialNumber: r.serial_number as string,
      productId: Number(r.product_id),
      bucket: (r.bucket as string | null) ?? null,
      locationCode: (r.location_code as string | null) ?? null,
      conditionCode: (r.condition_code as string | null) ?? null,
      dispositionCode: r.disposition_code as string,
    }));
  }

  /** Per number (upper case), the product's newest serial row that is not live, locked (a revival's). */
  async lockLatestRecordsOf(
    productId: number,
    numbers: string[],
  ): Promise<
    Map<
      string,
      {
        id: number;
        serialNumber: string;
        locationCode: string | null;
        conditionCode: string | null;
        dispositionCode: string;
      }
    >
  > {
    if (!numbers.length) return new Map();
    const upper = JSON.stringify([...new Set(numbers.map((n) => n.toUpperCase()))]);
    const rows = await queryRows<{
      id: number;
      serial_number: string;
      location_code: string | null;
      condition_code: string | null;
      disposition_code: string;
    }>(
      this.db,
      sql`select s.id, s.serial_number, s.location_code, s.condition_code, s.disposition_code from inventory_serials s
          where s.id in (select distinct on (upper(x.serial_number)) x.id from inventory_serials x
                         where x.product_id = ${productId} and upper(x.serial_number) = any(array(select jsonb_array_elements_text(${upper}::jsonb)))
                         order by upper(x.serial_number), x.id desc)
            and s.disposition_code <> 'LIVE'
          order by s.id
          for update`,
    );
    return new Map(
      rows.map((r) => [
        r.serial_number.toUpperCase(),
        {
          id: Number(r.id),
          serialNumber: r.serial_number,
          locationCode: r.location_code,
          conditionCode: r.condition_code,
          dispositionCode: r.disposition_code,
        },
      ]),
    );
  }

  /** Where these numbers (any case) are live, read without a lock, as one JSON parameter (an audit's look before it locks). */
  async livePlacesAmong(
    numbers: string[],
  ): Promise<{ serialNumber: string; productId: number; bucket: string | null }[]> {
    if (!numbers.length) return [];
    const upper = JSON.stringify([...new Set(numbers.map((n) => n.toUpperCase()))]);
    const rows = await queryRows<{ serial_number: string; product_id: number; bucket: string | null }>(
      this.db,
      sql`select s.serial_number, s.product_id, s.bucket from ${liveSerialsNamed(upper)} s`,
    );
    return rows.map((r) => ({ serialNumber: r.serial_number, productId: Number(r.product_id), bucket: r.bucket }));
  }

  /** New live serials in a bucket, as one JSON parameter (an audit's discovered serials never recorded). */
  async insertLiveSerialsAmong(
    productId: number,
    bucket: string,
    locationCode: string | null,
    conditionCode: string | null,
    numbers: string[],
  ): Promise<{ id: number; serialNumber: string }[]> {
    if (!numbers.length) return [];
    const rows = await queryRows<{ id: number; serial_number: string }>(
      this.db,
      sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
          select v, ${productId}, ${bucket}, ${locationCode}, ${conditionCode}, 'LIVE' from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) as v
          returning id, serial_number`,
    );
    return rows.map((r) => ({ id: Number(r.id), serialNumber: r.serial_number }));
  }
}
