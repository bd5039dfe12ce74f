import type { DomainSampleBuilder } from './types.js';

/** Valid requests for the contacts routes: one contact (created through the service) they point at. */
export const buildContactsSamples: DomainSampleBuilder = async (t) => {
  const contact = await t.services.contacts.create(
    { first_name: 'Sample', last_name: 'Contact', city: 'Louisville', state: 'KY', zip: '40213', primary_phone: '(502) 555-0100', source: 'phone' },
    null,
  );
  return {
    'POST /api/contact/search': { body: { searchKey: 'name', searchValue: 'Sample Con', searchSize: 10 } },
    'POST /api/contact/name': { body: { firstName: 'Sam', lastName: 'Con', searchSize: 10 } },
    'GET /api/contact/export': { query: { searchBy: 'name', firstName: 'Sam', lastName: 'Con', format: 'csv' } },
    'GET /api/contact/{id}': { params: { id: contact.id } },
    'POST /api/contact/store': { body: { first_name: 'Stored', last_name: 'Sample', state: 'TX', source: 'online' } },
    'POST /api/contact/update': { body: { id: contact.id, city: 'Lexington' } },
    'POST /api/contact/contactHistory': { body: { searchKey: 'sold_contact_id', searchValue: contact.id, searchSize: 10 } },
  };
};
