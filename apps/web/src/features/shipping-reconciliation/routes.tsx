import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const MenuPage = lazyPage(() => import('./components/reconciliation-menu-page'), 'ReconciliationMenuPage');
const GenericPage = lazyPage(() => import('./components/generic-page'), 'GenericReconciliationPage', {
  datePickers: true,
});
const UpsPage = lazyPage(() => import('./components/carrier-page'), 'UpsReconciliationPage');
const FedexPage = lazyPage(() => import('./components/carrier-page'), 'FedexReconciliationPage');
const CevaPage = lazyPage(() => import('./components/carrier-page'), 'CevaReconciliationPage');
const SearchPage = lazyPage(() => import('./components/search-page'), 'ReconciliationSearchPage');

/** Carrier shipping-charge reconciliation (002 §2 "Shipping reconciliation"), each screen loaded on first use. */
export const SHIPPING_RECONCILIATION_ROUTES: Partial<Record<string, ReactNode>> = {
  '/shipping-reconciliation': <MenuPage />,
  '/shipping-reconciliation/generic': <GenericPage />,
  '/shipping-reconciliation/ups': <UpsPage />,
  '/shipping-reconciliation/fedex': <FedexPage />,
  '/shipping-reconciliation/ceva': <CevaPage />,
  '/shipping-reconciliation/search': <SearchPage />,
};
