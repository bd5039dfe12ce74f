import {
  addLaborLineRoute,
  addQuoteItemRoute,
  contactQuotesByNameRoute,
  contactQuotesRoute,
  convertQuoteRoute,
  deleteLaborLineRoute,
  deleteQuoteItemRoute,
  getFullQuoteRoute,
  getWorkOrderRoute,
  quotePdfRoute,
  searchQuoteItemsRoute,
  searchQuotesRoute,
  storeQuoteRoute,
  updateLaborLineRoute,
  updateQuoteItemRoute,
  updateQuoteRoute,
  FILE_TYPES,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

/** The quote calls of 002 §7 "Quotes", the printable quote and the work order; each hands its input to the service. */
export function registerQuotesRoutes({ route, services }: ModuleContext): void {
  const { quotes } = services;
  route(storeQuoteRoute, async ({ body, auth }) => quotes.store(body, auth.user));
  route(updateQuoteRoute, async ({ body }) => quotes.update(body));
  route(searchQuotesRoute, async ({ body }) => ({
    data: await quotes.search(body.searchKey, body.searchValue, body.searchSize),
  }));
  route(addQuoteItemRoute, async ({ body }) => quotes.addItem(body));
  route(updateQuoteItemRoute, async ({ body }) => quotes.updateItem(body));
  route(searchQuoteItemsRoute, async ({ body }) => ({ data: await quotes.searchItems(body.quote_id, body.model) }));
  route(deleteQuoteItemRoute, async ({ params }) => quotes.deleteItem(params.id));
  route(getFullQuoteRoute, async ({ params }) => quotes.full(params.id));
  route(convertQuoteRoute, async ({ params, query, auth }) => quotes.convert(params.id, query.location, auth.user));
  route(contactQuotesRoute, async ({ body }) => ({
    data: await quotes.contactQuotes(body.contact_id, body.searchSize),
  }));
  route(contactQuotesByNameRoute, async ({ body }) => ({
    data: await quotes.contactQuotesByName(body.firstName, body.lastName, body.searchSize),
  }));
  route(addLaborLineRoute, async ({ body }) => quotes.addLaborLine(body));
  route(updateLaborLineRoute, async ({ body }) => quotes.updateLaborLine(body));
  route(deleteLaborLineRoute, async ({ params }) => quotes.deleteLaborLine(params.id));
  route(getWorkOrderRoute, async ({ params }) => quotes.workOrder(params.id));
  route(quotePdfRoute, async ({ params }) => {
    const { pdf, filename } = await quotes.pdf(params.id);
    return { body: pdf, contentType: FILE_TYPES.pdf, fileName: filename, disposition: 'inline' as const };
  });
}
