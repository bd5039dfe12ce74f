import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** Every active product's prices and its margin at MAP. */
export const priceList = defineReport({
  slug: 'price-list',
  name: 'Price List',
  category: 'Pricing',
  description: 'Cost, MAP, adjusted MAP, cart price, MSRP and margin at MAP of every active product.',
  parameters: [{ name: 'model', label: 'Model starts with', type: 'text', default: '' }],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'brand', label: 'Brand', type: 'text' },
    { key: 'cost', label: 'Cost', type: 'money' },
    { key: 'map', label: 'MAP', type: 'money' },
    { key: 'adj_map', label: 'Adjusted MAP', type: 'money' },
    { key: 'cart_price', label: 'Cart Price', type: 'money' },
    { key: 'msrp', label: 'MSRP', type: 'money' },
    { key: 'margin_at_map', label: 'Margin at MAP', type: 'percent' },
  ],
  background: true,
  query: (p) => sql`
    select pr.model_number, coalesce(b.brand_name, '') as brand, pr.current_cost_cents as cost, pr.map_cents as map, pr.adj_map_cents as adj_map,
      pr.adj_cart_price_cents as cart_price, pr.msrp_cents as msrp,
      case when pr.map_cents > 0 then 100.0 * (pr.map_cents - pr.current_cost_cents) / pr.map_cents end as margin_at_map
    from products pr left join brands b on b.id = pr.fk_brand_id
    where pr.status = 'ACTIVE' and ${startsWith(sql`pr.model_number`, p.model)}
    order by pr.model_number, pr.id`,
});
