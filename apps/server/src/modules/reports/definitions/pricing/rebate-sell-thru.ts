import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/**
 * Rebate sell thru: units sold in the range of products carrying a rebate, and the rebate to claim. The rebate per
 * unit is the product's `current_rebate` (002 §3, `current_rebate_cents`): products whose rebate is set and above 0
 * (docs/decisions.md "Reports engine").
 */
export const rebateSellThru = defineReport({
  slug: 'rebate-sell-thru',
  name: 'Rebate Sell Thru',
  category: 'Pricing',
  description: 'Units sold of products with a current rebate and the rebate they earn.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'brand', label: 'Brand', type: 'text' },
    { key: 'rebate_per_unit', label: 'Rebate per Unit', type: 'money' },
    { key: 'units_sold', label: 'Units Sold', type: 'integer' },
    { key: 'rebate', label: 'Rebate', type: 'money' },
  ],
  chart: { type: 'bar', x: 'model_number', series: ['rebate'] },
  query: (p) => sql`
    select pr.model_number, coalesce(b.brand_name, '') as brand, pr.current_rebate_cents as rebate_per_unit,
      sum(s.committed_quantity) as units_sold, sum(s.committed_quantity::bigint * pr.current_rebate_cents) as rebate
    from committed_sales s join products pr on pr.id = s.product_id left join brands b on b.id = pr.fk_brand_id
    where s.transacted_at is not null and ${inRange(sql`s.transacted_at`, p)} and pr.current_rebate_cents > 0
    group by pr.id, pr.model_number, b.brand_name
    order by rebate desc, pr.model_number, pr.id`,
});
