import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: text('role_name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /** Unique regardless of case: sign-in by e-mail matches case-insensitively. */
    email: text('email'),
    passwordHash: text('password_hash'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_at_idx').on(t.username, t.attemptedAt)],
);

export const locations = pgTable('locations', {
  locationCode: text('location_code').primaryKey(),
  distributor: text('distributor'),
  locationType: text('location_type'),
  distributorLocationId: text('distributor_location_id'),
  address1: text('address_1'),
  address2: text('address_2'),
  city: text('city'),
  county: text('county'),
  stateOrProvince: text('state_or_province'),
  country: text('country').notNull().default('US'),
  postalCode: text('postal_code'),
  notes: text('notes'),
  managedByThirdParty: boolean('managed_by_third_party').notNull().default(false),
  isFulfillableFromThisLocation: boolean('is_fulfillable_from_this_location').notNull().default(true),
  canReceivePurchaseOrders: boolean('can_receive_purchase_orders').notNull().default(true),
  canHoldInventory: boolean('can_hold_inventory').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  legacyBucket: text('legacy_bucket'),
});

export const buckets = pgTable(
  'buckets',
  {
    bucket: text('bucket').primaryKey(),
    locationCode: text('location_code').notNull(),
    /** The location record the bucket was generated from (its parent for sub-locations such as _FBA_INBOUND). */
    parentLocationCode: text('parent_location_code')
      .notNull()
      .references(() => locations.locationCode),
    conditionCode: text('condition_code').notNull(),
    isLocalInventoryBucket: boolean('is_local_inventory_bucket').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('buckets_location_idx').on(t.locationCode, t.conditionCode)],
);

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
    createdAt: createdAt(),
  },
  (t) => [
    index('products_upc_idx').on(t.upc),
    index('products_alternate_upc_idx').on(t.alternateUpc),
    index('products_model_prefix_idx').using('btree', sql`upper(${t.modelNumber}) text_pattern_ops`),
    index('products_brand_idx').on(t.brandId),
  ],
);

/** One physical unit by serial number. Issue 4 adds the ledger that moves it. */
export const inventorySerials = pgTable(
  'inventory_serials',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    bucket: text('bucket').references(() => buckets.bucket),
    locationCode: text('location_code'),
    conditionCode: text('condition_code'),
    dispositionCode: text('disposition_code').notNull().default('LIVE'),
    notes: text('notes'),
    customerComments: text('customer_comments'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_serials_serial_idx').using('btree', sql`upper(${t.serialNumber}) text_pattern_ops`),
    uniqueIndex('inventory_serials_live_unique').on(t.serialNumber).where(sql`${t.dispositionCode} = 'LIVE'`),
  ],
);
