import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import {
  buckets,
  inventory,
  inventorySerials,
  inventoryTransactions,
  inventoryTransactionSerials,
  products,
  purchaseOrderItems,
  purchaseOrders,
  users,
} from '../../db/schema.js';

export type TransactionRow = typeof inventoryTransactions.$inferSelect;

/** The first key of the serial-number advisory locks (the second is the number's hash). */
const SERIAL_LOCK_SPACE = 4_101;
/**
 * The serial-number gate (key (4102, 0)): every writer that makes numbers live holds it shared before its
 * per-number locks; a manifest receive holds it exclusively instead of one lock per number (docs/architecture.md).
 */
const SERIAL_GATE_SPACE = 4_102;

const REFERENCE_PREFIX: Record<string, string> = {
  INVENTORY_RECEIPT: 'IR',
  INVENTORY_UNRECEIPT: 'IU',
  INVENTORY_TRANSFER: 'IT',
  INVENTORY_SALE: 'IS',
  INVENTORY_AUDIT_ADJUSTMENT: 'IA',
};

/** The ledger's writes and reads. Only this file (and the other ledger repositories) touch these tables. */
export class ReceivingRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The PO line with its PO and product, both rows locked for the rest of the transaction. The PO is locked
   * before the line, the order every writer of POs and lines follows, so two writers never wait on each other.
   */
  async lockLine(itemId: number) {
    const [ref] = await this.db.select({ poId: purchaseOrderItems.purchaseOrderId }).from(purchaseOrderItems).where(eq(purchaseOrderItems.id, itemId));
    if (!ref) return null;
    await this.lockPurchaseOrders([ref.poId]);
    const rows = await this.db
      .select({ item: purchaseOrderItems, po: purchaseOrders, product: products })
      .from(purchaseOrderItems)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderItems.purchaseOrderId))
      .innerJoin(products, eq(products.id, purchaseOrderItems.productId))
      .where(eq(purchaseOrderItems.id, itemId))
      .for('update', { of: purchaseOrderItems });
    return rows[0] ?? null;
  }

  // ---- One receiving scan (issue 9 part 5): a few statements, not one per figure. ----

  /**
   * Locks the line's PO, then the line (the order of every writer: the PO is locked in a materialized CTE, which
   * the join must read before any line row can reach the outer lock), and reads what a scan checks: the line, its
   * PO and product, the bucket scanned into, and the receipt already made with this client scan id. One statement.
   * The PO and line are read as locked (their latest versions); the earlier receipt is read from the statement's
   * snapshot, taken before any wait for the PO, so a receipt committed by the writer waited for is not seen here:
   * `writeScanReceipt`, whose snapshot is taken under the lock, checks the scan id again.
   */
  async lockLineForScan(itemId: number, bucket: string, clientScanId: string | null) {
    const rows = await queryRows<{
      item_id: number;
      purchase_order_id: number;
      qty_ordered: number;
      qty_received: number;
      status_id: number;
      ims_location_code: string;
      legacy_po_number: string | null;
      product_id: number;
      model_number: string;
      part_number: string | null;
      upc: string | null;
      alternate_upc: string | null;
      serial_number_tracked: boolean;
      num_of_serials_per_item: number | null;
      bucket: string | null;
      location_code: string | null;
      condition_code: string | null;
      parent_location_code: string | null;
      previous_reference: string | null;
      previous_item: number | null;
    }>(
      this.db,
      sql`with po as materialized (
            select po.id, po.status_id, po.ims_location_code, po.legacy_po_number from purchase_orders po
            where po.id = (select l.purchase_order_id from purchase_order_items l where l.id = ${itemId})
            for update
          )
          select i.id as item_id, i.purchase_order_id, i.qty_ordered, i.qty_received,
                 po.status_id, po.ims_location_code, po.legacy_po_number,
                 p.id as product_id, p.model_number, p.part_number, p.upc, p.alternate_upc, p.serial_number_tracked, p.num_of_serials_per_item,
                 b.bucket, b.location_code, b.condition_code, b.parent_location_code,
                 prev.ims_transaction_reference_id as previous_reference, prev.purchase_order_item_id as previous_item
          from po
          join purchase_order_items i on i.purchase_order_id = po.id
          join products p on p.id = i.product_id
          left join buckets b on b.bucket = ${bucket}
          left join inventory_transactions prev on prev.client_request_id = ${clientScanId}
          where i.id = ${itemId}
          for update of i`,
    );
    const r = rows[0];
    if (!r) return null;
    return {
      item: { id: r.item_id, purchaseOrderId: r.purchase_order_id, qtyOrdered: r.qty_ordered, qtyReceived: r.qty_received },
      po: { id: r.purchase_order_id, statusId: r.status_id, imsLocationCode: r.ims_location_code, legacyPoNumber: r.legacy_po_number },
      product: {
        id: r.product_id,
        modelNumber: r.model_number,
        partNumber: r.part_number,
        upc: r.upc,
        alternateUpc: r.alternate_upc,
        serialNumberTracked: r.serial_number_tracked,
        numOfSerialsPerItem: r.num_of_serials_per_item,
      },
      bucket: r.bucket ? { bucket: r.bucket, locationCode: r.location_code, conditionCode: r.condition_code, parentLocationCode: r.parent_location_code } : null,
      previous: r.previous_reference ? { referenceId: r.previous_reference, purchaseOrderItemId: r.previous_item } : null,
    };
  }

  /**
   * The next two steps of the lock order in one statement: the on-hand row (made at zero when missing, and
   * locked by the upsert), then the serial-number gate shared and a lock per number in key order (the keys of
   * `lockSerialNumbers`). The on-hand upsert is read by the gate's row, which the sort needs before it hands any
   * key to the lock function, so the row is locked before any number. On-hand itself changes with the receipt.
   */
  async lockOnHandThenSerialNumbers(productId: number, bucket: string, serials: string[]): Promise<void> {
    const delta = 0;
    const upper = JSON.stringify([...new Set(serials.map((s) => s.toUpperCase()))]);
    await this.db.execute(
      sql`with on_hand as (
            insert into inventory (product_id, bucket, quantity) values (${productId}, ${bucket}, ${delta})
            on conflict (product_id, bucket) do update set quantity = inventory.quantity + ${delta}, last_updated_at = now()
            returning quantity
          ),
          gate as (select (select count(*) from on_hand) as rows, pg_advisory_xact_lock_shared(${SERIAL_GATE_SPACE}, 0) as shared)
          select pg_advisory_xact_lock(${SERIAL_LOCK_SPACE}, keys.k)
          from (select distinct hashtext(v) as k from jsonb_array_elements_text(${upper}::jsonb) as v) keys cross join gate
          order by keys.k`,
    );
  }

  /**
   * Writes one scan's receipt in one statement, unless the scan id was used already (answered in `previous`) or
   * one of its serial numbers is live (answered in `live`); then nothing is written. Otherwise: the
   * INVENTORY_RECEIPT ledger row (its reference made from its id), each serial LIVE in the bucket and its movement
   * row, on-hand, the line's received count, the PO's totals (recomputed from its lines, this one counted with
   * the new unit) and its status, every part conditioned on the ledger row. The caller holds the PO, the line
   * and (with serials) the on-hand row and the numbers, and has checked every other rule. This statement's
   * snapshot is taken after those locks, so it sees every writer that held them before.
   */
  async writeScanReceipt(input: {
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
    /** Statuses that follow the receipts, and the two a receipt leads to. */
    receivingStatuses: number[];
    partiallyReceived: number;
    received: number;
  }): Promise<{ referenceId: string; qtyReceived: number } | { live: string[] } | { previous: { referenceId: string; purchaseOrderItemId: number | null; qtyReceived: number } }> {
    const serials = JSON.stringify(input.serials);
    const upper = JSON.stringify(input.serials.map((s) => s.toUpperCase()));
    const rows = await queryRows<{
      reference: string | null;
      qty_received: number | null;
      live: string[] | string;
      previous_reference: string | null;
      previous_item: number | null;
      line_received: number;
    }>(
      this.db,
      // Liveness by `= any(array(…))`, not `in (select …)`: an index lookup whatever the planner knows. A PGlite folder
      // is never analyzed, and there the semi-join read every serial (each scan slower than the last).
      sql`with live as (
            select s.serial_number from inventory_serials s
            where s.disposition_code = 'LIVE' and upper(s.serial_number) = any(array(select jsonb_array_elements_text(${upper}::jsonb)))
          ),
          previous as (
            select t.ims_transaction_reference_id, t.purchase_order_item_id from inventory_transactions t
            where t.client_request_id = ${input.clientRequestId}
          ),
          receipt_id as (
            select nextval(pg_get_serial_sequence('inventory_transactions', 'id')) as id
            where not exists (select 1 from live) and not exists (select 1 from previous)
          ),
          receipt as (
            insert into inventory_transactions
              (id, ims_transaction_reference_id, type, product_id, bucket, quantity_delta, purchase_order_id, purchase_order_item_id, user_id, client_request_id, details)
            overriding system value
            select id, 'IR-' || lpad(id::text, greatest(7, length(id::text)), '0'), 'INVENTORY_RECEIPT', ${input.productId}, ${input.bucket}, 1,
                   ${input.purchaseOrderId}, ${input.purchaseOrderItemId}, ${input.userId}, ${input.clientRequestId}, ${JSON.stringify(input.details)}::jsonb
            from receipt_id
            returning id, ims_transaction_reference_id
          ),
          serial_rows as materialized (
            select r.id as transaction_id, s.serial, s.pos, nextval(pg_get_serial_sequence('inventory_serials', 'id')) as serial_id
            from receipt r cross join lateral jsonb_array_elements_text(${serials}::jsonb) with ordinality as s(serial, pos)
            order by s.pos
          ),
          new_serials as (
            insert into inventory_serials (id, serial_number, product_id, bucket, location_code, condition_code, disposition_code, po_api_po_id, legacy_po_api_po_id)
            select serial_id, serial, ${input.productId}, ${input.bucket}, ${input.locationCode}, ${input.conditionCode}, 'LIVE', ${input.purchaseOrderId}, ${input.legacyPoApiPoId}
            from serial_rows
          ),
          movements as (
            insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, scanned_upc, new_location_code, new_condition_code, new_disposition_code)
            select transaction_id, serial_id, serial, ${input.scannedUpc}, ${input.locationCode}, ${input.conditionCode}, 'LIVE'
            from serial_rows
          ),
          on_hand as (
            insert into inventory (product_id, bucket, quantity) select ${input.productId}, ${input.bucket}, 1 from receipt
            on conflict (product_id, bucket) do update set quantity = inventory.quantity + 1, last_updated_at = now()
          ),
          line as (
            update purchase_order_items set qty_received = qty_received + 1
            where id = ${input.purchaseOrderItemId} and exists (select 1 from receipt)
            returning qty_received
          ),
          po as (
            update purchase_orders set
              total_cents = (select coalesce(sum(i.invoice_cost_cents::bigint * i.qty_ordered), 0) from purchase_order_items i where i.purchase_order_id = ${input.purchaseOrderId}),
              total_received_cents = (select coalesce(sum(i.invoice_cost_cents::bigint * (i.qty_received + case when i.id = ${input.purchaseOrderItemId} then 1 else 0 end)), 0)
                                      from purchase_order_items i where i.purchase_order_id = ${input.purchaseOrderId}),
              -- Every line of the PO is held under its lock: the status follows them, this one with its new unit.
              status_id = case
                when status_id not in (select (jsonb_array_elements_text(${JSON.stringify(input.receivingStatuses)}::jsonb))::int) then status_id
                when exists (select 1 from purchase_order_items o where o.purchase_order_id = ${input.purchaseOrderId}
                             and o.qty_received + case when o.id = ${input.purchaseOrderItemId} then 1 else 0 end < o.qty_ordered) then ${input.partiallyReceived}::int
                else ${input.received}::int end,
              updated_at = now()
            where id = ${input.purchaseOrderId} and exists (select 1 from receipt)
          )
          select (select ims_transaction_reference_id from receipt) as reference, (select qty_received from line) as qty_received,
                 coalesce((select jsonb_agg(serial_number) from live), '[]'::jsonb) as live,
                 (select ims_transaction_reference_id from previous) as previous_reference, (select purchase_order_item_id from previous) as previous_item,
                 (select qty_received from purchase_order_items where id = ${input.purchaseOrderItemId}) as line_received`,
    );
    const row = rows[0]!;
    if (row.previous_reference !== null) {
      return { previous: { referenceId: row.previous_reference, purchaseOrderItemId: row.previous_item, qtyReceived: row.line_received } };
    }
    if (row.reference === null || row.qty_received === null) {
      return { live: typeof row.live === 'string' ? (JSON.parse(row.live) as string[]) : row.live };
    }
    return { referenceId: row.reference, qtyReceived: row.qty_received };
  }

  /** Locks POs one by one in id order (the order that keeps concurrent multi-PO writers from deadlocking). */
  async lockPurchaseOrders(ids: number[]): Promise<void> {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      await this.db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
    }
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
    const unique = new Map(keys.filter((k) => bucketKnown.has(k.bucket)).map((k) => [`${k.productId}\u0000${k.bucket}`, k]));
    const ordered = [...unique.values()].sort((a, b) => a.productId - b.productId || (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
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
    const list = sql.join([...new Set(serials.map((s) => s.toUpperCase()))].map((s) => sql`(${s})`), sql`, `);
    await this.db.execute(
      sql`select pg_advisory_xact_lock(${SERIAL_LOCK_SPACE}, k) from (select distinct hashtext(v.s) as k from (values ${list}) as v(s)) keys order by k`,
    );
  }

  /** The PO and product of each of these lines (neither ever changes on a line, so this needs no lock). */
  async lineRefs(itemIds: number[]): Promise<Map<number, { poId: number; productId: number }>> {
    if (!itemIds.length) return new Map();
    const rows = await this.db
      .select({ id: purchaseOrderItems.id, poId: purchaseOrderItems.purchaseOrderId, productId: purchaseOrderItems.productId })
      .from(purchaseOrderItems)
      .where(inArray(purchaseOrderItems.id, [...new Set(itemIds)]));
    return new Map(rows.map((r) => [r.id, { poId: r.poId, productId: r.productId }]));
  }

  async findByClientRequestId(clientRequestId: string): Promise<TransactionRow | null> {
    const rows = await this.db.select().from(inventoryTransactions).where(eq(inventoryTransactions.clientRequestId, clientRequestId));
    return rows[0] ?? null;
  }

  async findByReference(referenceId: string): Promise<TransactionRow | null> {
    const rows = await this.db.select().from(inventoryTransactions).where(eq(inventoryTransactions.referenceId, referenceId));
    return rows[0] ?? null;
  }

  async bucket(name: string) {
    const rows = await this.db.select().from(buckets).where(eq(buckets.bucket, name));
    return rows[0] ?? null;
  }

  /** Serials live anywhere whose number (any case) is one of these. */
  async liveSerials(numbers: string[]) {
    if (!numbers.length) return [];
    return this.db
      .select({ id: inventorySerials.id, serialNumber: inventorySerials.serialNumber })
      .from(inventorySerials)
      .where(and(eq(inventorySerials.dispositionCode, 'LIVE'), inArray(sql`upper(${inventorySerials.serialNumber})`, numbers.map((n) => n.toUpperCase()))));
  }

  /** Appends a ledger row; its reference id is the type's prefix and the row id. */
  async insertTransaction(values: Omit<typeof inventoryTransactions.$inferInsert, 'referenceId' | 'id'>): Promise<{ id: number; referenceId: string }> {
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

  async onHand(productId: number, bucket: string): Promise<number> {
    const rows = await this.db
      .select({ quantity: inventory.quantity })
      .from(inventory)
      .where(and(eq(inventory.productId, productId), eq(inventory.bucket, bucket)))
      .for('update');
    return rows[0]?.quantity ?? 0;
  }

  async addReceived(itemId: number, delta: number): Promise<number> {
    const [row] = await this.db
      .update(purchaseOrderItems)
      .set({ qtyReceived: sql`${purchaseOrderItems.qtyReceived} + ${delta}` })
      .where(eq(purchaseOrderItems.id, itemId))
      .returning({ qtyReceived: purchaseOrderItems.qtyReceived });
    return row!.qtyReceived;
  }

  /** Quantities of every line of the PO, for its status. */
  lineQuantities(poId: number) {
    return this.db
      .select({ ordered: purchaseOrderItems.qtyOrdered, received: purchaseOrderItems.qtyReceived })
      .from(purchaseOrderItems)
      .where(eq(purchaseOrderItems.purchaseOrderId, poId));
  }

  /** Receipts of a PO line not yet reversed, oldest first, with their serials. */
  async openReceipts(itemId: number) {
    const reversal = sql`exists (select 1 from inventory_transactions r where r.reverses_id = ${inventoryTransactions.id})`;
    const receipts = await this.db
      .select({ tx: inventoryTransactions, product: products, username: users.username })
      .from(inventoryTransactions)
      .innerJoin(products, eq(products.id, inventoryTransactions.productId))
      .leftJoin(users, eq(users.id, inventoryTransactions.userId))
      .where(and(eq(inventoryTransactions.purchaseOrderItemId, itemId), eq(inventoryTransactions.type, 'INVENTORY_RECEIPT'), sql`not ${reversal}`))
      .orderBy(asc(inventoryTransactions.id));
    const serials = receipts.length
      ? await this.db
          .select()
          .from(inventoryTransactionSerials)
          .where(inArray(inventoryTransactionSerials.transactionId, receipts.map((r) => r.tx.id)))
          .orderBy(asc(inventoryTransactionSerials.id))
      : [];
    return receipts.map((r) => ({ ...r, serials: serials.filter((s) => s.transactionId === r.tx.id) }));
  }

  /** One receipt of a PO line with its serials, or null once it has been reversed (one indexed lookup, not the line's list). */
  async openReceipt(transactionId: number) {
    const rows = await this.db
      .select({ tx: inventoryTransactions })
      .from(inventoryTransactions)
      .where(
        and(
          eq(inventoryTransactions.id, transactionId),
          eq(inventoryTransactions.type, 'INVENTORY_RECEIPT'),
          sql`not exists (select 1 from inventory_transactions r where r.reverses_id = ${inventoryTransactions.id})`,
        ),
      );
    if (!rows[0]) return null;
    return { tx: rows[0].tx, serials: await this.transactionSerials(transactionId) };
  }

  transactionSerials(transactionId: number) {
    return this.db.select().from(inventoryTransactionSerials).where(eq(inventoryTransactionSerials.transactionId, transactionId)).orderBy(asc(inventoryTransactionSerials.id));
  }

  serialsById(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.select().from(inventorySerials).where(inArray(inventorySerials.id, ids)).for('update');
  }

  /** Serials received on a PO line and still traceable to it. */
  receivedSerialsOfLine(itemId: number) {
    return this.db
      .select({
        serialNumber: inventorySerials.serialNumber,
        serialId: inventorySerials.id,
        referenceId: inventoryTransactions.referenceId,
        receivedAt: inventoryTransactions.createdAt,
        scannedSerialNumber: inventoryTransactionSerials.scannedSerialNumber,
        scannedUpc: inventoryTransactionSerials.scannedUpc,
        scannedAt: inventoryTransactionSerials.scannedAt,
        receivingDispositionCode: inventoryTransactionSerials.newDispositionCode,
        notes: inventoryTransactionSerials.notes,
        dispositionCode: inventorySerials.dispositionCode,
        locationCode: inventorySerials.locationCode,
        conditionCode: inventorySerials.conditionCode,
      })
      .from(inventoryTransactionSerials)
      .innerJoin(inventoryTransactions, eq(inventoryTransactions.id, inventoryTransactionSerials.transactionId))
      .innerJoin(inventorySerials, eq(inventorySerials.id, inventoryTransactionSerials.serialId))
      .where(
        and(
          eq(inventoryTransactions.purchaseOrderItemId, itemId),
          eq(inventoryTransactions.type, 'INVENTORY_RECEIPT'),
          sql`not exists (select 1 from inventory_transactions r where r.reverses_id = ${inventoryTransactions.id})`,
        ),
      )
      .orderBy(asc(inventoryTransactionSerials.id));
  }

  async updateProductScanSetup(productId: number, values: Partial<typeof products.$inferInsert>): Promise<void> {
    await this.db.update(products).set(values).where(eq(products.id, productId));
  }

  async productByModel(model: string) {
    const rows = await this.db.select().from(products).where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`);
    return rows[0] ?? null;
  }

  /** Another product already using this code as UPC or alternate UPC. */
  async productUsingUpc(code: string, exceptId: number) {
    const rows = await this.db
      .select({ model: products.modelNumber })
      .from(products)
      .where(and(sql`(${products.upc} = ${code} or ${products.alternateUpc} = ${code})`, sql`${products.id} <> ${exceptId}`))
      .limit(1);
    return rows[0] ?? null;
  }

  // ---- Manifest receipts (issue #8): set-based, a whole manifest in a few statements whatever its size. ----

  /**
   * Takes the serial-number gate exclusively: no other writer can make a number live (they hold the gate shared
   * before their per-number locks) until this transaction ends. A manifest of 10,000 numbers takes this one lock
   * instead of 10,000 advisory locks, which would use up PostgreSQL's shared lock table (64 per connection by default).
   */
  async lockSerialNumberSpace(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${SERIAL_GATE_SPACE}, 0)`);
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
   * The receipts a manifest with this client request id already made (unit i carries `{id}/{i}`), in unit order,
   * with their line; empty when it made none.
   */
  async manifestReceipts(clientRequestId: string, units: number): Promise<{ referenceId: string; purchaseOrderItemId: number | null }[]> {
    const rows = await queryRows<{ reference: string; item: number | null }>(
      this.db,
      sql`select t.ims_transaction_reference_id as reference, t.purchase_order_item_id as item
          from inventory_transactions t
          join (select g, ${clientRequestId} || '/' || g as key from generate_series(0, ${units - 1}::int) as g) k on k.key = t.client_request_id
          order by k.g`,
    );
    return rows.map((r) => ({ referenceId: r.reference, purchaseOrderItemId: r.item }));
  }

  /**
   * Writes a manifest's receipts in one statement, whatever its size: per unit an INVENTORY_RECEIPT ledger row of
   * quantity 1 (client request id `{id}/{unit}`), per serial a LIVE inventory serial in the bucket and its
   * movement row. The units travel as one JSON parameter, so no bind-parameter limit applies. The caller holds
   * the line, the on-hand row and the serial-number gate, has checked every serial, and changes on-hand, the
   * line's count and the PO afterwards. Answers the receipts' references in unit order.
   */
  async insertManifestReceipts(input: {
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
}
