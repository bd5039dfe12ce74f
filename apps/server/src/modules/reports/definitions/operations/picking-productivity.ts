import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange, utcDay } from '../../report-definition.js';

/** Pick-list items picked per picker per UTC day. */
export const pickingProductivity = defineReport({
  slug: 'picking-productivity',
  name: 'Picking Productivity',
  category: 'Operations',
  description: 'Items and units each picker picked, day by day.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'picker', label: 'Picker', type: 'text' },
    { key: 'items', label: 'Items', type: 'integer' },
    { key: 'units', label: 'Units', type: 'integer' },
  ],
  query: (p) => sql`
    select ${utcDay(sql`pi.picked_at`)} as day, coalesce(u.username, '') as picker, count(*) as items, sum(coalesce(pi.picked_quantity, 0)) as units
    from pick_list_items pi left join users u on u.id = pi.picked_by_id
    where pi.picked_at is not null and ${inRange(sql`pi.picked_at`, p)}
    group by 1, 2
    order by 1, 2`,
});
