import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** On-hand per brand valued at cost and at MSRP. */
export const inventoryAtMsrp = defineReport({
  slug: 'inventory-at-msrp',
  name: 'Inventory at Cost and MSRP',
  category: 'Pricing',
  description: "Each brand's units on hand valued at current cost and at MSRP.",
  parameters: [],
  columns: [
    { key: 'brand', label: 'Brand', type: 'text' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'at_cost', label: 'At Cost', type: 'money' },
    { key: 'at_msrp', label: 'At MSRP', type: 'money' },
  ],
  chart: { type: 'bar', x: 'brand', series: ['at_cost', 'at_msrp'] },
  query: () => sql`
    select coalesce(b.brand_name, '(none)') as brand, sum(i.quantity) as units, sum(i.quantity::bigint * pr.current_cost_cents) as at_cost,
      sum(i.quantity::bigint * coalesce(pr.msrp_cents, 0)) as at_msrp
    from inventory i join products pr on pr.id = i.product_id left join brands b on b.id = pr.fk_brand_id
    group by 1
    order by 1`,
});
