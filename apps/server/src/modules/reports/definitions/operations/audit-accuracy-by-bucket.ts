import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Audit counts submitted in the range per bucket: how many matched the records (accuracy) and units off. */
export const auditAccuracyByBucket = defineReport({
  slug: 'audit-accuracy-by-bucket',
  name: 'Audit Accuracy by Bucket',
  category: 'Operations',
  description: 'Per bucket: audit counts, counts that matched the records, accuracy and units found over or short.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'counts', label: 'Counts', type: 'integer' },
    { key: 'matched', label: 'Matched', type: 'integer' },
    { key: 'accuracy', label: 'Accuracy', type: 'percent' },
    { key: 'units_over', label: 'Units Over', type: 'integer' },
    { key: 'units_short', label: 'Units Short', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'bucket', series: ['accuracy'] },
  query: (p) => sql`
    select bucket, count(*) as counts, count(*) filter (where submitted_delta = 0) as matched,
      100.0 * count(*) filter (where submitted_delta = 0) / count(*) as accuracy,
      coalesce(sum(submitted_delta) filter (where submitted_delta > 0), 0) as units_over,
      coalesce(-sum(submitted_delta) filter (where submitted_delta < 0), 0) as units_short
    from audit_items
    where submitted_at is not null and ${inRange(sql`submitted_at`, p)}
    group by bucket
    order by bucket`,
});
