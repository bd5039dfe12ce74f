import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** Every live serial with its product and place: the largest report (a million rows), downloaded in the background. */
export const liveSerials = defineReport({
  slug: 'live-serials',
  name: 'Live Serials',
  category: 'Operations',
  description: 'Every serial in stock: model, bucket, condition and when it was received.',
  parameters: [{ name: 'bucket', label: 'Bucket starts with', type: 'text', default: '' }],
  columns: [
    { key: 'serial_number', label: 'Serial', type: 'id' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'condition_code', label: 'Condition', type: 'text' },
    { key: 'received_at', label: 'Received', type: 'timestamp' },
  ],
  background: true,
  query: (p) => sql`
    select s.serial_number, pr.model_number, coalesce(s.bucket, '') as bucket, coalesce(s.condition_code, '') as condition_code, s.created_at as received_at
    from inventory_serials s join products pr on pr.id = s.product_id
    where s.disposition_code = 'LIVE' and ${startsWith(sql`s.bucket`, p.bucket)}
    order by s.id`,
  // Every serial has its product (a foreign key, not null): the count needs neither the join nor the order.
  count: (p) =>
    sql`select count(*) as n from inventory_serials s where s.disposition_code = 'LIVE' and ${startsWith(sql`s.bucket`, p.bucket)}`,
});
