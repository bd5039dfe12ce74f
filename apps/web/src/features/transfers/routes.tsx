import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const TransferPage = lazyPage(() => import('./components/transfer-page'), 'TransferPage');
const CommittedTransfersPage = lazyPage(
  () => import('./components/committed-transfers-page'),
  'CommittedTransfersPage',
);
const InboundTransfersPage = lazyPage(() => import('./components/inbound-transfers-page'), 'InboundTransfersPage');

/**
 * The transfer screens by route path: the transfer page of a model (the :id is the model; 001 §2), the committed
 * transfers board (001 §2) and inbound transfers (002 §2), each loaded on first use.
 */
export const TRANSFERS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inventory/transfer/:id': <TransferPage />,
  '/committed-transfers': <CommittedTransfersPage />,
  '/inbound-transfers': <InboundTransfersPage />,
};
