import {
  accountingInventoryReportRoute,
  adjustableInventoryRoute,
  adjustmentBucketsRoute,
  adminAdjustmentRoute,
  previousAuditAdjustmentsRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerAdminAdjustmentsRoutes({ route, services }: ModuleContext): void {
  const { adminAdjustments } = services;
  route(adjustmentBucketsRoute, async () => adminAdjustments.buckets());
  route(previousAuditAdjustmentsRoute, async ({ query }) => adminAdjustments.previous(query));
  route(adjustableInventoryRoute, async ({ query }) => adminAdjustments.inventory(query.model));
  route(adminAdjustmentRoute, async ({ body, auth }) => adminAdjustments.adjust(body, auth.user));
  route(accountingInventoryReportRoute, async ({ query }) => adminAdjustments.accountingReport(query.model));
}
