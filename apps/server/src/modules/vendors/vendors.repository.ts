import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { purchaseTerms, vendorDefaultTerms, vendors } from '../../db/schema.js';

export type VendorRow = typeof vendors.$inferSelect;
export type VendorValues = Omit<typeof vendors.$inferInsert, 'id' | 'createdAt' | 'isDeleted'>;

export class VendorsRepository {
  constructor(private readonly db: Executor) {}

  /** Live vendors except the excluded one, by company name. */
  list(excludedId: number): Promise<VendorRow[]> {
    return this.db
      .select()
      .from(vendors)
      .where(this.where(excludedId, undefined))
      .orderBy(asc(vendors.companyName), asc(vendors.id));
  }

  /** A page of them whose company name contains `search` (any case), in the same order (the export's pages). */
  page(excludedId: number, search: string | undefined, limit: number, offset: number): Promise<VendorRow[]> {
    return this.db
      .select()
      .from(vendors)
      .where(this.where(excludedId, search))
      .orderBy(asc(vendors.companyName), asc(vendors.id))
      .limit(limit)
      .offset(offset);
  }

  private where(excludedId: number, search: string | undefined) {
    const where = [eq(vendors.isDeleted, false), ne(vendors.id, excludedId)];
    if (search) where.push(sql`${vendors.companyName} ilike ${`%${escapeLike(search)}%`}`);
    return and(...where);
  }

  async findById(id: number): Promise<VendorRow | null> {
    const rows = await this.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.isDeleted, false)));
    return rows[0] ?? null;
  }

  async insert(values: VendorValues): Promise<VendorRow> {
    const [row] = await this.db.insert(vendors).values(values).returning();
    return row!;
  }

  /** Inserts a vendor with a fixed id (the internal vendor 127) and moves the id sequence past it. */
  async insertWithId(id: number, values: VendorValues): Promise<void> {
    await this.db
      .insert(vendors)
      .values({ ...values, id })
      .onConflictDoNothing();
    await this.db.execute(
      sql`select setval(pg_get_serial_sequence('vendors', 'id'), greatest((select max(id) from vendors), 1))`,
    );
  }

  async update(id: number, values: Partial<VendorValues>): Promise<void> {
    await this.db.update(vendors).set(values).where(eq(vendors.id, id));
  }

  async softDelete(id: number): Promise<void> {
    await this.db.update(vendors).set({ isDeleted: true }).where(eq(vendors.id, id));
  }

  /** Default terms per vendor id. */
  async defaultTerms(vendorIds: number[]): Promise<Map<number, { id: number; type: string }[]>> {
    const map = new Map<number, { id: number; type: string }[]>();
    if (!vendorIds.length) return map;
    const rows = await this.db
      .select({ vendorId: vendorDefaultTerms.vendorId, id: purchaseTerms.id, type: purchaseTerms.type })
      .from(vendorDefaultTerms)
      .innerJoin(purchaseTerms, eq(purchaseTerms.id, vendorDefaultTerms.termsId))
      .where(inArray(vendorDefaultTerms.vendorId, vendorIds))
      .orderBy(asc(purchaseTerms.id));
    for (const r of rows) map.set(r.vendorId, [...(map.get(r.vendorId) ?? []), { id: r.id, type: r.type }]);
    return map;
  }

  async setDefaultTerms(vendorId: number, termIds: number[]): Promise<void> {
    await this.db.delete(vendorDefaultTerms).where(eq(vendorDefaultTerms.vendorId, vendorId));
    if (termIds.length)
      await this.db.insert(vendorDefaultTerms).values(termIds.map((termsId) => ({ vendorId, termsId })));
  }

  listTerms() {
    return this.db.select().from(purchaseTerms).orderBy(asc(purchaseTerms.id));
  }

  async existingTermIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: purchaseTerms.id })
      .from(purchaseTerms)
      .where(inArray(purchaseTerms.id, ids));
    return rows.map((r) => r.id);
  }
}
