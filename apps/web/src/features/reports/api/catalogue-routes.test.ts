import { describe, expect, it } from 'vitest';
import { GENERIC_REPORT_PERMISSION, NAMED_REPORTS } from '@keystone/contracts';
import { APP_ROUTES, routePermission } from '../../../app/route-table';

/** Issue 15: every report the catalogue lists is a route of the route table, opened by the permission the catalogue names. */
describe('the report catalogue and the route table', () => {
  it('lists each named report at its route, with the route permission', () => {
    for (const report of NAMED_REPORTS) {
      const route = APP_ROUTES.find((r) => r.path === report.path);
      expect(route, report.path).toBeDefined();
      expect(routePermission(route!), report.path).toBe(report.permission);
    }
  });
  it('opens the generic reports on /reports/:reportName, whose permission is the generic reports’ one', () => {
    const route = APP_ROUTES.find((r) => r.path === '/reports/:reportName');
    expect(route).toBeDefined();
    expect(routePermission(route!)).toBe(GENERIC_REPORT_PERMISSION);
  });
});
