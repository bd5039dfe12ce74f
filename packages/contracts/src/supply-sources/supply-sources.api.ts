import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';

/**
 * Amazon supply sources for in-store pickup (ISPU) (002 §2 "Supply sources", §3 Supply source,
 * §4 status toggle, §5, §6 supply-sources:manage, §7 "Supply sources", §8, §9). The spec's messages are quoted;
 * the others are ours (docs/decisions.md, "Supply sources").
 */
export const SUPPLY_SOURCE_MESSAGES = {
  invalid: 'The given data was invalid.',
  aliasRequired: 'The alias cannot be empty.',
  aliasTooLong: 'The alias can be at most 45 characters.',
  holdPeriod: 'The inventory hold period must be 1 to 7 days.',
  handlingTime: 'The handling time must be a whole number of hours from 1 to 24.',
  oneEntry: 'Give one opening and one closing time for the day.',
  timeFormat: 'Times must be HH:MM, from 00:00 to 23:59.',
  endAfterStart: 'The closing time must be after the opening time (00:00 to 00:00 when closed).',
  fetchFailed: (location: string) => `Unable to fetch supply source details for location ${location}.`,
  /** Ours: the status call's success message (shown for 6 s, 002 §4, §9). */
  statusChanged: (status: string) => `The supply source is now ${status}.`,
  /** Ours: the details call's success message. */
  saved: 'Supply source details saved.',
  unknownSupplySource: 'This supply source does not exist.',
  confirmToggle: 'Any unsaved changes will be discarded. Change the status of this supply source?',
} as const;

/** 002 §9 limits and timings. Handling time starts at 1 hour: the marketplace adds 45 minutes to 1 hour of lag itself. */
export const SUPPLY_SOURCE_LIMITS = {
  aliasMax: 45,
  holdPeriodMin: 1,
  holdPeriodMax: 7,
  handlingTimeMin: 1,
  handlingTimeMax: 24,
  successMessageMs: 6000,
} as const;

export const SUPPLY_SOURCE_WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type TWeekday = (typeof SUPPLY_SOURCE_WEEKDAYS)[number];

/** A start and end of 00:00 both mean closed (002 §5). */
export const CLOSED_TIME = '00:00';

/** The status a toggle sets: Active becomes Inactive, any other state (Inactive, Archived) becomes Active (002 §4). */
export const toggledSupplySourceStatus = (status: string): 'Active' | 'Inactive' =>
  status === 'Active' ? 'Inactive' : 'Active';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClosedDay = (hours: { startTime: string; endTime: string }) =>
  hours.startTime === CLOSED_TIME && hours.endTime === CLOSED_TIME;

/** The time selects' choices: every 30 minutes from 00:00 to 23:30, and 23:59 to close at midnight. */
export const SUPPLY_SOURCE_TIME_CHOICES: readonly string[] = [
  ...Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
  '23:59',
];

export const ZOperatingHourSchema = z
  .object({ startTime: z.string().max(10), endTime: z.string().max(10) })
  .meta({ id: 'SupplySourceOperatingHour' });
export type TOperatingHour = z.infer<typeof ZOperatingHourSchema>;

const day = z.array(ZOperatingHourSchema).max(10);
/** Per weekday one entry `{ startTime, endTime }` (002 §3); 00:00-00:00 is closed. */
export const ZOperatingHoursByDaySchema = z
  .object({ monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day })
  .meta({ id: 'SupplySourceOperatingHoursByDay' });
export type TOperatingHoursByDay = z.infer<typeof ZOperatingHoursByDaySchema>;

export const SUPPLY_SOURCE_STATUSES = ['Active', 'Inactive'] as const;
export const ZSupplySourceStatusSchema = z.enum(SUPPLY_SOURCE_STATUSES);
export type TSupplySourceStatus = z.infer<typeof ZSupplySourceStatusSchema>;

const duration = (unit: 'Days' | 'Hours') =>
  z.object({ value: z.number().int().nullable(), timeUnit: z.literal(unit) });

/**
 * GET ims/sp-api/supply-source/details/{location}/ (002 §7): alias, supplySourceId, status and capabilities.outbound
 * with pickupChannel (inventoryHoldPeriod.value in days, operationalConfiguration.handlingTime.value in hours) and
 * operationalConfiguration.operatingHoursByDay; supplySourceCode (the location code) is ours. Status may read
 * Archived (the marketplace's read-only state).
 */
export const ZSupplySourceDetailsSchema = z
  .object({
    supplySourceId: z.string(),
    supplySourceCode: z.string(),
    alias: z.string(),
    status: z.enum(['Active', 'Inactive', 'Archived']),
    capabilities: z.object({
      outbound: z.object({
        pickupChannel: z.object({
          inventoryHoldPeriod: duration('Days'),
          operationalConfiguration: z.object({ handlingTime: duration('Hours') }),
        }),
        operationalConfiguration: z.object({ operatingHoursByDay: ZOperatingHoursByDaySchema }),
      }),
    }),
  })
  .meta({ id: 'SupplySourceDetails' });
export type TSupplySourceDetails = z.infer<typeof ZSupplySourceDetailsSchema>;

/** A location code in a path: upper-case letters, digits, _ and -, starting with a letter (KY01, AZ02, RUBY). */
export const ZSupplySourceLocationSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_-]{1,39}$/, 'must be a location code such as KY01 (upper-case letters, digits, _ or -)');

export const getSupplySourceDetailsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/sp-api/supply-source/details/{location}/',
  access: 'supply-sources:manage',
  summary:
    "The location's Amazon supply source (its supplySourceCode is the location code): alias, id, status, pickup hold period, handling time and hours per weekday; 404 when the location has none, 502 when the marketplace cannot be reached",
  tag: 'supply-sources',
  params: z.object({ location: ZSupplySourceLocationSchema }),
  response: ZSupplySourceDetailsSchema,
});

/**
 * POST ims/sp-api/supply-source/details/ (002 §7). Shape errors answer 400; the §5 rules answer 422 naming alias,
 * inventoryHoldPeriod, handlingTime or operatingHoursByDay.{weekday} (supplySourceRuleErrors). `status`, when given
 * and different from the current one, is set too.
 */
export const ZUpdateSupplySourceSchema = z
  .object({
    alias: z.string().max(1000),
    supplySourceId: z.string().trim().min(1).max(100),
    inventoryHoldPeriod: z.number(),
    handlingTime: z.number(),
    operatingHoursByDay: ZOperatingHoursByDaySchema,
    status: ZSupplySourceStatusSchema.optional(),
  })
  .meta({ id: 'UpdateSupplySource' });
export type TUpdateSupplySource = z.input<typeof ZUpdateSupplySourceSchema>;

export const updateSupplySourceDetailsRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/sp-api/supply-source/details/',
  access: 'supply-sources:manage',
  summary:
    "Saves a supply source's alias, pickup hold period (1-7 days), handling time (1-24 hours) and hours per weekday (one HH:MM entry a day, 00:00-00:00 closed); answers the details as saved",
  tag: 'supply-sources',
  body: ZUpdateSupplySourceSchema,
  response: ZSupplySourceDetailsSchema,
});

/** POST ims/sp-api/supply-source/status/ (002 §7): `status` is the status to set. */
export const ZUpdateSupplySourceStatusSchema = z
  .object({ status: ZSupplySourceStatusSchema, supplySourceId: z.string().trim().min(1).max(100) })
  .meta({ id: 'UpdateSupplySourceStatus' });
export type TUpdateSupplySourceStatus = z.input<typeof ZUpdateSupplySourceStatusSchema>;

export const updateSupplySourceStatusRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/sp-api/supply-source/status/',
  access: 'supply-sources:manage',
  summary: 'Sets a supply source Active or Inactive; answers the details with the new status and a message',
  tag: 'supply-sources',
  body: ZUpdateSupplySourceStatusSchema,
  response: z.object({ message: z.string(), details: ZSupplySourceDetailsSchema }),
});

const capitalised = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);
export const weekdayLabel = (d: TWeekday) => capitalised(d);

export interface SupplySourceRuleInput {
  alias: string;
  inventoryHoldPeriod: number | null;
  handlingTime: number | null;
  operatingHoursByDay: Partial<Record<TWeekday, readonly TOperatingHour[] | undefined>>;
}

/** The error of one day's hours, or null: one entry, HH:MM, 00:00-00:00 (closed) or end after start. */
export function operatingDayError(entries: readonly TOperatingHour[] | undefined): string | null {
  if (!entries || entries.length !== 1) return SUPPLY_SOURCE_MESSAGES.oneEntry;
  const [{ startTime, endTime }] = entries as [TOperatingHour];
  if (!HHMM.test(startTime) || !HHMM.test(endTime)) return SUPPLY_SOURCE_MESSAGES.timeFormat;
  if (isClosedDay({ startTime, endTime })) return null;
  return endTime > startTime ? null : SUPPLY_SOURCE_MESSAGES.endAfterStart;
}

/**
 * The §5 rules of a supply source's details, keyed by field (`operatingHoursByDay.monday` for a day), or null when
 * all hold. The server answers them as 422; the screen shows them as alerts and disables Submit.
 */
export function supplySourceRuleErrors(input: SupplySourceRuleInput): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const alias = input.alias.trim();
  if (!alias) errors.alias = [SUPPLY_SOURCE_MESSAGES.aliasRequired];
  else if (alias.length > SUPPLY_SOURCE_LIMITS.aliasMax) errors.alias = [SUPPLY_SOURCE_MESSAGES.aliasTooLong];
  const hold = input.inventoryHoldPeriod;
  if (
    hold === null ||
    !Number.isInteger(hold) ||
    hold < SUPPLY_SOURCE_LIMITS.holdPeriodMin ||
    hold > SUPPLY_SOURCE_LIMITS.holdPeriodMax
  ) {
    errors.inventoryHoldPeriod = [SUPPLY_SOURCE_MESSAGES.holdPeriod];
  }
  const handling = input.handlingTime;
  if (
    handling === null ||
    !Number.isInteger(handling) ||
    handling < SUPPLY_SOURCE_LIMITS.handlingTimeMin ||
    handling > SUPPLY_SOURCE_LIMITS.handlingTimeMax
  ) {
    errors.handlingTime = [SUPPLY_SOURCE_MESSAGES.handlingTime];
  }
  for (const d of SUPPLY_SOURCE_WEEKDAYS) {
    const message = operatingDayError(input.operatingHoursByDay[d]);
    if (message) errors[`operatingHoursByDay.${d}`] = [message];
  }
  return Object.keys(errors).length ? errors : null;
}
