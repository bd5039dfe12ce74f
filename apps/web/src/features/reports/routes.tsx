import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const CataloguePage = lazyPage(() => import('./components/report-catalogue-page'), 'ReportCataloguePage');
const GenericReportPage = lazyPage(() => import('./components/generic-report-page'), 'GenericReportPage', {
  datePickers: true,
});

/** The report catalogue and the generic report page (002 §2 "Reports"), each loaded on first use. */
export const REPORTS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/reports': <CataloguePage />,
  '/reports/:reportName': <GenericReportPage />,
};
