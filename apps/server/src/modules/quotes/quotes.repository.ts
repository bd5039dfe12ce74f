import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import {
  buckets,
  committedSaleSerials,
  committedSales,
  contacts,
  inventory,
  locations,
  pickListItems,
  platformStateTaxMap,
  products,
  quoteItems,
  quoteLaborLines,
  quotes,
  stateTaxRates,
  users,
  workOrderItems,
  workOrders,
} from '../../db/schema.js';
import type { NamePrefixes } from '../contacts/contacts.repository.js';

export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuoteRow = typeof quotes.$inferInsert;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type LaborLineRow = typeof quoteLaborLines.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type WorkOrderRow = typeof workOrders.$inferSelect;

/** A quote with the names its list shows. */
export interface QuoteWithNames {
  quote: QuoteRow;
  soldFirstName: string | null;
  soldLastName: string | null;
  primarySalesName: string | null;
  workOrderId: number | null;
}

export interface ItemWithProduct {
  item: QuoteItemRow;
  model: string;
  description: string;
}

export interface ProductForQuote {
  id: number;
  modelNumber: string;
  description: string;
  priceCents: number;
}

export interface WorkOrderItemState {
  quoteItemId: number;
  referenceId: string;
  sourceBucket: string;
  quantity: number;
  /** The line's backorder. */
  backordered: boolean;
  transacted: boolean;
  onPickList: boolean;
  picked: boolean;
  serials: number;
  packedSerials: number;
}

const primarySales = alias(users, 'primary_sales');
const soldContact = alias(contacts, 'sold_contact');
const startsWith = (column: AnyPgColumn, prefix: string) =>
  sql`lower(${column}) like ${`${escapeLike(prefix.toLowerCase())}%`}`;

/** Quotes, their items and labor lines, work orders, and the reads they need (tax map, rates, buckets). */
export class QuotesRepository {
  constructor(private readonly db: Executor) {}

  async insertQuote(values: NewQuoteRow): Promise<QuoteRow> {
    const [row] = await this.db.insert(quotes).values(values).returning();
    return row!;
  }

  async updateQuote(id: number, values: Partial<NewQuoteRow>): Promise<void> {
    await this.db
      .update(quotes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(quotes.id, id));
  }

  async findQuote(id: number, options: { forUpdate?: boolean } = {}): Promise<QuoteRow | null> {
    const query = this.db.select().from(quotes).where(eq(quotes.id, id));
    const rows = options.forUpdate ? await query.for('update') : await query;
    return rows[0] ?? null;
  }

  private selectWithNames() {
    return this.db
      .select({
        quote: quotes,
        soldFirstName: soldContact.firstName,
        soldLastName: soldContact.lastName,
        primarySalesName: primarySales.username,
        workOrderId: workOrders.id,
      })
      .from(quotes)
      .innerJoin(soldContact, eq(soldContact.id, quotes.soldContactId))
      .leftJoin(primarySales, eq(primarySales.id, quotes.primarySalesId))
      .leftJoin(workOrders, eq(workOrders.quoteId, quotes.id));
  }

  async quoteWithNames(id: number): Promise<QuoteWithNames | null> {
    const rows = await this.selectWithNames().where(eq(quotes.id, id));
    return rows[0] ?? null;
  }

  /** Quotes matching `where`, newest first. */
  async search(where: SQL | undefined, limit: number): Promise<QuoteWithNames[]> {
    return this.selectWithNames().where(where).orderBy(desc(quotes.id)).limit(limit);
  }

  /** The condition "the sold contact's names start with one of these pairs". */
  soldNameMatches(alternatives: NamePrefixes[]): SQL | undefined {
    const parts = alternatives.map((alt) => {
      const conds: SQL[] = [];
      if (alt.first) conds.push(startsWith(soldContact.firstName, alt.first));
      if (alt.last) conds.push(startsWith(soldContact.lastName, alt.last));
      return and(...conds)!;
    });
    return parts.length ? or(...parts) : sql`false`;
  }

  byContact(contactId: number): SQL {
    return or(
      eq(quotes.soldContactId, contactId),
      eq(quotes.shipContactId, contactId),
      eq(quotes.billContactId, contactId),
    )!;
  }

  byStatus(status: string): SQL {
    return eq(quotes.quoteStatus, status);
  }

  byId(id: number): SQL {
    return eq(quotes.id, id);
  }

  async contactsByIds(ids: number[]): Promise<ContactRow[]> {
    if (!ids.length) return [];
    return this.db
      .select()
      .from(contacts)
      .where(inArray(contacts.id, [...new Set(ids)]));
  }

  async existingUserIds(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Set(rows.map((r) => r.id));
  }

  /** The product with its selling price: adjusted cart price, else adjusted MAP, else MAP, else MSRP, else 0. */
  async productForQuote(id: number): Promise<ProductForQuote | null> {
    const rows = await this.db
      .select({
        id: products.id,
        modelNumber: products.modelNumber,
        description: products.description,
        priceCents: sql<number>`coalesce(${products.adjCartPriceCents}, ${products.adjMapCents}, ${products.mapCents}, ${products.msrpCents}, 0)::int`,
      })
      .from(products)
      .where(eq(products.id, id));
    return rows[0] ?? null;
  }

  /**
   * The quote's items with their products' model and description. Two indexed reads rather than a join: on a small
   * catalogue the planner hashes every product for a join (docs/performance.md "Quotes").
   */
  async items(quoteId: number): Promise<ItemWithProduct[]> {
    const items = await this.db
      .select()
      .from(quoteItems)
      .where(eq(quoteItems.quoteId, quoteId))
      .orderBy(asc(quoteItems.id));
    if (!items.length) return [];
    const ids = [...new Set(items.map((i) => i.productId))];
    const rows = await this.db
      .select({ id: products.id, model: products.modelNumber, description: products.description })
      .from(products)
      .where(inArray(products.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return items.map((item) => ({
      item,
      model: byId.get(item.productId)!.model,
      description: byId.get(item.productId)!.description,
    }));
  }

  async findItem(id: number): Promise<QuoteItemRow | null> {
    const rows = await this.db.select().from(quoteItems).where(eq(quoteItems.id, id));
    return rows[0] ?? null;
  }

  async countItems(quoteId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quoteItems)
      .where(eq(quoteItems.quoteId, quoteId));
    return rows[0]!.n;
  }

  async insertItem(values: typeof quoteItems.$inferInsert): Promise<void> {
    await this.db.insert(quoteItems).values(values);
  }

  async updateItem(id: number, values: Partial<typeof quoteItems.$inferInsert>): Promise<void> {
    await this.db.update(quoteItems).set(values).where(eq(quoteItems.id, id));
  }

  async deleteItem(id: number): Promise<void> {
    await this.db.delete(quoteItems).where(eq(quoteItems.id, id));
  }

  async laborLines(quoteId: number): Promise<LaborLineRow[]> {
    return this.db
      .select()
      .from(quoteLaborLines)
      .where(eq(quoteLaborLines.quoteId, quoteId))
      .orderBy(asc(quoteLaborLines.id));
  }

  async findLaborLine(id: number): Promise<LaborLineRow | null> {
    const rows = await this.db.select().from(quoteLaborLines).where(eq(quoteLaborLines.id, id));
    return rows[0] ?? null;
  }

  async countLaborLines(quoteId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quoteLaborLines)
      .where(eq(quoteLaborLines.quoteId, quoteId));
    return rows[0]!.n;
  }

  async insertLaborLine(values: typeof quoteLaborLines.$inferInsert): Promise<void> {
    await this.db.insert(quoteLaborLines).values(values);
  }

  async updateLaborLine(id: number, values: Partial<typeof quoteLaborLines.$inferInsert>): Promise<void> {
    await this.db.update(quoteLaborLines).set(values).where(eq(quoteLaborLines.id, id));
  }

  async deleteLaborLine(id: number): Promise<void> {
    await this.db.delete(quoteLaborLines).where(eq(quoteLaborLines.id, id));
  }

  /** Σ units × unit price and Σ labor amounts of a quote, in cents. */
  async lineSums(quoteId: number): Promise<{ productCents: number; laborCents: number }> {
    const [p] = await this.db
      .select({
        cents: sql<string>`coalesce(sum(${quoteItems.numberUnits}::bigint * ${quoteItems.unitPriceCents}), 0)::text`,
      })
      .from(quoteItems)
      .where(eq(quoteItems.quoteId, quoteId));
    const [l] = await this.db
      .select({ cents: sql<string>`coalesce(sum(${quoteLaborLines.amountCents}::bigint), 0)::text` })
      .from(quoteLaborLines)
      .where(eq(quoteLaborLines.quoteId, quoteId));
    return { productCents: Number(p!.cents), laborCents: Number(l!.cents) };
  }

  /** Whether the tax map collects and remits for the platform in the state (a cell never saved reads 0). */
  async collectsTax(platformCode: string, stateCode: string): Promise<boolean> {
    const rows = await this.db
      .select({ on: platformStateTaxMap.collectAndRemitTax })
      .from(platformStateTaxMap)
      .where(and(eq(platformStateTaxMap.platformCode, platformCode), eq(platformStateTaxMap.stateCode, stateCode)));
    return (rows[0]?.on ?? 0) !== 0;
  }

  async taxRatePpm(stateCode: string): Promise<number> {
    const rows = await this.db
      .select({ rate: stateTaxRates.ratePpm })
      .from(stateTaxRates)
      .where(eq(stateTaxRates.stateCode, stateCode));
    return rows[0]?.rate ?? 0;
  }

  async locationExists(code: string): Promise<boolean> {
    const rows = await this.db
      .select({ code: locations.locationCode })
      .from(locations)
      .where(eq(locations.locationCode, code));
    return rows.length > 0;
  }

  /** The location's own bucket of a condition (not a sub-location's), e.g. KY01 for NEW, KY01_B_STOCK. */
  async bucketFor(locationCode: string, condition: string): Promise<string | null> {
    const rows = await this.db
      .select({ bucket: buckets.bucket })
      .from(buckets)
      .where(
        and(eq(buckets.locationCode, locationCode), eq(buckets.conditionCode, condition), eq(buckets.isActive, true)),
      )
      .orderBy(asc(buckets.bucket))
      .limit(1);
    return rows[0]?.bucket ?? null;
  }

  /** Products with at least `min` units on hand in a bucket (the demo quotes' units), by id. */
  async productsOnHand(bucket: string, min: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: inventory.productId })
      .from(inventory)
      .where(and(eq(inventory.bucket, bucket), sql`${inventory.quantity} >= ${min}`))
      .orderBy(asc(inventory.productId))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async workOrderByQuote(quoteId: number): Promise<WorkOrderRow | null> {
    const rows = await this.db.select().from(workOrders).where(eq(workOrders.quoteId, quoteId));
    return rows[0] ?? null;
  }

  async workOrderById(id: number): Promise<(WorkOrderRow & { createdByName: string | null }) | null> {
    const rows = await this.db
      .select({ order: workOrders, createdByName: users.username })
      .from(workOrders)
      .leftJoin(users, eq(users.id, workOrders.createdById))
      .where(eq(workOrders.id, id));
    const row = rows[0];
    return row ? { ...row.order, createdByName: row.createdByName } : null;
  }

  async insertWorkOrder(values: typeof workOrders.$inferInsert): Promise<WorkOrderRow> {
    const [row] = await this.db.insert(workOrders).values(values).returning();
    return row!;
  }

  async insertWorkOrderItem(values: typeof workOrderItems.$inferInsert): Promise<void> {
    await this.db.insert(workOrderItems).values(values);
  }

  async saleIdByReference(referenceId: string): Promise<number> {
    const rows = await this.db
      .select({ id: committedSales.id })
      .from(committedSales)
      .where(eq(committedSales.referenceId, referenceId));
    return rows[0]!.id;
  }

  /** Each work-order item's committed sale and how far it went (pick list, picked, packed serials, transacted). */
  async workOrderItemStates(workOrderId: number): Promise<WorkOrderItemState[]> {
    return this.db
      .select({
        quoteItemId: workOrderItems.quoteItemId,
        referenceId: committedSales.referenceId,
        sourceBucket: committedSales.sourceBucket,
        quantity: committedSales.committedQuantity,
        backordered: committedSales.backordered,
        transacted: sql<boolean>`${committedSales.transactedAt} is not null`,
        onPickList: sql<boolean>`${pickListItems.id} is not null`,
        picked: sql<boolean>`${pickListItems.pickedAt} is not null`,
        serials: sql<number>`(select count(*)::int from ${committedSaleSerials} where ${committedSaleSerials.committedSaleId} = ${committedSales.id})`,
        packedSerials: sql<number>`(select count(*)::int from ${committedSaleSerials} where ${committedSaleSerials.committedSaleId} = ${committedSales.id} and ${committedSaleSerials.packed})`,
      })
      .from(workOrderItems)
      .innerJoin(committedSales, eq(committedSales.id, workOrderItems.committedSaleId))
      .leftJoin(pickListItems, eq(pickListItems.committedSaleId, committedSales.id))
      .where(eq(workOrderItems.workOrderId, workOrderId))
      .orderBy(asc(workOrderItems.id));
  }
}
