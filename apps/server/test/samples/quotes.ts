import type { TestApp } from '../harness.js';
import { createTransferFixture } from './transfers.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

/**
 * Valid requests for the quote routes (issue 16): a contact, a product with units in KY01_B_STOCK (received through the
 * ledger), and a quote with one B_STOCK unit and one labor line. Calls that use up their target (deletes, convert) get
 * a fresh quote each time.
 */
export const buildQuotesSamples: DomainSampleBuilder = async (t: TestApp) => {
  const { product, actor: user } = await createTransferFixture(t, 120);
  const contact = await t.services.contacts.create({ first_name: 'Sample', last_name: 'Quoter', city: 'Louisville', state: 'KY', zip: '40213' }, null);
  const quote = async () => {
    const created = await t.services.quotes.store({ sold_contact_id: contact.id, notes: 'Sample quote' }, user);
    await t.services.quotes.addItem({ quote_id: created.quote.id, productId: product.id, condition: 'B_STOCK', number_units: 1, unit_price: 10 });
    return t.services.quotes.addLaborLine({ quote_id: created.quote.id, description: 'Sample install', labor_type: 'HOURLY', hours: 1.5, rate: 40 });
  };
  const base = await quote();
  const converted = await quote();
  const order = await t.services.quotes.convert(converted.quote.id, undefined, user);
  const q = base.quote.id;
  return {
    'POST /api/quote/store': { body: { sold_contact_id: contact.id, quote_type: 'INSTALLATION', shipping_total: 12.5 } },
    'POST /api/quote/update': { body: { id: q, notes: 'Updated sample', approval_status: 'APPROVED' } },
    'POST /api/quote/search': { body: { searchKey: 'name', searchValue: 'Sample Quo', searchSize: 10 } },
    'POST /api/quote/item': { body: { quote_id: q, productId: product.id, condition: 'NEW', number_units: 1 } },
    'POST /api/quote/item/update': { body: { id: base.items[0]!.id, quote_id: q, condition: 'B_STOCK', number_units: 2, unit_price: 11.5 } },
    'POST /api/quote/item/search': { body: { quote_id: q } },
    'DELETE /api/quote/item/{id}': { params: { id: base.items[0]!.id }, fresh: async () => ({ params: { id: (await quote()).items[0]!.id } }) },
    'GET /api/quote/getFull/{id}': { params: { id: q } },
    'GET /api/quote/convertToOrder/{id}': {
      params: { id: converted.quote.id },
      query: { location: 'KY01' },
      fresh: async (): Promise<RouteSample> => ({ params: { id: (await quote()).quote.id }, query: { location: 'KY01' } }),
    },
    'POST /api/contact/quotes': { body: { contact_id: contact.id, searchSize: 10 } },
    'POST /api/contact/quotes/name': { body: { firstName: 'Sam', lastName: 'Quo', searchSize: 10 } },
    'POST /api/quote/laborLines': { body: { quote_id: q, description: 'Haul away', labor_type: 'FLAT', rate: 25 } },
    'POST /api/quote/laborLines/update': { body: { id: base.labor_lines[0]!.id, hours: 2, rate: 45 } },
    'GET /api/quote/laborLines/delete/{id}': {
      params: { id: base.labor_lines[0]!.id },
      fresh: async () => ({ params: { id: (await quote()).labor_lines[0]!.id } }),
    },
    'GET /api/quote/{id}/pdf': { params: { id: q } },
    'GET /api/work-order/{id}': { params: { id: order.id } },
  };
};
