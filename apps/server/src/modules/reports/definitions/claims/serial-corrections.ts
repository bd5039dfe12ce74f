import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Serials force-pushed by transfer scans (a serial found where the ledger did not have it) in the range. */
export const serialCorrections = defineReport({
  slug: 'serial-corrections',
  name: 'Serial Corrections',
  category: 'Claims',
  description: 'Force-pushed serials: units scanned in a bucket the records did not place them in.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'created_at', label: 'When', type: 'timestamp' },
    { key: 'reference', label: 'Reference', type: 'id' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'quantity_delta', label: 'Change', type: 'integer' },
    { key: 'username', label: 'By', type: 'text' },
  ],
  query: (p) => sql`
    select t.created_at, t.ims_transaction_reference_id as reference, pr.model_number, t.bucket, t.quantity_delta, coalesce(u.username, '') as username
    from inventory_transactions t join products pr on pr.id = t.product_id left join users u on u.id = t.user_id
    where t.type = 'INVENTORY_AUDIT_ADJUSTMENT' and t.details->>'reason' = 'force_push' and ${inRange(sql`t.created_at`, p)}
    order by t.created_at desc, t.id desc`,
});
