import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME, type ApiRouteDef } from '@keystone/contracts';
import type { AppConfig } from './config.js';
import type { Database, Listen } from './db/database.js';
import type { ReportsDatabase } from './db/reports-database.js';
import { answerFrameworkError, installErrorHandler, MAX_PARAM_LENGTH } from './http/errors.js';
import { installJsonBodyParser } from './http/input-text.js';
import { registerRoute, type RouteRegistrar } from './http/register-route.js';
import { MULTIPART_LIMITS } from './http/upload-reader.js';
import { RequestLogController } from './http/request-log.js';
import { installRequestIds, requestId } from './http/request-context.js';
import { httpServerOptions, registerSecurity } from './http/security.js';
import { WebIndex } from './http/web-index.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.js';
import { registerContactsRoutes } from './modules/contacts/contacts.routes.js';
import { registerSearchRoutes } from './modules/search/search.routes.js';
import { registerInvoicesRoutes } from './modules/invoices/invoices.routes.js';
import { registerPurchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.routes.js';
import { registerVendorsRoutes } from './modules/vendors/vendors.routes.js';
import { registerReceivingRoutes } from './modules/receiving/receiving.routes.js';
import { registerInventoryRoutes } from './modules/inventory/inventory.routes.js';
import { registerSimulationRoutes } from './modules/simulation/simulation.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes.js';
import { registerCommittedSalesRoutes } from './modules/committed-sales/committed-sales.routes.js';
import { registerBinsRoutes } from './modules/bins/bins.routes.js';
import { registerLocationsRoutes } from './modules/locations/locations.routes.js';
import { registerBucketGroupsRoutes } from './modules/bucket-groups/bucket-groups.routes.js';
import { registerShippingTemplatesRoutes } from './modules/shipping-templates/shipping-templates.routes.js';
import { registerPickingRoutes } from './modules/picking/picking.routes.js';
import { registerAuditsRoutes } from './modules/audits/audits.routes.js';
import { registerJobsRoutes } from './modules/jobs/jobs.routes.js';
import { registerAdminAdjustmentsRoutes } from './modules/admin-adjustments/admin-adjustments.routes.js';
import { registerTaxMapRoutes } from './modules/tax-map/tax-map.routes.js';
import { registerScanRoutes } from './modules/scan/scan.routes.js';
import { registerReviewsRoutes } from './modules/reviews/reviews.routes.js';
import { registerQuotesRoutes } from './modules/quotes/quotes.routes.js';
import { registerBackupsRoutes } from './modules/backups/backups.routes.js';
import { registerTransfersRoutes } from './modules/transfers/transfers.routes.js';
import { LiveHub } from './modules/live/live-hub.js';
import { registerLiveRoutes } from './modules/live/live.routes.js';
import { AppMetrics } from './modules/metrics/app-metrics.js';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.js';
import type { ModuleContext } from './modules/module-context.js';
import { registerReferenceRoutes } from './modules/reference/reference.routes.js';
import { createServices, type Services } from './modules/services.js';
import { AUTH_CHANNEL } from './shared/token-cache.js';
import { registerUsersRoutes } from './modules/users/users.routes.js';
import { registerShippingReconciliationRoutes } from './modules/shipping-reconciliation/shipping-reconciliation.routes.js';
import { registerInventoryReportsRoutes } from './modules/inventory-reports/inventory-reports.routes.js';
import { registerSalesReportsRoutes } from './modules/sales-reports/sales-reports.routes.js';
import { registerSupplySourcesRoutes } from './modules/supply-sources/supply-sources.routes.js';
import { defaultS3PublicUrl } from './modules/carousel/image-store.js';
import { registerReportsRoutes } from './modules/reports/reports.routes.js';
import { registerUploadsRoutes } from './modules/uploads/uploads.routes.js';
import { registerImportsRoutes } from './modules/imports/imports.routes.js';
import { registerHistoryRoutes } from './modules/history/history.routes.js';
import { registerSavedViewsRoutes } from './modules/saved-views/saved-views.routes.js';
import { registerCarouselImageFiles, registerCarouselRoutes } from './modules/carousel/carousel.routes.js';

/** The build's content-hashed files (Vite's `build.assetsDir`). */
export const WEB_ASSETS_DIR = 'assets';

/**
 * Cache-Control of a file of the web client. A hashed asset never changes under its name: cached for a year,
 * never revalidated. Everything else (index.html, which names the current assets, the SPA fallback, the
 * favicon) is revalidated on every use, so a release shows at the next load.
 */
export function webCacheControl(filePath: string, webDist: string): string {
  const relative = path.relative(webDist, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === WEB_ASSETS_DIR ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Origins other than the server's own that uploaded images are shown from: the S3 store's public URL. */
function imageOrigins(config: AppConfig): string[] {
  return config.s3 ? [new URL(config.s3.publicUrl ?? defaultS3PublicUrl(config.s3)).origin] : [];
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  live: LiveHub;
  /** Every contract route the API serves, for tests that walk the whole surface. */
  routes: ApiRouteDef[];
  metrics: AppMetrics;
}

const MODULES = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerUsersRoutes,
  registerReferenceRoutes,
  registerCatalogRoutes,
  registerContactsRoutes,
  registerInvoicesRoutes,
  registerVendorsRoutes,
  registerPurchaseOrdersRoutes,
  registerReceivingRoutes,
  registerInventoryRoutes,
  registerSimulationRoutes,
  registerLedgerRoutes,
  registerTransfersRoutes,
  registerCommittedSalesRoutes,
  registerBinsRoutes,
  registerLocationsRoutes,
  registerPickingRoutes,
  registerAuditsRoutes,
  registerJobsRoutes,
  registerAdminAdjustmentsRoutes,
  registerSupplySourcesRoutes,
  registerTaxMapRoutes,
  registerScanRoutes,
  registerReviewsRoutes,
  registerCarouselRoutes,
  registerBucketGroupsRoutes,
  registerShippingTemplatesRoutes,
  registerUploadsRoutes,
  registerImportsRoutes,
  registerHistoryRoutes,
  registerSavedViewsRoutes,
  registerShippingReconciliationRoutes,
  registerInventoryReportsRoutes,
  registerSalesReportsRoutes,
  registerReportsRoutes,
  registerQuotesRoutes,
  registerBackupsRoutes,
  registerSearchRoutes,
];

export async function buildApp(options: {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  logger?: boolean;
  serveWeb?: boolean;
  /** LISTEN on the database, for the live event stream (without it the stream answers 503). */
  listen?: Listen;
  /** PostgreSQL's pool load (OpenDatabase.poolLoad), for the metrics. */
  poolLoad?: () => { total: number; idle: number; waiting: number };
  /** Where reports read (REPORTS_DATABASE_URL, db/reports-database.ts); the main database when absent. */
  reportsDb?: ReportsDatabase;
  /** PGlite: a consistent copy of the data folder for GET /api/admin/backup (OpenDatabase.backup). */
  backup?: () => Promise<Blob>;
}): Promise<BuiltApp> {
  const { db, dbKind, config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    logController: new RequestLogController(),
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    bodyLimit: 5 * 1024 * 1024,
    ...httpServerOptions(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonBodyParser(app);
  installRequestIds(app);
  app.decorateRequest('auth', null);
  if (config.exposeProcessId) {
    const pid = String(process.pid);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-process-id', pid);
      done();
    });
  }

  await registerSecurity(app, config, imageOrigins(config));
  await app.register(formbody);
  // multipart/form-data for the routes that declare an upload: read by the one upload reader (http/upload-reader.ts),
  // which sets each route's file size; one small file by default.
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, fileSize: 1_000_000 }, throwFileSizeLimit: true });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '0.1.0',
        description: 'Every call of the specification, generated from the zod contracts.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const services = createServices(db, config, app.log, options.listen, dbKind, options.reportsDb);
  await connectTokenCache(app, services, options.listen, dbKind);
  const authenticate = (token: string) => services.auth.authenticate(token);
  const routes: ApiRouteDef[] = [];
  const route: RouteRegistrar = (def, handler) => {
    routes.push(def);
    registerRoute(app, authenticate, def, handler);
  };
  const context: ModuleContext = { route, services, db, dbKind, config, backup: options.backup ?? null };
  for (const register of MODULES) register(context);
  registerCarouselImageFiles(app, services.carousel.store);
  const live = new LiveHub(options.listen, app.log);
  const metrics = new AppMetrics({
    pool: options.poolLoad,
    writeGate: () => services.ledgerWrites.gate.load,
    jobs: () => services.jobs.stats(),
    sseClients: () => live.subscriberCount,
    lastLedgerCheck: () => services.ledger.lastCheck,
  });
  metrics.observe(app);
  registerMetricsRoutes(app, metrics, { token: config.metricsToken, allow: config.metricsAllow });
  // Review moderation follows the review store's own subscription (the database's or the remote store's).
  live.addSource('reviews', (handlers) => services.reviews.store.subscribe(handlers));
  registerLiveRoutes(app, live, authenticate);
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => live.close());
  // Wrong passwords' answers held by the per-address slow-down go at once (AuthService.endSlowDowns).
  app.addHook('preClose', async () => services.auth.endSlowDowns());
  // The job worker starts once every module has registered its kinds (onReady) and stops, waiting for the job it
  // runs, before the database closes (onClose runs before the caller closes the database).
  if (config.jobsEnabled) {
    app.addHook('onReady', async () => services.jobs.start());
  }
  app.addHook('onClose', async () => services.jobs.stop());
  // Report job files older than REPORT_FILES_RETENTION_HOURS: deleted at start and then periodically (an unref'd timer).
  app.addHook('onReady', async () => services.reports.startFileSweep(app.log));
  app.addHook('onClose', async () => services.reports.stopFileSweep());

  const indexHtml = `${config.webDist}/index.html`;
  const serveWeb = options.serveWeb !== false && fs.existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside every text file (apps/web/vite.config.ts); the best one the
      // browser accepts is sent, the plain file otherwise (docs/decisions.md).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', webCacheControl(filePath, config.webDist));
        // The body depends on Accept-Encoding (preCompressed), so caches must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  let webIndex: WebIndex | undefined;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api') || url.startsWith('/oauth');
    // A missing hashed asset (an old release's chunk) is a 404, never the page: a script answered with HTML
    // fails with a MIME-type error instead of "not found".
    const isAsset = url.startsWith(`/${WEB_ASSETS_DIR}/`);
    if (!isApi && !isAsset && serveWeb && request.method === 'GET') {
      // Client-side routes: the single-page app answers every other path, including its own 404 page, naming
      // the chunks of the screen the path shows so they download with the shell's (http/web-index.ts).
      webIndex = WebIndex.current(config.webDist, webIndex);
      const page = webIndex.page(url.split('?')[0]!, request.headers['accept-encoding']);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    }
    return reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${url.split('?')[0]} not found` });
  });

  return { app, services, routes, live, metrics };
}

/**
 * The token cache hears every process's changes of tokens, users and roles (the triggers of migration 0015 notify
 * `keystone_auth` when such a change commits) and forgets everything on each, and when its listener reconnects
 * (notifications may have been missed). Without a listener it stays on only for PGlite, which one process owns.
 */
async function connectTokenCache(
  app: FastifyInstance,
  services: Services,
  listen: Listen | undefined,
  dbKind: 'pglite' | 'postgres',
): Promise<void> {
  const tokens = services.tokens;
  if (!tokens.active) return;
  if (!listen) {
    if (dbKind !== 'pglite') tokens.disable();
    return;
  }
  try {
    const stop = await listen(AUTH_CHANNEL, { onMessage: () => tokens.clear(), onReconnect: () => tokens.clear() });
    app.addHook('onClose', async () => stop());
  } catch (error) {
    app.log.warn(
      { err: error },
      'token cache: cannot listen for changes; every request checks its token in the database',
    );
    tokens.disable();
  }
}
