import { and, asc, desc, eq, gt, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TInventorySearchBy } from '@keystone/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/database.js';
import { escapeLike, upperContains } from '../../db/like.js';
import {
  brands,
  buckets,
  categories,
  committedSales,
  committedSaleSerials,
  inventory,
  inventorySerials,
  inventoryTransactions,
  inventoryTransactionSerials,
  dropShipVendorInventory,
  manufacturers,
  vendors,
  products,
  purchaseOrders,
  users,
  workOrderItems,
} from '../../db/schema.js';
import { MODEL_PREFIX_ORDER, selectProductRows, type ProductRow } from '../catalog/catalog.repository.js';

/** `upper(col) LIKE 'ABC%'` (or `= 'ABC'` when exact): on model_number and serial_number this walks the text_pattern_ops index. */
function upperMatches(column: AnyColumn, value: string, exact: boolean): SQL {
  const upper = value.toUpperCase();
  return exact ? sql`upper(${column}) = ${upper}` : sql`upper(${column}) like ${`${escapeLike(upper)}%`}`;
}

/** A reference table matched by its code (equal, any case) or its name (prefix, or equal when exact). */
function nameOrCode(name: AnyColumn, code: AnyColumn | null, value: string, exact: boolean): SQL {
  const byName = upperMatches(name, value, exact);
  return code ? or(byName, sql`upper(${code}) = ${value.toUpperCase()}`)! : byName;
}

export interface ProductSearchOptions {
  includeInactive: boolean;
  exact: boolean;
  bucket?: string;
}

/** The inventory reads (search, product preview, serial detail and history, transaction detail). */
export class InventoryRepository {
  constructor(private readonly db: Executor) {}

  private selectProducts() {
    return selectProductRows(this.db);
  }

  /** Products matching a search, ordered by model; at most `limit` rows. */
  searchProducts(
    by: Exclude<TInventorySearchBy, 'serial'>,
    value: string,
    options: ProductSearchOptions,
    limit: number,
  ): Promise<ProductRow[]> {
    return this.productSearchQuery(by, value, options, limit) as Promise<ProductRow[]>;
  }

  /**
   * The plan of a product search with sequential scans switched off for the rest of the transaction (so call it
   * inside one): a `Seq Scan on products` left in the plan means no index can answer the search.
   */
  async explainProductSearch(
    by: Exclude<TInventorySearchBy, 'serial'>,
    value: string,
    options: ProductSearchOptions,
  ): Promise<string> {
    return this.explain(this.productSearchQuery(by, value, options, 51).getSQL());
  }

  /** The plan of an exact serial search, as explainProductSearch. */
  async explainExactSerialSearch(value: string): Promise<string> {
    return this.explain(this.serialSearchQuery(value, { exact: true, includeInactive: true }, 51).getSQL());
  }

  private async explain(query: SQL): Promise<string> {
    await this.db.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<Record<string, string>>(this.db, sql`explain ${query}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  }

  private productSearchQuery(
    by: Exclude<TInventorySearchBy, 'serial'>,
    value: string,
    options: ProductSearchOptions,
    limit: number,
  ) {
    const conditions: SQL[] = [];
    switch (by) {
      case 'model':
        conditions.push(upperMatches(products.modelNumber, value, options.exact));
        break;
      case 'upc':
        // Two equalities: a bitmap OR of products_upc_idx and products_alternate_upc_idx.
        conditions.push(or(eq(products.upc, value), eq(products.alternateUpc, value))!);
        break;
      case 'mpn':
        conditions.push(upperMatches(products.partNumber, value, options.exact));
        break;
      case 'brand':
        conditions.push(nameOrCode(brands.brandName, brands.brandCode, value, options.exact));
        break;
      case 'category':
        conditions.push(nameOrCode(categories.categoryName, categories.categoryCode, value, options.exact));
        break;
      case 'manufacturer':
        conditions.push(nameOrCode(manufacturers.name, null, value, options.exact));
        break;
    }
    if (!options.includeInactive) conditions.push(eq(products.status, 'ACTIVE'));
    if (options.bucket) {
      conditions.push(
        sql`exists (select 1 from ${inventory} where ${inventory.productId} = ${products.id} and ${inventory.bucket} = ${options.bucket} and ${inventory.quantity} > 0)`,
      );
    }
    return this.selectProducts()
      .where(and(...conditions))
      .orderBy(...(by === 'model' && !options.exact ? MODEL_PREFIX_ORDER : [asc(products.modelNumber)]))
      .limit(limit);
  }

  /** Sellable on-hand of these products: NEW-condition buckets with a quantity above 0. */
  sellableBuckets(productIds: number[]) {
    if (!productIds.length) return Promise.resolve([]);
    return this.db
      .select({
        productId: inventory.productId,
        bucket: inventory.bucket,
        locationCode: buckets.locationCode,
        conditionCode: buckets.conditionCode,
        quantity: inventory.quantity,
      })
      .from(inventory)
      .innerJoin(buckets, eq(buckets.bucket, inventory.bucket))
      .where(and(inArray(inventory.productId, productIds), eq(buckets.conditionCode, 'NEW'), gt(inventory.quantity, 0)))
      .orderBy(asc(inventory.productId), asc(inventory.bucket));
  }

  /** Serials containing the text (or equal to it when exact), exact matches first; LIVE ones unless includeInactive. */
  searchSerials(value: string, options: { exact: boolean; includeInactive: boolean }, limit: number) {
    return this.serialSearchQuery(value, options, limit);
  }

  private serialSearchQuery(value: string, options: { exact: boolean; includeInactive: boolean }, limit: number) {
    const upper = value.toUpperCase();
    const match = options.exact
      ? sql`upper(${inventorySerials.serialNumber}) = ${upper}`
      : upperContains(inventorySerials.serialNumber, upper);
    return this.db
      .select({
        id: inventorySerials.id,
        serialNumber: inventorySerials.serialNumber,
        locationCode: inventorySerials.locationCode,
        conditionCode: inventorySerials.conditionCode,
        dispositionCode: inventorySerials.dispositionCode,
        productId: products.id,
        model: products.modelNumber,
        productTitle: products.description,
        upc: products.upc,
        brandName: brands.brandName,
        manufacturerName: manufacturers.name,
        categoryName: categories.categoryName,
        partNumber: products.partNumber,
        asin: products.asin,
        listingId: products.listingId,
        sku: products.sku,
      })
      .from(inventorySerials)
      .innerJoin(products, eq(products.id, inventorySerials.productId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      .where(options.includeInactive ? match : and(match, eq(inventorySerials.dispositionCode, 'LIVE')))
      .orderBy(
        sql`upper(${inventorySerials.serialNumber}) = ${upper} desc`,
        asc(inventorySerials.serialNumber),
        asc(inventorySerials.id),
      )
      .limit(limit);
  }

  /** The product of a model, any case (the model index answers the equality). */
  async productByModel(model: string): Promise<ProductRow | null> {
    const rows = await this.selectProducts()
      .where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`)
      // Models are unique as written; should two differ only in case, the one written as asked wins.
      .orderBy(sql`${products.modelNumber} = ${model} desc`, asc(products.id))
      .limit(1);
    return (rows[0] as ProductRow | undefined) ?? null;
  }

  /** Every inventory row of a product, with its bucket's location and condition and the units its bins hold. */
  inventoryRows(productId: number) {
    return this.db
      .select({
        bucket: inventory.bucket,
        locationCode: buckets.locationCode,
        conditionCode: buckets.conditionCode,
        quantity: inventory.quantity,
        binned:
          sql<number>`(select coalesce(sum(bi.quantity), 0)::int from bin_items bi join bins b on b.id = bi.bin_id where bi.product_id = ${inventory.productId} and b.bucket = ${inventory.bucket})`.mapWith(
            Number,
          ),
        notes: inventory.notes,
        lastUpdatedAt: inventory.lastUpdatedAt,
      })
      .from(inventory)
      .innerJoin(buckets, eq(buckets.bucket, inventory.bucket))
      .where(eq(inventory.productId, productId))
      .orderBy(asc(buckets.locationCode), asc(inventory.bucket));
  }

  async serialById(id: number) {
    const rows = await this.db
      .select({
        serial: inventorySerials,
        product: {
          id: products.id,
          model: products.modelNumber,
          productTitle: products.description,
          imageUrl: products.imageUrl,
        },
        purchaseRefId: purchaseOrders.purchaseRefId,
      })
      .from(inventorySerials)
      .innerJoin(products, eq(products.id, inventorySerials.productId))
      .leftJoin(purchaseOrders, eq(purchaseOrders.id, inventorySerials.poApiPoId))
      .where(eq(inventorySerials.id, id));
    return rows[0] ?? null;
  }

  /** The ledger rows that moved a serial, oldest first. */
  serialHistory(serialId: number) {
    return this.db
      .select({
        line: inventoryTransactionSerials,
        tx: {
          referenceId: inventoryTransactions.referenceId,
          type: inventoryTransactions.type,
          bucket: inventoryTransactions.bucket,
          createdAt: inventoryTransactions.createdAt,
        },
        username: users.username,
      })
      .from(inventoryTransactionSerials)
      .innerJoin(inventoryTransactions, eq(inventoryTransactions.id, inventoryTransactionSerials.transactionId))
      .leftJoin(users, eq(users.id, inventoryTransactions.userId))
      .where(eq(inventoryTransactionSerials.serialId, serialId))
      .orderBy(
        asc(inventoryTransactions.createdAt),
        asc(inventoryTransactions.id),
        asc(inventoryTransactionSerials.id),
      );
  }

  /** A transaction by its reference, with its product, bucket, PO, user, and the references it reverses / is reversed by. */
  async transactionByReference(referenceId: string) {
    const reversed = alias(inventoryTransactions, 'reversed');
    const reversal = alias(inventoryTransactions, 'reversal');
    const rows = await this.db
      .select({
        tx: inventoryTransactions,
        product: {
          id: products.id,
          model: products.modelNumber,
          productTitle: products.description,
          upc: products.upc,
        },
        locationCode: buckets.locationCode,
        conditionCode: buckets.conditionCode,
        username: users.username,
        purchaseRefId: purchaseOrders.purchaseRefId,
        legacyPoNumber: purchaseOrders.legacyPoNumber,
        reversesReference: reversed.referenceId,
        reversedByReference: reversal.referenceId,
      })
      .from(inventoryTransactions)
      .innerJoin(products, eq(products.id, inventoryTransactions.productId))
      .leftJoin(buckets, eq(buckets.bucket, inventoryTransactions.bucket))
      .leftJoin(users, eq(users.id, inventoryTransactions.userId))
      .leftJoin(purchaseOrders, eq(purchaseOrders.id, inventoryTransactions.purchaseOrderId))
      .leftJoin(reversed, eq(reversed.id, inventoryTransactions.reversesId))
      .leftJoin(reversal, eq(reversal.reversesId, inventoryTransactions.id))
      .where(eq(inventoryTransactions.referenceId, referenceId));
    return rows[0] ?? null;
  }

  /** On-hand of a product in a bucket before a ledger row: the sum of the rows before it (the product-and-bucket index). */
  async onHandBefore(productId: number, bucket: string, transactionId: number): Promise<number> {
    const rows = await this.db
      .select({ total: sql<number>`coalesce(sum(${inventoryTransactions.quantityDelta}), 0)::int` })
      .from(inventoryTransactions)
      .where(
        and(
          eq(inventoryTransactions.productId, productId),
          eq(inventoryTransactions.bucket, bucket),
          lt(inventoryTransactions.id, transactionId),
        ),
      );
    return Number(rows[0]?.total ?? 0);
  }

  transactionSerials(transactionId: number) {
    return this.db
      .select()
      .from(inventoryTransactionSerials)
      .where(eq(inventoryTransactionSerials.transactionId, transactionId))
      .orderBy(asc(inventoryTransactionSerials.id));
  }

  /** Drop-ship vendors' stock of a model (case-insensitive), by vendor location. */
  dropShipInventory(model: string) {
    return this.db
      .select({
        vendorId: dropShipVendorInventory.vendorId,
        vendorName: vendors.companyName,
        locationCode: dropShipVendorInventory.vendorLocationCode,
        model: products.modelNumber,
        qty: dropShipVendorInventory.qtyPurchasable,
        costCents: dropShipVendorInventory.costCents,
        updatedAt: dropShipVendorInventory.updatedAt,
      })
      .from(dropShipVendorInventory)
      .innerJoin(products, eq(products.id, dropShipVendorInventory.productId))
      .innerJoin(vendors, eq(vendors.id, dropShipVendorInventory.vendorId))
      .where(sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`)
      .orderBy(asc(dropShipVendorInventory.vendorLocationCode), asc(vendors.companyName));
  }

  async insertDropShipRows(values: (typeof dropShipVendorInventory.$inferInsert)[]): Promise<void> {
    if (values.length) await this.db.insert(dropShipVendorInventory).values(values).onConflictDoNothing();
  }

  /** Live serials of a model in a location and condition, oldest receipt first. */
  serialsByProxy(model: string, locationCode: string, conditionCode: string) {
    return this.db
      .select({
        id: inventorySerials.id,
        serialNumber: inventorySerials.serialNumber,
        bucket: inventorySerials.bucket,
        createdAt: inventorySerials.createdAt,
      })
      .from(inventorySerials)
      .innerJoin(products, eq(products.id, inventorySerials.productId))
      .where(
        and(
          sql`upper(${products.modelNumber}) = ${model.toUpperCase()}`,
          eq(inventorySerials.locationCode, locationCode.toUpperCase()),
          eq(inventorySerials.conditionCode, conditionCode.toUpperCase()),
          eq(inventorySerials.dispositionCode, 'LIVE'),
        ),
      )
      .orderBy(asc(inventorySerials.createdAt), asc(inventorySerials.id))
      .limit(500);
  }

  /** The reference of the ledger row a client request id wrote (a submit's `{CT-…}/transact/in`, `{CS-…}/transact`), or null. */
  async transactionReferenceByRequestId(requestId: string): Promise<string | null> {
    const rows = await this.db
      .select({ referenceId: inventoryTransactions.referenceId })
      .from(inventoryTransactions)
      .where(eq(inventoryTransactions.clientRequestId, requestId));
    return rows[0]?.referenceId ?? null;
  }

  /** The work order each of these committed sales was committed from (a converted quote's unit lines), by sale id. */
  async workOrdersOfSales(saleIds: number[]): Promise<Map<number, number>> {
    if (!saleIds.length) return new Map();
    const rows = await this.db
      .select({ saleId: workOrderItems.committedSaleId, workOrderId: workOrderItems.workOrderId })
      .from(workOrderItems)
      .where(inArray(workOrderItems.committedSaleId, saleIds));
    return new Map(rows.map((r) => [r.saleId, r.workOrderId]));
  }

  /**
   * The committed-sale serials that name a serial (linked to the live serial of that number when committed: the
   * intake links them), newest first, with their sale and the sale's ledger row once transacted.
   */
  committedSaleSerialsOf(serialId: number) {
    return this.db
      .select({
        line: committedSaleSerials,
        sale: committedSales,
        ledgerReference: inventoryTransactions.referenceId,
      })
      .from(committedSaleSerials)
      .innerJoin(committedSales, eq(committedSales.id, committedSaleSerials.committedSaleId))
      .leftJoin(
        inventoryTransactions,
        eq(inventoryTransactions.clientRequestId, sql`${committedSales.referenceId} || '/transact'`),
      )
      .where(eq(committedSaleSerials.serialId, serialId))
      .orderBy(desc(committedSaleSerials.scannedAt), desc(committedSaleSerials.id))
      .limit(50);
  }
}
