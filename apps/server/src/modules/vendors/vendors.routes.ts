import {
  createVendorRoute,
  deleteVendorRoute,
  exportVendorsRoute,
  getVendorRoute,
  listTermsRoute,
  listVendorsRoute,
  updateVendorRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerVendorsRoutes({ route, services }: ModuleContext): void {
  const { vendors } = services;
  route(listVendorsRoute, async () => ({ data: await vendors.list() }));
  route(exportVendorsRoute, async ({ query }) => vendors.export(query));
  route(createVendorRoute, async ({ body, auth }) => vendors.create(body, auth.user.id));
  route(getVendorRoute, async ({ params }) => vendors.get(params.id));
  route(updateVendorRoute, async ({ params, body, auth }) => vendors.update(params.id, body, auth.user.id));
  route(deleteVendorRoute, async ({ params }) => {
    await vendors.remove(params.id);
    return undefined;
  });
  route(listTermsRoute, async () => ({ data: await vendors.terms() }));
}
