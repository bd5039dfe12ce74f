import { sql } from 'drizzle-orm';
import { DATE_RANGE, defineReport, inRange } from '../../report-definition.js';

/** Role changes made in the range (the role editor's), newest first. */
export const roleChanges = defineReport({
  slug: 'role-changes',
  name: 'Role Changes',
  category: 'Administrative',
  description: 'Who changed whose role, from what to what, and when.',
  parameters: DATE_RANGE,
  columns: [
    { key: 'changed_at', label: 'Changed', type: 'timestamp' },
    { key: 'username', label: 'User', type: 'text' },
    { key: 'from_role', label: 'From', type: 'text' },
    { key: 'to_role', label: 'To', type: 'text' },
    { key: 'changed_by', label: 'Changed By', type: 'text' },
  ],
  query: (p) => sql`
    select c.changed_at, u.username, c.from_role, c.to_role, b.username as changed_by
    from role_changes c join users u on u.id = c.user_id left join users b on b.id = c.changed_by_id
    where ${inRange(sql`c.changed_at`, p)}
    order by c.changed_at desc, c.id desc`,
});
