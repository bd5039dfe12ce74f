import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';

/**
 * Admin-level inventory adjustments (001 §2, §5 "Admin adjustment", §7 "Audits"; 002 §2 "Other",
 * §3 Audit adjustment, §5, §7 "Inventory adjustments") and the accounting inventory report of a model (001 §7).
 * The spec's messages are quoted; the others are ours (docs/decisions.md, "Admin-level inventory adjustments").
 */
export const ADMIN_ADJUSTMENT_MESSAGES = {
  noAdjustments: 'No audit adjustments have been made',
  noInventory: 'No inventory found for the selected models',
  changeBucket: 'Change Bucket Not Listed Here',
  notesLabel: 'Notes (Required)',
  newQuantityLabel: 'New Quantity',
  /** Ours: the field errors. */
  notesRequired: 'Notes are required',
  modelRequired: 'Select a model',
  bucketRequired: 'Select a bucket',
  quantityRequired: 'New Quantity must be a whole number of at least 0',
  unknownModel: (model: string) => `Model ${model} does not exist.`,
  unknownBucket: (bucket: string) => `Bucket ${bucket} does not exist.`,
  otherUser: 'The username must be the signed-in user.',
} as const;

/** 001 §9 / 002 §9: the product search is debounced 500 ms. */
export const ADMIN_ADJUSTMENT_SEARCH_DEBOUNCE_MS = 500;

/** The audit type code an admin adjustment records (ours: the spec's two audit types are those of physical audits). */
export const ADMIN_ADJUSTMENT_AUDIT_TYPE = 'ADMIN_INVENTORY_ADJUSTMENT';

const model = z.string().trim().toUpperCase().min(1, ADMIN_ADJUSTMENT_MESSAGES.modelRequired).max(100);
const bucket = z.string().trim().toUpperCase().min(1, ADMIN_ADJUSTMENT_MESSAGES.bucketRequired).max(60);

/** One bucket of a model's inventory (GET ims/audit-adjustments?model=). */
export const ZAdjustableInventoryRowSchema = z
  .object({
    product_id: z.number().int(),
    model: z.string(),
    bucket: z.string(),
    location_code: z.string(),
    condition_code: z.string(),
    is_local_inventory_bucket: z.union([z.literal(0), z.literal(1)]),
    quantity: z.number().int(),
    /** Units of the product in the bucket's bins: the least an adjustment may set (docs/decisions.md). */
    binned_quantity: z.number().int(),
    last_updated_at: z.string(),
  })
  .meta({ id: 'AdjustableInventoryRow' });
export type TAdjustableInventoryRow = z.infer<typeof ZAdjustableInventoryRowSchema>;

export const ZAdjustableInventorySchema = z
  .object({
    product: z.object({
      id: z.number().int(),
      model: z.string(),
      product_title: z.string(),
      serial_number_tracked: z.union([z.literal(0), z.literal(1)]),
    }),
    /** Buckets that hold the product or whose ledger ever moved it (a bucket zeroed out stays listed), by bucket name. */
    data: z.array(ZAdjustableInventoryRowSchema),
  })
  .meta({ id: 'AdjustableInventory' });
export type TAdjustableInventory = z.infer<typeof ZAdjustableInventorySchema>;

export const adjustableInventoryRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/audit-adjustments',
  access: 'inventory:admin-adjust',
  summary: "A model's inventory per bucket, for an admin adjustment; 404 naming model when it does not exist",
  tag: 'audit-adjustments',
  query: z.object({ model }),
  response: ZAdjustableInventorySchema,
});

export const ZAdjustmentBucketSchema = z
  .object({
    bucket: z.string(),
    location_code: z.string(),
    condition_code: z.string(),
    is_local_inventory_bucket: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'AdjustmentBucket' });
export type TAdjustmentBucket = z.infer<typeof ZAdjustmentBucketSchema>;

export const adjustmentBucketsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/audit-adjustments/buckets',
  access: 'inventory:admin-adjust',
  summary: "Every active bucket, by name: the choices of 'Change Bucket Not Listed Here'",
  tag: 'audit-adjustments',
  response: z.object({ data: z.array(ZAdjustmentBucketSchema) }),
});

/** 002 §3 Audit adjustment, as the previous adjustments list shows it (plus the ledger row and its reason). */
export const ZPreviousAuditAdjustmentSchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    submitted_at: z.string(),
    tally_notes: z.string().nullable(),
    submitted_by_name: z.string().nullable(),
    old_quantity: z.number().int().nullable(),
    new_quantity: z.number().int().nullable(),
    quantity_delta: z.number().int(),
    /** admin_adjustment, force_push, or an audit's reason. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'PreviousAuditAdjustment' });
export type TPreviousAuditAdjustment = z.infer<typeof ZPreviousAuditAdjustmentSchema>;

export const previousAuditAdjustmentsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/audit-adjustments/previous-audit-adjustments',
  access: 'inventory:admin-adjust',
  summary:
    'Every INVENTORY_AUDIT_ADJUSTMENT of a product (model) in a bucket, newest first (admin and audit adjustments, force pushes)',
  tag: 'audit-adjustments',
  query: z.object({ legacyBucket: bucket, product: model }),
  response: z.object({ data: z.array(ZPreviousAuditAdjustmentSchema) }),
});

/** A whole number of at least 0, given as a number or as its digits ("12"). */
const newQuantity = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, ADMIN_ADJUSTMENT_MESSAGES.quantityRequired).transform(Number)], {
    error: ADMIN_ADJUSTMENT_MESSAGES.quantityRequired,
  })
  .pipe(
    z
      .number()
      .int(ADMIN_ADJUSTMENT_MESSAGES.quantityRequired)
      .min(0, ADMIN_ADJUSTMENT_MESSAGES.quantityRequired)
      .max(1_000_000, 'New Quantity must be at most 1,000,000'),
  );

/**
 * PUT ims/audit-adjustments (002 §3): username, model, legacyBucket, notes, quantity. `quantity` is the bucket's new
 * on-hand (zero out = 0). The user is the signed-in one: `username`, when sent, must be theirs.
 */
export const ZAdminAdjustmentSchema = z
  .object({
    username: z.string().trim().max(100).nullish(),
    model,
    legacyBucket: bucket,
    notes: z
      .string({ error: ADMIN_ADJUSTMENT_MESSAGES.notesRequired })
      .trim()
      .min(1, ADMIN_ADJUSTMENT_MESSAGES.notesRequired)
      .max(2000),
    quantity: newQuantity,
  })
  .meta({ id: 'AdminAdjustment' });
export type TAdminAdjustment = z.input<typeof ZAdminAdjustmentSchema>;

export const ZAdminAdjustmentResultSchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    model: z.string(),
    bucket: z.string(),
    old_quantity: z.number().int(),
    new_quantity: z.number().int(),
    quantity_delta: z.number().int(),
  })
  .meta({ id: 'AdminAdjustmentResult' });
export type TAdminAdjustmentResult = z.infer<typeof ZAdminAdjustmentResultSchema>;

export const adminAdjustmentRoute = defineRoute({
  method: 'PUT',
  path: '/api/ims/audit-adjustments',
  access: 'inventory:admin-adjust',
  summary:
    "Set a model's on-hand in a bucket (quantity = the new quantity; 0 zeroes it out) with notes, as one INVENTORY_AUDIT_ADJUSTMENT; 400 naming notes or quantity, 422 naming model, legacyBucket, username or quantity (unchanged), 409 naming quantity when the bins hold more",
  tag: 'audit-adjustments',
  body: ZAdminAdjustmentSchema,
  response: ZAdminAdjustmentResultSchema,
});

/** One bucket of the accounting inventory report: on-hand valued at the product's current cost (dollars). */
export const ZAccountingInventoryRowSchema = z.object({
  bucket: z.string(),
  location_code: z.string(),
  condition_code: z.string(),
  quantity: z.number().int(),
  unit_cost: z.number(),
  total_value: z.number(),
});
export type TAccountingInventoryRow = z.infer<typeof ZAccountingInventoryRowSchema>;

export const ZAccountingInventoryReportSchema = z
  .object({
    model: z.string(),
    product_title: z.string(),
    unit_cost: z.number(),
    data: z.array(ZAccountingInventoryRowSchema),
    total_quantity: z.number().int(),
    total_value: z.number(),
  })
  .meta({ id: 'AccountingInventoryReport' });
export type TAccountingInventoryReport = z.infer<typeof ZAccountingInventoryReportSchema>;

export const accountingInventoryReportRoute = defineRoute({
  method: 'GET',
  path: '/api/accounting-inventory-report',
  access: 'inventory:reports',
  summary:
    "A model's on-hand and its value at current cost per bucket (buckets holding stock), with totals; 404 naming model when unknown",
  tag: 'audit-adjustments',
  query: z.object({ model }),
  response: ZAccountingInventoryReportSchema,
});
