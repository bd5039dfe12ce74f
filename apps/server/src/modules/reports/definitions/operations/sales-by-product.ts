import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange, startsWith } from '../../report-definition.js';

/** Units sold per product in the range, best sellers first. */
export const salesByProduct = defineReport({
  slug: 'sales-by-product',
  name: 'Sales by Product',
  category: 'Operations',
  description: 'Units sold per product (transacted sales), with what is left on hand.',
  parameters: [...DATE_RANGE, { name: 'model', label: 'Model starts with', type: 'text', default: '' }],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'brand', label: 'Brand', type: 'text' },
    { key: 'units', label: 'Units Sold', type: 'integer' },
    { key: 'on_hand', label: 'On Hand', type: 'integer' },
  ],
  query: (p) => sql`
    select pr.model_number, coalesce(b.brand_name, '') as brand, sum(s.committed_quantity) as units,
      coalesce((select sum(i.quantity) from inventory i where i.product_id = pr.id), 0) as on_hand
    from committed_sales s join products pr on pr.id = s.product_id left join brands b on b.id = pr.fk_brand_id
    where s.transacted_at is not null and ${inRange(sql`s.transacted_at`, p)} and ${startsWith(sql`pr.model_number`, p.model)}
    group by pr.id, pr.model_number, b.brand_name
    order by units desc, pr.model_number, pr.id`,
});
