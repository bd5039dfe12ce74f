import { ApiCallError, serverMessage } from '../../../lib/api-error';

/** The first message per field of a 422 (002 §5), and a general message for the alert. */
export function formErrors(error: unknown): { fields: Record<string, string>; general: string | null } {
  if (error instanceof ApiCallError && error.status === 422) {
    const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    const fields = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
    return { fields, general: Object.keys(fields).length ? null : serverMessage(error) };
  }
  return { fields: {}, general: serverMessage(error) ?? 'Unexpected server error' };
}
