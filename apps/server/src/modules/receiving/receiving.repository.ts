import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../../db/prepared-statements.js';
import { queryRows, type Executor } from '../../db/database.js';
import {
  buckets,
  inventorySerials,
  inventoryTransactions,
  inventoryTransactionSerials,
  products,
  purchaseOrderItems,
  purchaseOrders,
  users,
} from '../../db/schema.js';

export type { TransactionRow } from '../ledger/ledger.repository.js';
import type { TransactionRow } from '../ledger/ledger.repository.js';

/**
 * Receiving's own reads and its PO-line locks. Every write of the ledger's tables (transactions, their serial rows,
 * on-hand, serial places) and the on-hand and serial-number locks live in modules/ledger (the `Ledger` API).
 */
export class ReceivingRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The PO line with its PO and product, both rows locked for the rest of the transaction. The PO is locked
   * before the line, the order every writer of POs and lines follows, so two writers never wait on each other.
   */
  async lockLine(itemId: number) {
    const [ref] = await this.db
      .select({ poId: purchaseOrderItems.purchaseOrderId })
      .from(purchaseOrderItems)
      .where(eq(purchaseOrderItems.id, itemId));
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

  // ---- One receiving scan: a few statements, not one per figure. ----

  /**
   * Locks the line's PO, then the line (the order of every writer: the PO is locked in a materialized CTE, which the
   * line's locking CTE must read before it can lock any line), then what `locks` adds (the ledger's on-hand and
   * serial-number locks, `Ledger.scanLocksAfterLine`, which read the locked line), and reads what a scan checks:
   * the line, its PO and product, the bucket scanned into, and the receipt already made with this client scan id.
   * One statement, one round trip for steps 1 to 4 of the lock order. The PO and line are read as locked (their
   * latest versions); the earlier receipt is read from the statement's snapshot, taken before any wait for the PO,
   * so a receipt committed by the writer waited for is not seen here: `postScanReceipt`, whose snapshot is taken
   * under the locks, checks the scan id again.
   */
  async lockLineForScan(itemId: number, bucket: string, clientScanId: string | null, locks: SQL) {
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
      numbers_locked: number;
    }>(
      this.db,
      prepared(sql`with po as materialized (
            select po.id, po.status_id, po.ims_location_code, po.legacy_po_number from purchase_orders po
            where po.id = (select l.purchase_order_id from purchase_order_items l where l.id = ${itemId})
            for update
          ),
          scan_line as materialized (
            select i.id, i.purchase_order_id, i.product_id, i.qty_ordered, i.qty_received
            from purchase_order_items i join po on po.id = i.purchase_order_id
            where i.id = ${itemId}
            for update of i
          ),
          ${locks}
          select i.id as item_id, i.purchase_order_id, i.qty_ordered, i.qty_received,
                 po.status_id, po.ims_location_code, po.legacy_po_number,
                 p.id as product_id, p.model_number, p.part_number, p.upc, p.alternate_upc, p.serial_number_tracked, p.num_of_serials_per_item,
                 b.bucket, b.location_code, b.condition_code, b.parent_location_code,
                 prev.ims_transaction_reference_id as previous_reference, prev.purchase_order_item_id as previous_item,
                 (select n from scan_number_locks) as numbers_locked
          from scan_line i
          join po on po.id = i.purchase_order_id
          join products p on p.id = i.product_id
          left join buckets b on b.bucket = ${bucket}
          left join inventory_transactions prev on prev.client_request_id = ${clientScanId}`),
    );
    const r = rows[0];
    if (!r) return null;
    return {
      item: {
        id: r.item_id,
        purchaseOrderId: r.purchase_order_id,
        qtyOrdered: r.qty_ordered,
        qtyReceived: r.qty_received,
      },
      po: {
        id: r.purchase_order_id,
        statusId: r.status_id,
        imsLocationCode: r.ims_location_code,
        legacyPoNumber: r.legacy_po_number,
      },
      product: {
        id: r.product_id,
        modelNumber: r.model_number,
        partNumber: r.part_number,
        upc: r.upc,
        alternateUpc: r.alternate_upc,
        serialNumberTracked: r.serial_number_tracked,
        numOfSerialsPerItem: r.num_of_serials_per_item,
      },
      bucket: r.bucket
        ? {
            bucket: r.bucket,
            locationCode: r.location_code,
            conditionCode: r.condition_code,
            parentLocationCode: r.parent_location_code,
          }
        : null,
      previous: r.previous_reference
        ? { referenceId: r.previous_reference, purchaseOrderItemId: r.previous_item }
        : null,
    };
  }

  /** Locks POs one by one in id order (the order that keeps concurrent multi-PO writers from deadlocking). */
  async lockPurchaseOrders(ids: number[]): Promise<void> {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      await this.db
        .select({ id: purchaseOrders.id })
        .from(purchaseOrders)
        .where(eq(purchaseOrders.id, id))
        .for('update');
    }
  }

  /** The PO and product of each of these lines (neither ever changes on a line, so this needs no lock). */
  async lineRefs(itemIds: number[]): Promise<Map<number, { poId: number; productId: number }>> {
    if (!itemIds.length) return new Map();
    const rows = await this.db
      .select({
        id: purchaseOrderItems.id,
        poId: purchaseOrderItems.purchaseOrderId,
        productId: purchaseOrderItems.productId,
      })
      .from(purchaseOrderItems)
      .where(inArray(purchaseOrderItems.id, [...new Set(itemIds)]));
    return new Map(rows.map((r) => [r.id, { poId: r.poId, productId: r.productId }]));
  }

  async findByClientRequestId(clientRequestId: string): Promise<TransactionRow | null> {
    const rows = await this.db
      .select()
      .from(inventoryTransactions)
      .where(eq(inventoryTransactions.clientRequestId, clientRequestId));
    return rows[0] ?? null;
  }

  async findByReference(referenceId: string): Promise<TransactionRow | null> {
    const rows = await this.db
      .select()
      .from(inventoryTransactions)
      .where(eq(inventoryTransactions.referenceId, referenceId));
    return rows[0] ?? null;
  }

  async bucket(name: string) {
    const rows = await this.db.select().from(buckets).where(eq(buckets.bucket, name));
    return rows[0] ?? null;
  }

  /** Receipts of a PO line not yet reversed, oldest first, with their serials. */
  async openReceipts(itemId: number) {
    const reversal = sql`exists (select 1 from inventory_transactions r where r.reverses_id = ${inventoryTransactions.id})`;
    const receipts = await this.db
      .select({ tx: inventoryTransactions, product: products, username: users.username })
      .from(inventoryTransactions)
      .innerJoin(products, eq(products.id, inventoryTransactions.productId))
      .leftJoin(users, eq(users.id, inventoryTransactions.userId))
      .where(
        and(
          eq(inventoryTransactions.purchaseOrderItemId, itemId),
          eq(inventoryTransactions.type, 'INVENTORY_RECEIPT'),
          sql`not ${reversal}`,
        ),
      )
      .orderBy(asc(inventoryTransactions.id));
    const serials = receipts.length
      ? await this.db
          .select()
          .from(inventoryTransactionSerials)
          .where(
            inArray(
              inventoryTransactionSerials.transactionId,
              receipts.map((r) => r.tx.id),
            ),
          )
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
    return this.db
      .select()
      .from(inventoryTransactionSerials)
      .where(eq(inventoryTransactionSerials.transactionId, transactionId))
      .orderBy(asc(inventoryTransactionSerials.id));
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
    const rows = await this.db
      .select()
      .from(products)
      .where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`);
    return rows[0] ?? null;
  }

  /** Another product already using this code as UPC or alternate UPC. */
  async productUsingUpc(code: string, exceptId: number) {
    const rows = await this.db
      .select({ model: products.modelNumber })
      .from(products)
      .where(
        and(sql`(${products.upc} = ${code} or ${products.alternateUpc} = ${code})`, sql`${products.id} <> ${exceptId}`),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  // ---- Manifest receipts: set-based, a whole manifest in a few statements whatever its size. ----

  /**
   * The receipts a manifest with this client request id already made (unit i carries `{id}/{i}`), in unit order,
   * with their line; empty when it made none.
   */
  async manifestReceipts(
    clientRequestId: string,
    units: number,
  ): Promise<{ referenceId: string; purchaseOrderItemId: number | null }[]> {
    const rows = await queryRows<{ reference: string; item: number | null }>(
      this.db,
      sql`select t.ims_transaction_reference_id as reference, t.purchase_order_item_id as item
          from inventory_transactions t
          join (select g, ${clientRequestId} || '/' || g as key from generate_series(0, ${units - 1}::int) as g) k on k.key = t.client_request_id
          order by k.g`,
    );
    return rows.map((r) => ({ referenceId: r.reference, purchaseOrderItemId: r.item }));
  }
}
