import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const AuditsDashboard = lazyPage(() => import('./components/audits-dashboard'), 'AuditsDashboard', {
  datePickers: true,
});
const AuditScanTool = lazyPage(() => import('./components/audit-scan-tool'), 'AuditScanTool');
const AuditDiscrepancyReport = lazyPage(
  () => import('./components/audit-discrepancy-report'),
  'AuditDiscrepancyReport',
);

/** The physical audit screens by route path (001 §2): the dashboard, the scan tool and the discrepancy report. */
export const AUDITS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inventory/audit-scans': <AuditsDashboard />,
  '/inventory/audit-scans/:auditBatchId': <AuditScanTool />,
  '/inventory/audit-discrepancy-report/:auditBatchId': <AuditDiscrepancyReport />,
};
