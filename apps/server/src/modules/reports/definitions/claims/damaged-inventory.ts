import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Stock held in damaged buckets, valued at current cost: what to claim or write off. */
export const damagedInventory = defineReport({
  slug: 'damaged-inventory',
  name: 'Damaged Inventory',
  category: 'Claims',
  description: 'Units on hand in DAMAGED buckets, by product and bucket, at current cost.',
  parameters: [],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'quantity', label: 'Units', type: 'integer' },
    { key: 'value', label: 'Value', type: 'money' },
  ],
  query: () => sql`
    select pr.model_number, i.bucket, i.quantity, i.quantity::bigint * pr.current_cost_cents as value
    from inventory i join buckets b on b.bucket = i.bucket join products pr on pr.id = i.product_id
    where b.condition_code = 'DAMAGED' and i.quantity <> 0
    order by value desc, pr.model_number, i.bucket`,
});
