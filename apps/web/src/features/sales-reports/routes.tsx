import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const SalesReportPage = lazyPage(() => import('./components/sales-report-page'), 'SalesReportPage', {
  datePickers: true,
});
const BrandSellThruPage = lazyPage(() => import('./components/brand-sell-thru-page'), 'BrandSellThruPage', {
  datePickers: true,
});
const SelloutThreatPage = lazyPage(() => import('./components/sellout-threat-page'), 'SelloutThreatPage');
const BundleSalesPage = lazyPage(() => import('./components/bundle-sales-page'), 'BundleSalesPage', {
  datePickers: true,
});
const BrandPurchasingPage = lazyPage(() => import('./components/brand-purchasing-page'), 'BrandPurchasingPage', {
  datePickers: true,
});

/** Sales figures and the brand reports (002 §2 "Reports"), each screen loaded on first use. */
export const SALES_REPORTS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/reports/sales': <SalesReportPage />,
  '/reports/brand-sell-thru': <BrandSellThruPage />,
  '/reports/sellout-threat': <SelloutThreatPage />,
  '/reports/bundle-sales': <BundleSalesPage />,
  '/reports/brand-purchasing': <BrandPurchasingPage />,
};
