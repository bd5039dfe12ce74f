import {
  dropShipInventoryRoute,
  inventoryProductPreviewRoute,
  inventorySearchCriteria,
  inventorySearchRoute,
  inventorySerialHistoryRoute,
  inventorySerialRoute,
  inventoryTransactionRoute,
  productPreviewRoute,
  serialsByProxyRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerInventoryRoutes({ route, services }: ModuleContext): void {
  const { inventory } = services;
  route(inventorySearchRoute, async ({ query }) =>
    inventory.search({
      ...inventorySearchCriteria(query),
      includeInactive: query.includeInactive,
      exact: query.exact,
      bucket: query.bucket,
    }),
  );
  route(productPreviewRoute, async ({ query }) => inventory.preview(query.model));
  route(inventoryProductPreviewRoute, async ({ query }) => inventory.preview(query.model));
  route(inventorySerialRoute, async ({ params }) => inventory.serial(params.id));
  route(inventorySerialHistoryRoute, async ({ params }) => ({ data: await inventory.serialHistory(params.id) }));
  route(inventoryTransactionRoute, async ({ params }) => inventory.transaction(params.id));
  route(serialsByProxyRoute, async ({ query }) => ({ data: await inventory.serialsByProxy(query) }));
  route(dropShipInventoryRoute, async ({ query }) => ({ data: await inventory.dropShip(query.model) }));
}
