import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { committedSaleReference } from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { products } from '../../db/schema/catalog.js';
import { buckets } from '../../db/schema/locations.js';
import { users } from '../../db/schema/users.js';
import { committedSales, committedSaleSerials } from '../../db/schema/committed-sales.js';

export type CommittedSaleRow = typeof committedSales.$inferSelect;
export type SaleSerialRow = typeof committedSaleSerials.$inferSelect;
export type SaleProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'modelNumber' | 'description' | 'serialNumberTracked' | 'numOfSerialsPerItem' | 'upc' | 'alternateUpc'
>;

export interface SaleWithNames {
  sale: CommittedSaleRow;
  product: SaleProductRow;
  committedByName: string | null;
  transactedByName: string | null;
}

const productColumns = {
  id: products.id,
  modelNumber: products.modelNumber,
  description: products.description,
  serialNumberTracked: products.serialNumberTracked,
  numOfSerialsPerItem: products.numOfSerialsPerItem,
  upc: products.upc,
  alternateUpc: products.alternateUpc,
};

const committer = alias(users, 'committer');
const transactor = alias(users, 'transactor');

/** The committed-sale records. Stock (on-hand, serials, the ledger) is only read here, never written. */
export class CommittedSalesRepository {
  constructor(private readonly db: Executor) {}

  async productByModel(model: string): Promise<SaleProductRow | null> {
    const rows = await this.db
      .select(productColumns)
      .from(products)
      .where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`)
      .limit(1);
    return rows[0] ?? null;
  }

  async productById(id: number): Promise<SaleProductRow> {
    const rows = await this.db.select(productColumns).from(products).where(eq(products.id, id));
    return rows[0]!;
  }

  async bucketExists(bucket: string): Promise<boolean> {
    const rows = await this.db.select({ bucket: buckets.bucket }).from(buckets).where(eq(buckets.bucket, bucket));
    return rows.length > 0;
  }

  /** Inserts a committed sale and its serials and gives it its reference (CS- and the id), in the caller's transaction. */
  async insert(
    values: Omit<typeof committedSales.$inferInsert, 'referenceId' | 'id'>,
    serials: Omit<typeof committedSaleSerials.$inferInsert, 'committedSaleId' | 'id'>[],
  ): Promise<string> {
    const [row] = await this.db
      .insert(committedSales)
      .values({ ...values, referenceId: `pending-${randomUUID()}` })
      .returning({ id: committedSales.id });
    const referenceId = committedSaleReference(row!.id);
    await this.db.update(committedSales).set({ referenceId }).where(eq(committedSales.id, row!.id));
    if (serials.length)
      await this.db.insert(committedSaleSerials).values(serials.map((s) => ({ ...s, committedSaleId: row!.id })));
    return referenceId;
  }

  private selectWithNames() {
    return this.db
      .select({
        sale: committedSales,
        product: productColumns,
        committedByName: committer.username,
        transactedByName: transactor.username,
      })
      .from(committedSales)
      .innerJoin(products, eq(products.id, committedSales.productId))
      .leftJoin(committer, eq(committer.id, committedSales.committedById))
      .leftJoin(transactor, eq(transactor.id, committedSales.transactedById));
  }

  async findByReferences(referenceIds: string[]): Promise<SaleWithNames[]> {
    if (!referenceIds.length) return [];
    return this.selectWithNames()
      .where(inArray(committedSales.referenceId, referenceIds))
      .orderBy(asc(committedSales.id));
  }

  /** The row, locked for the rest of the transaction (a second transact waits, then sees it transacted). */
  async lockByReference(referenceId: string): Promise<CommittedSaleRow | null> {
    const rows = await this.db
      .select()
      .from(committedSales)
      .where(eq(committedSales.referenceId, referenceId))
      .for('update');
    return rows[0] ?? null;
  }

  /** Every sale of an invoice (any case), open or transacted, locked in id order. */
  async lockByInvoice(invoiceId: string): Promise<CommittedSaleRow[]> {
    return this.db
      .select()
      .from(committedSales)
      .where(sql`upper(${committedSales.legacyPosInvoiceId}) = ${invoiceId.toUpperCase()}`)
      .orderBy(asc(committedSales.id))
      .for('update');
  }

  /** Open (not transacted) sales, oldest first; `search` is a case-insensitive contains on the invoice id and the model. */
  async listOpen(search: string | undefined, limit: number, offset = 0): Promise<SaleWithNames[]> {
    const where: SQL[] = [isNull(committedSales.transactedAt)];
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      where.push(
        or(sql`${committedSales.legacyPosInvoiceId} ilike ${pattern}`, sql`${products.modelNumber} ilike ${pattern}`)!,
      );
    }
    return this.selectWithNames()
      .where(and(...where))
      .orderBy(asc(committedSales.createdAt), asc(committedSales.id))
      .limit(limit)
      .offset(offset);
  }

  /** Commits serials to an open sale (the caller holds its row and the serials' numbers). */
  async addSerials(
    saleId: number,
    serials: Omit<typeof committedSaleSerials.$inferInsert, 'committedSaleId' | 'id'>[],
  ): Promise<void> {
    if (serials.length)
      await this.db.insert(committedSaleSerials).values(serials.map((s) => ({ ...s, committedSaleId: saleId })));
  }

  /** The serials committed with these sales, in scan order. */
  async serialsOf(saleIds: number[]): Promise<SaleSerialRow[]> {
    if (!saleIds.length) return [];
    return this.db
      .select()
      .from(committedSaleSerials)
      .where(inArray(committedSaleSerials.committedSaleId, saleIds))
      .orderBy(asc(committedSaleSerials.id));
  }

  /** Sets the transacted fields: from now on the sale is sold (at `at`, a past document's time, or now). */
  async markTransacted(
    id: number,
    values: { transactedById: number; invoicedByName: string | null; finishNotes: string | null; strictMode: boolean },
    at: Date | null = null,
  ): Promise<void> {
    const now = at ?? new Date();
    await this.db
      .update(committedSales)
      .set({ ...values, transactedAt: now, updatedAt: now })
      .where(eq(committedSales.id, id));
  }

  /**
   * Dates transacted sales (the demo loader's sales history) as committed, scanned and transacted at `at`. Their
   * ledger rows keep the time they were posted: a loader finishes them with that time (`finishInvoice`'s `at`) first.
   */
  async setSoldAt(referenceIds: string[], at: Date): Promise<number> {
    if (!referenceIds.length) return 0;
    const rows = await this.db
      .update(committedSales)
      .set({ createdAt: at, transactedAt: at, updatedAt: at })
      .where(and(inArray(committedSales.referenceId, referenceIds), sql`${committedSales.transactedAt} is not null`))
      .returning({ id: committedSales.id });
    if (rows.length)
      await this.db
        .update(committedSaleSerials)
        .set({ scannedAt: at })
        .where(
          inArray(
            committedSaleSerials.committedSaleId,
            rows.map((r) => r.id),
          ),
        );
    return rows.length;
  }
}
