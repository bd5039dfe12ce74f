import { z } from 'zod';

/** Ids are PostgreSQL `integer` columns (`serial`): 1 to 2,147,483,647. */
export const MAX_ID = 2_147_483_647;
/**
 * The few `bigint` id columns a route takes (the jobs'): Drizzle reads them as JavaScript numbers, exact up to
 * 2^53 − 1, far below the column's own limit.
 */
export const MAX_BIG_ID = Number.MAX_SAFE_INTEGER;

export const ID_RANGE_MESSAGE = `must be an id from 1 to ${MAX_ID}`;
const ID_LIST_RANGE_MESSAGE = `id must be from 1 to ${MAX_ID}`;
export const BIG_ID_RANGE_MESSAGE = `must be an id from 1 to ${MAX_BIG_ID}`;

/** A number, or (in a path or query) its plain decimal digits — not `1e3` or `0x10`. */
const wholeNumber = () => z.union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)]);

/**
 * A positive integer id of an `integer` column: the one schema of every such id, in a path, a query or a body, so
 * 2147483648 is a 400 naming the field instead of PostgreSQL's "out of range for type integer" (a 500).
 */
export const ZIdSchema = wholeNumber().pipe(
  z.number().int('must be a whole number').min(1, ID_RANGE_MESSAGE).max(MAX_ID, ID_RANGE_MESSAGE),
);
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

/** A positive integer id of a `bigint` column (a job's). */
export const ZBigIdSchema = wholeNumber().pipe(
  z.number().int('must be a whole number').min(1, BIG_ID_RANGE_MESSAGE).max(MAX_BIG_ID, BIG_ID_RANGE_MESSAGE),
);

/**
 * Ids of an `integer` column written in one query value, separated by commas (`?ids=12,13,14`): 1 to `max` of them,
 * each in ZIdSchema's range, repeats dropped. `message` says the format.
 */
export function idListSchema(max: number, message: string) {
  return z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${max - 1}}$`), { message, abort: true })
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), `each ${ID_LIST_RANGE_MESSAGE}`)
    .transform((ids) => [...new Set(ids)]);
}

/** True when `YYYY-MM-DD` names a day of the calendar (not 2024-02-30, 2024-13-45 or 0000-01-01). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999: set the full year again.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * `YYYY-MM-DD`, the spec's date format, naming a day that exists: the one date schema of every date field
 * (a PostgreSQL `date` column refuses 2024-02-30 with an error of its own).
 */
export const ZDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, 'must be a real date');

/** A query flag written as 1/0/true/false. */
export const ZQueryFlagSchema = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean()])
  .transform((v) => v === true || v === '1' || v === 'true');

/**
 * A query value where an empty string (`?fromDate=&toDate=`, as the spec's clients send a cleared filter)
 * means "no filter"; any other value must still pass `schema` (a bad value is a 400 naming the field).
 */
export function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.union([z.literal('').transform(() => undefined), schema]).optional();
}

/** Like `emptyAsAbsent`, for a query value with a default: empty or absent both give `fallback`. */
export function emptyAsDefault<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return z.union([z.literal('').transform(() => fallback), schema]).default(fallback as never);
}
