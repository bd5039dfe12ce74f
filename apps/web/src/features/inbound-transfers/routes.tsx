import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const InboundTransfersPage = lazyPage(() => import('./components/inbound-transfers-page'), 'InboundTransfersPage');

/** Inbound transfers (002 §2), loaded on first use. */
export const INBOUND_TRANSFERS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inbound-transfers': <InboundTransfersPage />,
};
