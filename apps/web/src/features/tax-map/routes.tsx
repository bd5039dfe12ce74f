import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const TaxMapPage = lazyPage(() => import('./components/tax-map-page'), 'TaxMapPage');

/** The Collect and Remit Tax table (002 §2), loaded on first use. */
export const TAX_MAP_ROUTES: Partial<Record<string, ReactNode>> = {
  '/tax-map': <TaxMapPage />,
};
