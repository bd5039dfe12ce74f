import { sql } from 'drizzle-orm';
import { roleChangeLog } from '../../../users/role-change-log.js';
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
    select changed_at, username, from_role, to_role, changed_by
    from ${roleChangeLog}
    where ${inRange(sql`changed_at`, p)}
    order by changed_at desc, id desc`,
});
