import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  brandName: text('brand_name').notNull().unique(),
  brandCode: text('brand_code').notNull().unique(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  categoryName: text('category_name').notNull().unique(),
  categoryCode: text('category_code').notNull().unique(),
});

export const manufacturers = pgTable('manufacturers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    modelNumber: text('model_number').notNull().unique(),
    partNumber: text('part_number'),
    upc: text('upc'),
    alternateUpc: text('alternate_upc'),
    description: text('description').notNull(),
    brandId: integer('fk_brand_id').references(() => brands.id),
    categoryId: integer('fk_category_id').references(() => categories.id),
    manufacturerId: integer('fk_manufacturer_id').references(() => manufacturers.id),
    serialNumberTracked: boolean('serial_number_tracked').notNull().default(false),
    numOfSerialsPerItem: integer('num_of_serials_per_item'),
    masterCartonCode: text('master_carton_code'),
    masterBoxQty: integer('master_box_qty'),
    imageUrl: text('image_url'),
    itemType: text('item_type').notNull().default('NON FREIGHT'),
    marketingClass: text('marketing_class').notNull().default('STANDARD'),
    stockClass: text('stock_class').notNull().default('STOCK'),
    boxQty: integer('box_qty').notNull().default(1),
    status: text('status').notNull().default('ACTIVE'),
    /** Money columns are integer cents. */
    currentCostCents: integer('current_cost_cents').notNull().default(0),
    mapCents: integer('map_cents'),
    adjMapCents: integer('adj_map_cents'),
    adjCartPriceCents: integer('adj_cart_price_cents'),
    msrpCents: integer('msrp_cents'),
    commissionRate: numeric('commission_rate', { precision: 6, scale: 4 }),
    // The rest of the product creation fields (002 §3; docs/decisions.md "Products, brands, categories and
    // manufacturers"). Quantities are not stored here: reads derive them from the ledger's tables.
    serialNumber: text('serial_number'),
    itemClass: text('item_class'),
    modelCode: text('model_code'),
    externalDataSource: text('external_data_source'),
    externalDataModel: text('external_data_model'),
    externalDataSourceId: text('external_data_source_id'),
    externalDataSourceUpdateStatus: text('external_data_source_update_status'),
    /**
     * The product's marketplace listing (001 §2: ASIN, Listing ID and SKU are shown on serial result cards): the
     * Amazon ASIN, our listing's id and the SKU it sells under; null when not listed (docs/decisions.md).
     */
    asin: text('asin'),
    listingId: text('listing_id'),
    sku: text('sku'),
    currentRebateCreditCents: integer('current_rebate_credit_cents'),
    currentAdjCostCents: integer('current_adj_cost_cents'),
    currentMapCents: integer('current_map_cents'),
    currentAdjMapCents: integer('current_adj_map_cents'),
    currentRebateCents: integer('current_rebate_cents'),
    minimumPriceCents: integer('minimum_price_cents'),
    spiffCents: integer('spiff_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    /** Model numbers are unique whatever their case (the lookups compare upper(model_number)). */
    uniqueIndex('products_model_number_upper_unique').on(sql`upper(${t.modelNumber})`),
    /** The product list's description filter (contains, case-insensitive): a trigram index. */
    index('products_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    /** The product list filtered by category or brand, in model order: a page reads 100 index entries. */
    index('products_category_model_idx').on(t.categoryId, t.modelNumber),
    index('products_brand_model_idx').on(t.brandId, t.modelNumber),
    /** The unfiltered list's page ids in model order, deep pages included: an index-only scan. */
    index('products_model_id_idx').on(t.modelNumber, t.id),
    index('products_upc_idx').on(t.upc),
    index('products_alternate_upc_idx').on(t.alternateUpc),
    index('products_model_prefix_idx').using('btree', sql`upper(${t.modelNumber}) text_pattern_ops`),
  ],
);
