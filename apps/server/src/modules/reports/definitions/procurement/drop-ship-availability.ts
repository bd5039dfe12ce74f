import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** What drop-ship vendors can supply, per vendor location and product. */
export const dropShipAvailability = defineReport({
  slug: 'drop-ship-availability',
  name: 'Drop Ship Availability',
  category: 'Procurement',
  description: 'Units drop-ship vendors report as purchasable, with their cost and when they reported it.',
  parameters: [{ name: 'model', label: 'Model starts with', type: 'text', default: '' }],
  columns: [
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'vendor_location_code', label: 'Vendor Location', type: 'text' },
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'qty_purchasable', label: 'Purchasable', type: 'integer' },
    { key: 'cost', label: 'Cost', type: 'money' },
    { key: 'updated_at', label: 'Updated', type: 'timestamp' },
  ],
  query: (p) => sql`
    select v.company_name as vendor, d.vendor_location_code, pr.model_number, d.qty_purchasable, d.cost_cents as cost, d.updated_at
    from drop_ship_vendor_inventory d join vendors v on v.id = d.vendor_id join products pr on pr.id = d.product_id
    where ${startsWith(sql`pr.model_number`, p.model)}
    order by v.company_name, d.vendor_location_code, pr.model_number, d.id`,
});
