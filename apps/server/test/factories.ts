import { gs1CheckDigit, ROLES, type TRole } from '@keystone/contracts';
import type { Database } from '../src/db/database.js';
import { inventorySerials, type products } from '../src/db/schema.js';
import { CatalogRepository } from '../src/modules/catalog/catalog.repository.js';
import { ReferenceRepository } from '../src/modules/reference/reference.repository.js';
import type { Services } from '../src/modules/services.js';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import { loginAs, type TestApp } from './harness.js';

/**
 * Test data built through the services and repositories the app itself uses.
 * Passwords are argon2-hashed (tens of milliseconds each): create only the users a test needs.
 */

export const TEST_PASSWORD = 'correct horse battery staple';

let sequence = 0;
/** A name unique within the test process, e.g. `user-7`. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  role: TRole;
  email: string | null;
}

export async function createUser(
  services: Services,
  options: { role?: TRole; username?: string; password?: string; email?: string | null } = {},
): Promise<TestUser> {
  const role = options.role ?? 'user';
  const username = options.username ?? unique(role);
  const password = options.password ?? TEST_PASSWORD;
  const email = options.email === undefined ? null : options.email;
  const id = await services.users.create({ username, password, role, email });
  return { id, username, password, role, email };
}

/** A user created and signed in: its token for bearer calls. */
export async function createSignedInUser(
  t: TestApp,
  options: Parameters<typeof createUser>[1] = {},
): Promise<TestUser & { token: string }> {
  const user = await createUser(t.services, options);
  return { ...user, token: await loginAs(t.app, user.username, user.password) };
}

/** One signed-in user per role string (hashing in parallel), keyed by role. */
export async function createUserPerRole(
  t: TestApp,
  roles: readonly TRole[] = ROLES,
): Promise<Map<TRole, TestUser & { token: string }>> {
  const users = await Promise.all(roles.map((role) => createSignedInUser(t, { role })));
  return new Map(users.map((u) => [u.role, u]));
}

export async function roleIdOf(db: Database, role: string): Promise<number> {
  const id = (await new UsersRepository(db).ensureRoles([])).get(role);
  if (id === undefined) throw new Error(`role ${role} has no row`);
  return id;
}

/** A location and its generated legacy buckets (002 §9), through the reference service. */
export async function createLocation(
  services: Services,
  locationCode: string,
  extra: { city?: string; stateOrProvince?: string } = {},
) {
  await services.locations.createLocationWithBuckets({
    locationCode,
    address1: '100 Test Way',
    city: extra.city ?? 'Louisville',
    stateOrProvince: extra.stateOrProvince ?? 'KY',
    postalCode: '40213',
  });
  return locationCode.toUpperCase();
}

/** A valid 12-digit UPC-A from an 11-digit body (company prefix + item). */
export function upcFrom(body11: string): string {
  if (!/^\d{11}$/.test(body11)) throw new Error(`UPC body must be 11 digits, got ${body11}`);
  return `${body11}${gs1CheckDigit(body11)}`;
}

let upcSequence = 0;
/** A fresh valid UPC-A under the test company prefix 099999. */
export function nextUpc(): string {
  upcSequence += 1;
  return upcFrom(`099999${String(upcSequence).padStart(5, '0')}`);
}

export async function createBrand(db: Database, brandName: string, brandCode: string): Promise<number> {
  const [row] = await new ReferenceRepository(db).insertBrands([{ brandName, brandCode }]);
  if (!row) throw new Error(`brand ${brandName} already exists`);
  return row.id;
}

export async function createCategory(db: Database, categoryName: string, categoryCode: string): Promise<number> {
  const [row] = await new ReferenceRepository(db).insertCategories([{ categoryName, categoryCode }]);
  if (!row) throw new Error(`category ${categoryName} already exists`);
  return row.id;
}

export type NewProduct = Partial<typeof products.$inferInsert> & { modelNumber: string };

export interface CreatedProduct {
  id: number;
  modelNumber: string;
  partNumber: string | null;
  upc: string | null;
  alternateUpc: string | null;
  status: string;
  currentCostCents: number;
}

/** Products through CatalogRepository.insertProducts; each gets a fresh valid UPC unless one is given. */
export async function createProducts(db: Database, items: NewProduct[]): Promise<CreatedProduct[]> {
  const values = items.map((p) => ({
    description: `Test product ${p.modelNumber}`,
    upc: nextUpc(),
    partNumber: `${p.modelNumber}-P`,
    currentCostCents: 10_000,
    ...p,
  }));
  const ids = await new CatalogRepository(db).insertProducts(values);
  return values.map((v, i) => ({
    id: ids[i]!,
    modelNumber: v.modelNumber,
    partNumber: v.partNumber ?? null,
    upc: v.upc ?? null,
    alternateUpc: v.alternateUpc ?? null,
    status: v.status ?? 'ACTIVE',
    currentCostCents: v.currentCostCents ?? 0,
  }));
}

export async function createManufacturer(db: Database, name: string): Promise<number> {
  const rows = await new CatalogRepository(db).insertManufacturers([name]);
  const row = rows.find((m) => m.name === name);
  if (!row) throw new Error(`manufacturer ${name} was not created`);
  return row.id;
}

/**
 * A serial row as migrated legacy data can hold it and no receipt makes: live in no bucket, live for a product that is
 * not serial tracked, a second row of one number, or a serial with no ledger row at all. A test that needs stock with
 * serials receives them (`receiveStock`, test/stock-kit.ts); this is for the states only the old system left.
 */
export async function insertLegacySerial(
  db: Database,
  values: {
    serialNumber: string;
    productId: number;
    bucket?: string | null;
    locationCode?: string | null;
    conditionCode?: string | null;
    dispositionCode?: string;
    /** When the unit was received (default now). */
    createdAt?: Date;
  },
): Promise<number> {
  // Deliberately written around the ledger: a legacy state the ledger never makes (see above).
  const [row] = await db.insert(inventorySerials).values(values).returning({ id: inventorySerials.id });
  return row!.id;
}

/** One user of a role per app, made on first need: the buyer or clerk of tests that do not care who it is. */
const appUsers = new WeakMap<Services, Map<TRole, Promise<TestUser>>>();
export function appUser(services: Services, role: TRole): Promise<TestUser> {
  let users = appUsers.get(services);
  if (!users) appUsers.set(services, (users = new Map()));
  let user = users.get(role);
  if (!user) users.set(role, (user = createUser(services, { role })));
  return user;
}

/**
 * A PO at `locationCode` (KY01 unless given) from a new vendor, created by `buyerId` (the app's purchasing-admin
 * unless given), with one line of `qty` units of the product at `cost` (50 unless given): what a receiving test scans
 * against. Answers the PO, its line and the product.
 */
export async function createPoLine<P extends { id: number }>(
  services: Services,
  product: P,
  line: { qty: number; locationCode?: string; cost?: number; buyerId?: number },
) {
  const buyerId = line.buyerId ?? (await appUser(services, 'purchasing-admin')).id;
  const vendor = await services.vendors.create({ company_name: unique('PO vendor'), vendor_type: 'sales' });
  const po = await services.purchaseOrders.create(
    {
      vendorId: vendor.id,
      location_code: line.locationCode ?? 'KY01',
      purchaseOrderType: 'Default',
      shippingRequirements: 'Default',
    },
    buyerId,
  );
  const full = await services.purchaseOrders.addLine({
    productId: product.id,
    cost: line.cost ?? 50,
    qty: line.qty,
    purchaseOrderId: po.id,
  });
  return { poId: po.id, lineId: full.data.PO_LINES.at(-1)!.id, product };
}

/** When a test's receipts are dated: `at` the first unit's, each next unit `apart` ms later (a minute unless given). */
export interface ReceiptTimes {
  at?: Date | string;
  apart?: number;
}

/**
 * Puts units of a product on hand in `bucket` the way the product does: a PO at the bucket's location (its first
 * four letters) with one line, received unit by unit through the receiving service (so through the ledger). One
 * unit per entry of `serials` (that unit's serial numbers), or `units` units without serials; the receipts dated `at`
 * (a minute apart unless `apart` says otherwise) when given, as the demo data's are.
 */
export async function receiveStock(
  services: Services,
  product: CreatedProduct,
  bucket: string,
  stock: { serials: string[][] } | { units: number },
  options: ReceiptTimes = {},
) {
  const buyer = await appUser(services, 'purchasing-admin');
  const units = 'serials' in stock ? stock.serials.length : stock.units;
  const { poId, lineId } = await createPoLine(services, product, {
    locationCode: bucket.slice(0, 4),
    qty: units,
    buyerId: buyer.id,
  });
  const references = await receiveOnLine(services, { poId, lineId, product }, bucket, stock, options);
  return { poId, lineId, references };
}

/**
 * Receives units on a PO line that exists (`receiveStock` without the new PO): each unit one scan through the
 * receiving service, so the ledger posts it and changes the line's received count and the PO's figures. Answers the
 * receipts' references in unit order.
 */
export async function receiveOnLine(
  services: Services,
  line: { poId: number; lineId: number; product: Pick<CreatedProduct, 'upc' | 'modelNumber'> },
  bucket: string,
  stock: { serials: string[][] } | { units: number },
  options: ReceiptTimes = {},
): Promise<string[]> {
  const buyer = await appUser(services, 'purchasing-admin');
  const actor = { id: buyer.id, username: buyer.username, role: 'purchasing-admin' };
  const serials = 'serials' in stock ? stock.serials : [];
  const units = 'serials' in stock ? stock.serials.length : stock.units;
  const apart = options.apart ?? 60_000;
  const references: string[] = [];
  for (let i = 0; i < units; i++) {
    const done = await services.receiving.receive(
      {
        scannedUpc: line.product.upc!,
        model: line.product.modelNumber,
        poApiPoId: line.poId,
        poApiPoItemId: line.lineId,
        receivingBucket: bucket,
        scannedSerialNumbers: serials[i],
      } as never,
      actor,
      options.at === undefined ? {} : { at: new Date(new Date(options.at).getTime() + i * apart) },
    );
    references.push(done.transactionReferenceId);
  }
  return references;
}

/**
 * Un-receives one receipt (its reference) on its PO line through the receiving service, as an admin does it (the
 * override: no scan asked), so the ledger posts the INVENTORY_UNRECEIPT and takes the line's received count and the
 * PO's figures down; dated `at` when given. Answers the un-receipt's reference.
 */
export async function unreceiveStock(
  services: Services,
  receipt: { referenceId: string; lineId: number },
  options: { at?: Date | string; notes?: string } = {},
): Promise<string> {
  const admin = await appUser(services, 'admin');
  const done = await services.receiving.unreceive(
    receipt.referenceId,
    { lineItemId: receipt.lineId, notes: options.notes ?? 'test un-receipt' },
    { id: admin.id, username: admin.username, role: 'admin' },
    options.at === undefined ? {} : { at: new Date(options.at) },
  );
  return done.transactionReferenceId;
}
