import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** On-hand per product and bucket valued at the product's current cost. */
export const accountingInventory = defineReport({
  slug: 'accounting-inventory',
  name: 'Accounting Inventory',
  category: 'Accounting',
  description: 'Every bucket holding stock: units on hand and their value at current cost.',
  parameters: [
    { name: 'bucket', label: 'Bucket starts with', type: 'text', default: '' },
    { name: 'model', label: 'Model starts with', type: 'text', default: '' },
  ],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'quantity', label: 'On Hand', type: 'integer' },
    { key: 'unit_cost', label: 'Unit Cost', type: 'money' },
    { key: 'value', label: 'Value', type: 'money' },
  ],
  background: true,
  query: (p) => sql`
    select pr.model_number, i.bucket, i.quantity, pr.current_cost_cents as unit_cost, i.quantity::bigint * pr.current_cost_cents as value
    from inventory i join products pr on pr.id = i.product_id
    where i.quantity <> 0 and ${startsWith(sql`i.bucket`, p.bucket)} and ${startsWith(sql`pr.model_number`, p.model)}
    order by pr.model_number, i.bucket, i.product_id`,
});
