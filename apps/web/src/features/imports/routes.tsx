import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const ImportPage = lazyPage(() => import('./components/import-page'), 'ImportPage');

/** Moving a store in: the one import screen (Admin), loaded on first use. */
export const IMPORTS_ROUTES: Partial<Record<string, ReactNode>> = {
  '/admin/import': <ImportPage />,
};
