import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const GeOnHandExportPage = lazyPage(() => import('./components/as-of-report-page'), 'GeOnHandExportPage', {
  datePickers: true,
});
const InventoryAccountingPage = lazyPage(() => import('./components/as-of-report-page'), 'InventoryAccountingPage', {
  datePickers: true,
});
const FbaDiscrepancyReportPage = lazyPage(
  () => import('./components/fba-discrepancy-page'),
  'FbaDiscrepancyReportPage',
);
const DailyReceivedPage = lazyPage(() => import('./components/daily-received-page'), 'DailyReceivedPage', {
  datePickers: true,
});
const UnreceivedInvoicesPage = lazyPage(
  () => import('./components/unreceived-invoices-page'),
  'UnreceivedInvoicesPage',
);
const InactiveInventoryPage = lazyPage(() => import('./components/download-report-pages'), 'InactiveInventoryPage');
const PeakDaysFulfillmentPage = lazyPage(
  () => import('./components/download-report-pages'),
  'PeakDaysFulfillmentPage',
  { datePickers: true },
);
const FbaPendingOrdersPage = lazyPage(() => import('./components/download-report-pages'), 'FbaPendingOrdersPage');

/** The named inventory and accounting reports (002 §2 "Reports"), each screen loaded on first use. */
export const INVENTORY_REPORTS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/reports/ge-on-hand-export': <GeOnHandExportPage />,
  '/reports/inventory-accounting': <InventoryAccountingPage />,
  '/fba-discrepancy-report': <FbaDiscrepancyReportPage />,
  '/reports/daily-received': <DailyReceivedPage />,
  '/report/unreceived-invoices-report': <UnreceivedInvoicesPage />,
  '/reports/inactive-inventory': <InactiveInventoryPage />,
  '/reports/peak-days-fulfillment': <PeakDaysFulfillmentPage />,
  '/reports/fba-pending-orders-in-dollars': <FbaPendingOrdersPage />,
};
