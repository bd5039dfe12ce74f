import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const AdminAdjustmentsPage = lazyPage(() => import('./components/admin-adjustments-page'), 'AdminAdjustmentsPage');

/** Admin-level inventory adjustments (002 §2 "Other"), loaded on first use. */
export const ADMIN_ADJUSTMENTS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inventory/admin-inventory-adjustments': <AdminAdjustmentsPage />,
};
