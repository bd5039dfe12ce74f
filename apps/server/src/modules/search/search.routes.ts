import { searchRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

/** GET /api/search. */
export function registerSearchRoutes({ route, services }: ModuleContext): void {
  route(searchRoute, async ({ query, auth }) => services.search.search(auth.user.role, query.q, query.limit));
}
