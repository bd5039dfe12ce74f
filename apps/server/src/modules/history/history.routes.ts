import { addHistoryNoteRoute, getHistoryRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerHistoryRoutes({ route, services }: ModuleContext): void {
  const { history } = services;
  route(getHistoryRoute, async ({ params, query, auth }) =>
    history.page(auth.user, params.entity, params.id, query.page, query.per_page),
  );
  route(addHistoryNoteRoute, async ({ params, body, auth }) =>
    history.addNote(auth.user, params.entity, params.id, body.note),
  );
}
