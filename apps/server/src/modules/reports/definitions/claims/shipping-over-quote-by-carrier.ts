import { sql } from 'drizzle-orm';
import { DATE_RANGE, dateInRange, defineReport } from '../../report-definition.js';

/** Shipping charges billed over our quote, per carrier, for shipments in the range (shipping reconciliation's transactions). */
export const shippingOverQuoteByCarrier = defineReport({
  slug: 'shipping-over-quote-by-carrier',
  name: 'Shipping Charges Over Quote by Carrier',
  category: 'Claims',
  description: 'For each carrier: shipments billed above our quote and by how much, by date shipped.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'ship_company', label: 'Carrier', type: 'text' },
    { key: 'shipments', label: 'Shipments', type: 'integer' },
    { key: 'over_quote', label: 'Over Quote', type: 'integer' },
    { key: 'over_amount', label: 'Billed Over Quote', type: 'money' },
    { key: 'over_percent', label: 'Share Over Quote', type: 'percent' },
  ],
  chart: { type: 'bar', x: 'ship_company', series: ['over_amount'] },
  query: (p) => sql`
    select ship_company, count(*) as shipments, count(*) filter (where reconciled_difference_cents > 0) as over_quote,
      coalesce(sum(reconciled_difference_cents) filter (where reconciled_difference_cents > 0), 0) as over_amount,
      100.0 * count(*) filter (where reconciled_difference_cents > 0) / count(*) as over_percent
    from shipping_transactions
    where ${dateInRange(sql`date_shipped`, p)}
    group by ship_company
    order by ship_company`,
});
