import type { Services } from '../services.js';

/**
 * Demo quotes: for a few demo contacts, quotes with units (products on hand in KY01) and installation
 * labor; the first is converted to a work order (its units committed from KY01), one is sent and one declined, the
 * rest open. Answers how many quotes and work orders were made.
 */
export async function loadDemoQuotes(
  services: Services,
  actor: { id: number },
): Promise<{ quotes: number; workOrders: number }> {
  const contacts = (await services.contacts.search('address', 'KY', 6)).concat(
    await services.contacts.search('address', 'TX', 2),
  );
  const products = await services.quotes.productsOnHand('KY01', 6, 8);
  if (!contacts.length || products.length < 2) return { quotes: 0, workOrders: 0 };
  let quotes = 0;
  let workOrders = 0;
  for (const [i, contact] of contacts.slice(0, 6).entries()) {
    const full = await services.quotes.store(
      {
        sold_contact_id: contact.id,
        quote_type: i % 3 === 0 ? 'INSTALLATION' : 'RETAIL',
        lead_source: ['Walk-in', 'Phone', 'Website'][i % 3],
        primary_product_interest: ['Refrigeration', 'Cooking', 'Laundry'][i % 3],
        shipping_total: i % 2 === 0 ? 49.99 : 0,
        notes: i === 0 ? 'Deliver after 2 pm; remove the old unit.' : null,
      },
      actor,
    );
    const id = full.quote.id;
    await services.quotes.addItem({ quote_id: id, productId: products[i % products.length]!, number_units: 1 });
    await services.quotes.addItem({
      quote_id: id,
      productId: products[(i + 1) % products.length]!,
      number_units: 1 + (i % 2),
    });
    await services.quotes.addLaborLine({
      quote_id: id,
      description: 'Installation',
      labor_type: 'HOURLY',
      hours: 1.5 + i * 0.25,
      rate: 85,
    });
    if (i % 2 === 0)
      await services.quotes.addLaborLine({
        quote_id: id,
        description: 'Haul away old unit',
        labor_type: 'FLAT',
        rate: 35,
      });
    quotes += 1;
    if (i === 1) await services.quotes.update({ id, quote_status: 'SENT' });
    if (i === 4)
      await services.quotes.update({
        id,
        quote_status: 'DECLINED',
        approval_status: 'REJECTED',
        approval_status_notes: 'Customer chose another retailer',
      });
    if (i === 0 || i === 2) {
      await services.quotes.update({ id, quote_status: 'ACCEPTED', approval_status: 'APPROVED' });
      await services.quotes.convert(id, 'KY01', actor);
      workOrders += 1;
    }
  }
  return { quotes, workOrders };
}
