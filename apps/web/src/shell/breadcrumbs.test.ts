import { describe, expect, it } from 'vitest';
import { ROLES } from '@keystone/contracts';
import { APP_ROUTES, canOpenRoute } from '../app/route-table';
import { breadcrumbTrail } from './breadcrumbs';

const route = (path: string) => APP_ROUTES.find((r) => r.path === path)!;

describe('breadcrumbs (issue 37)', () => {
  it('lead from Home through the list to the record', () => {
    expect(breadcrumbTrail(route('/purchase-orders/review/:id'), { id: '12' })).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Purchase Orders', to: '/purchase-orders' },
      { label: 'Purchase Order 12' },
    ]);
    expect(
      breadcrumbTrail(route('/inventory/detail/:searchType/:value'), { searchType: 'upc', value: '0123' }),
    ).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Inventory', to: '/inventory/search' },
      { label: 'Product Detail 0123' },
    ]);
    expect(breadcrumbTrail(route('/contacts/details'), {}).map((c) => c.label)).toEqual([
      'Home',
      'Contacts',
      'Contact Details',
    ]);
  });

  it("name a list that exists and that the detail page's readers may open", () => {
    const details = APP_ROUTES.filter((r) => r.parent);
    expect(details.length).toBeGreaterThanOrEqual(6);
    for (const detail of details) {
      const list = APP_ROUTES.find((r) => r.path === detail.parent);
      expect(list?.menu, detail.path).toBeDefined();
      for (const role of ROLES.filter((r) => canOpenRoute(r, detail)))
        expect(canOpenRoute(role, list!), `${role} ${detail.path}`).toBe(true);
    }
  });
});
