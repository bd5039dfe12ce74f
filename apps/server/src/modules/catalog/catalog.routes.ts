import { getProductRoute, imsProductsRoute, listProductsRoute, productByUpcRoute, productModelsRoute, productSearchRoute, serialSearchRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerCatalogRoutes({ route, services }: ModuleContext): void {
  const { catalog } = services;
  route(imsProductsRoute, async ({ query }) => ({ data: await catalog.byModel(query.model) }));
  route(productModelsRoute, async ({ query }) => ({ data: await catalog.models(query.model, query.includeInactive ?? false) }));
  route(productByUpcRoute, async ({ query }) => ({ data: await catalog.byUpc(query.upc, query.includeInactive ?? false) }));
  route(productSearchRoute, async ({ body }) => ({ data: await catalog.search(body.searchKey, body.searchValue) }));
  route(listProductsRoute, async ({ query }) => catalog.list(query));
  route(getProductRoute, async ({ params }) => catalog.byId(params.id));
  route(serialSearchRoute, async ({ query }) => ({ data: await catalog.serials(query.serial, query.includeInactive ?? false) }));
}
