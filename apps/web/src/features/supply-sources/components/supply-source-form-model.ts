import {
  SUPPLY_SOURCE_TIME_CHOICES,
  SUPPLY_SOURCE_WEEKDAYS,
  supplySourceRuleErrors,
  type TOperatingHoursByDay,
  type TSupplySourceDetails,
  type TUpdateSupplySource,
  type TWeekday,
} from '@keystone/contracts';

/** The screen's editable values of a supply source. */
export interface SupplySourceFormValues {
  alias: string;
  inventoryHoldPeriod: number | '';
  handlingTime: number | '';
  hours: Record<TWeekday, { startTime: string; endTime: string }>;
}

export type FieldErrors = Record<string, string[]>;

export const dayErrorKey = (day: TWeekday) => `operatingHoursByDay.${day}`;

export function formValuesOf(details: TSupplySourceDetails): SupplySourceFormValues {
  const byDay = details.capabilities.outbound.operationalConfiguration.operatingHoursByDay;
  const hours = Object.fromEntries(
    SUPPLY_SOURCE_WEEKDAYS.map((d) => {
      const entry = byDay[d]?.[0];
      return [d, { startTime: entry?.startTime ?? '00:00', endTime: entry?.endTime ?? '00:00' }];
    }),
  ) as SupplySourceFormValues['hours'];
  const pickup = details.capabilities.outbound.pickupChannel;
  return {
    alias: details.alias,
    inventoryHoldPeriod: pickup.inventoryHoldPeriod.value ?? '',
    handlingTime: pickup.operationalConfiguration.handlingTime.value ?? '',
    hours,
  };
}

export function requestOf(values: SupplySourceFormValues, details: TSupplySourceDetails): TUpdateSupplySource {
  const operatingHoursByDay = Object.fromEntries(
    SUPPLY_SOURCE_WEEKDAYS.map((d) => [d, [{ ...values.hours[d] }]]),
  ) as TOperatingHoursByDay;
  return {
    alias: values.alias,
    supplySourceId: details.supplySourceId,
    inventoryHoldPeriod: values.inventoryHoldPeriod === '' ? 0 : values.inventoryHoldPeriod,
    handlingTime: values.handlingTime === '' ? 0 : values.handlingTime,
    operatingHoursByDay,
    ...(details.status === 'Archived' ? {} : { status: details.status }),
  };
}

/** The §5 rules on the screen's values (the server applies the same ones). */
export function clientErrors(values: SupplySourceFormValues): FieldErrors {
  return (
    supplySourceRuleErrors({
      alias: values.alias,
      inventoryHoldPeriod: values.inventoryHoldPeriod === '' ? null : values.inventoryHoldPeriod,
      handlingTime: values.handlingTime === '' ? null : values.handlingTime,
      operatingHoursByDay: Object.fromEntries(SUPPLY_SOURCE_WEEKDAYS.map((d) => [d, [values.hours[d]]])),
    }) ?? {}
  );
}

/** The time choices of a select: every 30 minutes and 23:59, plus the value shown when it is another time (from the marketplace). */
export function timeChoices(value: string): string[] {
  return SUPPLY_SOURCE_TIME_CHOICES.includes(value)
    ? [...SUPPLY_SOURCE_TIME_CHOICES]
    : [...SUPPLY_SOURCE_TIME_CHOICES, value].sort();
}

/** Whether the values differ from the details they were read from. */
export function isDirty(values: SupplySourceFormValues, details: TSupplySourceDetails): boolean {
  return JSON.stringify(values) !== JSON.stringify(formValuesOf(details));
}
