import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  PRODUCT_DEFAULTS,
  PRODUCT_MONEY_FIELDS,
  PRODUCT_TEXT_FIELDS,
  ZProductCreateSchema,
  ZProductUpdateSchema,
  type TCatalogProduct,
  type TProductCreate,
} from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { statusLine, useMessageQueue } from '../../../lib/message-queue';

/** The product form's values: text as typed ('' is none), ids as text ('' is none). */
export type TProductFormValues = {
  model_number: string;
  description: string;
  upc: string;
  fk_category_id: string;
  fk_brand_id: string;
  fk_manufacturer_id: string;
  marketing_class: string;
  stock_class: string;
  item_type: string;
  status: string;
  box_qty: string;
} & Record<(typeof PRODUCT_TEXT_FIELDS)[number], string> &
  Record<(typeof PRODUCT_MONEY_FIELDS)[number], string>;

export type TProductFormField = keyof TProductFormValues;

/** A new product's form: the defaults of 002 §3 and §9. */
export const NEW_PRODUCT_FORM: TProductFormValues = {
  model_number: '',
  description: '',
  upc: '',
  fk_category_id: '',
  fk_brand_id: '',
  fk_manufacturer_id: '',
  marketing_class: PRODUCT_DEFAULTS.marketing_class,
  stock_class: PRODUCT_DEFAULTS.stock_class,
  item_type: PRODUCT_DEFAULTS.item_type,
  status: PRODUCT_DEFAULTS.status,
  box_qty: String(PRODUCT_DEFAULTS.box_qty),
  ...(Object.fromEntries(PRODUCT_TEXT_FIELDS.map((f) => [f, ''])) as Record<
    (typeof PRODUCT_TEXT_FIELDS)[number],
    string
  >),
  ...(Object.fromEntries(PRODUCT_MONEY_FIELDS.map((f) => [f, ''])) as Record<
    (typeof PRODUCT_MONEY_FIELDS)[number],
    string
  >),
  current_cost: '0.00',
  spiff: '0.00',
};

const FORM_FIELDS = new Set(Object.keys(NEW_PRODUCT_FORM));

const moneyText = (v: number | null) => (v === null ? '' : v.toFixed(2));

export function productToForm(p: TCatalogProduct): TProductFormValues {
  return {
    model_number: p.model_number,
    description: p.description,
    upc: p.upc ?? '',
    fk_category_id: p.fk_category_id === null ? '' : String(p.fk_category_id),
    fk_brand_id: p.fk_brand_id === null ? '' : String(p.fk_brand_id),
    fk_manufacturer_id: p.fk_manufacturer_id === null ? '' : String(p.fk_manufacturer_id),
    marketing_class: p.marketing_class,
    stock_class: p.stock_class,
    item_type: p.item_type,
    status: p.status,
    box_qty: String(p.box_qty),
    ...(Object.fromEntries(PRODUCT_TEXT_FIELDS.map((f) => [f, p[f] ?? ''])) as Record<
      (typeof PRODUCT_TEXT_FIELDS)[number],
      string
    >),
    ...(Object.fromEntries(PRODUCT_MONEY_FIELDS.map((f) => [f, moneyText(p[f])])) as Record<
      (typeof PRODUCT_MONEY_FIELDS)[number],
      string
    >),
  };
}

const num = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/,/g, '')));

/** The form as the contract's payload: '' is null (left out for the fields that cannot be null). */
export function formToPayload(v: TProductFormValues): TProductCreate {
  const payload: Record<string, unknown> = {
    model_number: v.model_number,
    description: v.description,
    upc: v.upc.trim() || null,
    fk_category_id: num(v.fk_category_id),
    fk_brand_id: num(v.fk_brand_id),
    fk_manufacturer_id: num(v.fk_manufacturer_id),
    marketing_class: v.marketing_class,
    stock_class: v.stock_class,
    item_type: v.item_type,
    status: v.status,
    box_qty: num(v.box_qty) ?? undefined,
  };
  for (const f of PRODUCT_TEXT_FIELDS) payload[f] = v[f].trim() || null;
  for (const f of PRODUCT_MONEY_FIELDS) {
    const value = num(v[f]);
    payload[f] = value === null && (f === 'current_cost' || f === 'spiff') ? undefined : value;
  }
  return payload as TProductCreate;
}

/** The shared contract schema checks the form (create: ZProductCreateSchema; update: ZProductUpdateSchema). */
export function productResolver(mode: 'create' | 'update'): Resolver<TProductFormValues> {
  const schema = mode === 'create' ? ZProductCreateSchema : ZProductUpdateSchema;
  return async (values) => {
    const result = schema.safeParse(formToPayload(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<TProductFormValues> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as TProductFormField;
      if (FORM_FIELDS.has(field) && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** A refused write: the server's message, and its field errors keyed by form field (upc). */
export function serverFailure(error: unknown): { message: string; fields: Partial<Record<TProductFormField, string>> } {
  const fields: Partial<Record<TProductFormField, string>> = {};
  if (error instanceof ApiCallError) {
    const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    for (const [key, messages] of Object.entries(errors)) {
      const field = key as TProductFormField;
      if (FORM_FIELDS.has(field)) fields[field] = messages[0];
    }
  }
  return { message: serverMessage(error) ?? 'Unknown error', fields };
}

/** An error toast (000 §8: 'status: status text' and the message). */
export function queueFailure(error: unknown): void {
  const status = error instanceof ApiCallError ? statusLine(error.status) : 'Unknown Error';
  useMessageQueue.getState().push({ type: 'errors', status, message: serverMessage(error) ?? 'Unknown error' });
}
