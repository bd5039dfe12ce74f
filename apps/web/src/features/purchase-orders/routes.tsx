import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

export { PoReceivingContext } from './po-receiving';

const ModelPoReconciliationPage = lazyPage(
  () => import('./components/reports/model-po-reconciliation-page'),
  'ModelPoReconciliationPage',
);
const PurchaseOrderDetailPage = lazyPage(
  () => import('./components/detail/purchase-order-detail-page'),
  'PurchaseOrderDetailPage',
);
const PurchaseOrdersListPage = lazyPage(
  () => import('./components/list/purchase-orders-list-page'),
  'PurchaseOrdersListPage',
  { reads: (module, client) => module.purchaseOrdersListReads(client) },
);

/** The purchasing screens by route path; filled in by the purchase-orders feature. Each is loaded on first use. */
export const PURCHASE_ORDERS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/purchase-orders': <PurchaseOrdersListPage />,
  '/purchase-orders/review/:id': <PurchaseOrderDetailPage />,
  '/reports/model-po-reconciliation': <ModelPoReconciliationPage />,
};
