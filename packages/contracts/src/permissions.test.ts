import { describe, expect, it } from 'vitest';
import {
  AP_INVOICE_PERMISSIONS,
  hasAnyPermission,
  hasPermission,
  isRole,
  isSuperUser,
  PERMISSIONS,
  permissionDeniedMessage,
  permissionsOf,
  ROLE_PERMISSIONS,
  ROLES,
  type TPermission,
} from './permissions.js';

const has = (role: string, ...perms: TPermission[]) => perms.every((p) => hasPermission(role, p));

describe('the role map of 000 §6', () => {
  it('gives every role the base set and only catalogue permissions', () => {
    for (const role of ROLES) {
      expect(hasPermission(role, 'boards:view')).toBe(true);
      for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
    }
    expect([...permissionsOf('user')]).toEqual(['boards:view']);
  });

  it('customer service: inventory view and reports; the lead adds purchase-order:view', () => {
    expect(has('customer-service-2', 'inventory:view', 'inventory:reports')).toBe(true);
    expect(hasPermission('customer-service-3', 'purchase-order:view')).toBe(false);
    expect(has('customer-service-lead', 'purchase-order:view', 'inventory:view')).toBe(true);
  });

  it('fulfillment: member 2 adds transfers; the lead adds receive, edit, create, committed transfers and purchasing reports', () => {
    expect(has('fulfillment-1', 'purchase-order:view', 'inventory:reports')).toBe(true);
    expect(hasPermission('fulfillment-1', 'inventory-transfer:view')).toBe(false);
    expect(hasPermission('fulfillment-2', 'inventory-transfer:view')).toBe(true);
    expect(
      has(
        'fulfillment-lead',
        'inventory-transfer:view',
        'purchase-order:receive',
        'purchase-order:edit',
        'purchase-order:create',
        'committed-transfer:view',
        'purchasing:reports',
      ),
    ).toBe(true);
    expect(hasPermission('fulfillment-lead', 'purchase-order:un-receive')).toBe(false);
  });

  it('purchasing: member 2 sends to vendors; member 3 repeats vendor create and edit; the admin adds receiving and audits', () => {
    expect(has('purchasing-1', 'purchase-order:create', 'purchase-order:edit', 'bucket-buffer:view')).toBe(true);
    expect(hasPermission('purchasing-1', 'vendor:create')).toBe(false);
    expect(has('purchasing-2', 'purchase-order:send-to-vendor', 'vendor:create', 'vendor:edit')).toBe(true);
    expect(has('purchasing-3', 'vendor:create', 'vendor:edit')).toBe(true);
    expect(hasPermission('purchasing-3', 'purchase-order:send-to-vendor')).toBe(false);
    expect(
      has(
        'purchasing-admin',
        'bucket-buffer:edit',
        'purchase-order:receive',
        'purchase-order:un-receive',
        'audit-scan:submit',
        'purchase-order:send-to-vendor',
      ),
    ).toBe(true);
  });

  it('warehouse: member 2 receives; the lead adds transfers; the admin adds create, edit, un-receive, audits and bins', () => {
    expect([...permissionsOf('warehouse-1')].sort()).toEqual(['boards:view', 'inventory:view']);
    expect(has('warehouse-2', 'purchase-order:view', 'purchase-order:receive', 'inventory:reports')).toBe(true);
    expect(has('warehouse-lead', 'inventory-transfer:view', 'committed-transfer:view', 'purchasing:reports')).toBe(
      true,
    );
    expect(hasPermission('warehouse-lead', 'bin:admin')).toBe(false);
    expect(
      has(
        'warehouse-admin',
        'purchase-order:create',
        'purchase-order:edit',
        'purchase-order:un-receive',
        'audit-scan:submit',
        'bin:admin',
      ),
    ).toBe(true);
  });

  it('finance: invoices and buffers; the lead deletes invoices and creates finance companies', () => {
    expect(
      has('finance-1', 'ap-invoices:create', 'ap-invoices:edit', 'bucket-buffer:edit', 'purchase-order:view'),
    ).toBe(true);
    expect(hasPermission('finance-1', 'ap-invoices:delete')).toBe(false);
    expect(has('finance-lead', 'ap-invoices:delete', 'finance-company:create')).toBe(true);
  });

  it('admin is the union of warehouse admin, purchasing admin and finance lead plus its own five', () => {
    const union = new Set([
      ...ROLE_PERMISSIONS['warehouse-admin'],
      ...ROLE_PERMISSIONS['purchasing-admin'],
      ...ROLE_PERMISSIONS['finance-lead'],
    ]);
    for (const p of union) expect(hasPermission('admin', p)).toBe(true);
    expect(
      has('admin', 'qa-routes:view', 'admin-menu:view', 'bucket:create', 'inventory:admin-adjust', 'admin:override'),
    ).toBe(true);
    expect(hasPermission('admin', 'dev-route:view')).toBe(false);
    expect(hasPermission('admin', 'role-editor:view')).toBe(false);
  });

  it('developer is the super user with every permission', () => {
    for (const p of PERMISSIONS) expect(hasPermission('developer', p)).toBe(true);
    expect(isSuperUser('developer')).toBe(true);
    expect(isSuperUser('admin')).toBe(false);
  });

  it('treats an unknown role as the default role', () => {
    expect(isRole('nobody')).toBe(false);
    expect([...permissionsOf('nobody')]).toEqual(['boards:view']);
  });

  it('words the refusal as the spec does', () => {
    expect(permissionDeniedMessage('warehouse-1', 'purchase-order:view')).toBe(
      'Your warehouse-1 role does not have permission for purchase-order:view',
    );
  });
});

describe('the accounts-payable invoice page (001 §1, §6; docs/decisions.md)', () => {
  it('its reads answer anyone holding an ap-invoices permission, as well as PO viewers', async () => {
    const { listApInvoicesRoute, listFinanceCompaniesRoute } = await import('./invoices/invoices.api.js');
    const { listVendorsRoute } = await import('./vendors/vendors.api.js');
    for (const route of [listApInvoicesRoute, listFinanceCompaniesRoute, listVendorsRoute]) {
      const access = [route.access].flat();
      for (const p of [...AP_INVOICE_PERMISSIONS, 'purchase-order:view'] as const)
        expect(access, route.path).toContain(p);
    }
  });

  it('hasAnyPermission: one held permission of the list is enough', () => {
    expect(hasAnyPermission('finance-1', AP_INVOICE_PERMISSIONS)).toBe(true);
    expect(hasAnyPermission('warehouse-1', AP_INVOICE_PERMISSIONS)).toBe(false);
  });
});
