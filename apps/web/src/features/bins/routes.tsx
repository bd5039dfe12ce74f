import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const BinsPage = lazyPage(() => import('./components/bins-page'), 'BinsPage');
const BinAssignmentPage = lazyPage(() => import('./components/bin-assignment-page'), 'BinAssignmentPage');

/** Bin locations and a bin's contents (001 §2), each loaded on first use. */
export const BINS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inventory/bins': <BinsPage />,
  '/inventory/bins/assignment/:locationCode/:binName': <BinAssignmentPage />,
};
