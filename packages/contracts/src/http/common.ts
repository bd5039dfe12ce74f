import { z } from 'zod';

/** A positive integer id in a path or query (strings from the URL are coerced). */
export const ZIdSchema = z.coerce.number().int().positive();
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

/** `YYYY-MM-DD`, the spec's date format. */
export const ZDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** A query flag written as 1/0/true/false. */
export const ZQueryFlagSchema = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean()])
  .transform((v) => v === true || v === '1' || v === 'true');
