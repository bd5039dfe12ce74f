import { z } from 'zod';

/** Every error the API answers has this shape; `errors` maps a field path to its messages. */
export const ZApiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ApiError' });
export type TApiError = z.infer<typeof ZApiErrorSchema>;

/** OAuth token endpoint errors (RFC 6749 §5.2 plus the spec's own codes, 000 §8). */
export const ZOAuthErrorSchema = z
  .object({
    error: z.string(),
    error_description: z.string().optional(),
  })
  .meta({ id: 'OAuthError' });
export type TOAuthError = z.infer<typeof ZOAuthErrorSchema>;

/** Standard list envelope the spec's calls answer with (`data` list). */
export function dataOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}
