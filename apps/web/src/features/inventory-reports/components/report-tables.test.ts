import { describe, expect, it } from 'vitest';
import { dailySeries, daysBetween, formatDollars } from './report-tables';

describe('report tables', () => {
  it('formats dollars with 2 decimals and separators', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(-0.05)).toBe('-$0.05');
    expect(formatDollars(1_000_000)).toBe('$1,000,000.00');
  });

  it('lists the days of a range across a month end, and fills days without receipts with 0', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    const { days, series } = dailySeries({
      startDate: '2026-02-27',
      endDate: '2026-03-01',
      total_units: 5,
      total_dollars: 0,
      data: [
        {
          location_code: 'KY01',
          total_units: 5,
          total_dollars: 0,
          days: [{ date: '2026-02-28', units: 5, dollars: 0 }],
        },
      ],
    });
    expect(days).toHaveLength(3);
    expect(series).toEqual([{ location: 'KY01', units: [0, 5, 0] }]);
  });
});
