import { PO_STATUS, PO_STATUSES, PRODUCT_DEFAULTS, QUOTE_OPEN_STATUSES } from '@keystone/contracts';
import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import {
  brands,
  categories,
  committedSales,
  inventory,
  inventorySerials,
  inventoryTransactions,
  manufacturers,
  products,
  purchaseOrderItems,
  purchaseOrders,
  quoteItems,
  quotes,
} from '../../db/schema.js';
import { escapeLike } from '../../db/like.js';
import { MODEL_PREFIX_ORDER, modelStartsWith, productColumns } from './catalog.repository.js';

/** The product columns the catalogue reads: the inventory view's plus every 002 §3 field. */
export const catalogColumns = {
  ...productColumns,
  brandId: products.brandId,
  categoryId: products.categoryId,
  manufacturerId: products.manufacturerId,
  categoryCode: categories.categoryCode,
  serialNumber: products.serialNumber,
  itemClass: products.itemClass,
  modelCode: products.modelCode,
  marketingClass: products.marketingClass,
  stockClass: products.stockClass,
  boxQty: products.boxQty,
  externalDataSource: products.externalDataSource,
  externalDataModel: products.externalDataModel,
  externalDataSourceId: products.externalDataSourceId,
  externalDataSourceUpdateStatus: products.externalDataSourceUpdateStatus,
  asin: products.asin,
  listingId: products.listingId,
  sku: products.sku,
  msrpCents: products.msrpCents,
  currentRebateCreditCents: products.currentRebateCreditCents,
  currentAdjCostCents: products.currentAdjCostCents,
  currentMapCents: products.currentMapCents,
  currentAdjMapCents: products.currentAdjMapCents,
  currentRebateCents: products.currentRebateCents,
  minimumPriceCents: products.minimumPriceCents,
  spiffCents: products.spiffCents,
  createdAt: products.createdAt,
};

export type CatalogRow = {
  [K in keyof typeof catalogColumns]: (typeof catalogColumns)[K]['_']['notNull'] extends true
    ? (typeof catalogColumns)[K]['_']['data']
    : (typeof catalogColumns)[K]['_']['data'] | null;
};

export type ProductInsert = typeof products.$inferInsert;

/** A new product's row: the columns the product form does not set take the catalogue's defaults. */
export function newProductRow(values: Partial<ProductInsert>): ProductInsert {
  return {
    marketingClass: PRODUCT_DEFAULTS.marketing_class,
    stockClass: PRODUCT_DEFAULTS.stock_class,
    boxQty: PRODUCT_DEFAULTS.box_qty,
    status: PRODUCT_DEFAULTS.status,
    itemType: PRODUCT_DEFAULTS.item_type,
    spiffCents: 0,
    currentCostCents: 0,
    ...(values as ProductInsert),
  };
}

export interface DerivedQuantities {
  onHand: number;
  onOrder: number;
  committed: number;
  /** Units on open quotes (OPEN, SENT, ACCEPTED). */
  onQuoted: number;
}

/** What refers to a product (the delete rules): each a count or a sum. */
export interface ProductReferences {
  onHand: number;
  openPoUnits: number;
  ledgerRows: number;
  serials: number;
  committedSales: number;
  poLines: number;
}

/** A purchase order whose lines still count as on order: neither Complete nor Cancelled. */
const CLOSED_PO_STATUS_IDS = PO_STATUSES.filter(
  (s) => s.status_name === PO_STATUS.complete || s.status_name === PO_STATUS.cancelled,
).map((s) => s.id);

/** The product list's filters, brand and category as their ids. */
export interface ProductListFilters {
  categoryIds?: number[];
  brandIds?: number[];
  description?: string;
  modelTerm?: string;
  upc?: string;
}

function productListWhere(filters: ProductListFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const idIn = (column: typeof products.brandId | typeof products.categoryId, ids: number[]) =>
    ids.length === 1 ? eq(column, ids[0]!) : inArray(column, ids);
  if (filters.categoryIds) conditions.push(idIn(products.categoryId, filters.categoryIds));
  if (filters.brandIds) conditions.push(idIn(products.brandId, filters.brandIds));
  if (filters.description)
    conditions.push(sql`${products.description} ilike ${`%${escapeLike(filters.description)}%`}`);
  if (filters.modelTerm) conditions.push(modelStartsWith(filters.modelTerm));
  if (filters.upc) conditions.push(or(eq(products.upc, filters.upc), eq(products.alternateUpc, filters.upc))!);
  return conditions.length ? and(...conditions) : undefined;
}

export class ProductCatalogueRepository {
  constructor(private readonly db: Executor) {}

  selectRows() {
    return this.db
      .select(catalogColumns)
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(manufacturers, eq(manufacturers.id, products.manufacturerId));
  }

  /** Ids of the brands a list filter names: by code, or by name whatever its case. */
  async brandIds(text: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: brands.id })
      .from(brands)
      .where(or(eq(brands.brandCode, text), sql`lower(${brands.brandName}) = lower(${text})`));
    return rows.map((r) => r.id);
  }

  /** Ids of the categories a list filter names: by code, or by name whatever its case. */
  async categoryIds(text: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(or(eq(categories.categoryCode, text), sql`lower(${categories.categoryName}) = lower(${text})`));
    return rows.map((r) => r.id);
  }

  /**
   * A page of products with the product list's filters (002 §7 `GET product`), brand and category already resolved to
   * ids, and the count of all that match. Ordered by model (a model prefix in the prefix index's order); a brand or
   * category filter reads its (id, model_number) index in order, so a page stops after 100 rows.
   */
  async list(
    filters: ProductListFilters,
    limit: number,
    offset: number,
  ): Promise<{ rows: CatalogRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      this.page(filters, limit, offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(productListWhere(filters)),
    ]);
    return { rows, total: total!.n };
  }

  /** One page of the products the filters match, in the list's order (the list's page, and the export's pages). */
  async page(filters: ProductListFilters, limit: number, offset: number): Promise<CatalogRow[]> {
    const order = filters.modelTerm ? MODEL_PREFIX_ORDER : [asc(products.modelNumber)];
    // The page's ids first (an index scan of products alone, past the offset without joining or projecting the
    // skipped rows), then those rows with their brand, category and manufacturer.
    const page = await this.db
      .select({ id: products.id })
      .from(products)
      .where(productListWhere(filters))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const ids = page.map((r) => r.id);
    const found = ids.length ? ((await this.selectRows().where(inArray(products.id, ids))) as CatalogRow[]) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is CatalogRow => r !== undefined);
  }

  async findById(id: number): Promise<CatalogRow | null> {
    const rows = await this.selectRows().where(eq(products.id, id));
    return (rows[0] as CatalogRow | undefined) ?? null;
  }

  /**
   * The products' quantities derived from the ledger's tables (on hand, open PO lines, open committed sales) and the
   * units on open quotes (OPEN, SENT, ACCEPTED): one statement, four index probes per product (inventory's primary key,
   * purchase_order_items_product_idx, committed_sales_product_idx, quote_items_product_idx).
   */
  async quantities(ids: number[]): Promise<Map<number, DerivedQuantities>> {
    if (!ids.length) return new Map();
    const closed = sql.join(
      CLOSED_PO_STATUS_IDS.map((s) => sql`${s}`),
      sql`, `,
    );
    const open = sql.join(
      QUOTE_OPEN_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const rows = await queryRows<{
      id: number;
      on_hand: number;
      on_order: number;
      committed: number;
      on_quoted: number;
    }>(
      this.db,
      sql`select p.id,
            coalesce((select sum(${inventory.quantity}) from ${inventory} where ${inventory.productId} = p.id), 0)::int as on_hand,
            coalesce((select sum(${purchaseOrderItems.qtyOrdered} - ${purchaseOrderItems.qtyReceived}) from ${purchaseOrderItems}
                      join ${purchaseOrders} on ${purchaseOrders.id} = ${purchaseOrderItems.purchaseOrderId}
                      where ${purchaseOrderItems.productId} = p.id and ${purchaseOrders.statusId} not in (${closed})), 0)::int as on_order,
            coalesce((select sum(${committedSales.committedQuantity}) from ${committedSales}
                      where ${committedSales.productId} = p.id and ${committedSales.transactedAt} is null), 0)::int as committed,
            coalesce((select sum(${quoteItems.numberUnits}) from ${quoteItems} join ${quotes} on ${quotes.id} = ${quoteItems.quoteId}
                      where ${quoteItems.productId} = p.id and ${quotes.quoteStatus} in (${open})), 0)::int as on_quoted
          from unnest(${`{${ids.join(',')}}`}::int[]) as p(id)`,
    );
    return new Map(
      rows.map((r) => [
        r.id,
        { onHand: r.on_hand, onOrder: r.on_order, committed: r.committed, onQuoted: r.on_quoted },
      ]),
    );
  }

  /** Locks the product row (delete and update hold it for their transaction). */
  async lock(id: number): Promise<{ id: number; modelNumber: string } | null> {
    const rows = await this.db
      .select({ id: products.id, modelNumber: products.modelNumber })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    return rows[0] ?? null;
  }

  async references(id: number): Promise<ProductReferences> {
    const count = (q: ReturnType<typeof sql>) => sql<number>`(${q})::int`;
    const [row] = await this.db
      .select({
        onHand: count(
          sql`select coalesce(sum(${inventory.quantity}), 0) from ${inventory} where ${inventory.productId} = ${id}`,
        ),
        openPoUnits: count(
          sql`select coalesce(sum(${purchaseOrderItems.qtyOrdered} - ${purchaseOrderItems.qtyReceived}), 0) from ${purchaseOrderItems}
              join ${purchaseOrders} on ${purchaseOrders.id} = ${purchaseOrderItems.purchaseOrderId}
              where ${purchaseOrderItems.productId} = ${id} and ${purchaseOrders.statusId} not in (${sql.join(
                CLOSED_PO_STATUS_IDS.map((s) => sql`${s}`),
                sql`, `,
              )})`,
        ),
        ledgerRows: count(
          sql`select count(*) from ${inventoryTransactions} where ${inventoryTransactions.productId} = ${id}`,
        ),
        serials: count(sql`select count(*) from ${inventorySerials} where ${inventorySerials.productId} = ${id}`),
        committedSales: count(sql`select count(*) from ${committedSales} where ${committedSales.productId} = ${id}`),
        poLines: count(sql`select count(*) from ${purchaseOrderItems} where ${purchaseOrderItems.productId} = ${id}`),
      })
      .from(sql`(select 1) as one`);
    return row!;
  }

  async insert(values: ProductInsert): Promise<number> {
    const [row] = await this.db.insert(products).values(values).returning({ id: products.id });
    return row!.id;
  }

  async update(id: number, values: Partial<ProductInsert>): Promise<void> {
    if (Object.keys(values).length) await this.db.update(products).set(values).where(eq(products.id, id));
  }

  /** Many new products (an import's page), 500 rows a statement; answers their ids in order. */
  async insertMany(values: ProductInsert[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += 500) {
      const rows = await this.db
        .insert(products)
        .values(values.slice(i, i + 500))
        .returning({ id: products.id });
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  /**
   * Many updates (an import's page), each row setting its own fields: one statement per set of fields, the rows as
   * one JSON parameter read as product records (`jsonb_populate_recordset`, so each value takes its column's type).
   */
  async updateMany(rows: { id: number; values: Partial<ProductInsert> }[]): Promise<void> {
    const columns = getTableColumns(products);
    const bySignature = new Map<string, { keys: (keyof ProductInsert)[]; rows: Record<string, unknown>[] }>();
    for (const r of rows) {
      const keys = (Object.keys(r.values) as (keyof ProductInsert)[]).filter((k) => k !== 'id').sort();
      if (!keys.length) continue;
      const signature = keys.join(',');
      const group = bySignature.get(signature) ?? { keys, rows: [] };
      group.rows.push(Object.fromEntries([['id', r.id], ...keys.map((k) => [columns[k].name, r.values[k] ?? null])]));
      bySignature.set(signature, group);
    }
    for (const { keys, rows: group } of bySignature.values()) {
      const names = keys.map((k) => sql.identifier(columns[k].name));
      await this.db.execute(
        sql`update products p set ${sql.join(
          names.map((n) => sql`${n} = r.${n}`),
          sql`, `,
        )}
            from jsonb_populate_recordset(null::products, ${JSON.stringify(group)}::jsonb) r where p.id = r.id`,
      );
    }
  }

  async delete(id: number): Promise<number> {
    const rows = await this.db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    return rows.length;
  }

  /** Which of the given brand, category and manufacturer ids exist. */
  async existing(ids: { brandId?: number | null; categoryId?: number | null; manufacturerId?: number | null }) {
    const probe = async (
      table: typeof brands | typeof categories | typeof manufacturers,
      id: number | null | undefined,
    ) => (id == null ? true : (await this.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0);
    const [brand, category, manufacturer] = await Promise.all([
      probe(brands, ids.brandId),
      probe(categories, ids.categoryId),
      probe(manufacturers, ids.manufacturerId),
    ]);
    return { brand, category, manufacturer };
  }

  // Brands, categories, manufacturers ------------------------------------------------------------------

  brandByNameOrCode(name: string, code: string | null) {
    return this.db
      .select()
      .from(brands)
      .where(
        code === null
          ? sql`lower(${brands.brandName}) = lower(${name})`
          : sql`lower(${brands.brandName}) = lower(${name}) or ${brands.brandCode} = ${code}`,
      );
  }

  categoryByNameOrCode(name: string, code: string | null) {
    return this.db
      .select()
      .from(categories)
      .where(
        code === null
          ? sql`lower(${categories.categoryName}) = lower(${name})`
          : sql`lower(${categories.categoryName}) = lower(${name}) or ${categories.categoryCode} = ${code}`,
      );
  }

  /** Codes taken among `base`, `base_2`, `base_3`, … (to derive a free one). */
  async takenCodes(table: 'brands' | 'categories', base: string): Promise<Set<string>> {
    const column = table === 'brands' ? brands.brandCode : categories.categoryCode;
    const from = table === 'brands' ? brands : categories;
    const rows = await this.db
      .select({ code: column })
      .from(from)
      .where(sql`${column} = ${base} or ${column} like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}\\_%`}`);
    return new Set(rows.map((r) => r.code));
  }

  async insertBrand(brandName: string, brandCode: string) {
    const [row] = await this.db.insert(brands).values({ brandName, brandCode }).returning();
    return row!;
  }

  async insertCategory(categoryName: string, categoryCode: string) {
    const [row] = await this.db.insert(categories).values({ categoryName, categoryCode }).returning();
    return row!;
  }

  manufacturerByName(name: string) {
    return this.db
      .select()
      .from(manufacturers)
      .where(sql`lower(${manufacturers.name}) = lower(${name})`);
  }

  async insertManufacturer(name: string) {
    const [row] = await this.db.insert(manufacturers).values({ name }).returning();
    return row!;
  }

  allManufacturers() {
    return this.db
      .select()
      .from(manufacturers)
      .orderBy(asc(sql`lower(${manufacturers.name})`), asc(manufacturers.id));
  }
}
