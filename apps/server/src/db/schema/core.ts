import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  primaryKey,
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

/**
 * The per-username sign-in throttle: one row per username with failures since the window started. A try takes
 * its place with one atomic upsert (`AuthRepository.reserveUsernameTry`) before the password is checked.
 */
export const loginThrottle = pgTable('login_throttle', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** No further try is checked before this moment (the progressive delay). */
  nextTryAt: timestamp('next_try_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Failed sign-ins per client address and fixed window, shared by every API process. */
export const loginAddressCounters = pgTable(
  'login_address_counters',
  {
    address: text('address').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    failures: integer('failures').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.windowStartedAt] }), index('login_address_counters_window_idx').on(t.windowStartedAt)],
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

/** One physical unit by serial number. The ledger (modules/ledger) moves it. */
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
    poApiPoId: integer('po_api_po_id'),
    legacyPoApiPoId: text('legacy_po_api_po_id'),
    distributorInventoryItemId: text('distributor_inventory_item_id'),
    notes: text('notes'),
    customerComments: text('customer_comments'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_serials_serial_idx').using('btree', sql`upper(${t.serialNumber}) text_pattern_ops`),
    // "Contains" search over a million serials (pg_trgm, created by the migration). Its column collation is "C", and
    // a search names it (`upperContains`, db/like.ts): pg_trgm's opclass also answers `=`, and PostgreSQL
    // underestimates that cost, so under the default collation it took every `upper(serial_number) = …` with a runtime
    // parameter (a generic plan, a join, `= any(array(…))`) from the btree indexes: 3-5 ms a lookup instead of 0.05
    // (docs/performance.md, "Session 18"). Equality lookups use the default collation, which this index does not serve.
    index('inventory_serials_serial_trgm_idx').using('gin', sql`(upper(${t.serialNumber}) collate "C") gin_trgm_ops`),
    // A serial number is live in at most one place, whatever its case.
    uniqueIndex('inventory_serials_live_unique').on(sql`upper(${t.serialNumber})`).where(sql`${t.dispositionCode} = 'LIVE'`),
    // A product's live serials in a bucket (an audit's missing serials).
    index('inventory_serials_product_bucket_live_idx').on(t.productId, t.bucket).where(sql`${t.dispositionCode} = 'LIVE'`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Purchasing: contacts, vendors, terms, purchase orders and their lines, AP invoices.

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    address: text('address'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    primaryPhone: text('primary_phone'),
    secondaryPhone: text('secondary_phone'),
    primaryEmail: text('primary_email'),
    source: text('source'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_last_first_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    index('contacts_phone_idx').on(t.primaryPhone),
  ],
);

/** What happened to a contact: created, updated (with the changed fields). Shown as its history. */
export const contactEvents = pgTable(
  'contact_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id),
    eventType: text('event_type').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('contact_events_contact_idx').on(t.contactId, t.createdAt)],
);

export const purchaseTerms = pgTable('purchase_terms', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
});

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    vendorType: text('vendor_type').notNull(),
    rep: text('rep'),
    repEmail: text('rep_email'),
    repPhone: text('rep_phone'),
    dealerNumber: text('dealer_number'),
    programName: text('program_name').notNull().default('Default'),
    address: text('address'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    faxPhone: text('fax_phone'),
    notes: text('notes'),
    /** EDI: the vendor's interchange id and qualifier; a vendor without them cannot receive EDI. */
    ediInterchangeId: text('edi_interchange_id'),
    ediQualifier: text('edi_qualifier'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('vendors_company_idx').on(sql`lower(${t.companyName})`)],
);

export const vendorDefaultTerms = pgTable(
  'vendor_default_terms',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    termsId: integer('terms_id')
      .notNull()
      .references(() => purchaseTerms.id),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.termsId] })],
);

export const purchaseOrderStatuses = pgTable('purchase_order_statuses', {
  id: integer('id').primaryKey(),
  statusName: text('status_name').notNull().unique(),
  sortOrder: integer('sort_order').notNull(),
});

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    purchaseRefId: text('purchase_ref_id').notNull(),
    legacyPoNumber: text('legacy_po_number'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id),
    imsLocationCode: text('ims_location_code')
      .notNull()
      .references(() => locations.locationCode),
    purchaseOrderType: text('purchase_order_type').notNull().default('Default'),
    shippingRequirements: text('shipping_requirements').notNull().default('Default'),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    statusId: integer('status_id')
      .notNull()
      .references(() => purchaseOrderStatuses.id),
    purchaseTermsId: integer('purchase_terms_id').references(() => purchaseTerms.id),
    trackingNumber: text('tracking_number'),
    carrierName: text('carrier_name'),
    vendorOrderId: text('vendor_order_id'),
    notes: text('notes'),
    paid: boolean('paid').notNull().default(false),
    isAts: boolean('is_ats').notNull().default(false),
    dfiDiscountPercentage: numeric('dfi_discount_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
    sentViaEdi: boolean('sent_via_edi').notNull().default(false),
    ediErrors: jsonb('edi_errors').$type<string[]>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Totals in cents, kept in the same transaction as every line change. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    totalReceivedCents: bigint('total_received_cents', { mode: 'number' }).notNull().default(0),
    /** Balance due (000 §9): total less the DFI discount (half up), 0 once paid. Kept by the database itself. */
    balanceDueCents: bigint('balance_due_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`case when paid then 0 else total_cents - floor((total_cents * dfi_discount_percentage + 50) / 100)::bigint end`,
    ),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_orders_ref_idx').on(sql`upper(${t.purchaseRefId}) text_pattern_ops`),
    index('purchase_orders_legacy_idx').on(t.legacyPoNumber),
    index('purchase_orders_created_idx').on(t.createdAt, t.id),
    index('purchase_orders_vendor_idx').on(t.vendorId, t.createdAt),
    index('purchase_orders_status_idx').on(t.statusId, t.createdAt),
    index('purchase_orders_location_idx').on(t.imsLocationCode, t.createdAt),
    index('purchase_orders_vendor_order_idx').on(sql`upper(${t.vendorOrderId}) text_pattern_ops`),
    index('purchase_orders_total_idx').on(t.totalCents, t.id),
    index('purchase_orders_balance_idx').on(t.balanceDueCents, t.id),
    check('purchase_orders_dfi_range', sql`${t.dfiDiscountPercentage} >= 0 and ${t.dfiDiscountPercentage} <= 100`),
  ],
);

export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    id: serial('id').primaryKey(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Unit cost after the line's discount, in cents. */
    invoiceCostCents: integer('invoice_cost_cents').notNull(),
    qtyOrdered: integer('qty_ordered').notNull(),
    qtyReceived: integer('qty_received').notNull().default(0),
    shippingCostCents: integer('shipping_cost_cents').notNull().default(0),
    note: text('note'),
    expectedArrivalDate: date('expected_arrival_date', { mode: 'string' }),
    carrierName: text('carrier_name'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_order_items_po_idx').on(t.purchaseOrderId),
    index('purchase_order_items_product_idx').on(t.productId),
    check('purchase_order_items_qty_ordered_positive', sql`${t.qtyOrdered} >= 1`),
    check('purchase_order_items_qty_received_range', sql`${t.qtyReceived} >= 0 and ${t.qtyReceived} <= ${t.qtyOrdered}`),
    check('purchase_order_items_cost_nonnegative', sql`${t.invoiceCostCents} >= 0 and ${t.shippingCostCents} >= 0`),
  ],
);

/** Every EDI 850 sent: its interchange control number comes from this table's identity. */
export const ediInterchanges = pgTable('edi_interchanges', {
  controlNumber: integer('control_number').primaryKey().generatedAlwaysAsIdentity(),
  purchaseOrderId: integer('purchase_order_id')
    .notNull()
    .references(() => purchaseOrders.id),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});

export const financeCompanies = pgTable('finance_companies', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull().unique(),
});

export const accountsPayableInvoices = pgTable(
  'accounts_payable_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceAmountCents: bigint('invoice_amount_cents', { mode: 'number' }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    financeCompanyId: integer('finance_company_id').references(() => financeCompanies.id),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ap_invoices_vendor_number_unique').on(t.vendorId, t.invoiceNumber),
    index('ap_invoices_po_idx').on(t.purchaseOrderId),
  ],
);

// ---------------------------------------------------------------------------------------------------
// The inventory ledger (docs/decisions.md, "The inventory ledger"). Every change of quantity is an immutable inventory transaction; on-hand per
// product and bucket, and each serial's place, change in the same database transaction as the ledger row.

/** On-hand per product and bucket: always equal to the sum of the ledger's quantity changes. */
export const inventory = pgTable(
  'inventory',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    bucket: text('bucket')
      .notNull()
      .references(() => buckets.bucket),
    quantity: integer('quantity').notNull().default(0),
    notes: text('notes'),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.bucket] }), index('inventory_bucket_idx').on(t.bucket)],
);

export const inventoryTransactions = pgTable(
  'inventory_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The reference shown everywhere (IR-…, IU-…, IT-…, IS-…, IA-…). */
    referenceId: text('ims_transaction_reference_id').notNull().unique(),
    type: text('type').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    bucket: text('bucket')
      .notNull()
      .references(() => buckets.bucket),
    /** Signed change of on-hand in the bucket. */
    quantityDelta: integer('quantity_delta').notNull(),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    purchaseOrderItemId: integer('purchase_order_item_id').references(() => purchaseOrderItems.id),
    /** For a reversal (un-receive): the transaction it reverses; a transaction is reversed at most once. */
    reversesId: bigint('reverses_id', { mode: 'number' }).unique(),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id),
    /** The client's id of the scan: a retried request is applied once. */
    clientRequestId: text('client_request_id').unique(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_transactions_product_idx').on(t.productId, t.bucket),
    /**
     * The simulation: a model's rows in id order, keyed on id; with the bucket and the change, the opening
     * balances of a page and the model's count are index-only scans.
     */
    index('inventory_transactions_product_id_idx').on(t.productId, t.id, t.bucket, t.quantityDelta),
    index('inventory_transactions_po_item_idx').on(t.purchaseOrderItemId),
    index('inventory_transactions_created_idx').on(t.createdAt),
    /**
     * The as-of reports: a product range's on-hand per bucket before an instant is an index-only scan (no
     * heap fetch per ledger row), and a product's last receipt before it (its cost) one index probe.
     */
    index('inventory_transactions_as_of_idx').on(t.productId, t.bucket, t.createdAt, t.quantityDelta),
    index('inventory_transactions_receipt_cost_idx').on(t.productId, t.id, t.createdAt, t.purchaseOrderItemId).where(sql`${t.type} = 'INVENTORY_RECEIPT'`),
    check('inventory_transactions_type', sql`${t.type} in ('INVENTORY_RECEIPT','INVENTORY_UNRECEIPT','INVENTORY_TRANSFER','INVENTORY_SALE','INVENTORY_AUDIT_ADJUSTMENT')`),
  ],
);

export const inventoryTransactionSerials = pgTable(
  'inventory_transaction_serials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => inventoryTransactions.id),
    serialId: integer('serial_id')
      .notNull()
      .references(() => inventorySerials.id),
    scannedSerialNumber: text('scanned_serial_number').notNull(),
    scannedUpc: text('scanned_upc'),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    oldLocationCode: text('old_location_code'),
    newLocationCode: text('new_location_code'),
    oldConditionCode: text('old_condition_code'),
    newConditionCode: text('new_condition_code'),
    oldDispositionCode: text('old_disposition_code'),
    newDispositionCode: text('new_disposition_code'),
    notes: text('notes'),
  },
  (t) => [index('inventory_transaction_serials_tx_idx').on(t.transactionId), index('inventory_transaction_serials_serial_idx').on(t.serialId)],
);

/** Stock held by a drop-ship vendor at its own locations, as its feed reports it (001 §2 distributor-held view). */
export const dropShipVendorInventory = pgTable(
  'drop_ship_vendor_inventory',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    vendorLocationCode: text('vendor_location_code').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qtyPurchasable: integer('qty_purchasable').notNull(),
    costCents: integer('cost_cents'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('drop_ship_vendor_inventory_unique').on(t.vendorId, t.vendorLocationCode, t.productId),
    index('drop_ship_vendor_inventory_product_idx').on(t.productId),
    check('drop_ship_vendor_inventory_qty', sql`${t.qtyPurchasable} >= 0`),
  ],
);
