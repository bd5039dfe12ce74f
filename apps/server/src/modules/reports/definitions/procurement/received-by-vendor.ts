import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Units received in the range per vendor and location (receipts less un-receipts). */
export const receivedByVendor = defineReport({
  slug: 'received-by-vendor',
  name: 'Received by Vendor',
  category: 'Procurement',
  description: 'Units and value received from each vendor at each location.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'location', label: 'Location', type: 'text' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'value', label: 'Value', type: 'money' },
  ],
  query: (p) => sql`
    select v.company_name as vendor, po.ims_location_code as location, sum(t.quantity_delta) as units,
      sum(t.quantity_delta::bigint * coalesce(li.invoice_cost_cents, 0)) as value
    from inventory_transactions t
    join purchase_orders po on po.id = t.purchase_order_id
    join vendors v on v.id = po.vendor_id
    left join purchase_order_items li on li.id = t.purchase_order_item_id
    where t.type in ('INVENTORY_RECEIPT', 'INVENTORY_UNRECEIPT') and ${inRange(sql`t.created_at`, p)}
    group by v.id, v.company_name, po.ims_location_code
    order by v.company_name, v.id, po.ims_location_code`,
});
