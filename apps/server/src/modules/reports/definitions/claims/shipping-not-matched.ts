import { sql } from 'drizzle-orm';
import { DATE_RANGE, dateInRange, defineReport } from '../../report-definition.js';

/** Shipments whose carrier charge did not match our quote (002 §4 results other than Matched). */
export const shippingNotMatched = defineReport({
  slug: 'shipping-not-matched',
  name: 'Shipping Not Matched',
  category: 'Claims',
  description: 'Shipments in the range whose billed charge does not match the quote, worst first.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'tracking_number', label: 'Tracking Number', type: 'id' },
    { key: 'ship_company', label: 'Carrier', type: 'text' },
    { key: 'date_shipped', label: 'Shipped', type: 'date' },
    { key: 'fulfillment_warehouse', label: 'Warehouse', type: 'text' },
    { key: 'quote', label: 'Quote', type: 'money' },
    { key: 'billed', label: 'Billed', type: 'money' },
    { key: 'difference', label: 'Difference', type: 'money' },
    { key: 'result', label: 'Result', type: 'text' },
  ],
  query: (p) => sql`
    select tracking_number, ship_company, date_shipped::text as date_shipped, coalesce(fulfillment_warehouse, '') as fulfillment_warehouse,
      shipping_quote_cents as quote, reported_billed_cents as billed, reconciled_difference_cents as difference, reconciliation_result as result
    from shipping_transactions
    where reconciliation_result <> 'Matched' and ${dateInRange(sql`date_shipped`, p)}
    order by reconciled_difference_cents desc nulls first, tracking_number`,
});
