import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const SettlementUploadPage = lazyPage(() => import('./components/settlement-upload-page'), 'SettlementUploadPage');
const HoldingsUploadPage = lazyPage(() => import('./components/holdings-upload-page'), 'HoldingsUploadPage');

/** The settlement and holdings uploads (002 §2 "Reports"), each loaded on first use. */
export const UPLOADS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/reports/settlement-upload': <SettlementUploadPage />,
  '/ep-holdings/orders/upload': <HoldingsUploadPage />,
};
