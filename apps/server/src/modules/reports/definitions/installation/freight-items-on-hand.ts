import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Freight items (installed or delivered by truck) on hand, per location. */
export const freightItemsOnHand = defineReport({
  slug: 'freight-items-on-hand',
  name: 'Freight Items On Hand',
  category: 'Installation',
  description: 'Products shipped as freight and the units of them on hand at each location.',
  parameters: [],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'location_code', label: 'Location', type: 'text' },
    { key: 'units', label: 'Units', type: 'integer' },
  ],
  query: () => sql`
    select pr.model_number, b.location_code, sum(i.quantity) as units
    from inventory i join products pr on pr.id = i.product_id join buckets b on b.bucket = i.bucket
    where pr.item_type <> 'NON FREIGHT' and i.quantity <> 0
    group by pr.model_number, pr.id, b.location_code
    order by pr.model_number, pr.id, b.location_code`,
});
