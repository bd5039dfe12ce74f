import {
  auditBatchDetailsRoute,
  auditReviewRoute,
  createAuditBatchRoute,
  deleteAuditItemRoute,
  deleteAuditSerialRoute,
  finishAuditBatchRoute,
  listAuditBatchesRoute,
  exportAuditBatchesRoute,
  listAuditItemsRoute,
  listCompletedAuditBatchesRoute,
  quickAddScannedAuditItemRoute,
  requestAuditItemRoute,
  resolveAuditItemRoute,
  transactAuditItemRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

/** Physical audits (001 §7 "Audits"). */
export function registerAuditsRoutes({ route, services }: ModuleContext): void {
  const { audits } = services;
  route(listAuditBatchesRoute, async () => audits.listBatches(false));
  route(listCompletedAuditBatchesRoute, async () => audits.listBatches(true));
  route(exportAuditBatchesRoute, async ({ query }) => audits.exportBatches(query));
  route(createAuditBatchRoute, async ({ body, auth }) => audits.createBatch(body, auth.user));
  route(listAuditItemsRoute, async ({ query }) => audits.items(query.auditBatchId));
  route(auditBatchDetailsRoute, async ({ query }) => audits.batch(query.auditBatchId));
  route(finishAuditBatchRoute, async ({ body, auth }) => audits.finishBatch(body.audit_batch_id, auth.user));
  route(deleteAuditItemRoute, async ({ params }) => audits.deleteItem(params.transactionReferenceId));
  route(requestAuditItemRoute, async ({ body, auth }) => audits.request(body, auth.user));
  route(quickAddScannedAuditItemRoute, async ({ body, auth }) => audits.quickAdd(body, auth.user));
  route(deleteAuditSerialRoute, async ({ params }) => audits.deleteSerial(params.id));
  route(auditReviewRoute, async ({ params }) => audits.review(params.ref));
  route(transactAuditItemRoute, async ({ params, body, auth }) =>
    audits.submit(params.ref, 'transact', body, auth.user),
  );
  route(resolveAuditItemRoute, async ({ params, body, auth }) => audits.submit(params.ref, 'resolve', body, auth.user));
}
