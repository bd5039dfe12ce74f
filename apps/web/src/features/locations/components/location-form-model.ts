import {
  LOCATION_FLAG_DEFAULTS,
  LOCATION_FLAG_FIELDS,
  LOCATION_TEXT_FIELDS,
  type TLocationFlagField,
  type TLocationRecord,
  type TLocationTextField,
} from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';

/** The location form's values: every text field as text ('' for none), every flag as a boolean. */
export type TLocationFormValues = Record<TLocationTextField, string> & Record<TLocationFlagField, boolean>;

export const EMPTY_LOCATION_FORM: TLocationFormValues = {
  ...(Object.fromEntries(LOCATION_TEXT_FIELDS.map((f) => [f, ''])) as Record<TLocationTextField, string>),
  country: 'US',
  location_type: 'WAREHOUSE',
  ...LOCATION_FLAG_DEFAULTS,
};

export function recordToForm(record: TLocationRecord): TLocationFormValues {
  const values = { ...EMPTY_LOCATION_FORM };
  for (const f of LOCATION_TEXT_FIELDS) values[f] = record[f] ?? '';
  for (const f of LOCATION_FLAG_FIELDS) values[f] = record[f];
  return values;
}

/** Field → first message, and the general message, of a failed call (002 §5: the first message of each field). */
export interface FormErrors {
  fields: Partial<Record<string, string>>;
  general: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, general: null };

/**
 * The errors to show for a failed call: each field's first message (the `location.` prefix of the
 * nested location object removed), and the call's message as the general alert.
 */
export function formErrorsOf(error: unknown): FormErrors {
  if (!(error instanceof ApiCallError))
    return { fields: {}, general: error instanceof Error ? error.message : String(error) };
  const body = (error.body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
  const fields: Record<string, string> = {};
  for (const [key, messages] of Object.entries(body.errors ?? {})) {
    const field = key.replace(/^location\./, '');
    if (messages[0] && !fields[field]) fields[field] = messages[0];
  }
  return { fields, general: typeof body.message === 'string' ? body.message : `Error ${error.status}` };
}

/** Editing a field clears its error (002 §5); the general alert stays until the next submit. */
export function clearFieldError(errors: FormErrors, field: string): FormErrors {
  if (!(field in errors.fields)) return errors;
  const fields = { ...errors.fields };
  delete fields[field];
  return { ...errors, fields };
}

export const hasFieldErrors = (errors: FormErrors) => Object.keys(errors.fields).length > 0;

/** The fields that changed from `initial` (what the update form sends, with the location code). */
export function changedFields(initial: TLocationFormValues, values: TLocationFormValues): Partial<TLocationFormValues> {
  const changed: Partial<Record<string, string | boolean>> = {};
  for (const f of [...LOCATION_TEXT_FIELDS, ...LOCATION_FLAG_FIELDS]) {
    if (f === 'location_code' || f === 'country') continue;
    if (initial[f] !== values[f]) changed[f] = values[f];
  }
  return changed as Partial<TLocationFormValues>;
}
