import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Products whose cart price is under their MAP (a MAP policy breach to check). */
export const belowMapPricing = defineReport({
  slug: 'below-map-pricing',
  name: 'Below MAP Pricing',
  category: 'Pricing',
  description: 'Products priced in the cart below their MAP, by how much.',
  parameters: [],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'map', label: 'MAP', type: 'money' },
    { key: 'cart_price', label: 'Cart Price', type: 'money' },
    { key: 'under_map', label: 'Under MAP', type: 'money' },
  ],
  query: () => sql`
    select model_number, map_cents as map, adj_cart_price_cents as cart_price, map_cents - adj_cart_price_cents as under_map
    from products
    where adj_cart_price_cents is not null and map_cents is not null and adj_cart_price_cents < map_cents
    order by under_map desc, model_number, id`,
});
