import { addDays, DEMO_LOCATIONS, PO_STATUS, PO_STATUSES, ROLES } from '@keystone/contracts';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { hashPassword } from '../auth/password.js';
import { CatalogRepository } from '../catalog/catalog.repository.js';
import { ReferenceRepository } from '../reference/reference.repository.js';
import { createServices, type Services } from '../services.js';
import { UsersRepository } from '../users/users.repository.js';
import { DEMO_BRANDS, DEMO_CATEGORIES, generateDemoCatalogue } from './demo-catalogue.js';
import { loadDemoPurchasing } from './demo-purchasing.js';
import { loadDemoReceipts } from './demo-receipts.js';
import { loadDemoDropShip } from './demo-drop-ship.js';
import { loadDemoMovements } from './demo-movements.js';
import { loadDemoBins } from './demo-bins.js';
import { loadDemoShipping } from './demo-shipping.js';
import { loadDemoPicking } from './demo-picking.js';
import { loadDemoAudits } from './demo-audits.js';
import { loadDemoAdminAdjustments } from './demo-admin-adjustments.js';
import { loadDemoLocations } from './demo-locations.js';
import { loadDemoTaxMap } from './demo-tax-map.js';
import { loadDemoRoleChanges } from './demo-role-changes.js';
import { loadDemoCarousel } from './demo-carousel.js';
import { loadDemoReviews } from './demo-reviews.js';
import { loadDemoQuotes } from './demo-quotes.js';
import { loadDemoContacts } from '../contacts/demo-contacts.js';
import { loadDemoSupplySources } from './demo-supply-sources.js';
import { loadDemoShippingReconciliation } from './demo-shipping-reconciliation.js';
import { loadDemoSales } from './demo-sales.js';

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
  transfers: number;
  committedSales: number;
  /** Sale lines of the sales history, sold and dated over the last 120 days. */
  salesHistory: number;
  bins: number;
  binnedUnits: number;
  audits: number;
  adminAdjustments: number;
  supplySources: number;
  /** Tax map cells saved (every state × platform) and how many of them collect and remit. */
  taxCells: number;
  taxCollecting: number;
  roleChanges: number;
  carouselItems: number;
  /** Website reviews in the embedded review store. */
  reviews: number;
  shippingTemplates: number;
  /** Demo quotes (docs/decisions.md, "Quotes and work orders") and the work orders some of them became. */
  quotes: number;
  workOrders: number;
  ms: number;
}

/** Finance companies and AP invoices, most linked to completed POs, created through the invoices service. */
async function loadDemoInvoices(services: Services): Promise<number> {
  const companies = [];
  for (const company_name of [
    'Wells Fargo Commercial Distribution Finance',
    'TD Bank Floor Plan',
    'Synchrony Business Credit',
  ]) {
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

/** Steps of the demo load, named for `afterStep` (a test injects a failure between two of them). */
export type DemoLoadStep =
  | 'catalogue'
  | 'contacts'
  | 'purchasing'
  | 'invoices'
  | 'drop-ship'
  | 'receipts'
  | 'movements'
  | 'bins'
  | 'picking'
  | 'audits'
  | 'admin-adjustments'
  | 'locations'
  | 'supply-sources'
  | 'tax-map'
  | 'role-changes'
  | 'carousel'
  | 'shipping'
  | 'shipping-reconciliation'
  | 'sales-history'
  | 'quotes';

/**
 * Loads the demo users (one per role, username = role string), locations with their buckets, brands,
 * categories, the product catalogue, POs, invoices and receipts, only into an empty database (no users yet).
 * All of it in one database transaction: a start killed half-way leaves the database empty, and the next
 * start loads it again (the services run over the transaction; their own transactions become savepoints).
 */
export async function loadDemoDataIfEmpty(
  db: Database,
  config: AppConfig,
  options: { products?: number; afterStep?: (step: DemoLoadStep) => void | Promise<void> } = {},
): Promise<DemoDataSummary | null> {
  const started = performance.now();
  if ((await new UsersRepository(db).count()) > 0) return null;
  const hashes = await Promise.all(ROLES.map(() => hashPassword(DEMO_PASSWORD)));
  const catalogue = generateDemoCatalogue(options.products ?? 3000);
  const step = async (name: DemoLoadStep) => options.afterStep?.(name);

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // Two processes starting on one empty PostgreSQL database: the second waits, then finds the users.
    await tx.execute(sql`select pg_advisory_xact_lock(4103, 0)`);
    if ((await new UsersRepository(tx).count()) > 0) return null;
    const services = createServices(tx, config);
    const loaded = await loadCatalogue(tx, services, hashes, catalogue);
    await step('catalogue');
    await loadDemoContacts(tx);
    await step('contacts');
    const purchasing = await loadDemoPurchasing(
      tx,
      loaded.productRows,
      loaded.buyerIds,
      new Date().toISOString().slice(0, 10),
    );
    await step('purchasing');
    const invoices = await loadDemoInvoices(services);
    await step('invoices');
    await loadDemoDropShip(tx, services, loaded.productRows);
    await step('drop-ship');
    const receiver = (await new UsersRepository(tx).findByUsername('warehouse-2'))!;
    const receipts = await loadDemoReceipts(services, {
      id: receiver.id,
      username: receiver.username,
      role: receiver.role,
    });
    await step('receipts');
    const actor = async (username: string) => {
      const user = (await new UsersRepository(tx).findByUsername(username))!;
      return { id: user.id, username: user.username, role: user.role };
    };
    const movements = await loadDemoMovements(
      tx,
      services,
      await actor('warehouse-lead'),
      await actor('sales-1'),
      await actor('fulfillment-lead'),
    );
    await step('movements');
    const bins = await loadDemoBins(tx, services, await actor('warehouse-admin'));
    await step('bins');
    await loadDemoPicking(
      tx,
      services,
      await actor('sales-1'),
      await actor('warehouse-lead'),
      new Date().toISOString().slice(0, 10),
    );
    await step('picking');
    const audits = await loadDemoAudits(
      tx,
      services,
      await actor('warehouse-lead'),
      await actor('admin'),
      new Date().toISOString().slice(0, 10),
    );
    await step('audits');
    const adminAdjustments = await loadDemoAdminAdjustments(tx, services, await actor('admin'));
    await step('admin-adjustments');
    await loadDemoLocations(services);
    await step('locations');
    const supplySources = await loadDemoSupplySources(services, await actor('developer'));
    await step('supply-sources');
    const taxMap = await loadDemoTaxMap(services);
    await step('tax-map');
    const roleChanges = await loadDemoRoleChanges(tx, services, await actor('developer'));
    await step('role-changes');
    const carouselItems = await loadDemoCarousel(services, (await actor('purchasing-admin')).id);
    await step('carousel');
    const reviews = await loadDemoReviews(
      tx,
      services,
      loaded.productRows.slice(0, 5).map((p) => p.id),
    );
    const shipping = await loadDemoShipping(services);
    await step('shipping');
    // Before the reconciliation: every shipped sale, the history's too, gets its gray box there.
    const salesHistory = await loadDemoSales(tx, services, await actor('sales-1'));
    await step('sales-history');
    await loadDemoShippingReconciliation(tx, services, await actor('purchasing-admin'));
    await step('shipping-reconciliation');
    const quotes = await loadDemoQuotes(services, await actor('sales-1'));
    await step('quotes');
    return {
      users: ROLES.length,
      locations: DEMO_LOCATIONS.length + 1,
      products: catalogue.length,
      vendors: purchasing.vendors,
      purchaseOrders: purchasing.purchaseOrders,
      invoices,
      receivedUnits: receipts.units,
      transfers: movements.transfers,
      committedSales: movements.committedSales,
      salesHistory: salesHistory.sales,
      bins: bins.bins,
      binnedUnits: bins.binnedUnits,
      audits: audits.audits,
      adminAdjustments,
      supplySources,
      taxCells: taxMap.cells,
      taxCollecting: taxMap.collecting,
      roleChanges,
      carouselItems,
      reviews,
      shippingTemplates: shipping.templates,
      quotes: quotes.quotes,
      workOrders: quotes.workOrders,
      ms: Math.round(performance.now() - started),
    };
  });
}

async function loadCatalogue(
  db: Database,
  services: Services,
  hashes: string[],
  catalogue: ReturnType<typeof generateDemoCatalogue>,
) {
  for (const location of DEMO_LOCATIONS) {
    await services.locations.createLocationWithBuckets({
      locationCode: location.location_code,
      address1: location.address_1,
      city: location.city,
      stateOrProvince: location.state_or_province,
      postalCode: location.postal_code,
      locationType: location.location_code === 'RUBY' ? 'RETAIL' : 'WAREHOUSE',
    });
  }
  const usersRepo = new UsersRepository(db);
  const roleIds = await usersRepo.ensureRoles(ROLES);
  for (const [i, role] of ROLES.entries()) {
    await usersRepo.create({
      username: role,
      email: `${role}@keystone.example`,
      passwordHash: hashes[i]!,
      roleId: roleIds.get(role)!,
    });
  }
  const reference = new ReferenceRepository(db);
  await reference.insertBrands(DEMO_BRANDS.map((b) => ({ brandName: b.name, brandCode: b.code })));
  await reference.insertCategories(DEMO_CATEGORIES.map((c) => ({ categoryName: c.name, categoryCode: c.code })));
  const brandIds = new Map((await reference.listBrands()).map((b) => [b.brandCode, b.id]));
  const categoryIds = new Map((await reference.listCategories()).map((c) => [c.categoryCode, c.id]));
  const catalog = new CatalogRepository(db);
  const manufacturerIds = new Map(
    (await catalog.insertManufacturers([...new Set(DEMO_BRANDS.map((b) => b.manufacturer))])).map((m) => [
      m.name,
      m.id,
    ]),
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
        currentRebateCents: p.currentRebateCents,
        adjCartPriceCents: p.adjCartPriceCents,
        msrpCents: p.msrpCents,
        commissionRate: p.commissionRate,
      })),
    );
    batch.forEach(
      (p, j) =>
        p.status === 'ACTIVE' && productRows.push({ id: ids[j]!, brandCode: p.brandCode, costCents: p.costCents }),
    );
  }
  const buyers = await Promise.all(
    ['purchasing-1', 'purchasing-2', 'purchasing-admin', 'admin'].map((u) => usersRepo.findByUsername(u)),
  );
  return { productRows, buyerIds: buyers.map((b) => b!.id) };
}
