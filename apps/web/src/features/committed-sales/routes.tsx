import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const CommittedSalesPage = lazyPage(() => import('./components/committed-sales-page'), 'CommittedSalesPage');

/** The committed sales board (001 §2), loaded on first use. */
export const COMMITTED_SALES_ROUTES: Partial<Record<string, ReactNode>> = {
  '/boards/committed-sales': <CommittedSalesPage />,
};
