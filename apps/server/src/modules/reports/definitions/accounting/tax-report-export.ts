import { sql } from 'drizzle-orm';
import { defineReport, equalsOrAll } from '../../report-definition.js';
import { PLATFORMS } from '@keystone/contracts';

/** The platform-state tax map (docs/decisions.md, "Tax map and role editor") as rows: who collects and remits sales tax where. */
export const taxReportExport = defineReport({
  slug: 'tax-report-export',
  name: 'Tax Report Export',
  category: 'Accounting',
  description: 'For each platform and state: whether the platform collects and remits the sales tax.',
  parameters: [
    {
      name: 'platform',
      label: 'Platform',
      type: 'select',
      default: '',
      options: [
        { value: '', label: 'All' },
        ...PLATFORMS.map((pl) => ({ value: pl.platform_code, label: pl.platform_name })),
      ],
    },
  ],
  columns: [
    { key: 'platform_code', label: 'Platform', type: 'text' },
    { key: 'state_code', label: 'State', type: 'text' },
    { key: 'collect_and_remit_tax', label: 'Collect and Remit Tax', type: 'text' },
    { key: 'updated_at', label: 'Updated', type: 'timestamp' },
  ],
  query: (p) => sql`
    select platform_code, state_code, case when collect_and_remit_tax <> 0 then 'Yes' else 'No' end as collect_and_remit_tax, updated_at
    from platform_state_tax_map
    where ${equalsOrAll(sql`platform_code`, p.platform)}
    order by platform_code, state_code`,
});
