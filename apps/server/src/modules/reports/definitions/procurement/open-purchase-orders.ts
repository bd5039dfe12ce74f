import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** Purchase orders still expecting stock (not Received, Complete or Cancelled). */
export const openPurchaseOrders = defineReport({
  slug: 'open-purchase-orders',
  name: 'Open Purchase Orders',
  category: 'Procurement',
  description: 'Purchase orders still open: units ordered and received, units and value still to come.',
  parameters: [{ name: 'vendor', label: 'Vendor', type: 'text', default: '' }],
  columns: [
    { key: 'po', label: 'PO', type: 'id' },
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'status', label: 'Status', type: 'text' },
    { key: 'location', label: 'Location', type: 'text' },
    { key: 'created_at', label: 'Created', type: 'timestamp' },
    { key: 'ordered', label: 'Ordered', type: 'integer' },
    { key: 'received', label: 'Received', type: 'integer' },
    { key: 'open_units', label: 'Open Units', type: 'integer' },
    { key: 'open_value', label: 'Open Value', type: 'money' },
  ],
  query: (p) => sql`
    select po.purchase_ref_id as po, v.company_name as vendor, st.status_name as status, po.ims_location_code as location, po.created_at,
      coalesce(sum(li.qty_ordered), 0) as ordered, coalesce(sum(li.qty_received), 0) as received,
      coalesce(sum(greatest(li.qty_ordered - li.qty_received, 0)), 0) as open_units,
      coalesce(sum(greatest(li.qty_ordered - li.qty_received, 0)::bigint * li.invoice_cost_cents), 0) as open_value
    from purchase_orders po
    join vendors v on v.id = po.vendor_id
    join purchase_order_statuses st on st.id = po.status_id
    left join purchase_order_items li on li.purchase_order_id = po.id
    where st.status_name not in ('Received', 'Complete', 'Cancelled') and ${startsWith(sql`v.company_name`, p.vendor)}
    group by po.id, v.company_name, st.status_name
    order by po.created_at, po.id`,
});
