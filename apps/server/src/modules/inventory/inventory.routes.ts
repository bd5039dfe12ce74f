import {
  dropShipInventoryRoute,
  serialsByProxyRoute, inventorySearchRoute, inventorySerialHistoryRoute, inventorySerialRoute, inventoryTransactionRoute, productPreviewRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerInventoryRoutes({ route, services }: ModuleContext): void {
  const { inventory } = services;
  route(inventorySearchRoute, async ({ query }) => inventory.search(query));
  route(productPreviewRoute, async ({ query }) => inventory.preview(query.model));
  route(inventorySerialRoute, async ({ params }) => inventory.serial(params.id));
  route(inventorySerialHistoryRoute, async ({ params }) => ({ data: await inventory.serialHistory(params.id) }));
  route(inventoryTransactionRoute, async ({ params }) => inventory.transaction(params.id));
  route(serialsByProxyRoute, async ({ query }) => ({ data: await inventory.serialsByProxy(query) }));
  route(dropShipInventoryRoute, async ({ query }) => ({ data: await inventory.dropShip(query.model) }));
}
