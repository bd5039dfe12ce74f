import { sql } from 'drizzle-orm';
import { defineReport, equalsOrAll } from '../../report-definition.js';

/** Bins per location: how many hold something and how many units they hold. */
export const binUtilization = defineReport({
  slug: 'bin-utilization',
  name: 'Bin Utilization',
  category: 'Administrative',
  description: 'For each location: bins, bins in use, products and units held in bins.',
  parameters: [{ name: 'location', label: 'Location', type: 'text', default: '' }],
  columns: [
    { key: 'location_code', label: 'Location', type: 'text' },
    { key: 'bins', label: 'Bins', type: 'integer' },
    { key: 'bins_in_use', label: 'Bins In Use', type: 'integer' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'used_percent', label: 'In Use', type: 'percent' },
  ],
  chart: { type: 'bar', x: 'location_code', series: ['bins', 'bins_in_use'] },
  query: (p) => sql`
    select n.location_code, count(*) as bins, count(*) filter (where h.units > 0) as bins_in_use, coalesce(sum(h.units), 0) as units,
      100.0 * count(*) filter (where h.units > 0) / count(*) as used_percent
    from bins n left join (select bin_id, sum(quantity) as units from bin_items group by bin_id) h on h.bin_id = n.id
    where n.deleted_at is null and ${equalsOrAll(sql`n.location_code`, p.location)}
    group by n.location_code
    order by n.location_code`,
});
