import { describe, expect, it } from 'vitest';
import {
  operatingDayError,
  SUPPLY_SOURCE_MESSAGES,
  SUPPLY_SOURCE_TIME_CHOICES,
  supplySourceRuleErrors,
  toggledSupplySourceStatus,
} from './supply-sources.api.js';

const week = (entry = { startTime: '09:00', endTime: '17:00' }) =>
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [entry]]),
  );

describe('supply source rules (002 §5, §9)', () => {
  it('toggles Active to Inactive and anything else to Active', () => {
    expect(toggledSupplySourceStatus('Active')).toBe('Inactive');
    expect(toggledSupplySourceStatus('Inactive')).toBe('Active');
    expect(toggledSupplySourceStatus('Archived')).toBe('Active');
  });

  it('a day is one HH:MM entry, closed at 00:00-00:00, else closing after opening', () => {
    expect(operatingDayError([{ startTime: '00:00', endTime: '00:00' }])).toBeNull();
    expect(operatingDayError([{ startTime: '00:00', endTime: '23:59' }])).toBeNull();
    expect(operatingDayError([{ startTime: '09:00', endTime: '09:00' }])).toBe(SUPPLY_SOURCE_MESSAGES.endAfterStart);
    expect(operatingDayError([{ startTime: '09:00', endTime: '00:00' }])).toBe(SUPPLY_SOURCE_MESSAGES.endAfterStart);
    expect(operatingDayError([{ startTime: '9:00', endTime: '17:00' }])).toBe(SUPPLY_SOURCE_MESSAGES.timeFormat);
    expect(operatingDayError([{ startTime: '09:00', endTime: '24:00' }])).toBe(SUPPLY_SOURCE_MESSAGES.timeFormat);
    expect(operatingDayError([])).toBe(SUPPLY_SOURCE_MESSAGES.oneEntry);
    expect(operatingDayError(undefined)).toBe(SUPPLY_SOURCE_MESSAGES.oneEntry);
  });

  it('checks alias, hold period and handling time at their bounds', () => {
    const ok = { alias: 'x'.repeat(45), inventoryHoldPeriod: 7, handlingTime: 24, operatingHoursByDay: week() };
    expect(supplySourceRuleErrors(ok)).toBeNull();
    expect(supplySourceRuleErrors({ ...ok, alias: '', inventoryHoldPeriod: 1, handlingTime: 1 })).toEqual({
      alias: ['The alias cannot be empty.'],
    });
    expect(
      supplySourceRuleErrors({ ...ok, alias: 'x'.repeat(46), inventoryHoldPeriod: null, handlingTime: 0 }),
    ).toEqual({
      alias: [SUPPLY_SOURCE_MESSAGES.aliasTooLong],
      inventoryHoldPeriod: [SUPPLY_SOURCE_MESSAGES.holdPeriod],
      handlingTime: [SUPPLY_SOURCE_MESSAGES.handlingTime],
    });
    expect(supplySourceRuleErrors({ ...ok, operatingHoursByDay: { ...week(), sunday: undefined } })).toEqual({
      'operatingHoursByDay.sunday': [SUPPLY_SOURCE_MESSAGES.oneEntry],
    });
  });

  it('offers half-hour times and 23:59, all valid HH:MM', () => {
    expect(SUPPLY_SOURCE_TIME_CHOICES).toHaveLength(49);
    expect(
      SUPPLY_SOURCE_TIME_CHOICES.every(
        (t) => operatingDayError([{ startTime: '00:00', endTime: t }]) === null || t === '00:00',
      ),
    ).toBe(true);
  });
});
