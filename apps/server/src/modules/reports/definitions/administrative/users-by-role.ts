import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Active and inactive users per role. */
export const usersByRole = defineReport({
  slug: 'users-by-role',
  name: 'Users by Role',
  category: 'Administrative',
  description: 'How many active and inactive users each role has.',
  parameters: [],
  columns: [
    { key: 'role', label: 'Role', type: 'text' },
    { key: 'active', label: 'Active', type: 'integer' },
    { key: 'inactive', label: 'Inactive', type: 'integer' },
  ],
  chart: { type: 'bar', x: 'role', series: ['active'] },
  query: () => sql`
    select r.role_name as role, count(*) filter (where u.is_active) as active, count(*) filter (where not u.is_active) as inactive
    from users u join roles r on r.id = u.role_id
    group by r.role_name
    order by r.role_name`,
});
