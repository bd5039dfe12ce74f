import {
  getSupplySourceDetailsRoute,
  updateSupplySourceDetailsRoute,
  updateSupplySourceStatusRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerSupplySourcesRoutes({ route, services }: ModuleContext): void {
  const { supplySources } = services;
  route(getSupplySourceDetailsRoute, async ({ params }) => supplySources.details(params.location));
  route(updateSupplySourceDetailsRoute, async ({ body, auth }) => supplySources.update(body, auth.user));
  route(updateSupplySourceStatusRoute, async ({ body, auth }) => supplySources.setStatus(body, auth.user));
}
