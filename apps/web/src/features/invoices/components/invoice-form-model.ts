import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { INVOICE_MESSAGES, ZCreateApInvoiceSchema, type TCreateApInvoice } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';

/** The create form's values: text as typed, selectors as ids (001 §3 "Accounts payable invoice"). */
export interface TInvoiceFormValues {
  vendor: number | null;
  invoice_number: string;
  invoice_amount: string;
  invoice_date: string;
  due_date: string;
  purchase_date: string;
  finance_company: number | null;
  purchase_id: string;
}
export type TInvoiceField = keyof TInvoiceFormValues;
export type TCreateApInvoiceOutput = z.output<typeof ZCreateApInvoiceSchema>;

export const INVOICE_FIELDS: readonly TInvoiceField[] = [
  'vendor',
  'invoice_number',
  'invoice_amount',
  'invoice_date',
  'due_date',
  'purchase_date',
  'finance_company',
  'purchase_id',
];

/** An empty form; the invoice date starts at today (the server requires one). */
export function emptyInvoiceForm(today: string): TInvoiceFormValues {
  return {
    vendor: null,
    invoice_number: '',
    invoice_amount: '',
    invoice_date: today,
    due_date: '',
    purchase_date: '',
    finance_company: null,
    purchase_id: '',
  };
}

/** Vendor, invoice number and invoice amount are required: submit stays disabled until they are filled (001 §5). */
export function canSubmitInvoice(
  values: Pick<TInvoiceFormValues, 'vendor' | 'invoice_number' | 'invoice_amount'>,
): boolean {
  return values.vendor !== null && values.invoice_number.trim() !== '' && values.invoice_amount.trim() !== '';
}

/** The create call's body: empty due and purchase dates, finance company and PO are sent as null (001 §5). */
export function toCreateInvoiceBody(values: TInvoiceFormValues): TCreateApInvoice {
  const amount = values.invoice_amount.trim();
  return {
    invoice_number: values.invoice_number.trim(),
    // Left as typed when it is not a number, so the schema names the field.
    invoice_amount: (amount !== '' && Number.isFinite(Number(amount)) ? Number(amount) : amount) as number,
    invoice_date: values.invoice_date,
    due_date: values.due_date || null,
    purchase_date: values.purchase_date || null,
    // Undefined when none is chosen, so the schema refuses it.
    vendor: values.vendor ?? (undefined as unknown as number),
    finance_company: values.finance_company,
    purchase_id: values.purchase_id.trim() || null,
  };
}

/** Field name of an error key (`<field>` or a path below it, in a 400 as in a 422). */
function fieldOf(key: string): TInvoiceField | null {
  const name = key.split('.')[0]!;
  return (INVOICE_FIELDS as readonly string[]).includes(name) ? (name as TInvoiceField) : null;
}

/** The first message per form field, from a zod error or the server's `errors` map. */
export function fieldMessages(errors: Record<string, string[] | undefined>): Partial<Record<TInvoiceField, string>> {
  const out: Partial<Record<TInvoiceField, string>> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = fieldOf(key);
    if (field && messages?.length && !out[field]) out[field] = messages[0];
  }
  return out;
}

/** The form is checked with the contract's own schema, on the body the form would send. */
export const invoiceFormResolver: Resolver<TInvoiceFormValues, unknown, TCreateApInvoiceOutput> = async (values) => {
  const parsed = ZCreateApInvoiceSchema.safeParse(toCreateInvoiceBody(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const byField: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (byField[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  const errors: FieldErrors<TInvoiceFormValues> = {};
  for (const [field, message] of Object.entries(fieldMessages(byField)))
    errors[field as TInvoiceField] = { type: 'validate', message };
  // The id schema is a union, whose own message for a missing value is "Invalid input".
  if (values.vendor === null) errors.vendor = { type: 'validate', message: 'Required' };
  return { values: {}, errors };
};

/** What a failed create shows: the server-error text on 500, otherwise field errors under the fields (001 §8). */
export interface TCreateFailure {
  fields: Partial<Record<TInvoiceField, string>>;
  /** A message for the whole form, when there is no field to put it under. */
  message: string | null;
}

export function describeCreateFailure(error: unknown): TCreateFailure {
  if (!(error instanceof ApiCallError) || error.status >= 500)
    return { fields: {}, message: INVOICE_MESSAGES.serverError };
  const body = (error.body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
  const fields = fieldMessages(body.errors ?? {});
  if (Object.keys(fields).length) return { fields, message: null };
  return {
    fields,
    message:
      typeof body.message === 'string' && body.message
        ? body.message
        : `The invoice could not be created (${error.status}).`,
  };
}
