import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { LIST_EXPORT_DOWNLOAD, LIST_EXPORT_QUERY_SHAPE, type TListExportColumn } from '../http/list-export.js';
import { ZIdParamsSchema, ZIdSchema } from '../http/common.js';
import { AP_INVOICE_PERMISSIONS } from '../permissions.js';

export const VENDOR_TYPES = ['sales', 'service'] as const;

/** Vendor save messages (000 §8), answered by the server as 422 field errors. */
export const VENDOR_MESSAGES = {
  createRequired: 'Company Name and Vendor Type Required',
  editNameRequired: 'Vendor Name Required',
} as const;

export const ZPurchaseTermSchema = z.object({ id: z.number().int(), type: z.string() }).meta({ id: 'PurchaseTerm' });
export type TPurchaseTerm = z.infer<typeof ZPurchaseTermSchema>;

export const ZVendorSchema = z
  .object({
    id: z.number().int(),
    company_name: z.string(),
    vendor_type: z.enum(VENDOR_TYPES),
    rep: z.string().nullable(),
    rep_email: z.string().nullable(),
    rep_phone: z.string().nullable(),
    dealer_number: z.string().nullable(),
    program_name: z.string(),
    address: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    fax_phone: z.string().nullable(),
    notes: z.string().nullable(),
    default_terms: z.array(ZPurchaseTermSchema),
    edi_interchange_id: z.string().nullable(),
    edi_qualifier: z.string().nullable(),
    ableToSendViaEdi: z.boolean(),
  })
  .meta({ id: 'Vendor' });
export type TVendor = z.infer<typeof ZVendorSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/**
 * Vendor fields for create and edit. Company name and vendor type are checked by the service, so that a
 * missing one answers the spec's own message; rep e-mail must be an e-mail, rep phone a phone number.
 */
export const ZVendorInputSchema = z
  .object({
    company_name: z.string().trim().max(200).nullish(),
    vendor_type: z.enum(VENDOR_TYPES).nullish().or(z.literal('')),
    rep: optionalText(200),
    rep_email: z.email().nullish().or(z.literal('')),
    rep_phone: z
      .union([
        z
          .string()
          .trim()
          .regex(/^[0-9()+\-. ]{0,30}$/, 'must be a phone number'),
        z.number().int().nonnegative(),
      ])
      .nullish(),
    dealer_number: optionalText(100),
    program_name: optionalText(100),
    address: optionalText(200),
    address2: optionalText(200),
    city: optionalText(100),
    state: optionalText(50),
    zip: optionalText(20),
    country: optionalText(60),
    fax_phone: optionalText(30),
    notes: optionalText(4000),
    default_terms: z
      .array(z.union([ZIdSchema, z.object({ id: ZIdSchema })]))
      .max(20)
      .optional(),
    edi_interchange_id: optionalText(15),
    edi_qualifier: optionalText(2),
  })
  .meta({ id: 'VendorFields' });
export type TVendorInput = z.input<typeof ZVendorInputSchema>;

export const listVendorsRoute = defineRoute({
  method: 'GET',
  path: '/api/vendor',
  /** The invoice page picks vendors too (docs/decisions.md, AP invoices). */
  access: ['purchase-order:view', ...AP_INVOICE_PERMISSIONS],
  summary: 'Vendors (vendor 127 excluded)',
  tag: 'vendors',
  response: z.object({ data: z.array(ZVendorSchema) }),
});

/** The vendor table's columns in its export (CSV and XLSX), in order. */
export const VENDOR_EXPORT_COLUMNS = [
  { header: 'Company Name', value: (r) => r.company_name },
  { header: 'Vendor Type', value: (r) => r.vendor_type },
  { header: 'Rep', value: (r) => r.rep },
  { header: 'Rep Email', value: (r) => r.rep_email },
  { header: 'Rep Phone', value: (r) => r.rep_phone, kind: 'id' },
  { header: 'Program Name', value: (r) => r.program_name },
  { header: 'Default Terms', value: (r) => r.default_terms.map((t) => t.type).join(', ') },
  { header: 'Dealer #', value: (r) => r.dealer_number, kind: 'id' },
  { header: 'Address', value: (r) => r.address },
  { header: 'Address 2', value: (r) => r.address2 },
  { header: 'City', value: (r) => r.city },
  { header: 'State', value: (r) => r.state },
  { header: 'ZIP', value: (r) => r.zip, kind: 'id' },
  { header: 'Country', value: (r) => r.country },
  { header: 'Fax', value: (r) => r.fax_phone, kind: 'id' },
  { header: 'EDI', value: (r) => r.ableToSendViaEdi },
] satisfies readonly TListExportColumn<TVendor>[];

/**
 * The vendor table's export. The table filters its rows on the screen (the list route answers every vendor);
 * `search` is that filter, a case-insensitive contains on the company name, run by the server.
 */
export const exportVendorsRoute = defineRoute({
  method: 'GET',
  path: '/api/vendor/export',
  access: listVendorsRoute.access,
  summary: 'The vendor table as CSV or XLSX; ?search= is a case-insensitive contains on the company name',
  tag: 'vendors',
  query: z.object({ search: z.string().trim().max(200).optional(), ...LIST_EXPORT_QUERY_SHAPE }),
  response: z.string(),
  download: LIST_EXPORT_DOWNLOAD,
});

export const createVendorRoute = defineRoute({
  method: 'POST',
  path: '/api/vendor/',
  access: 'vendor:create',
  summary: 'Create a vendor; program name defaults to Default',
  tag: 'vendors',
  body: ZVendorInputSchema,
  response: ZVendorSchema,
  status: 201,
});

export const getVendorRoute = defineRoute({
  method: 'GET',
  path: '/api/vendor/{id}',
  access: 'purchase-order:view',
  summary: 'One vendor',
  tag: 'vendors',
  params: ZIdParamsSchema,
  response: ZVendorSchema,
});

export const updateVendorRoute = defineRoute({
  method: 'PUT',
  path: '/api/vendor/{id}',
  access: 'vendor:edit',
  summary: 'Edit a vendor',
  tag: 'vendors',
  params: ZIdParamsSchema,
  body: ZVendorInputSchema,
  response: ZVendorSchema,
});

export const deleteVendorRoute = defineRoute({
  method: 'DELETE',
  path: '/api/vendor/{id}',
  access: 'vendor:edit',
  summary: 'Delete a vendor (its purchase orders keep it)',
  tag: 'vendors',
  params: ZIdParamsSchema,
  response: z.null(),
  status: 204,
});

export const listTermsRoute = defineRoute({
  method: 'GET',
  path: '/api/purchase/terms',
  access: 'purchase-order:view',
  summary: 'PO terms',
  tag: 'vendors',
  response: z.object({ data: z.array(ZPurchaseTermSchema) }),
});
