import { ApiCallError } from '../../../lib/api-client';
import { statusLine, useMessageQueue } from '../../../lib/message-queue';
import type { z } from 'zod';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FIELDS,
  CONTACT_SOURCE_LABELS,
  type TContact,
  type TContactCreate,
  type TContactField,
  type TContactSource,
  type ZContactCreateSchema,
} from '@keystone/contracts';

export { CONTACT_FIELD_LABELS };

/** The contact form's values: every field as text, '' for none (the selects' placeholders too). */
export type TContactFormValues = TContactCreate;
/** The form's values after the contract schema (trimmed). */
export type TContactFormOutput = z.output<typeof ZContactCreateSchema>;

export const EMPTY_CONTACT_FORM: TContactFormValues = Object.fromEntries(
  CONTACT_FIELDS.map((f) => [f, '']),
) as TContactFormValues;

export function contactToForm(contact: TContact): TContactFormValues {
  return Object.fromEntries(CONTACT_FIELDS.map((f) => [f, contact[f] ?? ''])) as TContactFormValues;
}

export function contactName(contact: Pick<TContact, 'first_name' | 'last_name'>): string {
  return [contact.first_name, contact.last_name].filter(Boolean).join(' ') || '(no name)';
}

export function contactAddress(contact: TContact): string {
  const cityLine = [contact.city, [contact.state, contact.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [contact.address, contact.address2, cityLine].filter(Boolean).join(', ');
}

export function sourceLabel(source: string | null): string {
  return source ? (CONTACT_SOURCE_LABELS[source as TContactSource] ?? source) : '';
}

export function fieldLabel(field: string): string {
  return CONTACT_FIELD_LABELS[field as TContactField] ?? field;
}

export interface ServerErrorData {
  status: number | null;
  message: string;
  /** Field → messages (the server's `errors`, keyed alike in a 400 and a 422). */
  fields: Record<string, string[]>;
}

/** The server's error data of a failed call, for the screen to show. */
export function serverErrorData(error: unknown): ServerErrorData {
  if (error instanceof ApiCallError) {
    const body = (error.body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const fields = body.errors ?? {};
    return {
      status: error.status,
      message: typeof body.message === 'string' ? body.message : String(error.body ?? error.message),
      fields,
    };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error), fields: {} };
}

/** An error toast with the call's status line and the screen's message (000 §8). */
export function queueContactError(message: string, status: number | null): void {
  useMessageQueue.getState().push({ type: 'errors', status: status === null ? 'Error' : statusLine(status), message });
}
