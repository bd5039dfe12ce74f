import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { ZIdParamsSchema, ZIdSchema } from '../http/common.js';

/**
 * Contacts contract (000 §2 Contacts, §3 Contact, §4 Contact creation, §7 the /contact calls, §8, §9).
 *
 * The spec names no permission for the contact routes; we give contacts and quotes to the sales and
 * customer-service roles through `sales-desk:manage` (docs/decisions.md "The sales desk permission").
 */

/** Contact sources (000 §9). */
export const CONTACT_SOURCES = ['phone', 'in_store', 'in_home', 'online'] as const;
export type TContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_SOURCE_LABELS: Record<TContactSource, string> = {
  phone: 'Phone',
  in_store: 'In Store',
  in_home: 'In Home',
  online: 'Online',
};

/** The 50 US states (000 §9: "The state list has the 50 US state codes"). */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;
export const US_STATE_CODES: readonly string[] = US_STATES.map((s) => s.code);

/** Client messages of 000 §8 for contacts, plus the server's rule messages. */
export const CONTACT_MESSAGES = {
  created: 'Contact Created!',
  createFailed: 'Contact Create Failed!',
  couldNotCreate: 'Contact could not be created',
  updated: 'Contact Info Updated!',
  updateFailed: 'Contact Update Failed!',
  detailsFailed: 'Failed To Retrieve Contact Details!',
  noResults: 'No Results',
  invalid: 'The given data was invalid.',
  nameRequired: 'A first or last name is required',
  nameSearchRequired: 'Enter a first or last name',
  stateInvalid: 'must be one of the 50 US state codes',
  emailInvalid: 'must be an e-mail address',
  zipInvalid: 'must be a ZIP code (12345 or 12345-6789)',
  phoneInvalid: 'must be a phone number (at least 7 digits; digits, spaces and ( ) + - . only)',
} as const;

/** Field length limits (shape checks: a longer value answers 400). */
export const CONTACT_FIELD_MAX = {
  first_name: 100,
  last_name: 100,
  address: 200,
  address2: 200,
  city: 100,
  state: 20,
  zip: 20,
  primary_phone: 40,
  secondary_phone: 40,
  primary_email: 254,
} as const;

/** The contact's editable fields, in form order. */
export const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'primary_phone',
  'secondary_phone',
  'primary_email',
  'source',
] as const;
export type TContactField = (typeof CONTACT_FIELDS)[number];

/** A contact's fields in words: the form's labels and the record history's. */
export const CONTACT_FIELD_LABELS: Record<TContactField, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  address: 'Address',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  primary_phone: 'Primary Phone',
  secondary_phone: 'Secondary Phone',
  primary_email: 'Email',
  source: 'Source',
};

export const ZContactSourceSchema = z.enum(CONTACT_SOURCES);

export const ZContactSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    address: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    primary_phone: z.string().nullable(),
    secondary_phone: z.string().nullable(),
    primary_email: z.string().nullable(),
    source: ZContactSourceSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Contact' });
export type TContact = z.infer<typeof ZContactSchema>;

const text = (field: keyof typeof CONTACT_FIELD_MAX) => z.string().trim().max(CONTACT_FIELD_MAX[field]);

/**
 * The contact fields as sent by a form: text (empty means none), null, or absent. Only the shape is checked
 * here; the rules (a name, a US state code, an e-mail, a ZIP code, a phone number) are the server's, answered as
 * 422 field errors, because the create form has no client-side validation (000 §5).
 */
const contactFieldShape = {
  first_name: text('first_name').nullish(),
  last_name: text('last_name').nullish(),
  address: text('address').nullish(),
  address2: text('address2').nullish(),
  city: text('city').nullish(),
  state: text('state').nullish(),
  zip: text('zip').nullish(),
  primary_phone: text('primary_phone').nullish(),
  secondary_phone: text('secondary_phone').nullish(),
  primary_email: text('primary_email').nullish(),
  /** '' is the select's placeholder: no source. */
  source: ZContactSourceSchema.or(z.literal('')).nullish(),
};

/**
 * POST /contact/store payload. `first_name` and `last_name` must be present (null or '' allowed); at least one
 * of them must hold a name (422 otherwise). The other fields may be left out.
 */
export const ZContactCreateSchema = z
  .object({
    ...contactFieldShape,
    first_name: text('first_name').nullable(),
    last_name: text('last_name').nullable(),
  })
  .meta({ id: 'ContactCreate' });
export type TContactCreate = z.input<typeof ZContactCreateSchema>;

/**
 * POST /contact/update payload: the id and the fields to change. A field left out keeps its value; null or ''
 * clears it.
 */
export const ZContactUpdateSchema = z
  .object({
    id: ZIdSchema,
    ...contactFieldShape,
  })
  .meta({ id: 'ContactUpdate' });
export type TContactUpdate = z.input<typeof ZContactUpdateSchema>;

/** Search sizes: default 25, at most 100. */
export const CONTACT_SEARCH_SIZE = { default: 25, max: 100 } as const;
const ZSearchSizeSchema = z.number().int().min(1).max(CONTACT_SEARCH_SIZE.max).default(CONTACT_SEARCH_SIZE.default);

/**
 * The search keys the contact search sends:
 * - `name`: "first last" — "Ann Smi" matches first name starting with "Ann" and last name starting with "Smi";
 *   one word matches the start of the first or the last name; "Smith, Ann" is last name, first name.
 * - `address`: text contained in the address, address 2, city, state and ZIP (together).
 * - `phone`: the digits of the value contained in the digits of the primary or secondary phone.
 * All case-insensitive.
 */
export const CONTACT_SEARCH_KEYS = ['name', 'address', 'phone'] as const;
export type TContactSearchKey = (typeof CONTACT_SEARCH_KEYS)[number];
export const CONTACT_SEARCH_KEY_LABELS: Record<TContactSearchKey, string> = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone Number',
};

export const ZContactSearchSchema = z
  .object({
    searchKey: z.enum(CONTACT_SEARCH_KEYS),
    searchValue: z.string().trim().min(1).max(200),
    searchSize: ZSearchSizeSchema,
  })
  .meta({ id: 'ContactSearch' });
export type TContactSearch = z.input<typeof ZContactSearchSchema>;

/** POST /contact/name: first name prefix and last name prefix (either may be ''; not both: 422). */
export const ZContactNameSearchSchema = z
  .object({
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    searchSize: ZSearchSizeSchema,
  })
  .meta({ id: 'ContactNameSearch' });
export type TContactNameSearch = z.input<typeof ZContactNameSearchSchema>;

/** POST /contact/contactHistory: `searchKey` is always `sold_contact_id`; `searchValue` the contact id. */
export const ZContactHistoryRequestSchema = z
  .object({
    searchKey: z.literal('sold_contact_id').default('sold_contact_id'),
    searchValue: ZIdSchema,
    searchSize: ZSearchSizeSchema,
  })
  .meta({ id: 'ContactHistoryRequest' });
export type TContactHistoryRequest = z.input<typeof ZContactHistoryRequestSchema>;

export const CONTACT_EVENT_TYPES = ['created', 'updated'] as const;

/** One history entry: `changes` maps each field to its old and new value (`from` is null on `created`). */
export const ZContactEventSchema = z
  .object({
    id: z.number().int(),
    contact_id: z.number().int(),
    event_type: z.enum(CONTACT_EVENT_TYPES),
    changes: z.record(z.string(), z.object({ from: z.string().nullable(), to: z.string().nullable() })),
    user_id: z.number().int().nullable(),
    username: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ContactEvent' });
export type TContactEvent = z.infer<typeof ZContactEventSchema>;

const ZContactListSchema = z.object({ data: z.array(ZContactSchema) });

export const searchContactsRoute = defineRoute({
  method: 'POST',
  path: '/api/contact/search',
  access: 'sales-desk:manage',
  summary: 'Contact search by name, address or phone number (searchKey name|address|phone); at most searchSize',
  tag: 'contacts',
  body: ZContactSearchSchema,
  response: ZContactListSchema,
});

export const searchContactsByNameRoute = defineRoute({
  method: 'POST',
  path: '/api/contact/name',
  access: 'sales-desk:manage',
  summary: 'Contacts whose first and last names start with firstName and lastName (case-insensitive)',
  tag: 'contacts',
  body: ZContactNameSearchSchema,
  response: ZContactListSchema,
});

/** The contact search's columns in its export (CSV and XLSX), in order. */
export const CONTACT_EXPORT_COLUMNS = [
  { header: 'First Name', value: (r) => r.first_name },
  { header: 'Last Name', value: (r) => r.last_name },
  { header: 'Address', value: (r) => r.address },
  { header: 'Address 2', value: (r) => r.address2 },
  { header: 'City', value: (r) => r.city },
  { header: 'State', value: (r) => r.state },
  { header: 'ZIP', value: (r) => r.zip, kind: 'id' },
  { header: 'Phone', value: (r) => r.primary_phone, kind: 'id' },
  { header: 'Secondary Phone', value: (r) => r.secondary_phone, kind: 'id' },
  { header: 'Email', value: (r) => r.primary_email },
  { header: 'Source', value: (r) => r.source },
  { header: 'Created', value: (r) => r.created_at, kind: 'timestamp' },
] satisfies readonly TListExportColumn<TContact>[];

/**
 * The contact search's export: the search as the screen's address holds it (`searchBy` name with `firstName` and
 * `lastName`, the POST /contact/name search; address or phone with `searchValue`, the POST /contact/search one),
 * every match rather than the first `searchSize`, in the same order.
 */
export const exportContactsRoute = defineRoute({
  method: 'GET',
  path: '/api/contact/export',
  access: 'sales-desk:manage',
  summary:
    "The contact search's matches as CSV or XLSX (searchBy name: firstName, lastName; address, phone: searchValue)",
  tag: 'contacts',
  query: z
    .object({
      searchBy: z.enum(CONTACT_SEARCH_KEYS),
      firstName: z.string().trim().max(100).optional(),
      lastName: z.string().trim().max(100).optional(),
      searchValue: z.string().trim().max(200).optional(),
      ...LIST_EXPORT_QUERY_SHAPE,
    })
    .superRefine((q, ctx) => {
      if (q.searchBy === 'name' && !q.firstName && !q.lastName)
        for (const path of ['firstName', 'lastName'])
          ctx.addIssue({ code: 'custom', path: [path], message: CONTACT_MESSAGES.nameSearchRequired });
      if (q.searchBy !== 'name' && !q.searchValue)
        ctx.addIssue({ code: 'custom', path: ['searchValue'], message: 'Required' });
    }),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

export const getContactRoute = defineRoute({
  method: 'GET',
  path: '/api/contact/{id}',
  access: 'sales-desk:manage',
  summary: 'One contact',
  tag: 'contacts',
  params: ZIdParamsSchema,
  response: ZContactSchema,
});

export const createContactRoute = defineRoute({
  method: 'POST',
  path: '/api/contact/store',
  access: 'sales-desk:manage',
  summary: 'Create a contact (recorded in its history as created)',
  tag: 'contacts',
  body: ZContactCreateSchema,
  response: ZContactSchema,
  status: 201,
});

export const updateContactRoute = defineRoute({
  method: 'POST',
  path: '/api/contact/update',
  access: 'sales-desk:manage',
  summary: 'Update a contact (the changed fields are recorded in its history)',
  tag: 'contacts',
  body: ZContactUpdateSchema,
  response: ZContactSchema,
});

export const contactHistoryRoute = defineRoute({
  method: 'POST',
  path: '/api/contact/contactHistory',
  access: 'sales-desk:manage',
  summary: "A contact's history, newest first",
  tag: 'contacts',
  body: ZContactHistoryRequestSchema,
  response: z.object({ data: z.array(ZContactEventSchema) }),
});

/** Digits of a phone value; an 11-digit number with the US country code 1 loses it. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

type ContactValues = Partial<Record<TContactField, string | null | undefined>>;

const EMAIL = z.email();
const ZIP = /^\d{5}(-\d{4})?$/;
const PHONE_CHARS = /^[0-9()+\-. ]+$/;

/**
 * The contact rules (000 §5 and the decisions): answers field → messages for every value that breaks one,
 * or null. Values are checked as given (trimmed; '' and null mean none). `requireName` checks that the contact
 * keeps a first or last name.
 */
export function contactRuleErrors(
  values: ContactValues,
  options: { requireName: boolean },
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const has = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';
  if (options.requireName && !has(values.first_name) && !has(values.last_name)) {
    add('first_name', CONTACT_MESSAGES.nameRequired);
    add('last_name', CONTACT_MESSAGES.nameRequired);
  }
  if (has(values.state) && !US_STATE_CODES.includes(values.state.trim().toUpperCase()))
    add('state', CONTACT_MESSAGES.stateInvalid);
  if (has(values.primary_email) && !EMAIL.safeParse(values.primary_email.trim()).success)
    add('primary_email', CONTACT_MESSAGES.emailInvalid);
  if (has(values.zip) && !ZIP.test(values.zip.trim())) add('zip', CONTACT_MESSAGES.zipInvalid);
  for (const field of ['primary_phone', 'secondary_phone'] as const) {
    const value = values[field];
    if (has(value) && (!PHONE_CHARS.test(value.trim()) || value.replace(/\D/g, '').length < 7))
      add(field, CONTACT_MESSAGES.phoneInvalid);
  }
  return Object.keys(errors).length ? errors : null;
}
