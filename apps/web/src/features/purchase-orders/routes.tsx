import type { ReactNode } from 'react';
import { ModelPoReconciliationPage } from './components/reports/model-po-reconciliation-page';
import { PurchaseOrderDetailPage } from './components/detail/purchase-order-detail-page';
import { PurchaseOrdersListPage } from './components/list/purchase-orders-list-page';

/** The purchasing screens by route path; filled in by the purchase-orders feature. */
export const PURCHASING_ROUTES: Partial<Record<string, ReactNode>> = {
  '/purchase-orders': <PurchaseOrdersListPage />,
  '/purchase-orders/review/:id': <PurchaseOrderDetailPage />,
  '/reports/model-po-reconciliation': <ModelPoReconciliationPage />,
};
