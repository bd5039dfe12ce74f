import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Serialized units sold in the range per product, and how long they were in stock (serial created to sold). */
export const serialVelocity = defineReport({
  slug: 'serial-velocity',
  name: 'Serial Velocity',
  category: 'Operations',
  description: 'Serials sold per product and their average and longest days from receipt to sale.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'serials_sold', label: 'Serials Sold', type: 'integer' },
    { key: 'avg_days', label: 'Average Days in Stock', type: 'integer' },
    { key: 'max_days', label: 'Longest Days in Stock', type: 'integer' },
    { key: 'live_serials', label: 'Live Serials', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'model_number', series: ['serials_sold'] },
  query: (p) => sql`
    select pr.model_number, count(*) as serials_sold,
      round(avg(extract(epoch from t.created_at - se.created_at) / 86400))::int as avg_days,
      floor(max(extract(epoch from t.created_at - se.created_at) / 86400))::int as max_days,
      (select count(*) from inventory_serials l where l.product_id = pr.id and l.disposition_code = 'LIVE') as live_serials
    from inventory_transactions t
    join inventory_transaction_serials ts on ts.transaction_id = t.id
    join inventory_serials se on se.id = ts.serial_id
    join products pr on pr.id = t.product_id
    where t.type = 'INVENTORY_SALE' and ${inRange(sql`t.created_at`, p)}
    group by pr.id, pr.model_number
    order by serials_sold desc, pr.model_number, pr.id`,
});
