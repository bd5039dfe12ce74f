import { describe, expect, it } from 'vitest';
import { visibleMenu } from './top-menu';

const groups = (role: string) => visibleMenu(role).map((g) => g.group);
const labels = (role: string, group: string) => visibleMenu(role).find((g) => g.group === group)?.items.map((i) => i.menu?.label) ?? [];

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

  it('keeps every group (000 §2: only Admin is conditional); a group with nothing the role may open is empty', () => {
    expect(groups('user')).toEqual(['Create', 'Search', 'Status Boards', 'Accounting', 'Audit', 'Bin Management']);
    expect(labels('user', 'Accounting')).toEqual([]);
  });

  it('lists the AP invoices page for every role holding an ap-invoices permission (001 §1, §6)', () => {
    expect(labels('finance-1', 'Accounting')).toContain('Accounts Payable Invoices');
    expect(labels('finance-lead', 'Accounting')).toContain('Accounts Payable Invoices');
    expect(labels('warehouse-1', 'Accounting')).not.toContain('Accounts Payable Invoices');
  });
});
