import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/**
 * Locations that may hold stock and have no bins set up yet (picking cannot suggest a bin there), with the units on
 * hand in every bucket generated from them (parent_location_code, sub-locations included, as locations-overview).
 */
export const locationsWithoutBins = defineReport({
  slug: 'locations-without-bins',
  name: 'Locations Without Bins',
  category: 'Installation',
  description: 'Active locations that hold inventory but have no bins.',
  parameters: [],
  columns: [
    { key: 'location_code', label: 'Location', type: 'text' },
    { key: 'units', label: 'Units On Hand', type: 'integer' },
  ],
  query: () => sql`
    select l.location_code,
      coalesce((select sum(i.quantity) from inventory i join buckets b on b.bucket = i.bucket where b.parent_location_code = l.location_code), 0) as units
    from locations l
    where l.is_active and l.can_hold_inventory
      and not exists (select 1 from bins n where n.location_code = l.location_code and n.deleted_at is null)
    order by l.location_code`,
});
