import { holdingsSyncRoute, holdingsUploadRoute, settlementReportRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerUploadsRoutes({ route, services }: ModuleContext): void {
  const { uploads } = services;
  route(settlementReportRoute, async ({ body, auth }) => uploads.importSettlement(body, auth.user.id));
  route(holdingsUploadRoute, async ({ file, auth }) => uploads.uploadHoldings(file.filename, file.bytes, auth.user.id));
  route(holdingsSyncRoute, async ({ query, auth }) => uploads.syncHoldings(query.filename, auth.user.id));
}
