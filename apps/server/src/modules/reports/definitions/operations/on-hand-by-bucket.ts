import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** Units on hand per bucket and how many products they are. */
export const onHandByBucket = defineReport({
  slug: 'on-hand-by-bucket',
  name: 'On Hand by Bucket',
  category: 'Operations',
  description: 'Units and products on hand in each bucket.',
  parameters: [{ name: 'bucket', label: 'Bucket starts with', type: 'text', default: '' }],
  columns: [
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'condition_code', label: 'Condition', type: 'text' },
    { key: 'products', label: 'Products', type: 'integer' },
    { key: 'units', label: 'Units', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'bucket', series: ['units'] },
  query: (p) => sql`
    select i.bucket, b.condition_code, count(*) filter (where i.quantity <> 0) as products, sum(i.quantity) as units
    from inventory i join buckets b on b.bucket = i.bucket
    where ${startsWith(sql`i.bucket`, p.bucket)}
    group by i.bucket, b.condition_code
    order by i.bucket`,
});
