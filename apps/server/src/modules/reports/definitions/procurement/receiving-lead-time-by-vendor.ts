import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Per vendor: days from a PO's creation to its first receipt, for POs first received in the range. */
export const receivingLeadTimeByVendor = defineReport({
  slug: 'receiving-lead-time-by-vendor',
  name: 'Receiving Lead Time by Vendor',
  category: 'Procurement',
  description: 'How many days each vendor takes from purchase order to first receipt (average and longest).',
  parameters: DATE_RANGE,
  columns: [
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'purchase_orders', label: 'POs Received', type: 'integer' },
    { key: 'avg_days', label: 'Average Days', type: 'integer' },
    { key: 'max_days', label: 'Longest Days', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'vendor', series: ['avg_days'] },
  query: (p) => sql`
    with first_receipt as (
      select t.purchase_order_id, min(t.created_at) as received_at
      from inventory_transactions t
      where t.type = 'INVENTORY_RECEIPT' and t.purchase_order_id is not null
      group by t.purchase_order_id
    )
    select v.company_name as vendor, count(*) as purchase_orders,
      round(avg(extract(epoch from f.received_at - po.created_at) / 86400))::int as avg_days,
      floor(max(extract(epoch from f.received_at - po.created_at) / 86400))::int as max_days
    from first_receipt f join purchase_orders po on po.id = f.purchase_order_id join vendors v on v.id = po.vendor_id
    where ${inRange(sql`f.received_at`, p)}
    group by v.id, v.company_name
    order by avg_days desc, v.company_name, v.id`,
});
