import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange, utcDay } from '../../report-definition.js';

/**
 * Committed sales transacted per UTC day: invoices, lines and units, their sales value (Σ units × the line's unit
 * price, lines with a price) beside the units sold without a price, and their cost at the product's current cost
 * (docs/decisions.md "Sales in dollars in the generic reports").
 */
export const dailySales = defineReport({
  slug: 'daily-sales',
  name: 'Daily Sales',
  category: 'Operations',
  description:
    'Sales transacted each day: invoices, units, sales dollars (units without a price apart) and their cost.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'invoices', label: 'Invoices', type: 'integer' },
    { key: 'lines', label: 'Lines', type: 'integer' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'sales', label: 'Sales', type: 'money' },
    { key: 'unpriced_units', label: 'Unpriced Units', type: 'integer' },
    { key: 'cost', label: 'Cost of Goods', type: 'money' },
  ],
  chart: { type: 'line', x: 'day', series: ['units'] },
  query: (p) => sql`
    select ${utcDay(sql`s.transacted_at`)} as day, count(distinct s.legacy_pos_invoice_id) as invoices, count(*) as lines,
      sum(s.committed_quantity) as units, coalesce(sum(s.committed_quantity::bigint * s.unit_price_cents), 0) as sales,
      coalesce(sum(s.committed_quantity) filter (where s.unit_price_cents is null), 0) as unpriced_units,
      sum(s.committed_quantity::bigint * pr.current_cost_cents) as cost
    from committed_sales s join products pr on pr.id = s.product_id
    where s.transacted_at is not null and ${inRange(sql`s.transacted_at`, p)}
    group by 1
    order by 1`,
});
