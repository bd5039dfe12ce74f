import {
  centsToDollars,
  deriveCode,
  dollarsToCents,
  type exportProductsRoute,
  PRODUCT_EXPORT_COLUMNS,
  PRODUCT_MESSAGES,
  PRODUCT_PAGE_SIZE,
  PRODUCT_QTY_FIELDS,
  type TBrand,
  type TCatalogProduct,
  type TCategory,
  type TManufacturer,
  type TProductCreateParsed,
  type TProductUpdateParsed,
} from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { errorChain } from '../../db/error-chain.js';
import type { z } from 'zod';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import { toProductDto } from './catalog.service.js';
import {
  newProductRow,
  ProductCatalogueRepository,
  type CatalogRow,
  type DerivedQuantities,
  type ProductInsert,
  type ProductListFilters,
  type ProductReferences,
} from './product-catalogue.repository.js';
import { namedRef, recordChanges, recordCreated } from '../history/history.service.js';

type ProductListQuery = { category?: string; brand?: string; description?: string; modelTerm?: string; upc?: string };

const money = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const cents = (dollars: number | null | undefined) => (dollars == null ? dollars : dollarsToCents(dollars));

/**
 * One object literal with every field (no spread of the inventory view): a spread followed by some thirty more
 * properties left V8 building each object property by property, 150 µs a row (docs/performance.md).
 */
export function toCatalogProductDto(row: CatalogRow, q: DerivedQuantities): TCatalogProduct {
  const b = toProductDto(row);
  return {
    id: b.id,
    model: b.model,
    model_number: b.model_number,
    mpn: b.mpn,
    upc: b.upc,
    alternate_upc: b.alternate_upc,
    alternateUpc: b.alternateUpc,
    serial_number_tracked: b.serial_number_tracked,
    master_carton_code: b.master_carton_code,
    master_box_qty: b.master_box_qty,
    num_of_serials_per_item: b.num_of_serials_per_item,
    product_title: b.product_title,
    brand_name: b.brand_name,
    brand_code: b.brand_code,
    category_name: b.category_name,
    manufacturer_name: b.manufacturer_name,
    image_url: b.image_url,
    cost: b.cost,
    master_listing_map_price: b.master_listing_map_price,
    master_listing_adj_map_price: b.master_listing_adj_map_price,
    master_listing_adj_cart_price: b.master_listing_adj_cart_price,
    master_listing_commission_rate: b.master_listing_commission_rate,
    item_type: b.item_type,
    status: b.status,
    description: row.description,
    part_number: row.partNumber,
    serial_number: row.serialNumber,
    model_code: row.modelCode,
    item_class: row.itemClass,
    external_data_source: row.externalDataSource,
    external_data_model: row.externalDataModel,
    external_data_source_id: row.externalDataSourceId,
    external_data_source_update_status: row.externalDataSourceUpdateStatus,
    asin: row.asin,
    listing_id: row.listingId,
    sku: row.sku,
    fk_category_id: row.categoryId,
    fk_brand_id: row.brandId,
    fk_manufacturer_id: row.manufacturerId,
    category_code: row.categoryCode,
    marketing_class: row.marketingClass,
    stock_class: row.stockClass,
    box_qty: row.boxQty,
    current_cost: centsToDollars(row.currentCostCents),
    spiff: centsToDollars(row.spiffCents),
    current_rebate_credit: money(row.currentRebateCreditCents),
    current_adj_cost: money(row.currentAdjCostCents),
    current_map: money(row.currentMapCents),
    current_adj_map: money(row.currentAdjMapCents),
    current_rebate: money(row.currentRebateCents),
    map: money(row.mapCents),
    msrp: money(row.msrpCents),
    minimum_price: money(row.minimumPriceCents),
    qty_on_hand: q.onHand,
    qty_on_order: q.onOrder,
    qty_committed: q.committed,
    qty_on_quoted: q.onQuoted,
    created_at: row.createdAt.toISOString(),
  };
}

/** The id fields the history keeps as `name (#id)`, with the answer's field that names each. */
const NAMED_IDS = {
  fk_brand_id: 'brand_name',
  fk_category_id: 'category_name',
  fk_manufacturer_id: 'manufacturer_name',
} as const satisfies Partial<Record<keyof TCatalogProduct, keyof TCatalogProduct>>;

/**
 * The fields sent, as the product answer names them (quantities are never sent): what its history records, a brand,
 * category or manufacturer by its name as it is at the change and its id.
 */
const sentFields = (dto: TCatalogProduct, input: object) =>
  Object.fromEntries(
    Object.entries(dto)
      .filter(([k]) => (input as Record<string, unknown>)[k] !== undefined)
      .map(([k, v]) => {
        const name = NAMED_IDS[k as keyof typeof NAMED_IDS];
        return [k, name ? namedRef(v as number | null, dto[name] as string | null) : v];
      }),
  );

/** The PostgreSQL error inside Drizzle's and the driver's wrappers: its SQLSTATE and constraint. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  const found = errorChain(error, 6).find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  if (!found) return {};
  const constraint = found.constraint ?? found.constraint_name;
  return { code: found.code as string, constraint: typeof constraint === 'string' ? constraint : undefined };
}

/** Wire fields → columns, for the fields the create and update payloads carry (quantities excluded). */
function toColumns(input: TProductUpdateParsed): Partial<ProductInsert> {
  const out: Partial<ProductInsert> = {};
  const set = <K extends keyof ProductInsert>(key: K, value: ProductInsert[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('modelNumber', input.model_number);
  set('description', input.description);
  set('upc', input.upc);
  set('categoryId', input.fk_category_id);
  set('brandId', input.fk_brand_id);
  set('manufacturerId', input.fk_manufacturer_id);
  set('partNumber', input.part_number);
  set('serialNumber', input.serial_number);
  set('modelCode', input.model_code);
  set('itemClass', input.item_class);
  set('externalDataSource', input.external_data_source);
  set('externalDataModel', input.external_data_model);
  set('externalDataSourceId', input.external_data_source_id);
  set('externalDataSourceUpdateStatus', input.external_data_source_update_status);
  set('asin', input.asin);
  set('listingId', input.listing_id);
  set('sku', input.sku);
  set('marketingClass', input.marketing_class);
  set('stockClass', input.stock_class);
  set('itemType', input.item_type);
  set('status', input.status);
  set('boxQty', input.box_qty);
  set('currentCostCents', cents(input.current_cost) ?? undefined);
  set('spiffCents', cents(input.spiff) ?? undefined);
  set('currentRebateCreditCents', cents(input.current_rebate_credit));
  set('currentAdjCostCents', cents(input.current_adj_cost));
  set('currentMapCents', cents(input.current_map));
  set('currentAdjMapCents', cents(input.current_adj_map));
  set('currentRebateCents', cents(input.current_rebate));
  set('mapCents', cents(input.map));
  set('msrpCents', cents(input.msrp));
  set('minimumPriceCents', cents(input.minimum_price));
  return out;
}

/** The reason a product cannot be deleted, or null when nothing refers to it. */
function deleteRefusal(r: ProductReferences): string | null {
  if (r.onHand !== 0) return `it has ${r.onHand} unit(s) in stock`;
  if (r.openPoUnits > 0) return `it is on open purchase order lines (${r.openPoUnits} unit(s) on order)`;
  if (r.ledgerRows > 0) return 'it has inventory ledger history';
  if (r.serials > 0) return 'it has serial numbers';
  if (r.committedSales > 0) return 'it has committed sales';
  if (r.poLines > 0) return 'it is on purchase order lines';
  return null;
}

const MODEL_TAKEN = () =>
  conflict('model_number has already been taken', { model_number: [PRODUCT_MESSAGES.modelTaken] });

/**
 * The product catalogue (docs/decisions.md, "Products, brands, categories and manufacturers"): product list, create, update and delete; brands, categories and
 * manufacturers. Quantities are never written here: reads derive them from the ledger's tables.
 */
export class ProductCatalogueService {
  constructor(private readonly db: Database) {}

  private get repo() {
    return new ProductCatalogueRepository(this.db);
  }

  private async withQuantities(repo: ProductCatalogueRepository, rows: CatalogRow[]): Promise<TCatalogProduct[]> {
    const q = await repo.quantities(rows.map((r) => r.id));
    return rows.map((r) => toCatalogProductDto(r, q.get(r.id)!));
  }

  /** The repository's filters of the list's query (brand and category codes as their ids); null: nothing matches. */
  private async listFilters(
    repo: ProductCatalogueRepository,
    query: ProductListQuery,
  ): Promise<ProductListFilters | null> {
    const [brandIds, categoryIds] = await Promise.all([
      query.brand ? repo.brandIds(query.brand) : undefined,
      query.category ? repo.categoryIds(query.category) : undefined,
    ]);
    // A brand or category no row has matches no product.
    if (brandIds?.length === 0 || categoryIds?.length === 0) return null;
    return { brandIds, categoryIds, description: query.description, modelTerm: query.modelTerm, upc: query.upc };
  }

  async list(query: ProductListQuery & { page: number }) {
    const repo = this.repo;
    const filters = await this.listFilters(repo, query);
    if (!filters) return { data: [], total: 0, page: query.page, per_page: PRODUCT_PAGE_SIZE };
    const { rows, total } = await repo.list(filters, PRODUCT_PAGE_SIZE, (query.page - 1) * PRODUCT_PAGE_SIZE);
    return { data: await this.withQuantities(repo, rows), total, page: query.page, per_page: PRODUCT_PAGE_SIZE };
  }

  /** Every product the list's filters match, in the list's order, as a CSV or XLSX file (a page at a time). */
  async export(query: z.output<typeof exportProductsRoute.query>) {
    const repo = this.repo;
    const filters = await this.listFilters(repo, query);
    const pages = listPages(async (limit, offset) =>
      filters ? this.withQuantities(repo, await repo.page(filters, limit, offset)) : [],
    );
    return listExportFile(query.format, pages, PRODUCT_EXPORT_COLUMNS, 'products');
  }

  async byId(id: number): Promise<TCatalogProduct> {
    const repo = this.repo;
    const row = await repo.findById(id);
    if (!row) throw notFound(`product ${id} does not exist`);
    return (await this.withQuantities(repo, [row]))[0]!;
  }

  /** 422 naming each quantity sent non-zero, and each brand, category or manufacturer id that does not exist. */
  private async checkRules(repo: ProductCatalogueRepository, input: TProductUpdateParsed) {
    const errors: Record<string, string[]> = {};
    for (const field of PRODUCT_QTY_FIELDS) {
      const value = input[field];
      if (value !== undefined && value !== 0) errors[field] = [PRODUCT_MESSAGES.qtyDerived];
    }
    const exists = await repo.existing({
      brandId: input.fk_brand_id,
      categoryId: input.fk_category_id,
      manufacturerId: input.fk_manufacturer_id,
    });
    if (!exists.brand) errors.fk_brand_id = [PRODUCT_MESSAGES.notFound];
    if (!exists.category) errors.fk_category_id = [PRODUCT_MESSAGES.notFound];
    if (!exists.manufacturer) errors.fk_manufacturer_id = [PRODUCT_MESSAGES.notFound];
    if (Object.keys(errors).length)
      throw unprocessable(`The given data was invalid: ${Object.keys(errors).join(', ')}`, errors);
  }

  /** A write's database refusals as 4xx: the model's unique index (409), a brand/category/manufacturer just deleted (422). */
  private async mapWriteErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const { code, constraint } = pgError(error);
      if (code === '23505') throw MODEL_TAKEN();
      if (code === '23503') {
        const field =
          ['fk_brand_id', 'fk_category_id', 'fk_manufacturer_id'].find((f) => constraint?.includes(f)) ?? 'body';
        throw unprocessable(`The given data was invalid: ${field}`, { [field]: [PRODUCT_MESSAGES.notFound] });
      }
      throw error;
    }
  }

  /** `userId` null: made by the system (tests). Its creation is recorded with the fields sent, as update records them. */
  async create(input: TProductCreateParsed, userId: number | null = null): Promise<TCatalogProduct> {
    const id = await this.mapWriteErrors(() =>
      this.db.transaction(async (tx) => {
        const repo = new ProductCatalogueRepository(tx);
        await this.checkRules(repo, input);
        const created = await repo.insert(newProductRow(toColumns(input)));
        const [dto] = await this.withQuantities(repo, [(await repo.findById(created))!]);
        await recordCreated(tx, { entity: 'product', recordId: created, userId, fields: sentFields(dto!, input) });
        return created;
      }),
    );
    return this.byId(id);
  }

  async update(id: number, input: TProductUpdateParsed, userId: number): Promise<TCatalogProduct> {
    await this.mapWriteErrors(() =>
      this.db.transaction(async (tx) => {
        const repo = new ProductCatalogueRepository(tx);
        if (!(await repo.lock(id))) throw notFound(`product ${id} does not exist`);
        await this.checkRules(repo, input);
        const read = async () => (await this.withQuantities(repo, [(await repo.findById(id))!]))[0]!;
        const before = await read();
        await repo.update(id, toColumns(input));
        const after = await read();
        await recordChanges(tx, {
          entity: 'product',
          recordId: id,
          userId,
          before: sentFields(before, input),
          after: sentFields(after, input),
        });
      }),
    );
    return this.byId(id);
  }

  /**
   * Deletes a product nothing refers to. Stock, open PO lines, ledger history, serials, committed sales or PO lines
   * refuse it (409, make it inactive instead); so does any other row referring to it (a foreign-key violation,
   * SQLSTATE 23503, from tables this module does not know).
   */
  async delete(id: number): Promise<{ id: number; deleted: true }> {
    let model = String(id);
    try {
      await this.db.transaction(async (tx) => {
        const repo = new ProductCatalogueRepository(tx);
        const product = await repo.lock(id);
        if (!product) throw notFound(`product ${id} does not exist`);
        model = product.modelNumber;
        const reason = deleteRefusal(await repo.references(id));
        if (reason) throw conflict(PRODUCT_MESSAGES.cannotDelete(model, reason));
        await repo.delete(id);
      });
    } catch (error) {
      if (pgError(error).code === '23503')
        throw conflict(PRODUCT_MESSAGES.cannotDelete(model, 'other records refer to it'));
      throw error;
    }
    return { id, deleted: true };
  }

  // Brands, categories, manufacturers ------------------------------------------------------------------

  /** A free code: the one given (409 when taken), or derived from the name with _2, _3, … until free. */
  private async freeCode(
    repo: ProductCatalogueRepository,
    table: 'brands' | 'categories',
    name: string,
  ): Promise<string> {
    const base = deriveCode(name) || (table === 'brands' ? 'BRAND' : 'CATEGORY');
    const taken = await repo.takenCodes(table, base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) {
      const suffix = `_${n}`;
      const code = `${base.slice(0, 50 - suffix.length)}${suffix}`;
      if (!taken.has(code)) return code;
    }
  }

  private async mapTaken<T>(work: () => Promise<T>, message: string, errors: Record<string, string[]>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgError(error).code === '23505') throw conflict(message, errors);
      throw error;
    }
  }

  async createBrand(input: { brand_name: string; brand_code: string | null }): Promise<TBrand> {
    return this.mapTaken(
      () =>
        this.db.transaction(async (tx) => {
          const repo = new ProductCatalogueRepository(tx);
          const clash = await repo.brandByNameOrCode(input.brand_name, input.brand_code);
          const errors: Record<string, string[]> = {};
          if (clash.some((b) => b.brandName.toLowerCase() === input.brand_name.toLowerCase()))
            errors.brand_name = [PRODUCT_MESSAGES.taken];
          if (input.brand_code && clash.some((b) => b.brandCode === input.brand_code))
            errors.brand_code = [PRODUCT_MESSAGES.taken];
          if (Object.keys(errors).length)
            throw conflict(`${Object.keys(errors).join(', ')} has already been taken`, errors);
          const code = input.brand_code ?? (await this.freeCode(repo, 'brands', input.brand_name));
          const row = await repo.insertBrand(input.brand_name, code);
          return { id: row.id, brand_name: row.brandName, brand_code: row.brandCode };
        }),
      'brand_name has already been taken',
      { brand_name: [PRODUCT_MESSAGES.taken] },
    );
  }

  async createCategory(input: { category_name: string; category_code: string | null }): Promise<TCategory> {
    return this.mapTaken(
      () =>
        this.db.transaction(async (tx) => {
          const repo = new ProductCatalogueRepository(tx);
          const clash = await repo.categoryByNameOrCode(input.category_name, input.category_code);
          const errors: Record<string, string[]> = {};
          if (clash.some((c) => c.categoryName.toLowerCase() === input.category_name.toLowerCase()))
            errors.category_name = [PRODUCT_MESSAGES.taken];
          if (input.category_code && clash.some((c) => c.categoryCode === input.category_code))
            errors.category_code = [PRODUCT_MESSAGES.taken];
          if (Object.keys(errors).length)
            throw conflict(`${Object.keys(errors).join(', ')} has already been taken`, errors);
          const code = input.category_code ?? (await this.freeCode(repo, 'categories', input.category_name));
          const row = await repo.insertCategory(input.category_name, code);
          return { id: row.id, category_name: row.categoryName, category_code: row.categoryCode };
        }),
      'category_name has already been taken',
      { category_name: [PRODUCT_MESSAGES.taken] },
    );
  }

  async createManufacturer(input: { name: string }): Promise<TManufacturer> {
    return this.mapTaken(
      () =>
        this.db.transaction(async (tx) => {
          const repo = new ProductCatalogueRepository(tx);
          if ((await repo.manufacturerByName(input.name)).length)
            throw conflict('name has already been taken', { name: [PRODUCT_MESSAGES.taken] });
          const row = await repo.insertManufacturer(input.name);
          return { id: row.id, name: row.name };
        }),
      'name has already been taken',
      { name: [PRODUCT_MESSAGES.taken] },
    );
  }

  async manufacturers(): Promise<TManufacturer[]> {
    return (await this.repo.allManufacturers()).map((m) => ({ id: m.id, name: m.name }));
  }
}
