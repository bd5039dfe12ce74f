/**
 * The permission catalogue and the role-to-permission map (000 §6, 001 §6, 002 §6).
 * Role strings come from the seeds README. "The lead adds X" means the lead has the member's set plus X.
 */
export const PERMISSIONS = [
  'boards:view',
  'inventory:view',
  'inventory:reports',
  'inventory:admin-adjust',
  'inventory-transfer:view',
  'committed-transfer:view',
  'purchase-order:view',
  'purchase-order:create',
  'purchase-order:edit',
  'purchase-order:receive',
  'purchase-order:un-receive',
  'purchase-order:send-to-vendor',
  'purchasing:reports',
  'vendor:create',
  'vendor:edit',
  'bucket-buffer:view',
  'bucket-buffer:edit',
  'bucket:create',
  'audit-scan:submit',
  'bin:admin',
  'ap-invoices:create',
  'ap-invoices:edit',
  'ap-invoices:delete',
  'finance-company:create',
  'supply-sources:manage',
  'qa-routes:view',
  'admin-menu:view',
  'admin:override',
  'dev-route:view',
  'role-editor:view',
  /** Contacts, quotes and work orders (docs/decisions.md "The sales desk permission"). */
  'sales-desk:manage',
  /** A copy of the embedded database while the server runs (`npm run backup`; docs/deployment.md, "Backups"). */
  'admin:backup',
  /** Importing and exporting a store's products, vendors, contacts and opening stock (docs/decisions.md "Imports"). */
  'data-import:manage',
] as const;

export type TPermission = (typeof PERMISSIONS)[number];

export const ROLES = [
  'customer-service-1',
  'customer-service-2',
  'customer-service-3',
  'customer-service-lead',
  'fulfillment-1',
  'fulfillment-2',
  'fulfillment-lead',
  'purchasing-1',
  'purchasing-2',
  'purchasing-3',
  'purchasing-admin',
  'sales-1',
  'warehouse-1',
  'warehouse-2',
  'warehouse-lead',
  'warehouse-admin',
  'finance-1',
  'finance-lead',
  'admin',
  'developer',
  'user',
] as const;

export type TRole = (typeof ROLES)[number];

/** The default role when none is given. */
export const DEFAULT_ROLE: TRole = 'user';

const BASE = ['boards:view'] as const satisfies readonly TPermission[];

const customerService = [
  ...BASE,
  'inventory:view',
  'inventory:reports',
  'sales-desk:manage',
] as const satisfies readonly TPermission[];
const fulfillment1 = [
  ...BASE,
  'purchase-order:view',
  'inventory:view',
  'inventory:reports',
] as const satisfies readonly TPermission[];
const fulfillment2 = [...fulfillment1, 'inventory-transfer:view'] as const satisfies readonly TPermission[];
const purchasing1 = [
  ...BASE,
  'purchase-order:create',
  'purchase-order:view',
  'purchase-order:edit',
  'purchasing:reports',
  'inventory:view',
  'inventory:reports',
  'bucket-buffer:view',
] as const satisfies readonly TPermission[];
const purchasing2 = [
  ...purchasing1,
  'purchase-order:send-to-vendor',
  'vendor:create',
  'vendor:edit',
] as const satisfies readonly TPermission[];
const purchasingAdmin = [
  ...purchasing2,
  'bucket-buffer:edit',
  'purchase-order:receive',
  'purchase-order:un-receive',
  'audit-scan:submit',
] as const satisfies readonly TPermission[];
const warehouse1 = [...BASE, 'inventory:view'] as const satisfies readonly TPermission[];
const warehouse2 = [
  ...warehouse1,
  'purchase-order:view',
  'purchase-order:receive',
  'inventory:reports',
] as const satisfies readonly TPermission[];
const warehouseLead = [
  ...warehouse2,
  'inventory-transfer:view',
  'committed-transfer:view',
  'purchasing:reports',
] as const satisfies readonly TPermission[];
const warehouseAdmin = [
  ...warehouseLead,
  'purchase-order:create',
  'purchase-order:edit',
  'purchase-order:un-receive',
  'audit-scan:submit',
  'bin:admin',
] as const satisfies readonly TPermission[];
const finance1 = [
  ...BASE,
  'purchase-order:view',
  'inventory:view',
  'inventory:reports',
  'ap-invoices:create',
  'ap-invoices:edit',
  'bucket-buffer:edit',
] as const satisfies readonly TPermission[];
const financeLead = [
  ...finance1,
  'ap-invoices:delete',
  'finance-company:create',
] as const satisfies readonly TPermission[];
const admin = [
  ...warehouseAdmin,
  ...purchasingAdmin,
  ...financeLead,
  'qa-routes:view',
  'admin-menu:view',
  'bucket:create',
  'inventory:admin-adjust',
  'admin:override',
  'admin:backup',
  'data-import:manage',
] as const satisfies readonly TPermission[];

/**
 * The developer role is the super user: the admin set plus dev-route:view, admin-menu:view and
 * role-editor:view, and (as super user) every other permission in the catalogue, which is how it holds
 * supply-sources:manage, a permission no other role in the §6 table names.
 */
const developer = [...PERMISSIONS] as const satisfies readonly TPermission[];

export const ROLE_PERMISSIONS = {
  'customer-service-1': customerService,
  'customer-service-2': customerService,
  'customer-service-3': customerService,
  'customer-service-lead': [...customerService, 'purchase-order:view'],
  'fulfillment-1': fulfillment1,
  'fulfillment-2': fulfillment2,
  'fulfillment-lead': [
    ...fulfillment2,
    'purchase-order:receive',
    'purchase-order:edit',
    'purchase-order:create',
    'committed-transfer:view',
    'purchasing:reports',
  ],
  'purchasing-1': purchasing1,
  'purchasing-2': purchasing2,
  'purchasing-3': [...purchasing1, 'vendor:create', 'vendor:edit'],
  'purchasing-admin': purchasingAdmin,
  'sales-1': [...BASE, 'purchase-order:view', 'inventory:view', 'inventory:reports', 'sales-desk:manage'],
  'warehouse-1': warehouse1,
  'warehouse-2': warehouse2,
  'warehouse-lead': warehouseLead,
  'warehouse-admin': warehouseAdmin,
  'finance-1': finance1,
  'finance-lead': financeLead,
  admin,
  developer,
  user: BASE,
} as const satisfies Record<TRole, readonly TPermission[]>;

/** Roles that are super users: they may view the app as another role (client side only). */
export const SUPER_USER_ROLES: readonly TRole[] = ['developer'];

const permissionSets = new Map<string, ReadonlySet<TPermission>>(
  Object.entries(ROLE_PERMISSIONS).map(([role, perms]) => [role, new Set<TPermission>(perms)]),
);

export function isRole(value: unknown): value is TRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function permissionsOf(role: string): ReadonlySet<TPermission> {
  return permissionSets.get(role) ?? permissionSets.get(DEFAULT_ROLE)!;
}

export function hasPermission(role: string, permission: TPermission): boolean {
  return permissionsOf(role).has(permission);
}

/** Whether the role holds at least one of the permissions. */
export function hasAnyPermission(role: string, permissions: readonly TPermission[]): boolean {
  return permissions.some((p) => hasPermission(role, p));
}

/**
 * The accounts-payable invoice page and its reads (the invoice list, finance companies, vendors): anyone who may
 * act on invoices (001 §1, §6: ap-invoices:create, edit, delete) or view POs. See docs/decisions.md.
 */
export const AP_INVOICE_PERMISSIONS = [
  'ap-invoices:create',
  'ap-invoices:edit',
  'ap-invoices:delete',
] as const satisfies readonly TPermission[];

export function isSuperUser(role: string): boolean {
  return (SUPER_USER_ROLES as readonly string[]).includes(role);
}

/** The refusal text of a route (000 §2, 001 §6). */
/** What each permission lets a person do, in words (the refused page names the missing right with it). */
export const PERMISSION_WORDS: Record<TPermission, string> = {
  'boards:view': 'view the status boards',
  'inventory:view': 'view inventory',
  'inventory:reports': 'run inventory reports',
  'inventory:admin-adjust': 'adjust inventory as an administrator',
  'inventory-transfer:view': 'view inventory transfers',
  'committed-transfer:view': 'view committed transfers',
  'purchase-order:view': 'view purchase orders',
  'purchase-order:create': 'create purchase orders',
  'purchase-order:edit': 'edit purchase orders',
  'purchase-order:receive': 'receive purchase orders',
  'purchase-order:un-receive': 'undo receiving on purchase orders',
  'purchase-order:send-to-vendor': 'send purchase orders to vendors',
  'purchasing:reports': 'run purchasing reports',
  'vendor:create': 'create vendors',
  'vendor:edit': 'edit vendors',
  'bucket-buffer:view': 'view bucket buffers and shipping templates',
  'bucket-buffer:edit': 'edit bucket buffers and shipping templates',
  'bucket:create': 'create locations',
  'audit-scan:submit': 'submit audit scans',
  'bin:admin': 'manage bins',
  'ap-invoices:create': 'create accounts payable invoices',
  'ap-invoices:edit': 'edit accounts payable invoices',
  'ap-invoices:delete': 'delete accounts payable invoices',
  'finance-company:create': 'create finance companies',
  'supply-sources:manage': 'manage supply sources',
  'qa-routes:view': 'open the QA pages',
  'admin-menu:view': 'use the Admin menu',
  'admin:override': 'override checks as an administrator',
  'dev-route:view': "open the developers' pages",
  'role-editor:view': 'edit roles',
  'sales-desk:manage': 'work the sales desk (contacts, quotes, work orders)',
  'admin:backup': 'back up the database',
  'data-import:manage': 'import and export data',
};

export function permissionDeniedMessage(role: string, permission: string): string {
  return `Your ${role} role does not have permission for ${permission}`;
}

/** The server's refusal message (000 §6: "The server may also refuse with access denied"). */
export const ACCESS_DENIED = 'access denied';
