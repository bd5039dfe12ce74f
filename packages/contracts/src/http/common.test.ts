import { describe, expect, it } from 'vitest';
import { isCalendarDate, ZDateSchema } from './common.js';

const messages = (value: unknown) => ZDateSchema.safeParse(value).error?.issues.map((i) => i.message);

describe('dates', () => {
  it.each(['2024-02-29', '2023-12-31', '0001-01-01', '0004-02-29', '9999-12-31'])(
    'takes the calendar day %s',
    (date) => {
      expect(isCalendarDate(date)).toBe(true);
      expect(ZDateSchema.safeParse(date).success).toBe(true);
    },
  );

  it.each([
    '2024-13-45',
    '2024-02-30',
    '2023-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-01-00',
    '0000-01-01',
    '0005-02-29',
  ])('refuses %s, which matches YYYY-MM-DD but is no day, with one message', (date) => {
    expect(isCalendarDate(date)).toBe(false);
    expect(messages(date)).toEqual(['must be a real date']);
  });

  it('says the format when the text is not YYYY-MM-DD, and only that', () => {
    expect(messages('2024-2-3')).toEqual(['must be a date YYYY-MM-DD']);
    expect(messages('2024-02-03T00:00')).toEqual(['must be a date YYYY-MM-DD']);
  });
});
