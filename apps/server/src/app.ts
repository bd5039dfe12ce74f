import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PRODUCT_NAME, type ApiRouteDef } from '@keystone/contracts';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { installErrorHandler } from './http/errors.js';
import { registerRoute, type RouteRegistrar } from './http/register-route.js';
import { httpServerOptions, registerSecurity } from './http/security.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.js';
import { registerContactsRoutes } from './modules/contacts/contacts.routes.js';
import { registerInvoicesRoutes } from './modules/invoices/invoices.routes.js';
import { registerPurchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.routes.js';
import { registerVendorsRoutes } from './modules/vendors/vendors.routes.js';
import { registerReceivingRoutes } from './modules/receiving/receiving.routes.js';
import { registerInventoryRoutes } from './modules/inventory/inventory.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes.js';
import type { ModuleContext } from './modules/module-context.js';
import { registerReferenceRoutes } from './modules/reference/reference.routes.js';
import { createServices, type Services } from './modules/services.js';
import { registerUsersRoutes } from './modules/users/users.routes.js';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Every contract route the API serves, for tests that walk the whole surface. */
  routes: ApiRouteDef[];
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
  registerLedgerRoutes,
];

export async function buildApp(options: {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  logger?: boolean;
  serveWeb?: boolean;
}): Promise<BuiltApp> {
  const { db, dbKind, config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 5 * 1024 * 1024,
    ...httpServerOptions(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorateRequest('auth', null);

  await registerSecurity(app, config);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '0.1.0', description: 'Every call of the specification, generated from the zod contracts.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const services = createServices(db, config, app.log);
  const authenticate = (token: string) => services.auth.authenticate(token);
  const routes: ApiRouteDef[] = [];
  const route: RouteRegistrar = (def, handler) => {
    routes.push(def);
    registerRoute(app, authenticate, def, handler);
  };
  const context: ModuleContext = { route, services, db, dbKind, config };
  for (const register of MODULES) register(context);

  const indexHtml = `${config.webDist}/index.html`;
  const serveWeb = options.serveWeb !== false && fs.existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api') || url.startsWith('/oauth');
    if (!isApi && serveWeb && request.method === 'GET') {
      // Client-side routes: the single-page app answers every other path, including its own 404 page.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${url.split('?')[0]} not found` });
  });

  return { app, services, routes };
}
