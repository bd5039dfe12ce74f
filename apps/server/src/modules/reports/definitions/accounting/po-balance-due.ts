import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/**
 * Purchase orders with a balance still due (balance_due_cents: the total less the DFI discount, 0 once marked paid),
 * per vendor. A cancelled PO owes nothing, whatever its lines still total.
 */
export const poBalanceDue = defineReport({
  slug: 'po-balance-due',
  name: 'PO Balance Due by Vendor',
  category: 'Accounting',
  description: 'What we owe vendors on purchase orders not marked paid.',
  parameters: [],
  columns: [
    { key: 'vendor', label: 'Vendor', type: 'text' },
    { key: 'purchase_orders', label: 'POs', type: 'integer' },
    { key: 'balance_due', label: 'Balance Due', type: 'money' },
  ],
  chart: { type: 'bar', x: 'vendor', series: ['balance_due'] },
  query: () => sql`
    select v.company_name as vendor, count(*) as purchase_orders, sum(po.balance_due_cents) as balance_due
    from purchase_orders po join vendors v on v.id = po.vendor_id join purchase_order_statuses st on st.id = po.status_id
    where po.balance_due_cents > 0 and st.status_name <> 'Cancelled'
    group by v.id, v.company_name
    order by balance_due desc, v.company_name, v.id`,
});
