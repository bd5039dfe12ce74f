import { sql } from 'drizzle-orm';
import { DATE_RANGE, dateInRange, defineReport } from '../../report-definition.js';

/** Imported settlement lines posted in the range, totalled per settlement and amount type. */
export const settlementSummary = defineReport({
  slug: 'settlement-summary',
  name: 'Settlement Summary',
  category: 'Accounting',
  description: 'Marketplace settlement amounts by settlement and amount type, by posted date.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'settlement_id', label: 'Settlement', type: 'text' },
    { key: 'amount_type', label: 'Amount Type', type: 'text' },
    { key: 'lines', label: 'Lines', type: 'integer' },
    { key: 'amount', label: 'Amount', type: 'money' },
  ],
  query: (p) => sql`
    select settlement_id, coalesce(amount_type, '') as amount_type, count(*) as lines, sum(amount_cents) as amount
    from settlement_lines
    where ${dateInRange(sql`posted_date`, p)}
    group by settlement_id, coalesce(amount_type, '')
    order by settlement_id, amount_type`,
});
