import { describe, expect, it } from 'vitest';
import {
  createBucketMappingRoute,
  createContactRoute,
  createFinanceCompanyRoute,
  createProductRoute,
  createShippingTemplateRoute,
  hasPermission,
  ROLES,
  storeQuoteRoute,
} from '@keystone/contracts';
import { APP_ROUTES, canOpenRoute, SPEC_ADMIN_MENU_PATHS } from '../app/route-table';
import { visibleMenu } from './top-menu';

const groups = (role: string) => visibleMenu(role).map((g) => g.group);
const labels = (role: string, group: string) =>
  visibleMenu(role)
    .find((g) => g.group === group)
    ?.items.map((i) => i.menu?.label ?? i.title) ?? [];

describe('the top menu', () => {
  it('shows Admin only with admin-menu:view', () => {
    expect(groups('admin')).toContain('Admin');
    expect(groups('purchasing-admin')).not.toContain('Admin');
  });

  it('hides items the role cannot open', () => {
    expect(labels('warehouse-1', 'Search')).toContain('Inventory');
    expect(labels('warehouse-1', 'Search')).not.toContain('Purchase Orders');
    expect(labels('warehouse-2', 'Search')).toContain('Purchase Orders');
    expect(labels('admin', 'Admin')).not.toContain('Role Editor');
    expect(labels('developer', 'Admin')).toContain('Role Editor');
  });

  it('shows no empty group to any role (issue 37)', () => {
    for (const role of ROLES) {
      for (const g of visibleMenu(role)) expect(g.items.length, `${role} ${g.group}`).toBeGreaterThan(0);
    }
    expect(groups('user')).not.toContain('Accounting');
    expect(groups('finance-1')).toContain('Accounting');
  });

  it("shows a 'New…' entry only to a role holding the write permission its create route asks (issue 37)", () => {
    // The server's create route behind each "New…" entry: the entry's `write` must be what the server checks.
    const createRoutes: Record<string, { access: unknown }> = {
      '/contacts/create': createContactRoute,
      '/quotes/create': storeQuoteRoute,
      '/finance-company/create': createFinanceCompanyRoute,
      '/buckets/create': createBucketMappingRoute,
      '/shipping-templates/create': createShippingTemplateRoute,
      '/products/create': createProductRoute,
    };
    // A menu entry's text is its label, else the route's title (top-menu.tsx).
    const newEntries = APP_ROUTES.filter((r) => r.menu && (r.menu.label ?? r.title).startsWith('New'));
    expect(newEntries.map((r) => r.path).sort()).toEqual(Object.keys(createRoutes).sort());
    for (const r of newEntries) expect(r.menu?.write, r.path).toBe(createRoutes[r.path]!.access);
    for (const role of ROLES) {
      for (const item of visibleMenu(role).flatMap((g) => g.items)) {
        if (!item.menu?.label?.startsWith('New')) continue;
        expect(hasPermission(role, item.menu.write!), `${role} ${item.path}`).toBe(true);
      }
    }
    // A buyer reads shipping templates but may not create one: no "New Shipping Template" for it.
    expect(labels('purchasing-1', 'Search')).toContain('Shipping Templates');
    expect(labels('purchasing-1', 'Create')).not.toContain('New Shipping Template');
    expect(labels('purchasing-admin', 'Create')).toContain('New Shipping Template');
  });

  it('lists the AP invoices page for every role holding an ap-invoices permission (001 §1, §6)', () => {
    expect(labels('finance-1', 'Accounting')).toContain('Accounts Payable Invoices');
    expect(labels('finance-lead', 'Accounting')).toContain('Accounts Payable Invoices');
    expect(labels('warehouse-1', 'Accounting')).not.toContain('Accounts Payable Invoices');
  });

  it('lists every page a role without the Admin menu may open in a menu it sees, but the two 002 §2 puts under Admin', () => {
    for (const role of ROLES.filter((r) => !hasPermission(r, 'admin-menu:view'))) {
      const shown = new Set(visibleMenu(role).flatMap((g) => g.items.map((i) => i.path)));
      const missing = APP_ROUTES.filter(
        (r) =>
          r.menu &&
          canOpenRoute(role, r) &&
          (!r.menu.write || hasPermission(role, r.menu.write)) &&
          !shown.has(r.path) &&
          !SPEC_ADMIN_MENU_PATHS.includes(r.path),
      ).map((r) => r.path);
      expect(missing, role).toEqual([]);
    }
    expect(SPEC_ADMIN_MENU_PATHS.map((p) => APP_ROUTES.find((r) => r.path === p)?.menu?.group)).toEqual([
      'Admin',
      'Admin',
    ]);
  });

  it("puts the buyers' pages in the menu of their area (issue 32 part 4)", () => {
    expect(labels('purchasing-1', 'Search')).toEqual(
      expect.arrayContaining([
        'Shipping Templates',
        'Bucket Buffers',
        'Sellout Threat',
        'Brand Purchasing',
        'Brand Sell Thru',
      ]),
    );
    expect(labels('purchasing-1', 'Status Boards')).toEqual(
      expect.arrayContaining(['Peak Days Fulfillment', 'Inactive Inventory', 'Bundle Sales']),
    );
    expect(labels('purchasing-1', 'Create')).toEqual(['Home Page Carousel']);
    expect(labels('purchasing-1', 'Accounting')).toEqual(
      expect.arrayContaining(['FBA Pending Orders', 'FBA Discrepancy Report']),
    );
    // Finance and warehouse roles: the reports their inventory:reports opens.
    for (const role of ['finance-1', 'warehouse-2']) {
      expect(labels(role, 'Search'), role).toContain('Brand Purchasing');
      expect(labels(role, 'Status Boards'), role).toContain('Peak Days Fulfillment');
      expect(labels(role, 'Search'), role).not.toContain('Sellout Threat');
    }
    expect(labels('warehouse-lead', 'Search')).toContain('Sellout Threat');
    expect(labels('warehouse-lead', 'Create')).toContain('Home Page Carousel');
    // Admins find them in the same places; the Admin menu keeps the admin pages.
    expect(labels('admin', 'Search')).toContain('Shipping Templates');
    expect(labels('admin', 'Admin')).not.toContain('Shipping Templates');
    expect(labels('admin', 'Admin')).toEqual(
      expect.arrayContaining(['Bucket Updater', 'Daily Received', 'Unreceived Invoices']),
    );
  });
});
