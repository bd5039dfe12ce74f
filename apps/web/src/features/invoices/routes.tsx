import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const FinanceCompanyCreatePage = lazyPage(
  () => import('./components/finance-company-create-page'),
  'FinanceCompanyCreatePage',
);
const InvoicesPage = lazyPage(() => import('./components/invoices-page'), 'InvoicesPage');

/** The invoice and finance-company screens by route path (001 §2), each loaded on first use. */
export const INVOICES_ROUTES: Partial<Record<string, ReactNode>> = {
  '/accounts-payable-invoices': <InvoicesPage />,
  '/finance-company/create': <FinanceCompanyCreatePage />,
};
