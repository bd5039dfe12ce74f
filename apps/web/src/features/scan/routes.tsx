import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const ScansWaitingPage = lazyPage(() => import('./components/scans-waiting-page'), 'ScansWaitingPage');
const ScanSettingsPage = lazyPage(() => import('./components/scan-settings-page'), 'ScanSettingsPage');

/** The scans this device keeps for the server, by job (the shell's network word opens it); the sites' scanner settings. */
export const SCAN_ROUTES: Partial<Record<string, ReactNode>> = {
  '/scans-waiting': <ScansWaitingPage />,
  '/scan-settings': <ScanSettingsPage />,
};
