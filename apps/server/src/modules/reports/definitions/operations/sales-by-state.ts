import { sql } from 'drizzle-orm';
import { SALES_CHANNEL_NAMES, SALES_CHANNELS } from '@keystone/contracts';
import { DATE_RANGE, defineReport, equalsOrAll, inRange } from '../../report-definition.js';

/**
 * Committed sales transacted in the range per ship-to state (sales tax follows where an order ships): orders
 * (distinct invoices), units, sales dollars (Σ units × unit price of the lines with a price) and the units sold
 * without a price, optionally of one channel. Sales without a state are '(none)'. docs/decisions.md "Sales in dollars
 * in the generic reports".
 */
export const salesByState = defineReport({
  slug: 'sales-by-state',
  name: 'Sales by State',
  category: 'Operations',
  description:
    'Sales shipped to each state: orders, units and sales dollars (units sold without a price counted apart).',
  parameters: [
    ...DATE_RANGE,
    {
      name: 'channel',
      label: 'Channel',
      type: 'select',
      default: '',
      options: [
        { value: '', label: 'All' },
        ...SALES_CHANNELS.map((c) => ({ value: c, label: SALES_CHANNEL_NAMES[c] })),
      ],
    },
  ],
  columns: [
    { key: 'state', label: 'State', type: 'text' },
    { key: 'orders', label: 'Orders', type: 'integer' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'sales', label: 'Sales', type: 'money' },
    { key: 'unpriced_units', label: 'Unpriced Units', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'state', series: ['sales'] },
  query: (p) => sql`
    select coalesce(s.ship_to_state, '(none)') as state, count(distinct s.legacy_pos_invoice_id) as orders, sum(s.committed_quantity) as units,
      coalesce(sum(s.committed_quantity::bigint * s.unit_price_cents), 0) as sales,
      coalesce(sum(s.committed_quantity) filter (where s.unit_price_cents is null), 0) as unpriced_units
    from committed_sales s
    where s.transacted_at is not null and ${inRange(sql`s.transacted_at`, p)} and ${equalsOrAll(sql`s.sales_channel`, p.channel)}
    group by 1
    order by sales desc, state`,
});
