import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange, utcDay } from '../../report-definition.js';

/** Ledger rows per UTC day and type: what moved stock, and how much. */
export const movementsByType = defineReport({
  slug: 'movements-by-type',
  name: 'Inventory Movements by Type',
  category: 'Operations',
  description: 'Inventory transactions each day by type: rows, units in and units out.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'type', label: 'Type', type: 'text' },
    { key: 'transactions', label: 'Transactions', type: 'integer' },
    { key: 'units_in', label: 'Units In', type: 'integer' },
    { key: 'units_out', label: 'Units Out', type: 'integer' },
  ],
  query: (p) => sql`
    select ${utcDay(sql`created_at`)} as day, type, count(*) as transactions,
      coalesce(sum(quantity_delta) filter (where quantity_delta > 0), 0) as units_in,
      coalesce(-sum(quantity_delta) filter (where quantity_delta < 0), 0) as units_out
    from inventory_transactions
    where ${inRange(sql`created_at`, p)}
    group by 1, 2
    order by 1, 2`,
});
