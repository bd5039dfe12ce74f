import type { ReactNode } from 'react';
import { INVOICES_ROUTES } from '../features/invoices/routes';
import { AUDITS_ROUTES } from '../features/audits/routes';
import { ADMIN_ADJUSTMENTS_ROUTES } from '../features/admin-adjustments/routes';
import { BINS_ROUTES } from '../features/bins/routes';
import { WelcomeCarousel } from '../features/carousel';
import { CAROUSEL_ROUTES } from '../features/carousel/routes';
import { UPLOADS_ROUTES } from '../features/uploads/routes';
import { IMPORTS_ROUTES } from '../features/imports/routes';
import { BUCKET_GROUPS_ROUTES } from '../features/bucket-groups/routes';
import { COMMITTED_SALES_ROUTES } from '../features/committed-sales/routes';
import { CONTACTS_ROUTES, ContactPanelsContext } from '../features/contacts/routes';
import { HomePage, WelcomePage } from '../features/home/components/home-page';
import { INVENTORY_ROUTES } from '../features/inventory/routes';
import { INVENTORY_REPORTS_ROUTES } from '../features/inventory-reports/routes';
import { LOCATIONS_ROUTES } from '../features/locations/routes';
import { SCAN_ROUTES } from '../features/scan/routes';
import { PICKING_ROUTES } from '../features/picking/routes';
import { PoReceivingContext, PURCHASE_ORDERS_ROUTES } from '../features/purchase-orders/routes';
import { RecordHistoryPanel } from '../features/history';
import { RecordHistoryContext } from '../lib/record-history';
import { loadPoReceivingUi } from '../features/receiving/routes';
import { SALES_REPORTS_ROUTES } from '../features/sales-reports/routes';
import { REPORTS_ROUTES } from '../features/reports/routes';
import { SHIPPING_RECONCILIATION_ROUTES } from '../features/shipping-reconciliation/routes';
import { SHIPPING_TEMPLATES_ROUTES } from '../features/shipping-templates/routes';
import { SIMULATION_ROUTES } from '../features/simulation/routes';
import { USERS_ROUTES } from '../features/users/routes';
import { TAX_MAP_ROUTES } from '../features/tax-map/routes';
import { REVIEWS_ROUTES } from '../features/reviews/routes';
import { CATALOG_ROUTES } from '../features/catalog/routes';
import { TRANSFERS_ROUTES } from '../features/transfers/routes';
import { SUPPLY_SOURCES_ROUTES } from '../features/supply-sources/routes';
import { contactQuotesPanel, QUOTES_ROUTES } from '../features/quotes/routes';

/** Gives the PO detail page the receiving screens, their chunk fetched beside the page's own. */
function WithPoReceiving({ children }: { children: ReactNode }) {
  void loadPoReceivingUi();
  return <PoReceivingContext value={loadPoReceivingUi}>{children}</PoReceivingContext>;
}

/** What the app gives every screen: the history panel a record's page or row shows (lib/record-history.tsx). */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return <RecordHistoryContext value={RecordHistoryPanel}>{children}</RecordHistoryContext>;
}

/** The screens built so far, by route path; every other route shows its title only. Each feature owns its map. */
export const ROUTE_ELEMENTS: Partial<Record<string, ReactNode>> = {
  '/': <HomePage />,
  '/welcome': <WelcomePage banner={<WelcomeCarousel />} />,
  ...CONTACTS_ROUTES,
  // The contact details page shows the contact's quotes.
  '/contacts/details': (
    <ContactPanelsContext value={contactQuotesPanel}>{CONTACTS_ROUTES['/contacts/details']}</ContactPanelsContext>
  ),
  ...PURCHASE_ORDERS_ROUTES,
  // The PO detail page shows the receiving screens (its scan receiver, a line's dialogs).
  '/purchase-orders/review/:id': (
    <WithPoReceiving>{PURCHASE_ORDERS_ROUTES['/purchase-orders/review/:id']}</WithPoReceiving>
  ),
  ...INVOICES_ROUTES,
  ...INVENTORY_ROUTES,
  ...COMMITTED_SALES_ROUTES,
  ...TRANSFERS_ROUTES,
  ...BINS_ROUTES,
  ...PICKING_ROUTES,
  ...AUDITS_ROUTES,
  ...ADMIN_ADJUSTMENTS_ROUTES,
  ...SIMULATION_ROUTES,
  ...LOCATIONS_ROUTES,
  ...SUPPLY_SOURCES_ROUTES,
  ...TAX_MAP_ROUTES,
  ...REVIEWS_ROUTES,
  ...CATALOG_ROUTES,
  ...USERS_ROUTES,
  ...CAROUSEL_ROUTES,
  ...UPLOADS_ROUTES,
  ...IMPORTS_ROUTES,
  ...BUCKET_GROUPS_ROUTES,
  ...SHIPPING_TEMPLATES_ROUTES,
  ...SHIPPING_RECONCILIATION_ROUTES,
  ...INVENTORY_REPORTS_ROUTES,
  ...SALES_REPORTS_ROUTES,
  ...REPORTS_ROUTES,
  ...QUOTES_ROUTES,
  ...SCAN_ROUTES,
};
