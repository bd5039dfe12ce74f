import { healthRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerHealthRoutes({ route, dbKind }: ModuleContext): void {
  route(healthRoute, async () => ({ status: 'ok' as const, database: dbKind }));
}
