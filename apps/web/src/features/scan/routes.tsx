import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const ScansWaitingPage = lazyPage(() => import('./components/scans-waiting-page'), 'ScansWaitingPage');

/** The scans this device keeps for the server, by job (the shell's network word opens it). */
export const SCAN_ROUTES: Partial<Record<string, ReactNode>> = {
  '/scans-waiting': <ScansWaitingPage />,
};
