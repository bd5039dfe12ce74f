import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Per vendor, for POs created in the range: units received of units ordered. */
export const vendorFillRate = defineReport({
  slug: 'vendor-fill-rate',
  name: 'Vendor Fill Rate',
  category: 'Procurement',
  description: 'Units ordered and received per vendor, and the share received.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'ordered', label: 'Ordered', type: 'integer' },
    { key: 'received', label: 'Received', type: 'integer' },
    { key: 'fill_rate', label: 'Fill Rate', type: 'percent' },
  ],
  chart: { type: 'bar', x: 'vendor', series: ['fill_rate'] },
  query: (p) => sql`
    select v.company_name as vendor, sum(li.qty_ordered) as ordered, sum(li.qty_received) as received,
      case when sum(li.qty_ordered) > 0 then 100.0 * sum(li.qty_received) / sum(li.qty_ordered) end as fill_rate
    from purchase_order_items li join purchase_orders po on po.id = li.purchase_order_id join vendors v on v.id = po.vendor_id
    where ${inRange(sql`po.created_at`, p)}
    group by v.id, v.company_name
    order by v.company_name, v.id`,
});
