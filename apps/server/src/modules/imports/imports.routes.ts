import { confirmImportRoute, exportImportEntityRoute, getImportRoute, importDryRunRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerImportsRoutes({ route, services }: ModuleContext): void {
  const { imports } = services;
  route(importDryRunRoute, async ({ params, query, file, auth }) =>
    imports.dryRun(params.entity, file, query.mapping, auth.user.id),
  );
  route(getImportRoute, async ({ params, query }) => imports.get(params.id, query));
  route(confirmImportRoute, async ({ params, auth }) => imports.confirm(params.id, auth.user.id));
  route(exportImportEntityRoute, async ({ params }) => imports.export(params.entity));
}
