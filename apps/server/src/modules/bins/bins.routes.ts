import {
  binLabelsRoute,
  createBinRoute,
  deleteBinRoute,
  exportBinsRoute,
  listBinsRoute,
  listBinsUnprefixedRoute,
  updateBinItemsRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerBinsRoutes({ route, services }: ModuleContext): void {
  const { bins } = services;
  route(listBinsRoute, async ({ query }) => bins.list(query));
  route(listBinsUnprefixedRoute, async ({ query }) => bins.list(query));
  route(exportBinsRoute, async ({ query }) => bins.export(query));
  route(createBinRoute, async ({ body, auth }) => bins.create(body, auth.user));
  route(deleteBinRoute, async ({ params, auth }) => bins.remove(params.id, auth.user));
  route(updateBinItemsRoute, async ({ params, body, auth }) => bins.updateItems(params.binId, body, auth.user));
  route(binLabelsRoute, async ({ query }) => {
    const label = await bins.labels(query.ids, query.format ?? 'pdf');
    return { body: label.body, contentType: label.contentType, fileName: label.filename };
  });
}
