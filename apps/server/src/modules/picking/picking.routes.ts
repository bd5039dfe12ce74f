import {
  getAlreadyPickedItemRoute,
  getPickItemRoute,
  listPrintedRoute,
  listUnprintedRoute,
  pickItemRoute,
  pickListDocumentRoute,
  printPickListRoute,
  unprintPickItemRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerPickingRoutes({ route, services }: ModuleContext): void {
  const { picking } = services;
  route(getPickItemRoute, async ({ params }) => picking.item(params.id));
  route(getAlreadyPickedItemRoute, async ({ params }) => picking.alreadyPicked(params.id));
  route(pickItemRoute, async ({ params, body, auth }) => picking.pick(params.id, body, auth.user));
  route(listUnprintedRoute, async ({ query }) => picking.unprinted(query));
  route(listPrintedRoute, async ({ query }) => picking.printed(query));
  route(printPickListRoute, async ({ body, auth }) => picking.print(body, auth.user));
  route(unprintPickItemRoute, async ({ params }) => picking.unprint(params.id));
  route(pickListDocumentRoute, async ({ params, query }) => {
    const doc = await picking.document(params.pickListId, query.format);
    return { body: doc.body, contentType: doc.contentType, fileName: doc.filename, disposition: 'inline' as const };
  });
}
