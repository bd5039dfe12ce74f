import { addDays, DEMO_LOCATIONS, PO_STATUS, PO_STATUSES, ROLES } from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { hashPassword } from '../auth/password.js';
import { CatalogRepository } from '../catalog/catalog.repository.js';
import { ReferenceRepository } from '../reference/reference.repository.js';
import type { Services } from '../services.js';
import { UsersRepository } from '../users/users.repository.js';
import { DEMO_BRANDS, DEMO_CATEGORIES, generateDemoCatalogue } from './demo-catalogue.js';
import { loadDemoPurchasing } from './demo-purchasing.js';
import { loadDemoReceipts } from './demo-receipts.js';
import { loadDemoDropShip } from './demo-drop-ship.js';
import { loadDemoContacts } from '../contacts/demo-contacts.js';

/** The demo password of every demo user (seeds README). Only ever loaded by the demo start. */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoDataSummary {
  users: number;
  locations: number;
  products: number;
  vendors: number;
  purchaseOrders: number;
  invoices: number;
  receivedUnits: number;
  ms: number;
}

/** Finance companies and AP invoices, most linked to completed POs, created through the invoices service. */
async function loadDemoInvoices(services: Services): Promise<number> {
  const companies = [];
  for (const company_name of ['Wells Fargo Commercial Distribution Finance', 'TD Bank Floor Plan', 'Synchrony Business Credit']) {
    companies.push(await services.invoices.createFinanceCompany({ company_name }));
  }
  const complete = await services.purchaseOrders.list({
    status: PO_STATUSES.find((st) => st.status_name === PO_STATUS.complete)!.id,
    page: 1,
    perPage: 100,
    sortBy: 'created_at',
    sortOrder: 'asc',
  });
  let count = 0;
  for (const [i, po] of complete.data.slice(0, 60).entries()) {
    if (po.total <= 0) continue;
    const ordered = po.created_at.slice(0, 10);
    await services.invoices.create({
      invoice_number: `INV-${100_000 + po.id}`,
      invoice_amount: po.total,
      invoice_date: addDays(ordered, 5),
      due_date: addDays(ordered, 35),
      purchase_date: ordered,
      vendor: po.vendor_id,
      finance_company: i % 2 === 0 ? companies[i % companies.length]!.id : null,
      // Every third invoice arrived without its PO number and waits to be linked.
      purchase_id: i % 3 === 2 ? null : po.purchase_ref_id,
    });
    count++;
  }
  return count;
}

/**
 * Loads the demo users (one per role, username = role string), locations with their buckets, brands,
 * categories and the product catalogue, only into an empty database (no users yet).
 */
export async function loadDemoDataIfEmpty(db: Database, services: Services, options: { products?: number } = {}): Promise<DemoDataSummary | null> {
  const started = performance.now();
  if ((await new UsersRepository(db).count()) > 0) return null;
  const hashes = await Promise.all(ROLES.map(() => hashPassword(DEMO_PASSWORD)));
  const catalogue = generateDemoCatalogue(options.products ?? 3000);

  for (const location of DEMO_LOCATIONS) {
    await services.reference.createLocationWithBuckets({
      locationCode: location.location_code,
      address1: location.address_1,
      city: location.city,
      stateOrProvince: location.state_or_province,
      postalCode: location.postal_code,
      locationType: location.location_code === 'RUBY' ? 'RETAIL' : 'WAREHOUSE',
    });
  }

  const loaded = await db.transaction(async (tx) => {
    const usersRepo = new UsersRepository(tx);
    const roleIds = await usersRepo.ensureRoles(ROLES);
    for (const [i, role] of ROLES.entries()) {
      await usersRepo.create({ username: role, email: `${role}@keystone.example`, passwordHash: hashes[i]!, roleId: roleIds.get(role)! });
    }
    const reference = new ReferenceRepository(tx);
    await reference.insertBrands(DEMO_BRANDS.map((b) => ({ brandName: b.name, brandCode: b.code })));
    await reference.insertCategories(DEMO_CATEGORIES.map((c) => ({ categoryName: c.name, categoryCode: c.code })));
    const brandIds = new Map((await reference.listBrands()).map((b) => [b.brandCode, b.id]));
    const categoryIds = new Map((await reference.listCategories()).map((c) => [c.categoryCode, c.id]));
    const catalog = new CatalogRepository(tx);
    const manufacturerIds = new Map(
      (await catalog.insertManufacturers([...new Set(DEMO_BRANDS.map((b) => b.manufacturer))])).map((m) => [m.name, m.id]),
    );
    const productRows: { id: number; brandCode: string; costCents: number }[] = [];
    for (let i = 0; i < catalogue.length; i += 500) {
      const batch = catalogue.slice(i, i + 500);
      const ids = await catalog.insertProducts(
        batch.map((p) => ({
          modelNumber: p.modelNumber,
          partNumber: p.partNumber,
          upc: p.upc,
          alternateUpc: p.alternateUpc,
          description: p.description,
          brandId: brandIds.get(p.brandCode)!,
          categoryId: categoryIds.get(p.categoryCode)!,
          manufacturerId: manufacturerIds.get(p.manufacturer)!,
          serialNumberTracked: p.serialNumberTracked,
          numOfSerialsPerItem: p.numOfSerialsPerItem,
          masterBoxQty: p.masterBoxQty,
          masterCartonCode: p.masterCartonCode,
          itemType: p.itemType,
          status: p.status,
          currentCostCents: p.costCents,
          mapCents: p.mapCents,
          adjMapCents: p.adjMapCents,
          adjCartPriceCents: p.adjCartPriceCents,
          msrpCents: p.msrpCents,
          commissionRate: p.commissionRate,
        })),
      );
      batch.forEach((p, j) => p.status === 'ACTIVE' && productRows.push({ id: ids[j]!, brandCode: p.brandCode, costCents: p.costCents }));
    }
    const buyers = await Promise.all(['purchasing-1', 'purchasing-2', 'purchasing-admin', 'admin'].map((u) => usersRepo.findByUsername(u)));
    return { productRows, buyerIds: buyers.map((b) => b!.id) };
  });
  await loadDemoContacts(db);
  const purchasing = await loadDemoPurchasing(db, loaded.productRows, loaded.buyerIds, new Date().toISOString().slice(0, 10));
  const invoices = await loadDemoInvoices(services);
  await loadDemoDropShip(db, services, loaded.productRows);
  const receiver = (await new UsersRepository(db).findByUsername('warehouse-2'))!;
  const receipts = await loadDemoReceipts(services, { id: receiver.id, username: receiver.username, role: receiver.role });
  return {
    users: ROLES.length,
    locations: DEMO_LOCATIONS.length,
    products: catalogue.length,
    vendors: purchasing.vendors,
    purchaseOrders: purchasing.purchaseOrders,
    invoices,
    receivedUnits: receipts.units,
    ms: Math.round(performance.now() - started),
  };
}
