import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/**
 * Every location: what it may do, its buckets, bins and units on hand. Buckets and units are those of every bucket
 * generated from the location (parent_location_code), its sub-locations (_ONSITE, _RETURN, _FBA_INBOUND, ...)
 * included: they are no row of `locations`, so their stock would otherwise be counted under no location.
 */
export const locationsOverview = defineReport({
  slug: 'locations-overview',
  name: 'Locations Overview',
  category: 'Administrative',
  description: 'Locations with their flags, number of buckets and bins, and units on hand.',
  parameters: [],
  columns: [
    { key: 'location_code', label: 'Location', type: 'text' },
    { key: 'city', label: 'City', type: 'text' },
    { key: 'state', label: 'State', type: 'text' },
    { key: 'active', label: 'Active', type: 'text' },
    { key: 'buckets', label: 'Buckets', type: 'integer' },
    { key: 'bins', label: 'Bins', type: 'integer' },
    { key: 'units', label: 'Units On Hand', type: 'integer' },
  ],
  query: () => sql`
    select l.location_code, coalesce(l.city, '') as city, coalesce(l.state_or_province, '') as state,
      case when l.is_active then 'Yes' else 'No' end as active,
      (select count(*) from buckets b where b.parent_location_code = l.location_code) as buckets,
      (select count(*) from bins n where n.location_code = l.location_code and n.deleted_at is null) as bins,
      coalesce((select sum(i.quantity) from inventory i join buckets b on b.bucket = i.bucket where b.parent_location_code = l.location_code), 0) as units
    from locations l
    order by l.location_code`,
});
