import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';
import { ZIdSchema } from '../http/common.js';

/**
 * Moving a store in (docs/decisions.md, "Imports"): a CSV or XLSX file of products, vendors, contacts or opening
 * stock is read, its columns mapped to fields, every row checked by the forms' rules and answered create / update /
 * unchanged / refused (a dry run, stored, nothing else written); a confirm applies that stored plan as a background
 * job. The export of each entity writes the same columns, so an export imports back as it was.
 */
export const IMPORT_ENTITIES = ['products', 'vendors', 'contacts', 'opening-stock'] as const;
export type TImportEntity = (typeof IMPORT_ENTITIES)[number];
export const IMPORT_ENTITY_LABELS: Record<TImportEntity, string> = {
  products: 'Products',
  vendors: 'Vendors',
  contacts: 'Contacts',
  'opening-stock': 'Opening stock',
};

export interface TImportField {
  key: string;
  label: string;
  required?: boolean;
  /** Other header names that mean this field (normalised: lower case, letters and digits only). */
  aliases?: readonly string[];
}

/** Each entity's fields, in the export's column order (the export's header is each field's key). */
export const IMPORT_FIELDS: Record<TImportEntity, readonly TImportField[]> = {
  products: [
    { key: 'model_number', label: 'Model number', required: true, aliases: ['model', 'modelno', 'sku model', 'mpn'] },
    { key: 'description', label: 'Description', required: true, aliases: ['name', 'title', 'producttitle'] },
    { key: 'upc', label: 'UPC', aliases: ['ean', 'gtin', 'barcode', 'upccode'] },
    { key: 'brand', label: 'Brand', aliases: ['brandname'] },
    { key: 'category', label: 'Category', aliases: ['categoryname'] },
    { key: 'manufacturer', label: 'Manufacturer', aliases: ['manufacturername', 'mfr', 'make'] },
    { key: 'status', label: 'Status' },
    { key: 'item_type', label: 'Item type', aliases: ['type'] },
    { key: 'serial_number_tracked', label: 'Serial tracked', aliases: ['serialized', 'serialtracked', 'serials'] },
    { key: 'current_cost', label: 'Cost', aliases: ['cost', 'unitcost', 'price'] },
    { key: 'msrp', label: 'MSRP', aliases: ['listprice', 'retailprice'] },
    { key: 'map', label: 'MAP', aliases: ['mapprice'] },
    { key: 'minimum_price', label: 'Minimum price', aliases: ['minprice'] },
    { key: 'spiff', label: 'Spiff' },
    { key: 'part_number', label: 'Part number', aliases: ['partno'] },
    { key: 'sku', label: 'SKU' },
    { key: 'asin', label: 'ASIN' },
    { key: 'box_qty', label: 'Box quantity', aliases: ['boxqty', 'casepack'] },
  ],
  vendors: [
    {
      key: 'company_name',
      label: 'Company name',
      required: true,
      aliases: ['company', 'vendor', 'vendorname', 'name'],
    },
    { key: 'vendor_type', label: 'Vendor type', required: true, aliases: ['type'] },
    { key: 'rep', label: 'Rep', aliases: ['representative', 'contact', 'repname'] },
    { key: 'rep_email', label: 'Rep e-mail', aliases: ['email', 'repemail'] },
    { key: 'rep_phone', label: 'Rep phone', aliases: ['phone', 'repphone'] },
    { key: 'dealer_number', label: 'Dealer number', aliases: ['dealerno', 'account', 'accountnumber'] },
    { key: 'program_name', label: 'Program name', aliases: ['program'] },
    { key: 'address', label: 'Address', aliases: ['address1', 'street'] },
    { key: 'address2', label: 'Address 2' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State', aliases: ['province', 'region'] },
    { key: 'zip', label: 'ZIP', aliases: ['zipcode', 'postalcode', 'postcode'] },
    { key: 'country', label: 'Country' },
    { key: 'fax_phone', label: 'Fax', aliases: ['fax'] },
    { key: 'notes', label: 'Notes' },
  ],
  contacts: [
    { key: 'first_name', label: 'First name', aliases: ['firstname', 'first', 'givenname'] },
    { key: 'last_name', label: 'Last name', aliases: ['lastname', 'last', 'surname', 'familyname'] },
    { key: 'primary_email', label: 'E-mail', aliases: ['email', 'emailaddress', 'mail'] },
    { key: 'primary_phone', label: 'Phone', aliases: ['phone', 'telephone', 'mobile'] },
    { key: 'secondary_phone', label: 'Second phone', aliases: ['phone2', 'otherphone'] },
    { key: 'address', label: 'Address', aliases: ['address1', 'street'] },
    { key: 'address2', label: 'Address 2' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State' },
    { key: 'zip', label: 'ZIP', aliases: ['zipcode', 'postalcode'] },
    { key: 'source', label: 'Source' },
  ],
  'opening-stock': [
    { key: 'bucket', label: 'Bucket', required: true, aliases: ['location', 'warehouse'] },
    { key: 'model_number', label: 'Model number', required: true, aliases: ['model', 'modelno', 'mpn'] },
    { key: 'serial_number', label: 'Serial number', aliases: ['serial', 'serialno', 'sn'] },
    { key: 'quantity', label: 'Quantity', aliases: ['qty', 'onhand', 'count'] },
    { key: 'bin', label: 'Bin', aliases: ['binname', 'shelf'] },
  ],
};

export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'refused'] as const;
export type TImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_STATUSES = ['dry-run', 'queued', 'applied', 'failed'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_LIMITS = {
  /** An uploaded file (CSV or XLSX) is at most 100 MB. */
  maxFileBytes: 100 * 1024 * 1024,
  /** Rows in one file. */
  maxRows: 1_000_000,
  /** The rows one read answers (the dry run's first page; GET pages). */
  pageRows: 500,
  maxColumns: 200,
} as const;

export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const;
export const IMPORT_FILE_FIELD = 'file';

export const IMPORT_MESSAGES = {
  fileMissing: 'Choose a .csv or .xlsx file to import in the field "file".',
  fileType: 'The file must be a .csv or .xlsx file.',
  fileTooLarge: 'The file must be at most 100 MB.',
  notMultipart: 'Send the file as multipart/form-data with one file in the field "file".',
  noHeader: 'The file has no header row: its first line must name its columns.',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} rows: split it.`,
  notXlsx: 'The file is not a readable .xlsx workbook.',
  mappingNotJson: 'mapping must be a JSON object of file header → field name (or null to leave a column out).',
  mappingUnknownField: (field: string) => `mapping names an unknown field: ${field}`,
  mappingTwice: (field: string) => `mapping maps two columns to ${field}`,
  notFound: (id: number) => `Import ${id} not found`,
  notDryRun: (status: string) => `This import is ${status}: only a dry run can be confirmed.`,
  required: 'is required',
  requiredUnmapped: 'is required (no column of the file is mapped to it)',
  duplicateRow: (row: number) => `repeats row ${row} of this file (the same key)`,
  notANumber: 'must be an amount of money (at most 2 decimals)',
  notABoolean: 'must be yes or no (true/false, 1/0)',
  notAWholeNumber: 'must be a whole number of at least 1',
  unknownBucket: (bucket: string) => `bucket ${bucket} does not exist`,
  unknownProduct: (model: string) => `product ${model} does not exist (import it first)`,
  serialRequired: 'is required: the product is serial-tracked (one row per serial)',
  serialNotTracked: 'the product is not serial-tracked: leave the serial out and give a quantity',
  serialsPerUnit: (n: number) =>
    `the product carries ${n} serials per unit, and a row is one unit with one serial: receive its stock on a purchase order instead`,
  serialQuantity: 'must be 1 (or empty) on a row with a serial',
  serialLive: (bucket: string | null) => `is live in ${bucket ?? 'another place'}: a serial is live in one place`,
  serialOtherProduct: (model: string) => `is live as a serial of ${model}`,
  serialInFile: (row: number) => `is already in row ${row} of this file: a serial is live in one place`,
  unknownBin: (bin: string, bucket: string) => `bin ${bin} does not exist in ${bucket}`,
  openingTaken: (quantity: number) =>
    `opening stock of this model in this bucket and bin was imported already (${quantity}); change it with an admin adjustment`,
  ambiguousVendor: (count: number) => `matches ${count} vendors of this name`,
  contactKey: 'is required: a contact is matched by its e-mail or its name',
  confirmed: (jobId: number) => `Import queued as job ${jobId}.`,
} as const;

/** A header's or a field's name for matching: lower case, letters and digits only (`Model #` → `model`). */
export function normaliseHeader(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .trim();
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * The mapping guessed from a file's own headers: a header whose normalised name is a field's key, label or alias maps
 * to it; then one within two edits of one (four letters or more) does; a field is taken by one header at most, the
 * first; the rest map to null (left out).
 */
export function guessImportMapping(entity: TImportEntity, headers: readonly string[]): Record<string, string | null> {
  const fields = IMPORT_FIELDS[entity];
  const names = fields.map((f) => ({
    key: f.key,
    names: [f.key, f.label, ...(f.aliases ?? [])].map(normaliseHeader),
  }));
  const mapping: Record<string, string | null> = {};
  const taken = new Set<string>();
  const pass = (match: (header: string, name: string) => boolean) => {
    for (const header of headers) {
      if (mapping[header]) continue;
      const h = normaliseHeader(header);
      if (!h) continue;
      const found = names.find((f) => !taken.has(f.key) && f.names.some((n) => match(h, n)));
      if (found) {
        mapping[header] = found.key;
        taken.add(found.key);
      }
    }
  };
  pass((h, n) => h === n);
  pass((h, n) => h.length >= 4 && n.length >= 4 && editDistance(h, n) <= 2);
  for (const header of headers) mapping[header] ??= null;
  return mapping;
}

export const ZImportEntityParamsSchema = z.object({ entity: z.enum(IMPORT_ENTITIES) });
export const ZImportIdParamsSchema = z.object({ id: ZIdSchema });

export const ZImportRowSchema = z
  .object({
    /** The row's line in the file (the header is line 1). */
    row: z.number().int(),
    /** The natural key the row is matched on (model number, company name, e-mail or name, bucket/model/serial). */
    key: z.string(),
    outcome: z.enum(IMPORT_OUTCOMES),
    /** Why a row is refused, by field (`model_number: ["is required"]`). */
    reasons: z.record(z.string(), z.array(z.string())),
    /** The fields an update changes, and what a create makes besides the row (`brand Sony (new)`). */
    changes: z.array(z.string()),
  })
  .meta({ id: 'ImportRow' });
export type TImportRow = z.infer<typeof ZImportRowSchema>;

export const ZImportCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type TImportCounts = z.infer<typeof ZImportCountsSchema>;

export const ZImportSchema = z
  .object({
    id: z.number().int(),
    entity: z.enum(IMPORT_ENTITIES),
    file_name: z.string(),
    /** SHA-256 of the file's bytes. */
    file_hash: z.string(),
    headers: z.array(z.string()),
    mapping: z.record(z.string(), z.string().nullable()),
    /** Where the mapping came from: sent with the file, saved for this layout, or guessed from the headers. */
    mapping_source: z.enum(['given', 'saved', 'guessed']),
    status: z.enum(IMPORT_STATUSES),
    job_id: z.number().int().nullable(),
    counts: ZImportCountsSchema,
    total_rows: z.number().int(),
    /** A page of the rows (offset/limit of the read; the dry run answers the first page). */
    rows: z.array(ZImportRowSchema),
    created_at: z.string(),
    applied_at: z.string().nullable(),
  })
  .meta({ id: 'Import' });
export type TImport = z.infer<typeof ZImportSchema>;

export const ZImportDryRunQuerySchema = z.object({
  /** JSON of file header → field key (or null): when absent, the mapping saved for this layout or the guess. */
  mapping: z
    .string()
    .max(20_000)
    .refine((text) => {
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      } catch {
        return false;
      }
    }, IMPORT_MESSAGES.mappingNotJson)
    .optional(),
});

export const ZImportRowsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(IMPORT_LIMITS.pageRows).default(IMPORT_LIMITS.pageRows),
  outcome: z.enum(IMPORT_OUTCOMES).optional(),
});

export const importDryRunRoute = defineRoute({
  method: 'POST',
  path: '/api/imports/{entity}/dry-run',
  access: 'data-import:manage',
  summary:
    'Dry run of an import (multipart/form-data, file field "file"; .csv or .xlsx, at most 100 MB): the columns mapped (query mapping, else the mapping saved for this layout, else guessed), every row checked by the forms\' rules and answered create, update, unchanged or refused with reasons by field. Nothing but the dry run itself is written; 400 naming file or mapping',
  tag: 'imports',
  params: ZImportEntityParamsSchema,
  query: ZImportDryRunQuerySchema,
  response: ZImportSchema,
  status: 201,
  upload: {
    field: IMPORT_FILE_FIELD,
    maxBytes: IMPORT_LIMITS.maxFileBytes,
    types: [FILE_TYPES.csv, FILE_TYPES.xlsx, FILE_TYPES.text],
    extensions: IMPORT_EXTENSIONS,
    read: 'bytes',
    messages: {
      notMultipart: IMPORT_MESSAGES.notMultipart,
      missing: IMPORT_MESSAGES.fileMissing,
      tooLarge: IMPORT_MESSAGES.fileTooLarge,
      wrongType: IMPORT_MESSAGES.fileType,
    },
  },
});

export const getImportRoute = defineRoute({
  method: 'GET',
  path: '/api/imports/{id}',
  access: 'data-import:manage',
  summary: 'An import: its mapping, status, counts and a page of its rows (offset, limit, outcome)',
  tag: 'imports',
  params: ZImportIdParamsSchema,
  query: ZImportRowsQuerySchema,
  response: ZImportSchema,
});

export const confirmImportRoute = defineRoute({
  method: 'POST',
  path: '/api/imports/{id}/confirm',
  access: 'data-import:manage',
  summary:
    "Applies a dry run's plan as a background job (GET /api/jobs/{id} for its progress): its create and update rows, matched again by their keys, so a plan applied twice writes nothing twice; refused rows are left out. 409 unless the import is a dry run",
  tag: 'imports',
  params: ZImportIdParamsSchema,
  response: z.object({ import_id: z.number().int(), job_id: z.number().int(), message: z.string() }),
});

export const exportImportEntityRoute = defineRoute({
  method: 'GET',
  path: '/api/imports/{entity}/export',
  access: 'data-import:manage',
  summary: "Every row of the entity as CSV, in the import's own columns (an export imports back as it was)",
  tag: 'imports',
  params: ZImportEntityParamsSchema,
  response: z.string(),
  download: { contentTypes: [FILE_TYPES.csv] },
});
