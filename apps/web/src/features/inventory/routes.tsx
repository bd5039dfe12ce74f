import type { ReactNode } from 'react';
import { InventorySearchPage, SerialSearchRedirect } from './components/inventory-search-page';
import { ProductDetailByModelPage, ProductDetailBySearchPage } from './components/product-detail-page';
import { SerialDetailPage } from './components/serial-detail-page';
import { TransactionDetailPage } from './components/transaction-detail-page';
import { TransactionSearchPage } from './components/transaction-search-page';

/** The inventory read screens by route path (001 §2): search, product and serial detail, transactions. */
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
