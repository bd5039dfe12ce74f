import { ApiCallError } from '../../../lib/api-error';
import { scanErrorText } from './transfer-rules-client';

/** The first error of a refused call, as the alert shows it; a call with no answer says so. */
export function firstServerError(error: unknown): string {
  if (error instanceof ApiCallError) {
    const body = error.body as { message?: unknown; errors?: unknown } | null;
    if (
      body &&
      typeof body === 'object' &&
      body.errors &&
      typeof body.errors === 'object' &&
      !(typeof body.message === 'string' && body.message)
    ) {
      const first = Object.values(body.errors as Record<string, unknown>).flat()[0];
      if (typeof first === 'string') return first;
    }
    return scanErrorText(error.body);
  }
  return 'No answer from the server: check the connection and try again.';
}

/** The status of a refused call (0 when there was no answer). */
export const statusOf = (error: unknown) => (error instanceof ApiCallError ? error.status : 0);
