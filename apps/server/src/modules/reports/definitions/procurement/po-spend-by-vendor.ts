import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Purchase orders created in the range per vendor: count, ordered value and received value. */
export const poSpendByVendor = defineReport({
  slug: 'po-spend-by-vendor',
  name: 'PO Spend by Vendor',
  category: 'Procurement',
  description: 'What we ordered from each vendor and how much of it has arrived.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'purchase_orders', label: 'POs', type: 'integer' },
    { key: 'ordered', label: 'Ordered', type: 'money' },
    { key: 'received', label: 'Received', type: 'money' },
  ],
  chart: { type: 'bar', x: 'vendor', series: ['ordered', 'received'] },
  query: (p) => sql`
    select v.company_name as vendor, count(*) as purchase_orders, sum(po.total_cents) as ordered, sum(po.total_received_cents) as received
    from purchase_orders po join vendors v on v.id = po.vendor_id join purchase_order_statuses st on st.id = po.status_id
    where st.status_name <> 'Cancelled' and ${inRange(sql`po.created_at`, p)}
    group by v.id, v.company_name
    order by ordered desc, v.company_name, v.id`,
});
