import type { ReactNode } from 'react';
import { FinanceCompanyCreatePage } from './components/finance-company-create-page';
import { InvoicesPage } from './components/invoices-page';

/** The invoice and finance-company screens by route path (001 §2). */
export const INVOICES_ROUTES: Partial<Record<string, ReactNode>> = {
  '/accounts-payable-invoices': <InvoicesPage />,
  '/finance-company/create': <FinanceCompanyCreatePage />,
};
