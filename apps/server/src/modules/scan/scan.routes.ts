import { listScanSettingsRoute, updateScanSettingsRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerScanRoutes({ route, services }: ModuleContext): void {
  const { scan } = services;
  route(listScanSettingsRoute, async () => ({ data: await scan.list() }));
  route(updateScanSettingsRoute, async ({ params, body, auth }) => scan.update(params.locationCode, body, auth.user));
}
