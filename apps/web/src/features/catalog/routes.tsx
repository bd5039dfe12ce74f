import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const ProductListPage = lazyPage(() => import('./components/product-list-page'), 'ProductListPage');
const ProductCreatePage = lazyPage(() => import('./components/product-create-page'), 'ProductCreatePage');

/** The product catalogue (002 §2), loaded on first use. */
export const CATALOG_ROUTES: Partial<Record<string, ReactNode>> = {
  '/products': <ProductListPage />,
  '/products/create': <ProductCreatePage />,
};
