import { VENDOR_MESSAGES, type TVendor, type VENDOR_TYPES } from '@keystone/contracts';
import { ApiCallError } from '../../../../lib/api-client';

export type TVendorType = (typeof VENDOR_TYPES)[number];

/** The vendor form's values: every text field as text ('' for none), the default terms as term ids. */
export interface TVendorFormValues {
  company_name: string;
  vendor_type: TVendorType | '';
  rep: string;
  rep_email: string;
  rep_phone: string;
  dealer_number: string;
  program_name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  fax_phone: string;
  notes: string;
  default_terms: number[];
  edi_interchange_id: string;
  edi_qualifier: string;
}

export type TVendorTextField = Exclude<keyof TVendorFormValues, 'vendor_type' | 'default_terms'>;

export const VENDOR_FIELD_LABELS: Record<keyof TVendorFormValues, string> = {
  company_name: 'Company Name',
  vendor_type: 'Vendor Type',
  rep: 'Rep',
  rep_email: 'Rep Email',
  rep_phone: 'Rep Phone',
  dealer_number: 'Dealer Number',
  program_name: 'Program Name',
  address: 'Address',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  country: 'Country',
  fax_phone: 'Fax',
  notes: 'Notes',
  default_terms: 'Default Terms',
  edi_interchange_id: 'EDI Interchange Id',
  edi_qualifier: 'EDI Qualifier',
};

export const VENDOR_TYPE_LABELS: Record<TVendorType, string> = { sales: 'Sales', service: 'Service' };

/** A new vendor: program name defaults to Default (000 §5). */
export const EMPTY_VENDOR_FORM: TVendorFormValues = {
  company_name: '',
  vendor_type: '',
  rep: '',
  rep_email: '',
  rep_phone: '',
  dealer_number: '',
  program_name: 'Default',
  address: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  fax_phone: '',
  notes: '',
  default_terms: [],
  edi_interchange_id: '',
  edi_qualifier: '',
};

export function vendorToForm(vendor: TVendor): TVendorFormValues {
  return {
    company_name: vendor.company_name,
    vendor_type: vendor.vendor_type,
    rep: vendor.rep ?? '',
    rep_email: vendor.rep_email ?? '',
    rep_phone: vendor.rep_phone ?? '',
    dealer_number: vendor.dealer_number ?? '',
    program_name: vendor.program_name,
    address: vendor.address ?? '',
    address2: vendor.address2 ?? '',
    city: vendor.city ?? '',
    state: vendor.state ?? '',
    zip: vendor.zip ?? '',
    country: vendor.country ?? '',
    fax_phone: vendor.fax_phone ?? '',
    notes: vendor.notes ?? '',
    default_terms: vendor.default_terms.map((t) => t.id),
    edi_interchange_id: vendor.edi_interchange_id ?? '',
    edi_qualifier: vendor.edi_qualifier ?? '',
  };
}

export type TVendorDialogMode = 'create' | 'edit';

/**
 * The spec's own check before saving (000 §5, §8): a new vendor needs Company Name and Vendor Type; an edited
 * one keeps its Company Name. Answers the message to show, or null.
 */
export function missingRequired(
  mode: TVendorDialogMode,
  values: Pick<TVendorFormValues, 'company_name' | 'vendor_type'>,
): string | null {
  if (mode === 'create')
    return !values.company_name.trim() || !values.vendor_type ? VENDOR_MESSAGES.createRequired : null;
  return !values.company_name.trim() ? VENDOR_MESSAGES.editNameRequired : null;
}

export interface ServerFailure {
  status: number | null;
  message: string;
  /** Field → messages (the server's `errors`). */
  fields: Record<string, string[]>;
}

/** The message and field errors of a failed call (the server's ApiError body), for a screen to show. */
export function serverFailure(error: unknown): ServerFailure {
  if (error instanceof ApiCallError) {
    const body = (error.body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const fields = body.errors ?? {};
    const message = typeof body.message === 'string' ? body.message : `${error.status}: request failed`;
    return { status: error.status, message, fields };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error), fields: {} };
}
