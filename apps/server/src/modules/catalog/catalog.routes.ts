import {
  allManufacturersRoute,
  createBrandRoute,
  createCategoryRoute,
  createManufacturerRoute,
  createProductRoute,
  deleteProductRoute,
  getProductRoute,
  imsProductsRoute,
  listProductsRoute,
  exportProductsRoute,
  productByUpcRoute,
  productModelsRoute,
  productSearchRoute,
  serialSearchRoute,
  updateProductRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerCatalogRoutes({ route, services }: ModuleContext): void {
  const { catalog, productCatalogue } = services;
  route(imsProductsRoute, async ({ query }) => ({ data: await catalog.byModel(query.model) }));
  route(productModelsRoute, async ({ query }) => ({
    data: await catalog.models(query.model, query.includeInactive ?? false),
  }));
  route(productByUpcRoute, async ({ query }) => ({
    data: await catalog.byUpc(query.upc, query.includeInactive ?? false),
  }));
  route(productSearchRoute, async ({ body }) => ({ data: await catalog.search(body.searchKey, body.searchValue) }));
  route(serialSearchRoute, async ({ query }) => ({
    data: await catalog.serials(query.serial, query.includeInactive ?? false),
  }));
  // The product catalogue.
  route(listProductsRoute, async ({ query }) => productCatalogue.list(query));
  route(exportProductsRoute, async ({ query }) => productCatalogue.export(query));
  route(getProductRoute, async ({ params }) => productCatalogue.byId(params.id));
  route(createProductRoute, async ({ body, auth }) => productCatalogue.create(body, auth.user.id));
  route(updateProductRoute, async ({ params, body, auth }) => productCatalogue.update(params.id, body, auth.user.id));
  route(deleteProductRoute, async ({ params }) => productCatalogue.delete(params.id));
  route(createBrandRoute, async ({ body }) => productCatalogue.createBrand(body));
  route(createCategoryRoute, async ({ body }) => productCatalogue.createCategory(body));
  route(createManufacturerRoute, async ({ body }) => productCatalogue.createManufacturer(body));
  route(allManufacturersRoute, async () => ({ data: await productCatalogue.manufacturers() }));
}
