import type { AppConfig } from '../config.js';
import type { Database, Listen } from '../db/database.js';
import { mainDatabaseReports, type ReportsDatabase } from '../db/reports-database.js';
import { AuthService } from './auth/auth.service.js';
import { createJwksGoogleVerifier, type GoogleTokenVerifier } from './auth/google-verifier.js';
import { CatalogService } from './catalog/catalog.service.js';
import { ProductCatalogueService } from './catalog/product-catalogue.service.js';
import { ContactsService } from './contacts/contacts.service.js';
import { SearchService } from './search/search.service.js';
import { InvoicesService } from './invoices/invoices.service.js';
import { InvalidEmailAddressError, createMailer, validateRecipients } from './documents/mailer.js';
import { composePurchaseOrderEmail } from './documents/purchase-order-email.js';
import { renderPurchaseOrderPdf } from './documents/purchase-order-pdf.js';
import { createEdiTransport } from './edi/edi-transport.js';
import { EdiSender } from './edi/edi.service.js';
import { badRequest } from '../http/errors.js';
import { PurchaseOrdersService, type DocumentGateway } from './purchase-orders/purchase-orders.service.js';
import { VendorsService } from './vendors/vendors.service.js';
import { HistoryService } from './history/history.service.js';
import { SavedViewsService } from './saved-views/saved-views.service.js';
import { WriteGate } from '../db/write-gate.js';
import { ReceivingService } from './receiving/receiving.service.js';
import { LedgerWrites } from './ledger/ledger-transaction.js';
import { Ledger } from './ledger/ledger-writer.js';
import { InventoryService } from './inventory/inventory.service.js';
import { SimulationService } from './simulation/simulation.service.js';
import { LedgerService } from './ledger/ledger.service.js';
import { CommittedSalesService } from './committed-sales/committed-sales.service.js';
import { BinsService } from './bins/bins.service.js';
import { BucketGroupsService } from './bucket-groups/bucket-groups.service.js';
import { ShippingTemplatesService } from './shipping-templates/shipping-templates.service.js';
import { TransfersService } from './transfers/transfers.service.js';
import { PickingService } from './picking/picking.service.js';
import { AuditsService } from './audits/audits.service.js';
import { AdminAdjustmentsService } from './admin-adjustments/admin-adjustments.service.js';
import { ReferenceService } from './reference/reference.service.js';
import { LocationsService } from './locations/locations.service.js';
import { registerClientScanPruning } from './client-scans/client-scans-pruning.js';
import { JobQueue } from './jobs/job-queue.js';
import { UsersService } from './users/users.service.js';
import { SupplySourcesService } from './supply-sources/supply-sources.service.js';
import { createSupplySourceGateway } from './supply-sources/create-supply-source-gateway.js';
import { TaxMapService } from './tax-map/tax-map.service.js';
import { ScanService } from './scan/scan.service.js';
import { createReviewStore } from './reviews/create-review-store.js';
import { ReviewsService } from './reviews/reviews.service.js';
import { QuotesService } from './quotes/quotes.service.js';
import { CarouselService } from './carousel/carousel.service.js';
import { UploadsService } from './uploads/uploads.service.js';
import { ImportsService } from './imports/imports.service.js';
import { createImageStore } from './carousel/image-store.js';
import { ShippingReconciliationService } from './shipping-reconciliation/shipping-reconciliation.service.js';
import { InventoryReportsService } from './inventory-reports/inventory-reports.service.js';
import { SalesReportsService } from './sales-reports/sales-reports.service.js';
import { ReportsService } from './reports/reports.service.js';
import { SILENT_LOG, type ServiceLog } from './service-log.js';
import { TokenCache } from '../shared/token-cache.js';
import type { RequestAuth } from '../http/register-route.js';

export interface Services {
  /** Live tokens' answers, shared by auth (reads, logout) and users (role changes); app.ts feeds it the database's notifications. */
  tokens: TokenCache<RequestAuth>;
  /**
   * The one entry of every stock write: the process's write gate (LEDGER_WRITE_CONCURRENCY), the
   * database transaction and the rerun after a deadlock or serialization failure. Every service that writes stock
   * is given this one.
   */
  ledgerWrites: LedgerWrites;
  auth: AuthService;
  users: UsersService;
  reference: ReferenceService;
  /** Locations and their buckets (docs/decisions.md, "Locations and buckets"): the one place a location and its legacy buckets are created. */
  locations: LocationsService;
  catalog: CatalogService;
  /** Products, brands, categories and manufacturers: the catalogue's writes and the product list (docs/decisions.md, "Products, brands, categories and manufacturers"). */
  productCatalogue: ProductCatalogueService;
  contacts: ContactsService;
  /** Search everywhere. */
  search: SearchService;
  invoices: InvoicesService;
  vendors: VendorsService;
  /** Who changed what: a record's changes and notes. */
  history: HistoryService;
  /** A person's saved views of the lists. */
  savedViews: SavedViewsService;
  purchaseOrders: PurchaseOrdersService;
  receiving: ReceivingService;
  inventory: InventoryService;
  simulation: SimulationService;
  ledger: LedgerService;
  transfers: TransfersService;
  committedSales: CommittedSalesService;
  bins: BinsService;
  picking: PickingService;
  audits: AuditsService;
  /** Background jobs: queued in the database, run by the worker app.ts starts. */
  jobs: JobQueue;
  adminAdjustments: AdminAdjustmentsService;
  /** Amazon supply sources (docs/decisions.md, "Supply sources"): the embedded store or the Selling Partner API, by configuration. */
  supplySources: SupplySourcesService;
  /** The platform-state tax map (docs/decisions.md, "Tax map and role editor"). */
  taxMap: TaxMapService;
  scan: ScanService;
  reviews: ReviewsService;
  /** The home-page carousel (docs/decisions.md, "Carousel"); its images in the ImageStore the configuration chooses (local folder or S3). */
  carousel: CarouselService;
  /** Settlement report import and holdings (partner orders) upload and sync (docs/decisions.md, "Settlement and holdings uploads"). */
  uploads: UploadsService;
  /** Moving a store in: dry runs, confirmed imports (a job) and exports of products, vendors, contacts and opening stock (docs/decisions.md, "Imports"). */
  imports: ImportsService;
  bucketGroups: BucketGroupsService;
  shippingTemplates: ShippingTemplatesService;
  /** Carrier shipping-charge reconciliation and applying payments (docs/decisions.md, "Shipping reconciliation"). */
  shippingReconciliation: ShippingReconciliationService;
  inventoryReports: InventoryReportsService;
  /** The sales and brand reports (docs/decisions.md, "Sales figures and brand reports"): reads only. */
  salesReports: SalesReportsService;
  /** The report catalogue and the generic reports (docs/decisions.md, "Reports engine"): read-only queries, CSV streamed or written by a job. */
  reports: ReportsService;
  /** Quotes, labor lines and work orders (docs/decisions.md, "Quotes and work orders"): converting commits the units through committedSales. */
  quotes: QuotesService;
}

export function createServices(
  db: Database,
  config: AppConfig,
  log: ServiceLog = SILENT_LOG,
  listen?: Listen,
  dbKind: 'pglite' | 'postgres' = config.databaseUrl ? 'postgres' : 'pglite',
  /** Where the reports read (REPORTS_DATABASE_URL): only the three report services are given it. */
  reportsDb: ReportsDatabase = mainDatabaseReports(db),
): Services {
  const google: GoogleTokenVerifier | null =
    config.googleClientId && config.googleJwksUrl
      ? createJwksGoogleVerifier({
          jwksUrl: config.googleJwksUrl,
          audience: config.googleClientId,
          issuer: config.googleIssuer,
        })
      : null;
  const edi = new EdiSender(createEdiTransport(config), {
    senderId: config.ediSenderId,
    senderQualifier: config.ediSenderQualifier,
    usageIndicator: config.ediUsageIndicator,
  });
  const mailer = createMailer(config);
  const tokens = new TokenCache<RequestAuth>(config.authCacheSeconds * 1000);
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'keystone.example';
  const asBadRequest = (error: unknown) =>
    error instanceof InvalidEmailAddressError ? badRequest(error.message, { email: [error.message] }) : error;
  const documents: DocumentGateway = {
    pdf: renderPurchaseOrderPdf,
    checkRecipients(input) {
      try {
        validateRecipients({ to: input.email, cc: input.ccs.filter((cc) => cc.trim() !== '') });
      } catch (error) {
        throw asBadRequest(error);
      }
    },
    messageId: (key) => `<${key}@${mailDomain}>`,
    async email(doc, input, pdf, identity) {
      try {
        return await mailer.send({ ...composePurchaseOrderEmail(doc, input, pdf), ...identity });
      } catch (error) {
        throw asBadRequest(error);
      }
    },
  };
  const ledgerWrites = new LedgerWrites(db, new WriteGate(config.ledgerWriteConcurrency), new Ledger(), { log });
  const committedSales = new CommittedSalesService(db, ledgerWrites);
  const services: Services = {
    tokens,
    ledgerWrites,
    auth: new AuthService(db, config, google, undefined, tokens),
    users: new UsersService(db, () => tokens.clear()),
    reference: new ReferenceService(db),
    locations: new LocationsService(db),
    catalog: new CatalogService(db),
    productCatalogue: new ProductCatalogueService(db),
    contacts: new ContactsService(db),
    search: new SearchService(db),
    invoices: new InvoicesService(db),
    vendors: new VendorsService(db),
    history: new HistoryService(db),
    savedViews: new SavedViewsService(db),
    purchaseOrders: new PurchaseOrdersService(db, config, edi, documents),
    receiving: new ReceivingService(db, ledgerWrites),
    inventory: new InventoryService(db),
    simulation: new SimulationService(db),
    ledger: new LedgerService(db),
    transfers: new TransfersService(db, ledgerWrites),
    committedSales,
    bins: new BinsService(db, ledgerWrites),
    picking: new PickingService(db, ledgerWrites),
    audits: new AuditsService(db, ledgerWrites),
    jobs: new JobQueue(db, { listen, concurrency: config.jobConcurrency, log }),
    adminAdjustments: new AdminAdjustmentsService(db, ledgerWrites),
    supplySources: new SupplySourcesService(createSupplySourceGateway(db, config), log),
    taxMap: new TaxMapService(db),
    scan: new ScanService(db),
    reviews: new ReviewsService(
      db,
      createReviewStore(db, config, listen),
      { max: config.reviewIntakeMax, windowSeconds: config.reviewIntakeWindowSeconds },
      log,
    ),
    carousel: new CarouselService(db, createImageStore(config), log),
    uploads: new UploadsService(db),
    imports: new ImportsService(db, ledgerWrites),
    bucketGroups: new BucketGroupsService(db),
    shippingTemplates: new ShippingTemplatesService(db),
    shippingReconciliation: new ShippingReconciliationService(db, config.reconciliationThresholdCents),
    inventoryReports: new InventoryReportsService(reportsDb.db, dbKind),
    salesReports: new SalesReportsService(reportsDb.db),
    reports: new ReportsService(db, {
      reads: reportsDb,
      lagNoticeSeconds: config.reportsLagNoticeSeconds,
      dbKind,
      role: config.reportsDbRole,
      filesDir: config.reportFilesDir,
      fileRetentionHours: config.reportFilesRetentionHours,
    }),
    quotes: new QuotesService(db, committedSales, ledgerWrites, { name: config.companyName }),
  };
  services.audits.useJobQueue(services.jobs);
  services.reports.useJobQueue(services.jobs);
  services.imports.useJobQueue(services.jobs);
  services.purchaseOrders.useJobQueue(services.jobs);
  registerClientScanPruning(services.jobs, config.clientScanAnswersRetentionDays);
  return services;
}
