import {
  addPoLineRoute,
  applyToAllLinesRoute,
  confirmPurchaseOrderRoute,
  createPurchaseOrderRoute,
  deletePoLineRoute,
  emailPurchaseOrderRoute,
  finishPurchaseOrderRoute,
  getFullPurchaseOrderRoute,
  listPoStatusesRoute,
  listPurchaseOrdersRoute,
  exportPurchaseOrdersRoute,
  modelPoReconciliationRoute,
  purchaseByModelRoute,
  purchaseOrderPdfRoute,
  sendPurchaseOrderEdiRoute,
  updatePoLineRoute,
  updatePurchaseOrderRoute,
  updatePurchaseOrderTotalsRoute,
  FILE_TYPES,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerPurchaseOrdersRoutes({ route, services }: ModuleContext): void {
  const { purchaseOrders: po } = services;
  route(listPurchaseOrdersRoute, async ({ query }) => po.list(query));
  route(exportPurchaseOrdersRoute, async ({ query }) => po.export(query));
  route(purchaseByModelRoute, async ({ query }) => ({ data: await po.byModel(query.model) }));
  route(listPoStatusesRoute, async () => ({ data: await po.statuses() }));
  route(createPurchaseOrderRoute, async ({ body, auth }) => po.create(body, auth.user.id));
  route(getFullPurchaseOrderRoute, async ({ params }) => po.getFull(params.id));
  route(updatePurchaseOrderRoute, async ({ params, body, auth }) => po.update(params.id, body, auth.user.id));
  route(addPoLineRoute, async ({ body, auth }) => po.addLine(body, auth.user.id));
  route(updatePoLineRoute, async ({ params, body, auth }) => po.updateLine(params.id, body, auth.user.id));
  route(deletePoLineRoute, async ({ params, auth }) => po.deleteLine(params.id, auth.user.id));
  route(applyToAllLinesRoute, async ({ params, body, auth }) => po.applyToAllLines(params.id, body, auth.user.id));
  route(confirmPurchaseOrderRoute, async ({ params, auth }) => po.confirm(params.poId, auth.user.id));
  route(sendPurchaseOrderEdiRoute, async ({ params, auth }) => po.sendByEdi(params.poId, auth.user.id));
  route(updatePurchaseOrderTotalsRoute, async ({ params }) => po.totals(params.poId));
  route(finishPurchaseOrderRoute, async ({ params, auth }) => po.finish(params.poId, auth.user.id));
  route(purchaseOrderPdfRoute, async ({ params }) => ({
    body: await po.pdf(params.id),
    contentType: FILE_TYPES.pdf,
    disposition: 'inline' as const,
  }));
  route(emailPurchaseOrderRoute, async ({ params, body }) => po.email(params.id, body));
  route(modelPoReconciliationRoute, async ({ query }) => po.reconciliation(query.model));
}
