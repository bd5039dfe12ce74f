import {
  contactHistoryRoute,
  createContactRoute,
  exportContactsRoute,
  getContactRoute,
  searchContactsByNameRoute,
  searchContactsRoute,
  updateContactRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

/** The /contact calls of 000 §7; each hands its parsed input to one service method. */
export function registerContactsRoutes({ route, services }: ModuleContext): void {
  const { contacts } = services;
  route(exportContactsRoute, async ({ query }) => contacts.export(query));
  route(searchContactsRoute, async ({ body }) => ({
    data: await contacts.search(body.searchKey, body.searchValue, body.searchSize),
  }));
  route(searchContactsByNameRoute, async ({ body }) => ({
    data: await contacts.searchByName(body.firstName, body.lastName, body.searchSize),
  }));
  route(getContactRoute, async ({ params }) => contacts.byId(params.id));
  route(createContactRoute, async ({ body, auth }) => contacts.create(body, auth.user.id));
  route(updateContactRoute, async ({ body: { id, ...fields }, auth }) => contacts.update(id, fields, auth.user.id));
  route(contactHistoryRoute, async ({ body }) => ({ data: await contacts.history(body.searchValue, body.searchSize) }));
}
