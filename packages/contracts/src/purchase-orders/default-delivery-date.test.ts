import { afterEach, describe, expect, it } from 'vitest';
import { defaultRequestedDeliveryDate } from './po-rules.js';

// Expected values computed independently (Python's datetime), not with the code under test.
describe('defaultRequestedDeliveryDate', () => {
  it('is three weeks after today when today is a Friday', () => {
    expect(defaultRequestedDeliveryDate('2026-11-20')).toBe('2026-12-11');
  });

  it('is three weeks after the next Friday when today is a Saturday', () => {
    expect(defaultRequestedDeliveryDate('2026-11-21')).toBe('2026-12-18');
  });

  it.each([
    ['2026-11-16', 'Monday', '2026-12-11'],
    ['2026-11-17', 'Tuesday', '2026-12-11'],
    ['2026-11-18', 'Wednesday', '2026-12-11'],
    ['2026-11-19', 'Thursday', '2026-12-11'],
    ['2026-11-20', 'Friday', '2026-12-11'],
    ['2026-11-21', 'Saturday', '2026-12-18'],
    ['2026-11-22', 'Sunday', '2026-12-18'],
  ])('from %s (a %s) gives %s', (today, _weekday, expected) => {
    expect(defaultRequestedDeliveryDate(today)).toBe(expected);
  });

  it.each([
    ['2026-12-14', '2027-01-08'], // into the next year
    ['2026-12-26', '2027-01-22'], // the Friday itself is New Year's Day
    ['2026-12-31', '2027-01-22'],
    ['2027-01-01', '2027-01-22'],
    ['2026-01-31', '2026-02-27'], // month end
    ['2026-10-31', '2026-11-27'],
    ['2027-02-06', '2027-03-05'], // February of a common year
    ['2028-02-07', '2028-03-03'], // February of a leap year
    ['2028-02-26', '2028-03-24'],
    ['2024-02-29', '2024-03-22'], // a leap day
    ['2026-03-06', '2026-03-27'], // across the start of US daylight saving time
    ['2026-03-07', '2026-04-03'],
    ['0099-12-31', '0100-01-22'], // two-digit years are not taken as 19xx
  ])('from %s gives %s', (today, expected) => {
    expect(defaultRequestedDeliveryDate(today)).toBe(expected);
  });

  describe('whatever the time zone', () => {
    // The contracts package is typed without Node (it runs in the browser too); its tests run in Node.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const original = env.TZ;
    afterEach(() => {
      if (original === undefined) delete env.TZ;
      else env.TZ = original;
    });

    it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'Australia/Lord_Howe'])(
      'gives the same dates in %s',
      (tz) => {
        env.TZ = tz;
        expect(defaultRequestedDeliveryDate('2026-11-20')).toBe('2026-12-11');
        expect(defaultRequestedDeliveryDate('2026-11-21')).toBe('2026-12-18');
        expect(defaultRequestedDeliveryDate('2026-03-07')).toBe('2026-04-03');
        expect(defaultRequestedDeliveryDate('2026-10-31')).toBe('2026-11-27');
      },
    );
  });

  it('always gives a Friday 21 to 27 days ahead, the first Friday on or after today plus 21 days', () => {
    const dayMs = 86_400_000;
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 800; i += 1) {
      const today = new Date(start + i * dayMs).toISOString().slice(0, 10);
      const result = defaultRequestedDeliveryDate(today);
      const days = (Date.parse(`${result}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / dayMs;
      expect(new Date(`${result}T00:00:00Z`).getUTCDay(), `${today} → ${result}`).toBe(5);
      expect(days, `${today} → ${result}`).toBeGreaterThanOrEqual(21);
      expect(days, `${today} → ${result}`).toBeLessThanOrEqual(27);
    }
  });

  it.each(['2026-02-30', '2026-13-01', '2026-00-10', '20261120', '2026-11-20T10:00:00Z', '', 'next friday'])(
    'rejects %j',
    (value) => {
      expect(() => defaultRequestedDeliveryDate(value)).toThrow(RangeError);
    },
  );
});
