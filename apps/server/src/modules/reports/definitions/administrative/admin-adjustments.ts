import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Admin-level inventory adjustments (docs/decisions.md, "Admin-level inventory adjustments") in the range: the ledger rows they wrote. */
export const adminAdjustments = defineReport({
  slug: 'admin-adjustments',
  name: 'Admin Adjustments',
  category: 'Administrative',
  description: 'On-hand quantities set by administrators: product, bucket, change and who made it.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'created_at', label: 'When', type: 'timestamp' },
    { key: 'reference', label: 'Reference', type: 'id' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'bucket', label: 'Bucket', type: 'text' },
    { key: 'quantity_delta', label: 'Change', type: 'integer' },
    { key: 'username', label: 'By', type: 'text' },
    { key: 'reason', label: 'Reason', type: 'text' },
  ],
  query: (p) => sql`
    select t.created_at, t.ims_transaction_reference_id as reference, pr.model_number, t.bucket, t.quantity_delta, u.username,
      coalesce(t.notes, '') as reason
    from inventory_transactions t join products pr on pr.id = t.product_id left join users u on u.id = t.user_id
    where t.type = 'INVENTORY_AUDIT_ADJUSTMENT' and t.details->>'reason' = 'admin_adjustment' and ${inRange(sql`t.created_at`, p)}
    order by t.created_at desc, t.id desc`,
});
