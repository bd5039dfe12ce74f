import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const searchPage = () => import('./components/inventory-search-page');
const InventorySearchPage = lazyPage(searchPage, 'InventorySearchPage');
const SerialSearchRedirect = lazyPage(searchPage, 'SerialSearchRedirect');
const productDetailPage = () => import('./components/product-detail-page');
const ProductDetailByModelPage = lazyPage(productDetailPage, 'ProductDetailByModelPage');
const ProductDetailBySearchPage = lazyPage(productDetailPage, 'ProductDetailBySearchPage');
const SerialDetailPage = lazyPage(() => import('./components/serial-detail-page'), 'SerialDetailPage');
const TransactionDetailPage = lazyPage(() => import('./components/transaction-detail-page'), 'TransactionDetailPage');
const TransactionSearchPage = lazyPage(() => import('./components/transaction-search-page'), 'TransactionSearchPage');

/**
 * The inventory read screens by route path (001 §2): search, product and serial detail, transactions. Each is
 * loaded on first use.
 */
export const INVENTORY_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inventory/search': <InventorySearchPage />,
  '/inventory/search/serial': <SerialSearchRedirect />,
  '/inventory/detail/model/:model': <ProductDetailByModelPage />,
  '/inventory/detail/:searchType/:value': <ProductDetailBySearchPage />,
  '/inventory-serials/:id': <SerialDetailPage />,
  '/inventory-transactions': <TransactionSearchPage />,
  '/inventory-transactions/search': <TransactionSearchPage />,
  '/inventory-transactions/:id': <TransactionDetailPage />,
};
