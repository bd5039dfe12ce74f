import { z } from 'zod';

/** Ids are PostgreSQL `integer` columns. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id: a number, or (in a path or query) its plain decimal digits — not `1e3` or `0x10`. */
export const ZIdSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
  .pipe(z.number().int('must be a whole number').positive().max(MAX_ID));
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

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
