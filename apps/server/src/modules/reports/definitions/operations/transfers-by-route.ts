import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Transfers transacted in the range, per from and to bucket, with the average days from commit to transact. */
export const transfersByRoute = defineReport({
  slug: 'transfers-by-route',
  name: 'Transfers by Route',
  category: 'Operations',
  description: 'Units moved between buckets and how long the transfers took.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'from_bucket', label: 'From', type: 'text' },
    { key: 'to_bucket', label: 'To', type: 'text' },
    { key: 'transfers', label: 'Transfers', type: 'integer' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'avg_days', label: 'Average Days', type: 'integer' },
  ],
  query: (p) => sql`
    select from_bucket, to_bucket, count(*) as transfers, sum(coalesce(transferred_quantity, committed_quantity)) as units,
      round(avg(extract(epoch from transferred_at - committed_at) / 86400))::int as avg_days
    from committed_transfers
    where transferred_at is not null and ${inRange(sql`transferred_at`, p)}
    group by from_bucket, to_bucket
    order by units desc, from_bucket, to_bucket`,
});
