import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { committedTransferReference } from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import {
  buckets,
  committedTransferScans,
  committedTransfers,
  committedTransferSerials,
  inventoryTransactions,
  products,
  users,
} from '../../db/schema.js';

export type CommittedTransferRow = typeof committedTransfers.$inferSelect;
export type TransferSerialRow = typeof committedTransferSerials.$inferSelect;
export type TransferProductRow = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'modelNumber'
  | 'description'
  | 'upc'
  | 'alternateUpc'
  | 'partNumber'
  | 'serialNumberTracked'
  | 'numOfSerialsPerItem'
>;

export interface TransferWithNames {
  transfer: CommittedTransferRow;
  product: TransferProductRow;
  committedByName: string | null;
  transferredByName: string | null;
}

const productColumns = {
  id: products.id,
  modelNumber: products.modelNumber,
  description: products.description,
  upc: products.upc,
  alternateUpc: products.alternateUpc,
  partNumber: products.partNumber,
  serialNumberTracked: products.serialNumberTracked,
  numOfSerialsPerItem: products.numOfSerialsPerItem,
};

const committer = alias(users, 'committer');
const transferrer = alias(users, 'transferrer');
const destination = alias(buckets, 'destination');

/** The committed-transfer records. Stock itself (on-hand, serials, the ledger) is only read here, never written. */
export class TransfersRepository {
  constructor(private readonly db: Executor) {}

  async productByModel(model: string): Promise<TransferProductRow | null> {
    const rows = await this.db
      .select(productColumns)
      .from(products)
      .where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`)
      .limit(1);
    return rows[0] ?? null;
  }

  /** Which of these buckets exist. */
  async existingBuckets(names: string[]): Promise<Set<string>> {
    if (!names.length) return new Set();
    const rows = await this.db.select({ bucket: buckets.bucket }).from(buckets).where(inArray(buckets.bucket, names));
    return new Set(rows.map((r) => r.bucket));
  }

  /** Inserts a committed transfer and gives it its reference (CT- and the id), in the caller's transaction. */
  async insert(values: Omit<typeof committedTransfers.$inferInsert, 'referenceId' | 'id'>): Promise<string> {
    const [row] = await this.db
      .insert(committedTransfers)
      .values({ ...values, referenceId: `pending-${randomUUID()}` })
      .returning({ id: committedTransfers.id });
    const referenceId = committedTransferReference(row!.id);
    await this.db.update(committedTransfers).set({ referenceId }).where(eq(committedTransfers.id, row!.id));
    return referenceId;
  }

  private selectWithNames() {
    return this.db
      .select({
        transfer: committedTransfers,
        product: productColumns,
        committedByName: committer.username,
        transferredByName: transferrer.username,
      })
      .from(committedTransfers)
      .innerJoin(products, eq(products.id, committedTransfers.productId))
      .leftJoin(committer, eq(committer.id, committedTransfers.committedById))
      .leftJoin(transferrer, eq(transferrer.id, committedTransfers.transferredById));
  }

  async findByReference(referenceId: string): Promise<TransferWithNames | null> {
    const rows = await this.selectWithNames().where(eq(committedTransfers.referenceId, referenceId));
    return rows[0] ?? null;
  }

  /** The row with its product and user names, the transfer row locked for the rest of the transaction (a scan). */
  async lockWithNamesByReference(referenceId: string): Promise<TransferWithNames | null> {
    const rows = await this.selectWithNames()
      .where(eq(committedTransfers.referenceId, referenceId))
      .for('update', { of: committedTransfers });
    return rows[0] ?? null;
  }

  /**
   * A scan's first statement: the row with its product and user names, locked for the rest of the transaction, and
   * the destination bucket's place (location and condition; null when the bucket is gone), which the scan's serial
   * rows record as their new place.
   */
  async lockForScan(
    referenceId: string,
  ): Promise<(TransferWithNames & { destination: { locationCode: string; conditionCode: string } | null }) | null> {
    const rows = await this.db
      .select({
        transfer: committedTransfers,
        product: productColumns,
        committedByName: committer.username,
        transferredByName: transferrer.username,
        destinationLocation: destination.locationCode,
        destinationCondition: destination.conditionCode,
      })
      .from(committedTransfers)
      .innerJoin(products, eq(products.id, committedTransfers.productId))
      .leftJoin(committer, eq(committer.id, committedTransfers.committedById))
      .leftJoin(transferrer, eq(transferrer.id, committedTransfers.transferredById))
      .leftJoin(destination, eq(destination.bucket, committedTransfers.toBucket))
      .where(eq(committedTransfers.referenceId, referenceId))
      .for('update', { of: committedTransfers });
    const row = rows[0];
    if (!row) return null;
    const { destinationLocation, destinationCondition, ...rest } = row;
    return {
      ...rest,
      destination:
        destinationLocation !== null && destinationCondition !== null
          ? { locationCode: destinationLocation, conditionCode: destinationCondition }
          : null,
    };
  }

  /** The row itself, locked for the rest of the transaction (edits and deletes of one transfer queue). */
  async lockByReference(referenceId: string): Promise<CommittedTransferRow | null> {
    const rows = await this.db
      .select()
      .from(committedTransfers)
      .where(eq(committedTransfers.referenceId, referenceId))
      .for('update');
    return rows[0] ?? null;
  }

  async lockById(id: number): Promise<CommittedTransferRow | null> {
    const rows = await this.db.select().from(committedTransfers).where(eq(committedTransfers.id, id)).for('update');
    return rows[0] ?? null;
  }

  /** Committed (not transacted) transfers by reference and/or model, oldest first. */
  async listCommitted(filter: { referenceId?: string; model?: string }, limit: number): Promise<TransferWithNames[]> {
    const where: SQL[] = [isNull(committedTransfers.transferredAt)];
    if (filter.referenceId) where.push(eq(committedTransfers.referenceId, filter.referenceId));
    if (filter.model) where.push(sql`upper(${products.modelNumber}) = ${filter.model.toUpperCase()}`);
    return this.selectWithNames()
      .where(and(...where))
      .orderBy(asc(committedTransfers.committedAt), asc(committedTransfers.id))
      .limit(limit);
  }

  /** Transacted transfers of a model, newest first. */
  async listTransacted(model: string, limit: number, offset = 0): Promise<TransferWithNames[]> {
    return this.selectWithNames()
      .where(
        and(isNotNull(committedTransfers.transferredAt), sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`),
      )
      .orderBy(desc(committedTransfers.transferredAt), desc(committedTransfers.id))
      .limit(limit)
      .offset(offset);
  }

  /** Scanned serials of these transfers, in scan order. */
  async serialsOf(transferIds: number[]): Promise<TransferSerialRow[]> {
    if (!transferIds.length) return [];
    return this.db
      .select()
      .from(committedTransferSerials)
      .where(inArray(committedTransferSerials.committedTransferId, transferIds))
      .orderBy(asc(committedTransferSerials.scannedAt), asc(committedTransferSerials.id));
  }

  async update(
    id: number,
    values: Partial<
      Pick<
        CommittedTransferRow,
        | 'committedQuantity'
        | 'posTransferBatchName'
        | 'posTransferBatchRefId'
        | 'senderSku'
        | 'receiverSku'
        | 'commitNotes'
        | 'transferNotes'
      >
    >,
  ) {
    await this.db
      .update(committedTransfers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(committedTransfers.id, id));
  }

  /** The transfer (id and reference) whose scan recorded this client scan id, if any. */
  async scanIdOwner(clientScanId: string): Promise<{ id: number; referenceId: string } | null> {
    const rows = await this.db
      .select({ id: committedTransfers.id, referenceId: committedTransfers.referenceId })
      .from(committedTransferScans)
      .innerJoin(committedTransfers, eq(committedTransfers.id, committedTransferScans.committedTransferId))
      .where(eq(committedTransferScans.clientScanId, clientScanId));
    return rows[0] ?? null;
  }

  /**
   * Claims a client scan id for a transfer's scan, in the caller's transaction: false when it is taken already
   * (a concurrent claim by another transfer waits on the unique key, then finds it taken once that one commits).
   */
  async claimScanId(transferId: number, clientScanId: string): Promise<boolean> {
    const rows = await this.db
      .insert(committedTransferScans)
      .values({ clientScanId, committedTransferId: transferId })
      .onConflictDoNothing({ target: committedTransferScans.clientScanId })
      .returning({ id: committedTransferScans.clientScanId });
    return rows.length > 0;
  }

  /** Records one scanned item: its serial rows (none for a product without serials) and one more scanned unit. */
  async recordScan(
    transferId: number,
    serials: Omit<typeof committedTransferSerials.$inferInsert, 'committedTransferId' | 'id'>[],
  ): Promise<TransferSerialRow[]> {
    const recorded = serials.length
      ? await this.db
          .insert(committedTransferSerials)
          .values(serials.map((s) => ({ ...s, committedTransferId: transferId })))
          .returning()
      : [];
    await this.db
      .update(committedTransfers)
      .set({ totalScannedQuantity: sql`${committedTransfers.totalScannedQuantity} + 1`, updatedAt: new Date() })
      .where(eq(committedTransfers.id, transferId));
    return recorded;
  }

  /** Sets the transacted transfer's fields: from now on the transfer is transacted (001 §4). */
  async markTransacted(
    id: number,
    values: { transferredQuantity: number; transferredById: number; transferNotes: string | null },
  ): Promise<CommittedTransferRow> {
    const now = new Date();
    const rows = await this.db
      .update(committedTransfers)
      .set({ ...values, transferredAt: now, updatedAt: now })
      .where(eq(committedTransfers.id, id))
      .returning();
    return rows[0]!;
  }

  /** Deletes a committed transfer and its scanned serials (cascade). */
  async delete(id: number): Promise<void> {
    await this.db.delete(committedTransfers).where(eq(committedTransfers.id, id));
  }

  /** The board's filter: open transfers, and `search` as a case-insensitive contains on the board's text columns. */
  private boardWhere(search: string | undefined): SQL {
    const where: SQL[] = [isNull(committedTransfers.transferredAt)];
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      const columns = [
        products.modelNumber,
        products.description,
        committedTransfers.referenceId,
        committedTransfers.fromBucket,
        committedTransfers.toBucket,
        committedTransfers.posTransferBatchName,
        committedTransfers.posTransferBatchRefId,
        committer.username,
      ];
      where.push(or(...columns.map((c) => sql`${c} ilike ${pattern}`))!);
    }
    return and(...where)!;
  }

  /** The committed transfers board: open transfers across models, oldest first, at most `limit`, and how many match. */
  async listBoard(search: string | undefined, limit: number): Promise<{ rows: TransferWithNames[]; total: number }> {
    const where = this.boardWhere(search);
    const rows = await this.boardPage(search, limit, 0);
    const [counted] = await this.db
      .select({ total: count() })
      .from(committedTransfers)
      .innerJoin(products, eq(products.id, committedTransfers.productId))
      .leftJoin(committer, eq(committer.id, committedTransfers.committedById))
      .where(where);
    return { rows, total: counted?.total ?? 0 };
  }

  /** A page of the board's rows, oldest first (the board's first page, and the export's pages). */
  boardPage(search: string | undefined, limit: number, offset: number): Promise<TransferWithNames[]> {
    return this.selectWithNames()
      .where(this.boardWhere(search))
      .orderBy(asc(committedTransfers.committedAt), asc(committedTransfers.id))
      .limit(limit)
      .offset(offset);
  }

  /**
   * Transfers (committed and transacted) by references, batch ref ids or batch names (the last two exact, any case),
   * newest reference first. `inboundOnly`: those into or out of an `_INBOUND` bucket (002 §2 Inbound transfers);
   * `transacted`: only transacted (true), only committed (false) or both (undefined).
   */
  async findTransferTransactions(
    filter: { key: 'imsTransactionReferenceId' | 'posTransferBatchRefId' | 'posTransferBatchName'; values: string[] },
    options: { inboundOnly: boolean; transacted?: boolean },
    limit: number,
  ): Promise<TransferWithNames[]> {
    if (!filter.values.length) return [];
    const upper = filter.values.map((v) => v.toUpperCase());
    const where: SQL[] = [
      filter.key === 'imsTransactionReferenceId'
        ? inArray(committedTransfers.referenceId, upper)
        : inArray(
            sql`upper(${filter.key === 'posTransferBatchRefId' ? committedTransfers.posTransferBatchRefId : committedTransfers.posTransferBatchName})`,
            upper,
          ),
    ];
    if (options.inboundOnly) {
      const inbound = '%\\_INBOUND%';
      where.push(
        sql`(${committedTransfers.fromBucket} like ${inbound} or ${committedTransfers.toBucket} like ${inbound})`,
      );
    }
    if (options.transacted === true) where.push(isNotNull(committedTransfers.transferredAt));
    if (options.transacted === false) where.push(isNull(committedTransfers.transferredAt));
    return this.selectWithNames()
      .where(and(...where))
      .orderBy(desc(committedTransfers.id))
      .limit(limit);
  }

  /**
   * The ledger rows a transacted transfer or sale posted, by the submit's client request ids (`{ref}/transact` for
   * the first row, `{ref}/transact/in` for a transfer's row into the destination): read through their unique index.
   */
  async ledgerReferencesOf(references: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (!references.length) return map;
    const requestIds = references.flatMap((r) => [`${r}/transact`, `${r}/transact/in`]);
    const rows = await this.db
      .select({ requestId: inventoryTransactions.clientRequestId, referenceId: inventoryTransactions.referenceId })
      .from(inventoryTransactions)
      .where(inArray(inventoryTransactions.clientRequestId, requestIds))
      .orderBy(asc(inventoryTransactions.id));
    for (const row of rows) {
      const owner = row.requestId!.replace(/\/transact(\/in)?$/, '');
      map.set(owner, [...(map.get(owner) ?? []), row.referenceId]);
    }
    return map;
  }
}
