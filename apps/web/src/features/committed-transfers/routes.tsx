import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const CommittedTransfersPage = lazyPage(() => import('./components/committed-transfers-page'), 'CommittedTransfersPage');

/** The committed transfers board (001 §2), loaded on first use. */
export const COMMITTED_TRANSFERS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/committed-transfers': <CommittedTransfersPage />,
};
