import {
  AP_INVOICE_PERMISSIONS,
  hasAnyPermission,
  hasPermission,
  PERMISSION_WORDS,
  type TPermission,
} from '@keystone/contracts';

export const MENU_GROUPS = [
  'Create',
  'Search',
  'Status Boards',
  'Accounting',
  'Audit',
  'Bin Management',
  'Admin',
] as const;
export type TMenuGroup = (typeof MENU_GROUPS)[number];

export interface AppRoute {
  /** React Router path; `:name` for parameters. */
  path: string;
  title: string;
  /** The permission the route needs. A route with none named requires dev-route:view (000 §2, 002 §2). */
  permission?: TPermission;
  /** Opens with any one of these permissions instead (the AP invoice page, docs/decisions.md). */
  anyOf?: readonly TPermission[];
  /**
   * Its menu entry. `write`: the permission the entry's action writes with (a "New…" entry: the server's create
   * route's); the entry shows only to a role holding it, so no "New…" opens a page that only reads.
   */
  menu?: { group: TMenuGroup; label?: string; write?: TPermission };
  /** A detail page's list (its breadcrumbs: Home › list › record). */
  parent?: string;
  /** The refusal text when it differs from the standard one (the role editor, 002 §2). */
  forbiddenText?: string;
}

/** The pages 002 §2 itself places in the Admin submenu although roles without admin-menu:view may open them. */
export const SPEC_ADMIN_MENU_PATHS: readonly string[] = [
  '/reports/daily-received',
  '/report/unreceived-invoices-report',
];

export const DEFAULT_ROUTE_PERMISSION: TPermission = 'dev-route:view';

export function routePermission(route: AppRoute): TPermission {
  return route.permission ?? route.anyOf?.[0] ?? DEFAULT_ROUTE_PERMISSION;
}

/** Whether a role may open the route: its permission, or one of its `anyOf` list. */
export function canOpenRoute(role: string, route: AppRoute): boolean {
  return route.anyOf ? hasAnyPermission(role, route.anyOf) : hasPermission(role, routePermission(route));
}

/** The missing right in words (the refused page): the route's, or its list joined with "or". */
export function routePermissionWords(route: AppRoute): string {
  return (route.anyOf ?? [routePermission(route)]).map((p) => PERMISSION_WORDS[p]).join(' or ');
}

/** The permission named in the refusal text: the route's, or its list joined with "or". */
export function routePermissionText(route: AppRoute): string {
  return route.anyOf ? route.anyOf.join(' or ') : routePermission(route);
}

/**
 * Every route of the three documents. A screen a later issue builds shows only its title until then. The comment
 * after each route names the document and section that describe it (a comment, not a field: the table ships in
 * the first download).
 * Menu placement is ours where the documents name no submenu (docs/decisions.md): a page that roles without
 * admin-menu:view may open sits in the group of its work, not Admin, which they do not see; only the two reports the
 * documents put under Admin (`SPEC_ADMIN_MENU_PATHS`) are in Admin for them too.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', title: 'Home', permission: 'boards:view' }, // 000 §1
  { path: '/welcome', title: 'Welcome', permission: 'boards:view' }, // 002 §2 Home
  { path: '/scans-waiting', title: 'Scans Waiting', permission: 'boards:view' }, // ours: the device's unsent scans
  {
    path: '/scan-settings',
    title: 'Scanner Settings',
    permission: 'bucket:create',
    menu: { group: 'Bin Management' },
  }, // ours: a site's wedge prefix and suffix

  // 000: contacts, purchase orders, work orders
  {
    path: '/contacts',
    title: 'Contacts',
    permission: 'sales-desk:manage',
    menu: { group: 'Search' },
  }, // 000 §2 Contacts
  {
    path: '/contacts/create',
    title: 'Create New Contact',
    permission: 'sales-desk:manage',
    menu: { group: 'Create', label: 'New Contact', write: 'sales-desk:manage' },
  }, // 000 §2 Contacts
  { path: '/contacts/details', title: 'Contact Details', permission: 'sales-desk:manage', parent: '/contacts' }, // 000 §2 Contacts
  {
    path: '/purchase-orders',
    title: 'Purchase Orders',
    permission: 'purchase-order:view',
    menu: { group: 'Search' },
  }, // 000 §2 Purchase orders
  {
    path: '/purchase-orders/review/:id',
    title: 'Purchase Order',
    permission: 'purchase-order:view',
    parent: '/purchase-orders',
  }, // 001 §2 Purchase order detail
  { path: '/work-orders/:id', title: 'Work Order', permission: 'sales-desk:manage' }, // 000 §2 Quotes and work orders
  { path: '/quotes', title: 'Quotes', permission: 'sales-desk:manage', menu: { group: 'Search' } }, // 002 §2 Quotes (docs/decisions.md, "The sales desk permission")
  {
    path: '/quotes/create',
    title: 'New Quote',
    permission: 'sales-desk:manage',
    menu: { group: 'Create', write: 'sales-desk:manage' },
  }, // 002 §2 Quotes (docs/decisions.md, "The sales desk permission")
  { path: '/quotes/:id', title: 'Quote', permission: 'sales-desk:manage' }, // 002 §2 Quotes (docs/decisions.md, "The sales desk permission")

  // 001: inventory
  {
    path: '/inventory/search',
    title: 'Inventory Search',
    permission: 'inventory:view',
    menu: { group: 'Search', label: 'Inventory' },
  }, // 001 §2
  {
    path: '/inventory/search/serial',
    title: 'Serial Search',
    permission: 'inventory:view',
    menu: { group: 'Search', label: 'Serials' },
  }, // 001 §2
  {
    path: '/inventory/detail/model/:model',
    title: 'Product Detail',
    permission: 'inventory:view',
    parent: '/inventory/search',
  }, // 001 §2
  {
    path: '/inventory/detail/:searchType/:value',
    title: 'Product Detail',
    permission: 'inventory:view',
    parent: '/inventory/search',
  }, // 001 §2
  { path: '/inventory/simulation', title: 'Inventory Events Simulation', permission: 'inventory:view' }, // 001 §2
  { path: '/inventory/simulation/serial/:serial', title: 'Serial History Simulation', permission: 'inventory:view' }, // 001 §2
  {
    path: '/inventory/transfer/:id',
    title: 'Inventory Transfer',
    permission: 'inventory-transfer:view',
    parent: '/committed-transfers',
  }, // 001 §2
  {
    path: '/inventory-transactions',
    title: 'Inventory Transactions',
    permission: 'inventory:view',
    menu: { group: 'Search', label: 'Transactions' },
  }, // 001 §2
  { path: '/inventory-transactions/search', title: 'Inventory Transactions', permission: 'inventory:view' }, // 001 §2
  { path: '/inventory-transactions/:id', title: 'Inventory Transaction', permission: 'inventory:view' }, // 001 §2
  { path: '/inventory-serials/:id', title: 'Serial Detail', permission: 'inventory:view' }, // 001 §2
  {
    path: '/inventory/bins',
    title: 'Bins',
    permission: 'inventory:view',
    menu: { group: 'Bin Management', label: 'Bin Locations' },
  }, // 001 §2
  { path: '/inventory/bins/assignment/:locationCode/:binName', title: 'Bin Contents', permission: 'inventory:view' }, // 001 §2
  { path: '/pick-item/:pickListItemId', title: 'Pick Item', permission: 'inventory:view' }, // 001 §2
  {
    path: '/boards/pick',
    title: 'Pick Lists',
    permission: 'boards:view',
    menu: { group: 'Status Boards' },
  }, // 001 §2
  {
    path: '/boards/committed-sales',
    title: 'Committed Sales',
    permission: 'boards:view',
    menu: { group: 'Status Boards' },
  }, // 001 §2
  {
    path: '/committed-transfers',
    title: 'Committed Transfers',
    permission: 'boards:view',
    menu: { group: 'Status Boards' },
  }, // 001 §2
  {
    path: '/inbound-transfers',
    title: 'Inbound Transfers',
    permission: 'inventory:view',
    menu: { group: 'Status Boards' },
  }, // 002 §2 Other
  {
    path: '/inventory/audit-scans',
    title: 'Audits',
    permission: 'inventory:view',
    menu: { group: 'Audit', label: 'Physical Audits' },
  }, // 001 §2
  {
    path: '/inventory/audit-scans/:auditBatchId',
    title: 'Audit Scan Tool',
    permission: 'inventory:view',
    parent: '/inventory/audit-scans',
  }, // 001 §2
  {
    path: '/inventory/audit-discrepancy-report/:auditBatchId',
    title: 'Audit Discrepancy Report',
    permission: 'inventory:view',
    parent: '/inventory/audit-scans',
  }, // 001 §2
  {
    path: '/inventory/admin-inventory-adjustments',
    title: 'Admin-Level Inventory Adjustments',
    permission: 'inventory:admin-adjust',
    menu: { group: 'Audit' },
  }, // 001 §2, 002 §2
  // 001 §1, §6 give finance roles ap-invoices:create, edit and delete: the page opens with any of them (docs/decisions.md).
  {
    path: '/accounts-payable-invoices',
    title: 'Accounts Payable Invoices',
    anyOf: AP_INVOICE_PERMISSIONS,
    menu: { group: 'Accounting' },
  }, // 001 §1, §2, §6
  {
    path: '/finance-company/create',
    title: 'Create Finance Company',
    permission: 'finance-company:create',
    menu: { group: 'Create', label: 'New Finance Company', write: 'finance-company:create' },
  }, // 001 §2

  // 002: configuration and administration
  { path: '/buckets/groups', title: 'Bucket Groups', menu: { group: 'Admin' } }, // 002 §2
  { path: '/buckets/maps', title: 'Bucket Maps', menu: { group: 'Admin' } }, // 002 §2
  {
    path: '/buckets/buffers',
    title: 'Bucket Buffers',
    permission: 'bucket-buffer:view',
    menu: { group: 'Search' },
  }, // 002 §2
  {
    path: '/buckets/create',
    title: 'New Location',
    permission: 'bucket:create',
    menu: { group: 'Create', write: 'bucket:create' },
  }, // 002 §2
  { path: '/buckets/update', title: 'Bucket Update', menu: { group: 'Admin' } }, // 002 §2
  {
    path: '/buckets/updater',
    title: 'Bucket Updater',
    permission: 'admin:override',
    menu: { group: 'Admin' },
  }, // 002 §2
  {
    path: '/shipping-templates',
    title: 'Shipping Templates',
    permission: 'bucket-buffer:view',
    menu: { group: 'Search' },
  }, // 002 §2
  {
    path: '/shipping-templates/create',
    title: 'Shipping Templates',
    permission: 'bucket-buffer:view',
    menu: { group: 'Create', label: 'New Shipping Template', write: 'bucket-buffer:edit' },
  }, // 002 §2
  {
    path: '/shipping-reconciliation',
    title: 'Shipping Reconciliation',
    permission: 'purchasing:reports',
    menu: { group: 'Accounting' },
  }, // 002 §2
  {
    path: '/shipping-reconciliation/generic',
    title: 'Generic Shipping Reconciliation',
    permission: 'purchasing:reports',
  }, // 002 §2
  { path: '/shipping-reconciliation/ups', title: 'UPS Shipping Reconciliation', permission: 'purchasing:reports' }, // 002 §2
  { path: '/shipping-reconciliation/fedex', title: 'FedEx Shipping Reconciliation', permission: 'purchasing:reports' }, // 002 §2
  { path: '/shipping-reconciliation/ceva', title: 'CEVA Shipping Reconciliation', permission: 'purchasing:reports' }, // 002 §2
  {
    path: '/shipping-reconciliation/search',
    title: 'Shipping Reconciliation Search',
    permission: 'purchasing:reports',
  }, // 002 §2
  { path: '/reports', title: 'Reports', menu: { group: 'Admin', label: 'Report Catalogue' } }, // 002 §2 Reports
  {
    path: '/reports/ge-on-hand-export',
    title: 'GE On-Hand Export',
    permission: 'purchasing:reports',
    menu: { group: 'Accounting' },
  }, // 002 §2
  {
    path: '/reports/inventory-accounting',
    title: 'Inventory Accounting Report',
    permission: 'purchasing:reports',
    menu: { group: 'Accounting', label: 'Inventory Accounting' },
  }, // 002 §2
  {
    path: '/reports/settlement-upload',
    title: 'Settlement Upload',
    permission: 'purchasing:reports',
    menu: { group: 'Accounting' },
  }, // 002 §2
  {
    path: '/ep-holdings/orders/upload',
    title: 'Holdings Orders Upload',
    permission: 'purchasing:reports',
    menu: { group: 'Accounting', label: 'Holdings Upload' },
  }, // 002 §2
  {
    path: '/fba-discrepancy-report',
    title: 'FBA Discrepancy Report',
    permission: 'inventory:reports',
    menu: { group: 'Accounting' },
  }, // 002 §2
  {
    path: '/reports/model-po-reconciliation',
    title: 'Model PO Reconciliation',
    permission: 'purchase-order:view',
    menu: { group: 'Search' },
  }, // 002 §2
  { path: '/reports/sales', title: 'Sales Reports', menu: { group: 'Admin' } }, // 002 §2
  {
    path: '/reports/brand-sell-thru',
    title: 'Brand Sell Thru',
    permission: 'purchasing:reports',
    menu: { group: 'Search' },
  }, // 002 §2
  {
    path: '/reports/sellout-threat',
    title: 'Sellout Threat',
    permission: 'purchasing:reports',
    menu: { group: 'Search' },
  }, // 002 §2
  {
    path: '/reports/bundle-sales',
    title: 'Bundle Sales',
    permission: 'purchasing:reports',
    menu: { group: 'Status Boards' },
  }, // 002 §2
  {
    path: '/reports/daily-received',
    title: 'Daily Received',
    permission: 'inventory:reports',
    menu: { group: 'Admin' },
  }, // 002 §2
  {
    path: '/report/unreceived-invoices-report',
    title: 'Unreceived Invoices Report',
    permission: 'inventory:reports',
    menu: { group: 'Admin', label: 'Unreceived Invoices' },
  }, // 002 §2
  {
    path: '/reports/brand-purchasing',
    title: 'Brand Purchasing',
    permission: 'inventory:reports',
    menu: { group: 'Search' },
  }, // 002 §2
  {
    path: '/reports/inactive-inventory',
    title: 'Inactive Inventory',
    permission: 'inventory:reports',
    menu: { group: 'Status Boards' },
  }, // 002 §2
  {
    path: '/reports/peak-days-fulfillment',
    title: 'Peak Days Fulfillment',
    permission: 'inventory:reports',
    menu: { group: 'Status Boards' },
  }, // 002 §2
  {
    path: '/reports/fba-pending-orders-in-dollars',
    title: 'FBA Pending Orders in Dollars',
    permission: 'inventory:reports',
    menu: { group: 'Accounting', label: 'FBA Pending Orders' },
  }, // 002 §2
  { path: '/reports/:reportName', title: 'Report' }, // 002 §2 (generic report routes)
  {
    path: '/carousel-wizard',
    title: 'Carousel',
    permission: 'purchasing:reports',
    menu: { group: 'Create', label: 'Home Page Carousel' },
  }, // 002 §2
  {
    path: '/supply-sources',
    title: 'Amazon Supply Sources (ISPU)',
    permission: 'supply-sources:manage',
    menu: { group: 'Admin', label: 'Supply Sources' },
  }, // 002 §2
  { path: '/products', title: 'Products', permission: 'dev-route:view', menu: { group: 'Search' } }, // 002 §2
  {
    path: '/products/create',
    title: 'Create New Product',
    menu: { group: 'Create', label: 'New Product', write: 'dev-route:view' },
  }, // 002 §2
  {
    path: '/products/walts-website-reviews',
    title: 'Product Reviews',
    menu: { group: 'Admin', label: 'Review Moderation' },
  }, // 002 §2
  { path: '/tax-map', title: 'Collect and Remit Tax', menu: { group: 'Accounting', label: 'Tax Map' } }, // 002 §2
  {
    path: '/admin/import',
    title: 'Import',
    permission: 'data-import:manage',
    menu: { group: 'Admin' },
  }, // docs/decisions.md, "Imports"
  {
    path: '/role-editor',
    title: 'Role Editor',
    permission: 'role-editor:view',
    menu: { group: 'Admin' },
    forbiddenText: 'You do not have access to this page.',
    // 002 §2
  },
];

/** Paths without parameters, which can be linked to as they are. */
export function isExactPath(route: AppRoute): boolean {
  return !route.path.includes(':');
}
