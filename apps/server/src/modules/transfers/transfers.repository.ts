import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { committedTransferReference } from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import { buckets, committedTransfers, committedTransferSerials, inventory, products, users } from '../../db/schema.js';

export type CommittedTransferRow = typeof committedTransfers.$inferSelect;
export type TransferSerialRow = typeof committedTransferSerials.$inferSelect;
export type TransferProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'modelNumber' | 'description' | 'upc' | 'alternateUpc' | 'partNumber' | 'serialNumberTracked' | 'numOfSerialsPerItem'
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

/** The committed-transfer records. Stock itself (on-hand, serials, the ledger) is only read here, never written. */
export class TransfersRepository {
  constructor(private readonly db: Executor) {}

  async productByModel(model: string): Promise<TransferProductRow | null> {
    const rows = await this.db.select(productColumns).from(products).where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`).limit(1);
    return rows[0] ?? null;
  }

  /** Which of these buckets exist. */
  async existingBuckets(names: string[]): Promise<Set<string>> {
    if (!names.length) return new Set();
    const rows = await this.db.select({ bucket: buckets.bucket }).from(buckets).where(inArray(buckets.bucket, names));
    return new Set(rows.map((r) => r.bucket));
  }

  /** On-hand of a product in a bucket (0 without a row). */
  async onHand(productId: number, bucket: string): Promise<number> {
    const rows = await this.db
      .select({ quantity: inventory.quantity })
      .from(inventory)
      .where(and(eq(inventory.productId, productId), eq(inventory.bucket, bucket)));
    return rows[0]?.quantity ?? 0;
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
      .select({ transfer: committedTransfers, product: productColumns, committedByName: committer.username, transferredByName: transferrer.username })
      .from(committedTransfers)
      .innerJoin(products, eq(products.id, committedTransfers.productId))
      .leftJoin(committer, eq(committer.id, committedTransfers.committedById))
      .leftJoin(transferrer, eq(transferrer.id, committedTransfers.transferredById));
  }

  async findByReference(referenceId: string): Promise<TransferWithNames | null> {
    const rows = await this.selectWithNames().where(eq(committedTransfers.referenceId, referenceId));
    return rows[0] ?? null;
  }

  /** The row itself, locked for the rest of the transaction (edits and deletes of one transfer queue). */
  async lockByReference(referenceId: string): Promise<CommittedTransferRow | null> {
    const rows = await this.db.select().from(committedTransfers).where(eq(committedTransfers.referenceId, referenceId)).for('update');
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
  async listTransacted(model: string, limit: number): Promise<TransferWithNames[]> {
    return this.selectWithNames()
      .where(and(isNotNull(committedTransfers.transferredAt), sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`))
      .orderBy(desc(committedTransfers.transferredAt), desc(committedTransfers.id))
      .limit(limit);
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

  async update(id: number, values: Partial<Pick<CommittedTransferRow, 'committedQuantity' | 'posTransferBatchName' | 'posTransferBatchRefId' | 'senderSku' | 'receiverSku' | 'commitNotes' | 'transferNotes'>>) {
    await this.db
      .update(committedTransfers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(committedTransfers.id, id));
  }

  /** Deletes a committed transfer and its scanned serials (cascade). */
  async delete(id: number): Promise<void> {
    await this.db.delete(committedTransfers).where(eq(committedTransfers.id, id));
  }
}
