import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Committed transfers not transacted yet, oldest first. */
export const transferAging = defineReport({
  slug: 'transfer-aging',
  name: 'Transfer Aging',
  category: 'Operations',
  description: 'Open committed transfers with their age in days and how much of them is scanned.',
  parameters: [{ name: 'minDays', label: 'At least days old', type: 'number', default: 0 }],
  columns: [
    { key: 'reference', label: 'Reference', type: 'id' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'from_bucket', label: 'From', type: 'text' },
    { key: 'to_bucket', label: 'To', type: 'text' },
    { key: 'committed', label: 'Committed', type: 'integer' },
    { key: 'scanned', label: 'Scanned', type: 'integer' },
    { key: 'committed_at', label: 'Committed At', type: 'timestamp' },
    { key: 'age_days', label: 'Age (days)', type: 'integer' },
  ],
  query: (p) => sql`
    select t.ims_transaction_reference_id as reference, pr.model_number, t.from_bucket, t.to_bucket, t.committed_quantity as committed,
      t.total_scanned_quantity as scanned, t.committed_at, extract(day from now() - t.committed_at)::int as age_days
    from committed_transfers t join products pr on pr.id = t.product_id
    where t.transferred_at is null and t.committed_at <= now() - make_interval(days => ${p.minDays}::int)
    order by t.committed_at, t.id`,
});
