import { and, asc, desc, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import {
  ediInterchanges,
  locations,
  products,
  purchaseOrderItems,
  purchaseOrders,
  purchaseOrderStatuses,
  purchaseTerms,
  users,
  vendors,
} from '../../db/schema.js';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PoItemRow = typeof purchaseOrderItems.$inferSelect;

export interface PoListFilters {
  fromDate?: string;
  toDate?: string;
  poNumber?: string;
  modelNumber?: string;
  vendorOrderId?: string;
  legacyPoNum?: string;
  status?: number;
  vendor?: number;
  user?: number;
  shipTo?: string;
  paid?: 'All' | 'Yes' | 'No';
  finished?: boolean;
  excludedVendorId: number;
  completeStatusId: number;
}

export type PoSortColumn =
  | 'created_at'
  | 'purchase_ref_id'
  | 'vendor_name'
  | 'purchase_order_status'
  | 'ims_location_code'
  | 'total'
  | 'balance_due'
  | 'vendor_order_id';

const startsWith = (column: SQL | typeof purchaseOrders.purchaseRefId, prefix: string) =>
  sql`upper(${column}) like ${`${escapeLike(prefix.toUpperCase())}%`}`;

/** Counting stops here: past it the list says "more than" instead of scanning every matching row. */
export const PO_COUNT_CAP = 10_000;

const summaryColumns = {
  po: purchaseOrders,
  vendorName: vendors.companyName,
  statusName: purchaseOrderStatuses.statusName,
  createdByName: users.username,
};

export type PoSummaryRow = {
  po: PurchaseOrderRow;
  vendorName: string;
  statusName: string;
  createdByName: string | null;
};

export interface PoHistoryRow {
  po: PurchaseOrderRow;
  vendorName: string | null;
  statusName: string | null;
  termsType: string | null;
}

export class PurchaseOrdersRepository {
  constructor(private readonly db: Executor) {}

  private where(f: PoListFilters): SQL | undefined {
    const c: SQL[] = [ne(purchaseOrders.vendorId, f.excludedVendorId)];
    if (f.fromDate) c.push(gte(purchaseOrders.createdAt, new Date(`${f.fromDate}T00:00:00Z`)));
    if (f.toDate)
      c.push(lt(purchaseOrders.createdAt, new Date(new Date(`${f.toDate}T00:00:00Z`).getTime() + 86_400_000)));
    if (f.poNumber)
      c.push(or(startsWith(purchaseOrders.purchaseRefId, f.poNumber), eq(purchaseOrders.legacyPoNumber, f.poNumber))!);
    if (f.vendorOrderId) c.push(startsWith(purchaseOrders.vendorOrderId as never, f.vendorOrderId));
    if (f.legacyPoNum) c.push(eq(purchaseOrders.legacyPoNumber, f.legacyPoNum));
    if (f.status) c.push(eq(purchaseOrders.statusId, f.status));
    if (f.vendor) c.push(eq(purchaseOrders.vendorId, f.vendor));
    if (f.user) c.push(eq(purchaseOrders.createdBy, f.user));
    if (f.shipTo) c.push(eq(purchaseOrders.imsLocationCode, f.shipTo.toUpperCase()));
    if (f.paid === 'Yes') c.push(eq(purchaseOrders.paid, true));
    if (f.paid === 'No') c.push(eq(purchaseOrders.paid, false));
    if (f.finished === true) c.push(eq(purchaseOrders.statusId, f.completeStatusId));
    if (f.finished === false) c.push(ne(purchaseOrders.statusId, f.completeStatusId));
    if (f.modelNumber) {
      c.push(sql`exists (select 1 from ${purchaseOrderItems} i join ${products} p on p.id = i.product_id
        where i.purchase_order_id = ${purchaseOrders.id} and upper(p.model_number) like ${`${escapeLike(f.modelNumber.toUpperCase())}%`})`);
    }
    return and(...c);
  }

  private orderBy(sortBy: PoSortColumn, dir: 'asc' | 'desc') {
    const by = dir === 'asc' ? asc : desc;
    const column: Record<PoSortColumn, SQL | typeof purchaseOrders.createdAt> = {
      created_at: purchaseOrders.createdAt,
      purchase_ref_id: sql`upper(${purchaseOrders.purchaseRefId})`,
      vendor_name: sql`lower(${vendors.companyName})`,
      purchase_order_status: sql`${purchaseOrderStatuses.sortOrder}`,
      ims_location_code: sql`${purchaseOrders.imsLocationCode}`,
      total: sql`${purchaseOrders.totalCents}`,
      balance_due: sql`${purchaseOrders.balanceDueCents}`,
      vendor_order_id: sql`${purchaseOrders.vendorOrderId}`,
    };
    return [by(column[sortBy]), by(purchaseOrders.id)];
  }

  /**
   * One page and the (capped) number of matches. The count rides on the page's statement as a scalar subquery
   * (planned as one InitPlan, run once): one round trip for the list, which a reporting user's screen polls while
   * scanners write (reads under 100 ms p99). Only a page past the end, which has no row to carry
   * it, counts on its own.
   */
  async list(
    f: PoListFilters,
    sortBy: PoSortColumn,
    dir: 'asc' | 'desc',
    limit: number,
    offset: number,
  ): Promise<{ rows: PoSummaryRow[]; total: number; capped: boolean }> {
    const where = this.where(f);
    const matching = this.db
      .select({ one: sql`1` })
      .from(purchaseOrders)
      .where(where)
      .limit(PO_COUNT_CAP + 1)
      .as('matching');
    const counted = await this.summaries(where, sortBy, dir, sql<number>`(select count(*)::int from ${matching})`)
      .limit(limit)
      .offset(offset);
    let n = counted[0]?.matches;
    if (n === undefined) {
      const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(matching);
      n = count!.n;
    }
    const rows = counted.map(({ matches: _, ...row }) => row);
    return { rows, total: Math.min(n, PO_COUNT_CAP), capped: n > PO_COUNT_CAP };
  }

  /** One page of the list's rows without the count (the export reads every page). */
  async page(f: PoListFilters, sortBy: PoSortColumn, dir: 'asc' | 'desc', limit: number, offset: number) {
    const rows = await this.summaries(this.where(f), sortBy, dir).limit(limit).offset(offset);
    return rows.map(({ matches: _, ...row }): PoSummaryRow => row);
  }

  /** The list's rows in its order, each with `matches` (the count the list shows, null when not asked). */
  private summaries(where: SQL | undefined, sortBy: PoSortColumn, dir: 'asc' | 'desc', matches?: SQL<number>) {
    return this.db
      .select({ ...summaryColumns, matches: (matches ?? sql<number | null>`null`).mapWith(Number) })
      .from(purchaseOrders)
      .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .innerJoin(purchaseOrderStatuses, eq(purchaseOrderStatuses.id, purchaseOrders.statusId))
      .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
      .where(where)
      .orderBy(...this.orderBy(sortBy, dir));
  }

  async findSummary(
    id: number,
    forUpdate = false,
  ): Promise<(PoSummaryRow & { termsType: string | null; vendor: typeof vendors.$inferSelect }) | null> {
    const query = this.db
      .select({ ...summaryColumns, termsType: purchaseTerms.type, vendor: vendors })
      .from(purchaseOrders)
      .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .innerJoin(purchaseOrderStatuses, eq(purchaseOrderStatuses.id, purchaseOrders.statusId))
      .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
      .leftJoin(purchaseTerms, eq(purchaseTerms.id, purchaseOrders.purchaseTermsId))
      .where(eq(purchaseOrders.id, id));
    const rows = forUpdate ? await query.for('update', { of: purchaseOrders }) : await query;
    return rows[0] ?? null;
  }

  /** The PO with the names its history keeps for the ids: its vendor's, its status's and its terms'. */
  async historyRow(id: number): Promise<PoHistoryRow | null> {
    const rows = await this.db
      .select({
        po: purchaseOrders,
        vendorName: vendors.companyName,
        statusName: purchaseOrderStatuses.statusName,
        termsType: purchaseTerms.type,
      })
      .from(purchaseOrders)
      .leftJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .leftJoin(purchaseOrderStatuses, eq(purchaseOrderStatuses.id, purchaseOrders.statusId))
      .leftJoin(purchaseTerms, eq(purchaseTerms.id, purchaseOrders.purchaseTermsId))
      .where(eq(purchaseOrders.id, id));
    return rows[0] ?? null;
  }

  /** Lines with their product's model (what a line's history names it by), in id order: one line or a PO's. */
  linesWithModel(where: { itemId: number } | { poId: number }) {
    return this.db
      .select({ item: purchaseOrderItems, model: products.modelNumber })
      .from(purchaseOrderItems)
      .innerJoin(products, eq(products.id, purchaseOrderItems.productId))
      .where(
        'itemId' in where
          ? eq(purchaseOrderItems.id, where.itemId)
          : eq(purchaseOrderItems.purchaseOrderId, where.poId),
      )
      .orderBy(asc(purchaseOrderItems.id));
  }

  /** Locks the PO row for the rest of the transaction (serializes line changes and totals). */
  async lock(id: number): Promise<PurchaseOrderRow | null> {
    const rows = await this.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
    return rows[0] ?? null;
  }

  lines(poId: number) {
    return this.db
      .select({ item: purchaseOrderItems, product: products })
      .from(purchaseOrderItems)
      .innerJoin(products, eq(products.id, purchaseOrderItems.productId))
      .where(eq(purchaseOrderItems.purchaseOrderId, poId))
      .orderBy(asc(purchaseOrderItems.id));
  }

  async findItem(id: number): Promise<PoItemRow | null> {
    const rows = await this.db.select().from(purchaseOrderItems).where(eq(purchaseOrderItems.id, id));
    return rows[0] ?? null;
  }

  async insert(values: typeof purchaseOrders.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(purchaseOrders).values(values).returning({ id: purchaseOrders.id });
    return row!.id;
  }

  async update(id: number, values: Partial<typeof purchaseOrders.$inferInsert>): Promise<void> {
    await this.db
      .update(purchaseOrders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
  }

  async insertItem(values: typeof purchaseOrderItems.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(purchaseOrderItems).values(values).returning({ id: purchaseOrderItems.id });
    return row!.id;
  }

  async insertItems(values: (typeof purchaseOrderItems.$inferInsert)[]): Promise<void> {
    if (values.length) await this.db.insert(purchaseOrderItems).values(values);
  }

  async updateItem(id: number, values: Partial<typeof purchaseOrderItems.$inferInsert>): Promise<void> {
    await this.db.update(purchaseOrderItems).set(values).where(eq(purchaseOrderItems.id, id));
  }

  async itemsOf(poId: number): Promise<PoItemRow[]> {
    return this.db.select().from(purchaseOrderItems).where(eq(purchaseOrderItems.purchaseOrderId, poId));
  }

  async updateAllItems(poId: number, values: Partial<typeof purchaseOrderItems.$inferInsert>): Promise<void> {
    await this.db.update(purchaseOrderItems).set(values).where(eq(purchaseOrderItems.purchaseOrderId, poId));
  }

  async deleteItem(id: number): Promise<void> {
    await this.db.delete(purchaseOrderItems).where(eq(purchaseOrderItems.id, id));
  }

  /** Bulk insert for demo and benchmark data: answers the new ids in order. */
  async insertMany(values: (typeof purchaseOrders.$inferInsert)[]): Promise<number[]> {
    if (!values.length) return [];
    const rows = await this.db.insert(purchaseOrders).values(values).returning({ id: purchaseOrders.id });
    return rows.map((r) => r.id);
  }

  linesByModel(model: string, excludedVendorId: number, limit: number) {
    return this.db
      .select({
        id: purchaseOrderItems.id,
        purchaseOrderId: purchaseOrders.id,
        purchaseRefId: purchaseOrders.purchaseRefId,
        legacyPoNumber: purchaseOrders.legacyPoNumber,
        createdAt: purchaseOrders.createdAt,
        vendorName: vendors.companyName,
        statusName: purchaseOrderStatuses.statusName,
        location: purchaseOrders.imsLocationCode,
        modelNumber: products.modelNumber,
        costCents: purchaseOrderItems.invoiceCostCents,
        qtyOrdered: purchaseOrderItems.qtyOrdered,
        qtyReceived: purchaseOrderItems.qtyReceived,
        expectedArrivalDate: purchaseOrderItems.expectedArrivalDate,
        /** The UTC date (YYYY-MM-DD) of the line's latest receipt in the ledger. */
        lastReceivedAt: sql<
          string | null
        >`(select to_char(max(t.created_at) at time zone 'UTC', 'YYYY-MM-DD') from inventory_transactions t
          where t.purchase_order_item_id = ${purchaseOrderItems.id} and t.type = 'INVENTORY_RECEIPT')`,
      })
      .from(purchaseOrderItems)
      .innerJoin(products, eq(products.id, purchaseOrderItems.productId))
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderItems.purchaseOrderId))
      .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .innerJoin(purchaseOrderStatuses, eq(purchaseOrderStatuses.id, purchaseOrders.statusId))
      .where(
        and(
          sql`upper(${products.modelNumber}) like ${`${escapeLike(model.toUpperCase())}%`}`,
          ne(purchaseOrders.vendorId, excludedVendorId),
        ),
      )
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrderItems.id))
      .limit(limit);
  }

  async locationExists(code: string): Promise<{ canReceive: boolean } | null> {
    const rows = await this.db
      .select({ canReceive: locations.canReceivePurchaseOrders, active: locations.isActive })
      .from(locations)
      .where(eq(locations.locationCode, code));
    return rows[0] ? { canReceive: rows[0].canReceive && rows[0].active } : null;
  }

  location(code: string) {
    return this.db
      .select()
      .from(locations)
      .where(eq(locations.locationCode, code))
      .then((r) => r[0] ?? null);
  }

  async vendorExists(id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: vendors.id })
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.isDeleted, false)));
    return rows.length > 0;
  }

  async termsExist(id: number): Promise<boolean> {
    return (
      (await this.db.select({ id: purchaseTerms.id }).from(purchaseTerms).where(eq(purchaseTerms.id, id))).length > 0
    );
  }

  async statusExists(id: number): Promise<boolean> {
    return (
      (
        await this.db
          .select({ id: purchaseOrderStatuses.id })
          .from(purchaseOrderStatuses)
          .where(eq(purchaseOrderStatuses.id, id))
      ).length > 0
    );
  }

  statuses() {
    return this.db.select().from(purchaseOrderStatuses).orderBy(asc(purchaseOrderStatuses.sortOrder));
  }

  async productExists(id: number): Promise<boolean> {
    return (await this.db.select({ id: products.id }).from(products).where(eq(products.id, id))).length > 0;
  }

  async allocateEdiControlNumber(poId: number, fileName: string): Promise<number> {
    const [row] = await this.db
      .insert(ediInterchanges)
      .values({ purchaseOrderId: poId, fileName })
      .returning({ controlNumber: ediInterchanges.controlNumber });
    return row!.controlNumber;
  }

  /** An interchange recorded for the PO: sent, or queued and not yet delivered. */
  async hasEdiInterchange(poId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ n: ediInterchanges.controlNumber })
      .from(ediInterchanges)
      .where(eq(ediInterchanges.purchaseOrderId, poId))
      .limit(1);
    return !!row;
  }

  /** An interchange that was never delivered (its outbox row failed). */
  async deleteEdiInterchange(controlNumber: number): Promise<void> {
    await this.db.delete(ediInterchanges).where(eq(ediInterchanges.controlNumber, controlNumber));
  }

  async setEdiFileName(controlNumber: number, fileName: string): Promise<void> {
    await this.db.update(ediInterchanges).set({ fileName }).where(eq(ediInterchanges.controlNumber, controlNumber));
  }
}
