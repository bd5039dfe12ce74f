import { z } from 'zod';

/** Ids are PostgreSQL `integer` columns. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id: a number, or (in a path or query) its plain decimal digits — not `1e3` or `0x10`. */
export const ZIdSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
  .pipe(z.number().int('must be a whole number').positive().max(MAX_ID));
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

/** `YYYY-MM-DD`, the spec's date format. */
export const ZDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

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
