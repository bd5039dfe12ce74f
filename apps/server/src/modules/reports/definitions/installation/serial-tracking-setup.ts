import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Serial-tracked products: serials per item, live serials and units on hand, and whether the two agree. */
export const serialTrackingSetup = defineReport({
  slug: 'serial-tracking-setup',
  name: 'Serial Tracking Setup',
  category: 'Installation',
  description: 'Serial-tracked products with their serials per item, live serials and on-hand units.',
  parameters: [],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'serials_per_item', label: 'Serials per Item', type: 'integer' },
    { key: 'live_serials', label: 'Live Serials', type: 'integer' },
    { key: 'on_hand', label: 'On Hand', type: 'integer' },
  ],
  query: () => sql`
    select pr.model_number, pr.num_of_serials_per_item as serials_per_item,
      coalesce(s.live, 0) as live_serials, coalesce(i.units, 0) as on_hand
    from products pr
    left join (select product_id, count(*) as live from inventory_serials where disposition_code = 'LIVE' group by product_id) s on s.product_id = pr.id
    left join (select product_id, sum(quantity) as units from inventory group by product_id) i on i.product_id = pr.id
    where pr.serial_number_tracked
    order by pr.model_number, pr.id`,
});
