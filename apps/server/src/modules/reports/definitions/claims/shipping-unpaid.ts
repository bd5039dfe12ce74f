import { sql } from 'drizzle-orm';
import { DATE_RANGE, dateInRange, defineReport } from '../../report-definition.js';

/** Billed shipments with nothing or less than billed paid yet, per carrier. */
export const shippingUnpaid = defineReport({
  slug: 'shipping-unpaid',
  name: 'Shipping Charges Unpaid',
  category: 'Claims',
  description: 'Per carrier: shipments in the range not paid in full, billed and still to pay.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'ship_company', label: 'Carrier', type: 'text' },
    { key: 'shipments', label: 'Shipments', type: 'integer' },
    { key: 'billed', label: 'Billed', type: 'money' },
    { key: 'paid', label: 'Paid', type: 'money' },
    { key: 'outstanding', label: 'Outstanding', type: 'money' },
  ],
  chart: { type: 'bar', x: 'ship_company', series: ['outstanding'] },
  query: (p) => sql`
    select ship_company, count(*) as shipments, sum(reported_billed_cents) as billed, sum(coalesce(shipping_cost_paid_cents, 0)) as paid,
      sum(reported_billed_cents - coalesce(shipping_cost_paid_cents, 0)) as outstanding
    from shipping_transactions
    where coalesce(shipping_cost_paid_cents, 0) < reported_billed_cents and ${dateInRange(sql`date_shipped`, p)}
    group by ship_company
    order by ship_company`,
});
