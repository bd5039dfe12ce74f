import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZIdSchema } from '../http/common.js';

/**
 * Bucket groups and their bucket mappings (002 §2 "Buckets and locations", §3 Bucket group, §5, §6, §7).
 * The spec's messages are quoted; the others are ours (docs/decisions.md, "Bucket groups and shipping templates").
 */
export const BUCKET_GROUP_MESSAGES = {
  invalid: 'The given data was invalid.',
  confirmDelete: 'Are you sure you want to delete?',
  deleteWarning:
    'Deleting a bucket group changes how inventory is counted and sourced for its buckets. Consult the dev team before deleting one.',
  confirmSubmit: 'Submit the changes to this bucket group?',
  nameRequired: 'The bucket group name is required.',
  nameTooLong: 'The bucket group name must be at most 60 characters.',
  nameTaken: (name: string) => `Bucket group ${name} already exists.`,
  bufferInvalid: 'The group inventory buffer must be a whole number of 0 or more.',
  flagInvalid: 'Must be yes or no.',
  centerTooLong: 'Must be at most 60 characters.',
  notFound: (id: number) => `Bucket group ${id} does not exist.`,
  groupRequired: 'Choose a bucket group.',
  groupUnknown: (name: string) => `Bucket group ${name} does not exist.`,
  bucketRequired: 'Choose a bucket.',
  bucketUnknown: (bucket: string) => `Bucket ${bucket} does not exist.`,
  bucketMapped: (bucket: string, group: string) => `Bucket ${bucket} is already in bucket group ${group}.`,
  mappingNotFound: (id: number) => `Bucket group mapping ${id} does not exist.`,
  inUse: (templates: string[]) =>
    `The bucket group is used by the shipping templates ${templates.join(', ')}: change them first.`,
} as const;

/** 002 §9: the inventory buffer's minimum; §4: a saved row shows green for 5 seconds. */
export const BUCKET_GROUP_BUFFER_MIN = 0;
export const BUCKET_GROUP_SAVED_HIGHLIGHT_MS = 5000;
export const BUCKET_GROUP_NAME_MAX = 60;
const CENTER_MAX = 60;

/** 002 §3 Bucket group, as the list answers it; `buckets` (the mapped bucket names) is ours. */
export const ZBucketGroupSchema = z
  .object({
    id: z.number().int(),
    bucket_group: z.string(),
    should_count_unsourced_committed_in_group: z.boolean(),
    group_inventory_buffer: z.number().int(),
    walmart_fulfillment_center_id: z.string().nullable(),
    amazon_supply_source_id: z.string().nullable(),
    acenda_warehouse_id: z.string().nullable(),
    buckets: z.array(z.string()),
  })
  .meta({ id: 'BucketGroup' });
export type TBucketGroup = z.infer<typeof ZBucketGroupSchema>;

/** A flag as a form or an older client sends it: true/false, 1/0 or their strings. */
export const ZFlagInputSchema = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]);
/** A whole number as a number or as the text of a number input (checked by the service: 422 naming the field). */
export const ZCountInputSchema = z.union([z.number(), z.string().max(20)]);
const center = z.string().max(200).nullable().optional();

export const flagValue = (v: z.infer<typeof ZFlagInputSchema>): boolean =>
  v === true || v === 1 || v === '1' || v === 'true';

/**
 * A whole number ≥ 0 from a number or its text ('' and absent are `fallback`); null when it is not one.
 * Shared by the forms and the server (002 §5: min 0, step 1).
 */
export function countValue(
  v: number | string | undefined | null,
  fallback: number | undefined,
): number | null | undefined {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return fallback;
  const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000_000 ? n : null;
}

/** An external center id: trimmed, empty is null (002 §5 "Empty center ids are sent as null"). */
export const centerValue = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

/**
 * POST ims/bucket-groups/ (002 §7). Every key is optional in shape so that the service answers the §8 422 per key;
 * the buffer may be named groupInventoryBufferQty or groupInventoryBuffer (§7 records both; the first wins).
 */
export const ZCreateBucketGroupSchema = z
  .object({
    bucketGroup: z.string().max(200).optional(),
    shouldCountUnsourcedCommittedInGroup: ZFlagInputSchema.optional(),
    groupInventoryBufferQty: ZCountInputSchema.optional(),
    groupInventoryBuffer: ZCountInputSchema.optional(),
    walmartFulfillmentCenterId: center,
    amazonSupplySourceId: center,
    acendaWarehouseId: center,
  })
  .meta({ id: 'CreateBucketGroup' });
export type TCreateBucketGroup = z.input<typeof ZCreateBucketGroupSchema>;

/** PUT ims/bucket-groups/{id} (002 §3, §7): the given keys change, the others stay. */
export const ZUpdateBucketGroupSchema = z
  .object({
    shouldCountUnsourcedCommittedStatus: ZFlagInputSchema.optional(),
    groupInventoryBufferQty: ZCountInputSchema.optional(),
    groupInventoryBuffer: ZCountInputSchema.optional(),
    walmartFulfillmentCenterId: center,
    amazonSupplySourceId: center,
    acendaWarehouseId: center,
  })
  .meta({ id: 'UpdateBucketGroup' });
export type TUpdateBucketGroup = z.input<typeof ZUpdateBucketGroupSchema>;

export interface BucketGroupValues {
  bucketGroup?: string;
  shouldCount?: boolean;
  buffer?: number;
  walmartFulfillmentCenterId?: string | null;
  amazonSupplySourceId?: string | null;
  acendaWarehouseId?: string | null;
}

/**
 * The rules of 002 §5 on a create or update body: the name upper-cased and trimmed (required on create), the
 * buffer a whole number ≥ 0 (default 0 on create), empty center ids null. Errors are keyed by the body's own names.
 */
export function bucketGroupValues(
  input: TCreateBucketGroup & TUpdateBucketGroup,
  mode: 'create' | 'update',
): { values: BucketGroupValues; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const values: BucketGroupValues = {};
  if (mode === 'create') {
    const name = (input.bucketGroup ?? '').trim().toUpperCase();
    if (!name) errors.bucketGroup = [BUCKET_GROUP_MESSAGES.nameRequired];
    else if (name.length > BUCKET_GROUP_NAME_MAX) errors.bucketGroup = [BUCKET_GROUP_MESSAGES.nameTooLong];
    else values.bucketGroup = name;
    values.shouldCount =
      input.shouldCountUnsourcedCommittedInGroup === undefined
        ? false
        : flagValue(input.shouldCountUnsourcedCommittedInGroup);
  } else if (input.shouldCountUnsourcedCommittedStatus !== undefined) {
    values.shouldCount = flagValue(input.shouldCountUnsourcedCommittedStatus);
  }
  const bufferKey = input.groupInventoryBufferQty !== undefined ? 'groupInventoryBufferQty' : 'groupInventoryBuffer';
  const buffer = countValue(input[bufferKey], mode === 'create' ? 0 : undefined);
  if (buffer === null) errors[bufferKey] = [BUCKET_GROUP_MESSAGES.bufferInvalid];
  else if (buffer !== undefined) values.buffer = buffer;
  for (const key of ['walmartFulfillmentCenterId', 'amazonSupplySourceId', 'acendaWarehouseId'] as const) {
    const value = centerValue(input[key]);
    if (value && value.length > CENTER_MAX) errors[key] = [BUCKET_GROUP_MESSAGES.centerTooLong];
    else if (value !== undefined) values[key] = value;
  }
  return { values, errors };
}

export const listBucketGroupsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bucket-groups/',
  access: ['bucket-buffer:view', 'bucket-buffer:edit', 'dev-route:view'],
  summary: 'Bucket groups by name, each with its mapped buckets',
  tag: 'bucket-groups',
  response: z.array(ZBucketGroupSchema),
});

export const createBucketGroupRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/bucket-groups/',
  access: 'bucket-buffer:edit',
  summary:
    'Create a bucket group: the name upper-cased and trimmed, the buffer (groupInventoryBufferQty or groupInventoryBuffer) a whole number ≥ 0, default 0, empty center ids null; 422 per key, a taken name 422 bucketGroup',
  tag: 'bucket-groups',
  body: ZCreateBucketGroupSchema,
  response: ZBucketGroupSchema,
  status: 201,
});

export const updateBucketGroupRoute = defineRoute({
  method: 'PUT',
  path: '/api/ims/bucket-groups/{id}',
  access: 'bucket-buffer:edit',
  summary: "Change a bucket group's count flag, buffer and center ids (the given keys); 422 per key, 404 when unknown",
  tag: 'bucket-groups',
  params: z.object({ id: ZIdSchema }),
  body: ZUpdateBucketGroupSchema,
  response: ZBucketGroupSchema,
});

export const deleteBucketGroupRoute = defineRoute({
  method: 'DELETE',
  path: '/api/ims/bucket-groups/{id}',
  access: 'admin:override',
  summary: 'Delete a bucket group and its bucket mappings; 409 while a shipping template names it, 404 when unknown',
  tag: 'bucket-groups',
  params: z.object({ id: ZIdSchema }),
  response: z.object({ message: z.string(), id: z.number().int() }),
});

/** A bucket in a bucket group (ours: a bucket may be in several groups, once in each). */
export const ZBucketGroupMappingSchema = z
  .object({ id: z.number().int(), bucket_group_id: z.number().int(), bucket_group: z.string(), bucket: z.string() })
  .meta({ id: 'BucketGroupMapping' });
export type TBucketGroupMapping = z.infer<typeof ZBucketGroupMappingSchema>;

/** POST ims/bucket-groups/mapping (002 §7): the group by name (or id) and the bucket by name; 422 per key. */
export const ZCreateBucketGroupMappingSchema = z
  .object({
    bucketGroup: z.union([z.string().max(200), z.number().int().min(0).max(2_147_483_647)]).optional(),
    bucket: z.string().max(200).optional(),
  })
  .meta({ id: 'CreateBucketGroupMapping' });
export type TCreateBucketGroupMapping = z.input<typeof ZCreateBucketGroupMappingSchema>;

export const listBucketGroupMappingsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/bucket-groups/mapping',
  access: ['bucket-buffer:view', 'bucket-buffer:edit', 'dev-route:view'],
  summary: 'Every bucket-to-group mapping (ours), by group and bucket',
  tag: 'bucket-groups',
  response: z.array(ZBucketGroupMappingSchema),
});

export const createBucketGroupMappingRoute = defineRoute({
  method: 'POST',
  path: '/api/ims/bucket-groups/mapping',
  access: 'bucket-buffer:edit',
  summary:
    'Put a bucket in a bucket group; 422 naming bucketGroup or bucket (missing, unknown, or the bucket already in that group)',
  tag: 'bucket-groups',
  body: ZCreateBucketGroupMappingSchema,
  response: ZBucketGroupMappingSchema,
  status: 201,
});

export const deleteBucketGroupMappingRoute = defineRoute({
  method: 'DELETE',
  path: '/api/ims/bucket-groups/mapping/{id}',
  access: 'bucket-buffer:edit',
  summary: 'Take a bucket out of its bucket group (ours); 404 when unknown',
  tag: 'bucket-groups',
  params: z.object({ id: ZIdSchema }),
  response: z.object({ message: z.string(), id: z.number().int() }),
});
