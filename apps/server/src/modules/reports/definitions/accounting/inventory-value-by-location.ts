import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** On-hand value at current cost per location. */
export const inventoryValueByLocation = defineReport({
  slug: 'inventory-value-by-location',
  name: 'Inventory Value by Location',
  category: 'Accounting',
  description: 'Units on hand and their value at current cost, location by location.',
  parameters: [],
  columns: [
    { key: 'location_code', label: 'Location', type: 'text' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'value', label: 'Value', type: 'money' },
  ],
  chart: { type: 'bar', x: 'location_code', series: ['value'] },
  query: () => sql`
    select b.location_code, sum(i.quantity) as units, sum(i.quantity::bigint * pr.current_cost_cents) as value
    from inventory i join buckets b on b.bucket = i.bucket join products pr on pr.id = i.product_id
    group by b.location_code
    order by b.location_code`,
});
