import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';

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
