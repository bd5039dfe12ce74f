import { accountingInventoryReportRoute, adjustableInventoryRoute, adjustmentBucketsRoute, adminAdjustmentRoute, previousAuditAdjustmentsRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerAuditAdjustmentsRoutes({ route, services }: ModuleContext): void {
  const { auditAdjustments } = services;
  route(adjustmentBucketsRoute, async () => auditAdjustments.buckets());
  route(previousAuditAdjustmentsRoute, async ({ query }) => auditAdjustments.previous(query));
  route(adjustableInventoryRoute, async ({ query }) => auditAdjustments.inventory(query.model));
  route(adminAdjustmentRoute, async ({ body, auth }) => auditAdjustments.adjust(body, auth.user));
  route(accountingInventoryReportRoute, async ({ query }) => auditAdjustments.accountingReport(query.model));
}
