import {
  createSavedViewRoute,
  deleteSavedViewRoute,
  listSavedViewsRoute,
  setSavedViewDefaultRoute,
  updateSavedViewRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerSavedViewsRoutes({ route, services }: ModuleContext): void {
  const { savedViews } = services;
  route(listSavedViewsRoute, async ({ query, auth }) => savedViews.list(auth.user, query.list));
  route(createSavedViewRoute, async ({ body, auth }) => savedViews.create(auth.user, body));
  route(updateSavedViewRoute, async ({ params, body, auth }) => savedViews.update(auth.user, params.id, body));
  route(deleteSavedViewRoute, async ({ params, auth }) => savedViews.remove(auth.user, params.id));
  route(setSavedViewDefaultRoute, async ({ params, body, auth }) =>
    savedViews.setDefault(auth.user, params.id, body.is_default),
  );
}
