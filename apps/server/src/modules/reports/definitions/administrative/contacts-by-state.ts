import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Contacts per state (blank when not given). */
export const contactsByState = defineReport({
  slug: 'contacts-by-state',
  name: 'Contacts by State',
  category: 'Administrative',
  description: 'How many contacts we hold in each state, and how many have an email.',
  parameters: [],
  columns: [
    { key: 'state', label: 'State', type: 'text' },
    { key: 'contacts', label: 'Contacts', type: 'integer' },
    { key: 'with_email', label: 'With Email', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'state', series: ['contacts'] },
  query: () => sql`
    select coalesce(upper(nullif(trim(state), '')), '(none)') as state, count(*) as contacts, count(primary_email) as with_email
    from contacts
    group by 1
    order by contacts desc, state`,
});
