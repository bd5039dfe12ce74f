import { z } from 'zod';
import type { TPermission } from '../permissions.js';
import { defineRoute } from '../http/define-route.js';
import { emptyAsAbsent, ZQueryFlagSchema } from '../http/common.js';
import { ZApiErrorSchema } from '../http/errors.js';

/**
 * Locations and their buckets (002 §2 "Buckets and locations", §3 Bucket and Location record,
 * §5, §6, §7 "Buckets, locations", §9 legacy buckets). The spec's messages are quoted; the others are ours
 * (docs/decisions.md, "Locations and buckets").
 */
export const LOCATION_MESSAGES = {
  invalid: 'The given data was invalid.',
  /** 002 §5, shown when 'Is Fulfillable From This Location' changes. */
  fulfillableWarning:
    'WARNING: Changes to "Is Fulfillable From This Location" determine whether or not inventory can be sourced via this bucket',
  /** 002 §7: the update's success message, shown for 4 seconds (§9). */
  bucketUpdated: 'Bucket Successfully Updated',
  /** 002 §2: the Bucket Updater before a bucket is chosen. */
  chooseBucket: 'Choose a valid bucket to edit',
  /** 002 §5. */
  firstBucketUndeletable: 'The first generated legacy bucket cannot be deleted',
  required: (label: string) => `The ${label} is required.`,
  codeFormat: 'The location code may hold only letters and digits (at most 12).',
  codeTaken: (code: string) => `Location ${code} already exists.`,
  bucketTaken: (bucket: string) => `Bucket ${bucket} already exists: choose another location code.`,
  stateInvalid: 'must be one of the 50 US state codes',
  postalInvalid: 'must be a ZIP code (12345 or 12345-6789)',
  countryFixed: 'The country is US.',
  typeInvalid: (types: readonly string[]) => `must be one of ${types.join(', ')}`,
  notLegacyBucket: (bucket: string, code: string) => `${bucket} is not a legacy bucket of location ${code}.`,
  firstBucketMissing: (bucket: string) => `The first legacy bucket ${bucket} must be created.`,
  unknownLocation: (code: string) => `Location ${code} does not exist.`,
  unknownBucket: (bucket: string) => `Bucket ${bucket} does not exist.`,
  bucketHoldsStock: (bucket: string, reasons: string[]) =>
    `Bucket ${bucket} cannot be deleted while it holds stock: ${reasons.join(', ')}. Move, sell or finish them first.`,
  created: (code: string, count: number) => `Location ${code} created with ${count} buckets.`,
  deleted: (bucket: string) => `Bucket ${bucket} deleted.`,
} as const;

/** 002 §9: the bucket updated message's time on screen. */
export const BUCKET_UPDATED_MESSAGE_MS = 4000;

/** Location types the form offers (ours: the spec names the field only). */
export const LOCATION_TYPES = ['WAREHOUSE', 'RETAIL', 'DISTRIBUTOR', 'THIRD_PARTY'] as const;
export type TLocationType = (typeof LOCATION_TYPES)[number];

/** A location code: letters and digits, at most 12 (upper-cased); '_' is the legacy buckets' separator. */
export const LOCATION_CODE_PATTERN = /^[A-Z0-9]{1,12}$/;

/** Field length limits (shape checks: a longer value answers 400). */
export const LOCATION_FIELD_MAX = 200;

/** The location record's text fields, in form order (002 §3). */
export const LOCATION_TEXT_FIELDS = [
  'location_code',
  'distributor',
  'location_type',
  'distributor_location_id',
  'address_1',
  'address_2',
  'city',
  'county',
  'state_or_province',
  'country',
  'postal_code',
  'notes',
] as const;
export type TLocationTextField = (typeof LOCATION_TEXT_FIELDS)[number];

/** The location record's flags, in form order (002 §3); the last four are the form's Advanced Fields. */
export const LOCATION_FLAG_FIELDS = [
  'managed_by_third_party',
  'is_fulfillable_from_this_location',
  'can_receive_purchase_orders',
  'can_hold_inventory',
  'is_active',
] as const;
export type TLocationFlagField = (typeof LOCATION_FLAG_FIELDS)[number];

/** Defaults of a new location's flags. */
export const LOCATION_FLAG_DEFAULTS: Record<TLocationFlagField, boolean> = {
  managed_by_third_party: false,
  is_fulfillable_from_this_location: true,
  can_receive_purchase_orders: true,
  can_hold_inventory: true,
  is_active: true,
};

/** Fields a location must have (422 when empty). */
export const LOCATION_REQUIRED_FIELDS = [
  'location_code',
  'location_type',
  'address_1',
  'city',
  'state_or_province',
  'postal_code',
] as const;

export const LOCATION_FIELD_LABELS: Record<TLocationTextField | TLocationFlagField | 'legacy_bucket', string> = {
  location_code: 'Location Code',
  distributor: 'Distributor',
  location_type: 'Location Type',
  distributor_location_id: 'Distributor Location Id',
  address_1: 'Address 1',
  address_2: 'Address 2',
  city: 'City',
  county: 'County',
  state_or_province: 'State',
  country: 'Country',
  postal_code: 'Postal Code',
  notes: 'Notes',
  managed_by_third_party: 'Managed By Third Party',
  is_fulfillable_from_this_location: 'Is Fulfillable From This Location',
  can_receive_purchase_orders: 'Can Receive Purchase Orders',
  can_hold_inventory: 'Can Hold Inventory',
  is_active: 'Is Active',
  legacy_bucket: 'Legacy Bucket',
};

/** The full location record of 002 §3. */
export const ZLocationRecordSchema = z
  .object({
    location_code: z.string(),
    distributor: z.string().nullable(),
    location_type: z.string().nullable(),
    distributor_location_id: z.string().nullable(),
    address_1: z.string().nullable(),
    address_2: z.string().nullable(),
    city: z.string().nullable(),
    county: z.string().nullable(),
    state_or_province: z.string().nullable(),
    country: z.string(),
    postal_code: z.string().nullable(),
    notes: z.string().nullable(),
    managed_by_third_party: z.boolean(),
    is_fulfillable_from_this_location: z.boolean(),
    can_receive_purchase_orders: z.boolean(),
    can_hold_inventory: z.boolean(),
    is_active: z.boolean(),
    legacy_bucket: z.string().nullable(),
  })
  .meta({ id: 'LocationRecord' });
export type TLocationRecord = z.infer<typeof ZLocationRecordSchema>;

/**
 * One bucket (002 §3 Bucket) with where it sits: `location_code` is the place its stock is in (a sub-location such
 * as KY01_FBA_INBOUND for the four sub-location buckets), `parent_location_code` the location record it was
 * generated from. `distributor` and `distributor_location_id` are the parent location's, present on the calls
 * that include the distributor.
 */
export const ZBucketRowSchema = z
  .object({
    bucket: z.string(),
    location_code: z.string(),
    parent_location_code: z.string(),
    condition_code: z.string(),
    is_local_inventory_bucket: z.union([z.literal(0), z.literal(1)]),
    /** The bucket named by the bare location code, which cannot be deleted (002 §5). */
    is_first_legacy_bucket: z.boolean(),
    location_is_active: z.boolean(),
    distributor: z.string().nullable().optional(),
    distributor_location_id: z.string().nullable().optional(),
  })
  .meta({ id: 'BucketRow' });
export type TBucketRow = z.infer<typeof ZBucketRowSchema>;

const ZBucketListSchema = z.object({ data: z.array(ZBucketRowSchema) });

/** Who may read buckets and locations: any of the bucket pages' permissions (002 §2, §6). */
export const BUCKET_READ_ACCESS = [
  'bucket-buffer:view',
  'bucket-buffer:edit',
  'bucket:create',
  'admin:override',
  'dev-route:view',
] as const satisfies readonly TPermission[];

/** The update form's access: /buckets/update (no permission listed: dev-route:view) or the Bucket Updater (admin:override). */
export const BUCKET_UPDATE_ACCESS = ['dev-route:view', 'admin:override'] as const satisfies readonly TPermission[];

export const listBucketsWithDistributorRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/buckets/bucketsWithDistributor',
  access: BUCKET_READ_ACCESS,
  summary: "Every bucket with its location's distributor (the bucket maps page)",
  tag: 'locations',
  response: ZBucketListSchema,
});

export const ZBucketsQuerySchema = z.object({ includeDistributor: emptyAsAbsent(ZQueryFlagSchema) });

export const listBucketsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/buckets',
  access: BUCKET_READ_ACCESS,
  summary: "Every bucket; includeDistributor=1 adds its location's distributor",
  tag: 'locations',
  query: ZBucketsQuerySchema,
  response: ZBucketListSchema,
});

export const listBucketsWithActiveDistributorRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/buckets/withActiveDistributor',
  access: BUCKET_READ_ACCESS,
  summary: 'The buckets of active locations, with their distributor (the bucket buffers page)',
  tag: 'locations',
  response: ZBucketListSchema,
});

export const ZLocationWithBucketsSchema = ZLocationRecordSchema.extend({ buckets: z.array(ZBucketRowSchema) }).meta({
  id: 'LocationWithBuckets',
});
export type TLocationWithBuckets = z.infer<typeof ZLocationWithBucketsSchema>;

export const listBucketMappingsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bucket-mappings/',
  access: BUCKET_READ_ACCESS,
  summary: 'Every location record with its buckets',
  tag: 'locations',
  response: z.object({ data: z.array(ZLocationWithBucketsSchema) }),
});

export const listBucketConditionsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bucket-mappings/conditions',
  access: BUCKET_READ_ACCESS,
  summary: "The conditions of a location's generated legacy buckets (002 §9)",
  tag: 'locations',
  response: z.object({ data: z.array(z.object({ condition: z.string(), suffix: z.string() })) }),
});

export const listDistributorsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bucket-mappings/distributors',
  access: BUCKET_READ_ACCESS,
  summary: 'The distributors named by locations, for the form to offer',
  tag: 'locations',
  response: z.object({ data: z.array(z.string()) }),
});

const text = z.string().trim().max(LOCATION_FIELD_MAX);
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/**
 * The location fields as a form sends them: text (empty means none), null, or absent; flags as booleans or 0/1.
 * Only the shape is checked here; the rules (required fields, the code's form, a US state, a ZIP code) are the
 * server's, answered as 422 field errors under the bare field names (`city`, `location_code`).
 */
export const ZLocationFieldsSchema = z
  .object({
    location_code: text.nullish(),
    distributor: text.nullish(),
    location_type: text.nullish(),
    distributor_location_id: text.nullish(),
    address_1: text.nullish(),
    address_2: text.nullish(),
    city: text.nullish(),
    county: text.nullish(),
    state_or_province: text.nullish(),
    country: text.nullish(),
    postal_code: text.nullish(),
    notes: z.string().trim().max(2000).nullish(),
    managed_by_third_party: flag.optional(),
    is_fulfillable_from_this_location: flag.optional(),
    can_receive_purchase_orders: flag.optional(),
    can_hold_inventory: flag.optional(),
    is_active: flag.optional(),
    /** Sent by the create form (the first generated bucket); the server sets it from the code either way. */
    legacy_bucket: text.nullish(),
  })
  .meta({ id: 'LocationFields' });
export type TLocationFields = z.input<typeof ZLocationFieldsSchema>;

/** One generated bucket as the create dialog sends it (002 §3 generated buckets). */
export const ZGeneratedBucketSchema = z.object({
  legacy_bucket: z.string().trim().toUpperCase().min(1).max(60),
  condition: z.string().trim().toUpperCase().max(40).optional(),
  is_local_inventory_bucket: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
});

/**
 * POST ims/bucket-mappings (002 §7): the location object and the list of buckets to create. The list must name
 * generated legacy buckets of the code (002 §9) and include the first; the four sub-location buckets (ONSITE,
 * RELOCATING, RETURN, FBA_INBOUND) are always added. Left out: every generated bucket.
 */
export const ZCreateBucketMappingSchema = z
  .object({
    location: ZLocationFieldsSchema,
    buckets: z.array(ZGeneratedBucketSchema).max(20).optional(),
  })
  .meta({ id: 'CreateBucketMapping' });
export type TCreateBucketMapping = z.input<typeof ZCreateBucketMappingSchema>;

export const createBucketMappingRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/bucket-mappings',
  access: 'bucket:create',
  summary: 'Creates a location and its legacy buckets in one transaction',
  tag: 'locations',
  body: ZCreateBucketMappingSchema,
  status: 201,
  response: z.object({ message: z.string(), location: ZLocationRecordSchema, buckets: z.array(ZBucketRowSchema) }),
  errorResponses: { 422: ZApiErrorSchema },
});

export const ZUpdateIsLocalBucketSchema = z
  .object({
    bucket: z.string().trim().toUpperCase().min(1).max(60),
    isLocalInventoryBucket: z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === true || v === 1),
  })
  .meta({ id: 'UpdateIsLocalBucket' });
export type TUpdateIsLocalBucket = z.input<typeof ZUpdateIsLocalBucketSchema>;

export const updateIsLocalBucketRoute = defineRoute({
  method: 'PUT',
  path: '/api/ims/buckets/updateIsLocalBucket',
  access: 'bucket-buffer:edit',
  summary: "Sets a bucket's local-inventory flag",
  tag: 'locations',
  body: ZUpdateIsLocalBucketSchema,
  response: z.object({ data: ZBucketRowSchema }),
  errorResponses: { 404: ZApiErrorSchema },
});

/**
 * PUT ims/buckets/updateBucketByLocation: the update form's fields for the location named by `location_code`
 * (which cannot change, nor can `legacy_bucket`). A field left out keeps its value; '' or null clears an optional one.
 */
export const ZUpdateBucketByLocationSchema = ZLocationFieldsSchema.extend({
  location_code: z.string().trim().toUpperCase().min(1).max(60),
}).meta({ id: 'UpdateBucketByLocation' });
export type TUpdateBucketByLocation = z.input<typeof ZUpdateBucketByLocationSchema>;

export const updateBucketByLocationRoute = defineRoute({
  method: 'PUT',
  path: '/api/ims/buckets/updateBucketByLocation',
  access: BUCKET_UPDATE_ACCESS,
  summary: "Updates a bucket's location record (the update form and the Bucket Updater)",
  tag: 'locations',
  body: ZUpdateBucketByLocationSchema,
  response: z.object({ message: z.string(), data: ZLocationRecordSchema }),
  errorResponses: { 404: ZApiErrorSchema, 422: ZApiErrorSchema },
});

export const deleteBucketRoute = defineRoute({
  method: 'DELETE',
  path: '/api/ims/buckets',
  access: 'admin:override',
  summary: 'Retires a generated bucket (?bucket=) that holds no stock (never the first legacy bucket)',
  tag: 'locations',
  query: z.object({ bucket: z.string().trim().toUpperCase().min(1).max(60) }),
  response: z.object({ message: z.string(), bucket: z.string() }),
  errorResponses: { 404: ZApiErrorSchema, 409: ZApiErrorSchema },
});
