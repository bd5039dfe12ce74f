import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Average margin at MAP per brand, over active products with a MAP. */
export const marginByBrand = defineReport({
  slug: 'margin-by-brand',
  name: 'Margin by Brand',
  category: 'Pricing',
  description: "Each brand's products with a MAP and their average margin at MAP.",
  parameters: [],
  columns: [
    { key: 'brand', label: 'Brand', type: 'text' },
    { key: 'products', label: 'Products', type: 'integer' },
    { key: 'avg_margin', label: 'Average Margin', type: 'percent' },
  ],
  chart: { type: 'bar', x: 'brand', series: ['avg_margin'] },
  query: () => sql`
    select coalesce(b.brand_name, '(none)') as brand, count(*) as products,
      avg(100.0 * (pr.map_cents - pr.current_cost_cents) / pr.map_cents) as avg_margin
    from products pr left join brands b on b.id = pr.fk_brand_id
    where pr.status = 'ACTIVE' and pr.map_cents > 0
    group by 1
    order by 1`,
});
