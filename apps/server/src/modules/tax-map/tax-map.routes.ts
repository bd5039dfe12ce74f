import { platformsAllRoute, setTaxCellRoute, statesAllRoute, taxMapAllRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerTaxMapRoutes({ route, services }: ModuleContext): void {
  const { taxMap } = services;
  route(taxMapAllRoute, async () => ({ data: await taxMap.all() }));
  route(statesAllRoute, async () => ({ data: taxMap.states() }));
  route(platformsAllRoute, async () => ({ data: taxMap.platforms() }));
  route(setTaxCellRoute, async ({ params, auth }) =>
    taxMap.set(params.platform_code, params.state_code, params.collectAndRemitTax, auth.user),
  );
}
