import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const TransferPage = lazyPage(() => import('./components/transfer-page'), 'TransferPage');

/** The transfer screens by route path (001 §2): the transfer page of a model (the :id is the model). */
export const TRANSFERS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inventory/transfer/:id': <TransferPage />,
};
