import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/**
 * PO lines past their expected arrival date (before today, the server's UTC day) and not fully received, on POs that
 * can still receive: Received, Complete (which locks receiving) and Cancelled POs are left out, as in open purchase
 * orders.
 */
export const latePoLines = defineReport({
  slug: 'late-po-lines',
  name: 'Late PO Lines',
  category: 'Procurement',
  description: 'Purchase order lines past their expected arrival and still short, most overdue first.',
  parameters: [],
  columns: [
    { key: 'po', label: 'PO', type: 'id' },
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'expected', label: 'Expected', type: 'date' },
    { key: 'days_late', label: 'Days Late', type: 'integer' },
    { key: 'ordered', label: 'Ordered', type: 'integer' },
    { key: 'received', label: 'Received', type: 'integer' },
  ],
  query: () => sql`
    select po.purchase_ref_id as po, v.company_name as vendor, pr.model_number, li.expected_arrival_date::text as expected,
      (now() at time zone 'UTC')::date - li.expected_arrival_date as days_late, li.qty_ordered as ordered, li.qty_received as received
    from purchase_order_items li
    join purchase_orders po on po.id = li.purchase_order_id
    join vendors v on v.id = po.vendor_id
    join products pr on pr.id = li.product_id
    join purchase_order_statuses st on st.id = po.status_id
    where li.expected_arrival_date < (now() at time zone 'UTC')::date and li.qty_received < li.qty_ordered
      and st.status_name not in ('Received', 'Complete', 'Cancelled')
    order by li.expected_arrival_date, li.id`,
});
