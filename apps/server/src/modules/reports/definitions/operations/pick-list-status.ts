import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Pick lists printed in the range: items on each and how many are picked. */
export const pickListStatus = defineReport({
  slug: 'pick-list-status',
  name: 'Pick List Status',
  category: 'Operations',
  description: 'Printed pick lists with their items, picked items and what is left to pick.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'pick_list', label: 'Pick List', type: 'integer' },
    { key: 'warehouse', label: 'Warehouse', type: 'text' },
    { key: 'printed_at', label: 'Printed', type: 'timestamp' },
    { key: 'items', label: 'Items', type: 'integer' },
    { key: 'picked', label: 'Picked', type: 'integer' },
    { key: 'left_to_pick', label: 'Left to Pick', type: 'integer' },
  ],
  query: (p) => sql`
    select l.id as pick_list, l.warehouse, l.printed_at, count(pi.id) as items, count(pi.picked_at) as picked, count(pi.id) - count(pi.picked_at) as left_to_pick
    from pick_lists l left join pick_list_items pi on pi.pick_list_id = l.id
    where ${inRange(sql`l.printed_at`, p)}
    group by l.id, l.warehouse, l.printed_at
    order by l.printed_at desc, l.id desc`,
});
