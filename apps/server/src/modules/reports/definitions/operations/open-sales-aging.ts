import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Committed sales not transacted yet, oldest first, with their age in days. */
export const openSalesAging = defineReport({
  slug: 'open-sales-aging',
  name: 'Open Sales Aging',
  category: 'Operations',
  description: 'Committed sales still open: how long they have waited and whether they are on a pick list.',
  parameters: [{ name: 'minDays', label: 'At least days old', type: 'number', default: 0 }],
  columns: [
    { key: 'reference', label: 'Reference', type: 'id' },
    { key: 'invoice', label: 'Invoice', type: 'id' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'source_bucket', label: 'Bucket', type: 'text' },
    { key: 'quantity', label: 'Units', type: 'integer' },
    { key: 'created_at', label: 'Committed', type: 'timestamp' },
    { key: 'age_days', label: 'Age (days)', type: 'integer' },
    { key: 'on_pick_list', label: 'On Pick List', type: 'text' },
  ],
  query: (p) => sql`
    select s.ims_transaction_reference_id as reference, s.legacy_pos_invoice_id as invoice, pr.model_number, s.source_bucket,
      s.committed_quantity as quantity, s.created_at, extract(day from now() - s.created_at)::int as age_days,
      case when s.on_pick_list then 'Yes' else 'No' end as on_pick_list
    from committed_sales s join products pr on pr.id = s.product_id
    where s.transacted_at is null and s.created_at <= now() - make_interval(days => ${p.minDays}::int)
    order by s.created_at, s.id`,
});
