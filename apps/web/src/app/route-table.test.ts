import { describe, expect, it } from 'vitest';
import { APP_ROUTES, canOpenRoute, isExactPath, routePermission, routePermissionText } from './route-table';

describe('the route table', () => {
  it('has one entry per path', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('holds the routes the three documents name, with their permissions', () => {
    const byPath = new Map(APP_ROUTES.map((r) => [r.path, routePermission(r)]));
    const expected: Record<string, string> = {
      '/purchase-orders': 'purchase-order:view',
      '/purchase-orders/review/:id': 'purchase-order:view',
      '/contacts': 'sales-desk:manage',
      '/work-orders/:id': 'sales-desk:manage',
      '/inventory/search': 'inventory:view',
      '/inventory/transfer/:id': 'inventory-transfer:view',
      '/inventory/admin-inventory-adjustments': 'inventory:admin-adjust',
      '/boards/pick': 'boards:view',
      '/finance-company/create': 'finance-company:create',
      '/buckets/create': 'bucket:create',
      '/buckets/buffers': 'bucket-buffer:view',
      '/shipping-templates/create': 'bucket-buffer:view',
      '/shipping-reconciliation/ups': 'purchasing:reports',
      '/reports/model-po-reconciliation': 'purchase-order:view',
      '/reports/daily-received': 'inventory:reports',
      '/report/unreceived-invoices-report': 'inventory:reports',
      '/fba-discrepancy-report': 'inventory:reports',
      '/carousel-wizard': 'purchasing:reports',
      '/supply-sources': 'supply-sources:manage',
      '/role-editor': 'role-editor:view',
      '/tax-map': 'dev-route:view',
      '/products': 'dev-route:view',
    };
    for (const [path, permission] of Object.entries(expected)) expect(byPath.get(path), path).toBe(permission);
  });

  it('keeps /login and /scan-labels out of the gated table', () => {
    expect(APP_ROUTES.some((r) => r.path === '/login' || r.path === '/scan-labels')).toBe(false);
  });

  it('tells exact paths from parameterised ones', () => {
    expect(isExactPath({ path: '/inventory/bins', title: '' })).toBe(true);
    expect(isExactPath({ path: '/pick-item/:pickListItemId', title: '' })).toBe(false);
  });
});

describe('the AP invoice page (001 §1, §6; docs/decisions.md)', () => {
  const invoices = APP_ROUTES.find((r) => r.path === '/accounts-payable-invoices')!;
  it('opens with any ap-invoices permission, not dev-route:view alone', () => {
    expect(canOpenRoute('finance-1', invoices)).toBe(true);
    expect(canOpenRoute('finance-lead', invoices)).toBe(true);
    expect(canOpenRoute('developer', invoices)).toBe(true);
    expect(canOpenRoute('warehouse-1', invoices)).toBe(false);
    expect(routePermissionText(invoices)).toBe('ap-invoices:create or ap-invoices:edit or ap-invoices:delete');
  });
});
