import { sql } from 'drizzle-orm';
import { defineReport, startsWith } from '../../report-definition.js';

/** Vendors with their rep and purchasing history. */
export const vendorDirectory = defineReport({
  slug: 'vendor-directory',
  name: 'Vendor Directory',
  category: 'Administrative',
  description: 'Vendors, their rep and contact details, number of POs and the last PO date.',
  parameters: [{ name: 'vendor', label: 'Vendor', type: 'text', default: '' }],
  columns: [
    { key: 'company_name', label: 'Vendor', type: 'text' },
    { key: 'vendor_type', label: 'Type', type: 'text' },
    { key: 'rep', label: 'Rep', type: 'text' },
    { key: 'rep_email', label: 'Rep Email', type: 'text' },
    { key: 'purchase_orders', label: 'POs', type: 'integer' },
    { key: 'last_po', label: 'Last PO', type: 'timestamp' },
  ],
  query: (p) => sql`
    select v.company_name, v.vendor_type, coalesce(v.rep, '') as rep, coalesce(v.rep_email, '') as rep_email,
      (select count(*) from purchase_orders po where po.vendor_id = v.id) as purchase_orders,
      (select max(po.created_at) from purchase_orders po where po.vendor_id = v.id) as last_po
    from vendors v
    where not v.is_deleted and ${startsWith(sql`v.company_name`, p.vendor)}
    order by v.company_name, v.id`,
});
