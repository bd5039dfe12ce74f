import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Active products set up without a cost or a MAP: their valuations and margins read as zero. */
export const productsMissingCost = defineReport({
  slug: 'products-missing-cost',
  name: 'Products Missing Cost or MAP',
  category: 'Installation',
  description: 'Active products whose current cost is zero or whose MAP is not set.',
  parameters: [],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'description', label: 'Description', type: 'text' },
    { key: 'current_cost', label: 'Current Cost', type: 'money' },
    { key: 'map', label: 'MAP', type: 'money' },
  ],
  query: () => sql`
    select model_number, description, current_cost_cents as current_cost, map_cents as map
    from products
    where status = 'ACTIVE' and (current_cost_cents = 0 or map_cents is null)
    order by model_number, id`,
});
