import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Products whose current cost differs from the cost on their latest PO line (cancelled POs left out: nothing was paid). */
export const costVsLastPo = defineReport({
  slug: 'cost-vs-last-po',
  name: 'Cost vs Last PO',
  category: 'Pricing',
  description: 'Products whose current cost is not what we last paid on a purchase order.',
  parameters: [],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'current_cost', label: 'Current Cost', type: 'money' },
    { key: 'last_po_cost', label: 'Last PO Cost', type: 'money' },
    { key: 'difference', label: 'Difference', type: 'money' },
    { key: 'last_po', label: 'Last PO', type: 'id' },
  ],
  query: () => sql`
    select pr.model_number, pr.current_cost_cents as current_cost, l.invoice_cost_cents as last_po_cost,
      pr.current_cost_cents - l.invoice_cost_cents as difference, l.po as last_po
    from products pr
    join lateral (
      select li.invoice_cost_cents, po.purchase_ref_id as po
      from purchase_order_items li join purchase_orders po on po.id = li.purchase_order_id join purchase_order_statuses st on st.id = po.status_id
      where li.product_id = pr.id and st.status_name <> 'Cancelled'
      order by li.created_at desc, li.id desc
      limit 1
    ) l on true
    where l.invoice_cost_cents <> pr.current_cost_cents
    order by pr.model_number, pr.id`,
});
