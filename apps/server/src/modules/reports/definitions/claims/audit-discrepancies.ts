import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Audit counts submitted in the range that differed from the recorded quantity. */
export const auditDiscrepancies = defineReport({
  slug: 'audit-discrepancies',
  name: 'Audit Discrepancies',
  category: 'Claims',
  description: 'Physical audit counts that found more or fewer units than recorded, with their value.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'submitted_at', label: 'Submitted', type: 'timestamp' },
    { key: 'batch', label: 'Audit', type: 'text' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'recorded', label: 'Recorded', type: 'integer' },
    { key: 'counted', label: 'Counted', type: 'integer' },
    { key: 'delta', label: 'Difference', type: 'integer' },
    { key: 'value', label: 'Value', type: 'money' },
  ],
  query: (p) => sql`
    select a.submitted_at, b.name as batch, pr.model_number, a.bucket, a.recorded_qty_at_start_of_tally as recorded, a.tallied_quantity as counted,
      a.submitted_delta as delta, a.submitted_delta::bigint * pr.current_cost_cents as value
    from audit_items a join audit_batches b on b.id = a.batch_id join products pr on pr.id = a.product_id
    where a.submitted_at is not null and a.submitted_delta <> 0 and ${inRange(sql`a.submitted_at`, p)}
    order by a.submitted_at desc, a.id desc`,
});
