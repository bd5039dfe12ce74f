import { ApiCallError } from '../../../lib/api-error';

/** The first error of a refused call, as an alert shows it: the server's message, else its first field error. */
export function firstError(error: unknown): string {
  if (error instanceof ApiCallError) {
    const body = error.body as { message?: unknown; errors?: Record<string, unknown> } | null;
    const fieldMessage = Object.values(body?.errors ?? {}).flat()[0];
    if (
      body &&
      typeof body.message === 'string' &&
      body.message &&
      !(error.status === 400 && typeof fieldMessage === 'string' && /validation/i.test(body.message))
    )
      return body.message;
    if (typeof fieldMessage === 'string') return fieldMessage;
    return `The server refused the request (${error.status}).`;
  }
  return 'No answer from the server: check the connection and try again.';
}
