import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const SupplySourcesPage = lazyPage(() => import('./components/supply-sources-page'), 'SupplySourcesPage');

/** Amazon supply sources for in-store pickup (002 §2), loaded on first use. */
export const SUPPLY_SOURCES_ROUTES: Partial<Record<string, ReactNode>> = {
  '/supply-sources': <SupplySourcesPage />,
};
