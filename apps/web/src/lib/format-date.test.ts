import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatTimestamp, localToday } from './format-date';

describe('dates as the spec writes them (000 §9)', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('a calendar date stays as it is, in any zone', () => {
    expect(formatDate('2026-01-05')).toBe('2026-01-05');
  });

  it("a timestamp's date is its UTC calendar date", () => {
    expect(formatDate('2026-01-05T02:30:00.000Z')).toBe('2026-01-05');
    expect(formatDate(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe('2026-12-31');
  });

  it('a timestamp with its time is YYYY-MM-DD HH:mm in local time, 24-hour', () => {
    expect(formatTimestamp('2026-07-04T17:05:00.000Z')).toBe('2026-07-04 13:05');
    expect(formatTimestamp('2026-01-05T02:30:00.000Z')).toBe('2026-01-04 21:30');
  });

  it('empty gives a dash (or the given text); text that is no date is shown as it is', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatTimestamp(undefined, '')).toBe('');
    expect(formatTimestamp('soon')).toBe('soon');
  });

  it('today is the local calendar date', () => {
    expect(localToday(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
  });
});
