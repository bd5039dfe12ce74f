import { describe, expect, it } from 'vitest';
import { SUPPLY_SOURCE_MESSAGES, type TSupplySourceDetails } from '@keystone/contracts';
import { clientErrors, formValuesOf, isDirty, requestOf, timeChoices } from './supply-source-form-model';

const open = [{ startTime: '09:00', endTime: '17:00' }];
const closed = [{ startTime: '00:00', endTime: '00:00' }];
const details: TSupplySourceDetails = {
  supplySourceId: 'ss-1',
  supplySourceCode: 'KY01',
  alias: 'Louisville pickup',
  status: 'Active',
  capabilities: {
    outbound: {
      pickupChannel: {
        inventoryHoldPeriod: { value: 3, timeUnit: 'Days' },
        operationalConfiguration: { handlingTime: { value: 2, timeUnit: 'Hours' } },
      },
      operationalConfiguration: {
        operatingHoursByDay: {
          monday: open,
          tuesday: open,
          wednesday: open,
          thursday: open,
          friday: open,
          saturday: closed,
          sunday: closed,
        },
      },
    },
  },
};

describe('supply source form model', () => {
  it('reads the details into values and writes them back as the POST body', () => {
    const values = formValuesOf(details);
    expect(values).toMatchObject({
      alias: 'Louisville pickup',
      inventoryHoldPeriod: 3,
      handlingTime: 2,
      hours: { monday: open[0], sunday: closed[0] },
    });
    expect(isDirty(values, details)).toBe(false);
    const body = requestOf({ ...values, alias: 'New' }, details);
    expect(body).toMatchObject({
      alias: 'New',
      supplySourceId: 'ss-1',
      inventoryHoldPeriod: 3,
      handlingTime: 2,
      status: 'Active',
      operatingHoursByDay: { monday: open, saturday: closed },
    });
    expect(isDirty({ ...values, alias: 'New' }, details)).toBe(true);
  });

  it('applies the §5 rules: empty alias, closing before opening per day; 00:00-00:00 is closed', () => {
    const values = formValuesOf(details);
    expect(clientErrors(values)).toEqual({});
    const errors = clientErrors({
      ...values,
      alias: ' ',
      hours: { ...values.hours, tuesday: { startTime: '18:00', endTime: '08:00' } },
    });
    expect(errors).toEqual({
      alias: ['The alias cannot be empty.'],
      'operatingHoursByDay.tuesday': [SUPPLY_SOURCE_MESSAGES.endAfterStart],
    });
    expect(clientErrors({ ...values, handlingTime: '' })).toEqual({
      handlingTime: [SUPPLY_SOURCE_MESSAGES.handlingTime],
    });
  });

  it('offers half hours and 23:59, and keeps a time from the marketplace that is not among them', () => {
    expect(timeChoices('09:00')).toHaveLength(49);
    expect(timeChoices('09:15')).toContain('09:15');
    expect(timeChoices('09:15').indexOf('09:15')).toBe(timeChoices('09:15').indexOf('09:00') + 1);
  });
});
