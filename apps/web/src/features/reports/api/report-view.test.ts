import { describe, expect, it } from 'vitest';
import type { TReportCatalogueEntry } from '@keystone/contracts';
import { defaultValues, downloadsInBackground, filterCatalogue, formatCell } from './report-view';

const entry = (
  name: string,
  category: TReportCatalogueEntry['category'],
  permission: TReportCatalogueEntry['permission'] = null,
): TReportCatalogueEntry => ({
  slug: name.toLowerCase().replace(/ /g, '-'),
  name,
  category,
  description: '',
  kind: 'generic',
  path: `/reports/${name}`,
  permission,
  parameters: [
    { name: 'from', label: 'From', type: 'date', default: '2024-01-01', required: false },
    { name: 'minDays', label: 'Days', type: 'number', default: 3, required: false },
  ],
  columns: [],
  chart: null,
  background: false,
});

describe('the report catalogue filter', () => {
  const all = [
    entry('Daily Sales', 'Operations'),
    entry('Open Invoice', 'Accounting'),
    entry('Price List', 'Pricing', 'purchasing:reports'),
  ];
  it('matches a part of the name whatever its case, within the ticked categories', () => {
    expect(filterCatalogue(all, 'SALES', new Set(), 'developer').map((e) => e.name)).toEqual(['Daily Sales']);
    expect(filterCatalogue(all, '', new Set(['Accounting', 'Pricing']), 'developer').map((e) => e.name)).toEqual([
      'Open Invoice',
      'Price List',
    ]);
    expect(filterCatalogue(all, 'in', new Set(['Operations']), 'developer')).toEqual([]);
  });
  it('leaves out what the viewed role may not open', () => {
    expect(filterCatalogue(all, '', new Set(), 'warehouse-1').map((e) => e.name)).toEqual([
      'Daily Sales',
      'Open Invoice',
    ]);
  });
});

describe('report cells and parameters', () => {
  it('shows money in dollars with 2 decimals and percent with 2 decimals', () => {
    expect(formatCell({ key: 'a', label: 'A', type: 'money' }, 123456)).toBe('$1,234.56');
    expect(formatCell({ key: 'a', label: 'A', type: 'percent' }, 12.5)).toBe('12.50 %');
    expect(formatCell({ key: 'a', label: 'A', type: 'integer' }, null)).toBe('');
    // An id column (issue 31) is shown as its text: the digits of a tracking number, never a grouped number.
    expect(formatCell({ key: 'a', label: 'A', type: 'id' }, '794612345678')).toBe('794612345678');
  });
  it('starts the form from the defaults', () => {
    const values = defaultValues(entry('X', 'Operations'));
    expect(values).toEqual({ from: '2024-01-01', minDays: '3' });
  });
  it('downloads in the background when the definition says so or the answer was cut', () => {
    const e = entry('X', 'Operations');
    const result = {
      slug: 'x',
      columns: [],
      rows: [],
      rowCount: 10,
      truncated: false,
      parameters: {},
      replicaLagSeconds: null,
    };
    expect(downloadsInBackground(e, result)).toBe(false);
    expect(downloadsInBackground(e, { ...result, truncated: true })).toBe(true);
    expect(downloadsInBackground({ ...e, background: true }, result)).toBe(true);
  });
});
