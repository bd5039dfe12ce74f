import { productHistoryRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

/** The inventory events simulation (001 §7 GET /ims/inventory/product/history/?model={m}&page={n}). */
export function registerSimulationRoutes({ route, services }: ModuleContext): void {
  route(productHistoryRoute, async ({ query }) => services.simulation.history(query));
}
