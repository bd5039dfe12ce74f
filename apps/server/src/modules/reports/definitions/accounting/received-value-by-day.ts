import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange, utcDay } from '../../report-definition.js';

/** Receipts (less un-receipts) per UTC day, in units and at the PO line's cost. */
export const receivedValueByDay = defineReport({
  slug: 'received-value-by-day',
  name: 'Received Value by Day',
  category: 'Accounting',
  description: 'Units received each day and their value at the purchase order cost (un-receipts subtracted).',
  parameters: DATE_RANGE,
  columns: [
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'value', label: 'Value', type: 'money' },
  ],
  chart: { type: 'line', x: 'day', series: ['value'] },
  query: (p) => sql`
    select ${utcDay(sql`t.created_at`)} as day, sum(t.quantity_delta) as units, sum(t.quantity_delta::bigint * coalesce(li.invoice_cost_cents, 0)) as value
    from inventory_transactions t left join purchase_order_items li on li.id = t.purchase_order_item_id
    where t.type in ('INVENTORY_RECEIPT', 'INVENTORY_UNRECEIPT') and ${inRange(sql`t.created_at`, p)}
    group by 1
    order by 1`,
});
