import { sql } from 'drizzle-orm';
import { SALES_CHANNEL_NAMES, SALES_CHANNELS } from '@keystone/contracts';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** The channel's name (its code when the list does not know it, '(none)' for a sale without a channel). */
const accountName = sql`case s.sales_channel ${sql.join(
  SALES_CHANNELS.map((c) => sql`when ${c}::text then ${SALES_CHANNEL_NAMES[c]}::text`),
  sql` `,
)} else coalesce(s.sales_channel, '(none)') end`;

/**
 * "Sales by account" (002 §2 names the route): an account is one of the retailer's own selling accounts, the sale's
 * channel (the marketplaces of the tax map, Walt's website, the store counter). Committed sales transacted in the
 * range per channel: orders (distinct invoices), units, sales dollars (lines with a price) and units sold without a
 * price. docs/decisions.md "Sales in dollars in the generic reports".
 */
export const salesByAccount = defineReport({
  slug: 'sales-by-account',
  name: 'Sales by Account',
  category: 'Operations',
  description:
    'Sales per selling account (Amazon, Amazon Home, Walmart, Walt’s, Store): orders, units and sales dollars.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'account', label: 'Account', type: 'text' },
    { key: 'channel', label: 'Channel', type: 'text' },
    { key: 'orders', label: 'Orders', type: 'integer' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'sales', label: 'Sales', type: 'money' },
    { key: 'unpriced_units', label: 'Unpriced Units', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'account', series: ['sales'] },
  query: (p) => sql`
    select ${accountName} as account, coalesce(s.sales_channel, '') as channel, count(distinct s.legacy_pos_invoice_id) as orders,
      sum(s.committed_quantity) as units, coalesce(sum(s.committed_quantity::bigint * s.unit_price_cents), 0) as sales,
      coalesce(sum(s.committed_quantity) filter (where s.unit_price_cents is null), 0) as unpriced_units
    from committed_sales s
    where s.transacted_at is not null and ${inRange(sql`s.transacted_at`, p)}
    group by s.sales_channel
    order by sales desc, channel`,
});
