import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';

export const ZLocationSchema = z
  .object({
    location_code: z.string(),
    distributor: z.string().nullable(),
    location_type: z.string().nullable(),
    address_1: z.string().nullable(),
    city: z.string().nullable(),
    state_or_province: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string(),
    can_receive_purchase_orders: z.boolean(),
    can_hold_inventory: z.boolean(),
    is_fulfillable_from_this_location: z.boolean(),
    is_active: z.boolean(),
    legacy_bucket: z.string().nullable(),
  })
  .meta({ id: 'Location' });
export type TLocation = z.infer<typeof ZLocationSchema>;

/** Locations for the menu's location switcher (a design choice; the spec's constant is "not shown"). */
export const listLocationsRoute = defineRoute({
  method: 'GET',
  path: '/api/locations',
  access: 'authenticated',
  summary: 'Active locations that hold inventory (location switcher)',
  tag: 'reference',
  response: z.object({ data: z.array(ZLocationSchema) }),
});

export const canReceivePosRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/canReceivePos',
  access: 'purchase-order:view',
  summary: 'Locations that can receive purchase orders',
  tag: 'reference',
  response: z.object({ data: z.array(z.object({ location_code: z.string() })) }),
});

export const ZBucketSchema = z
  .object({
    bucket: z.string(),
    location_code: z.string(),
    condition_code: z.string(),
    is_local_inventory_bucket: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'Bucket' });
export type TBucket = z.infer<typeof ZBucketSchema>;

export const bucketMapRoute = defineRoute({
  method: 'GET',
  path: '/api/buckets',
  access: 'inventory:view',
  summary: 'Every bucket, keyed by bucket name',
  tag: 'reference',
  response: z.record(z.string(), ZBucketSchema),
});

export const ZBrandSchema = z
  .object({ id: z.number().int(), brand_name: z.string(), brand_code: z.string() })
  .meta({ id: 'Brand' });
export const ZCategorySchema = z
  .object({ id: z.number().int(), category_name: z.string(), category_code: z.string() })
  .meta({ id: 'Category' });
export type TBrand = z.infer<typeof ZBrandSchema>;
export type TCategory = z.infer<typeof ZCategorySchema>;

export const imsBrandsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/brands',
  access: 'inventory:view',
  summary: 'Brands (brand_name, brand_code)',
  tag: 'reference',
  response: z.object({ data: z.array(ZBrandSchema) }),
});

export const imsCategoriesRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/categories',
  access: 'inventory:view',
  summary: 'Categories (category_name, category_code)',
  tag: 'reference',
  response: z.object({ data: z.array(ZCategorySchema) }),
});

export const allBrandsRoute = defineRoute({
  method: 'GET',
  path: '/api/brand/all',
  access: 'boards:view',
  summary: 'Every brand',
  tag: 'reference',
  response: z.object({ data: z.array(ZBrandSchema) }),
});

export const allCategoriesRoute = defineRoute({
  method: 'GET',
  path: '/api/category/all',
  access: 'boards:view',
  summary: 'Every category',
  tag: 'reference',
  response: z.object({ data: z.array(ZCategorySchema) }),
});

export const allBrandsPostRoute = defineRoute({
  method: 'POST',
  path: '/api/brand/allBrands',
  access: 'boards:view',
  summary: 'Every brand (the POST form the product screens use)',
  tag: 'reference',
  response: z.object({ data: z.array(ZBrandSchema) }),
});

export const allCategoriesPostRoute = defineRoute({
  method: 'POST',
  path: '/api/category/allCategories',
  access: 'boards:view',
  summary: 'Every category (the POST form the product screens use)',
  tag: 'reference',
  response: z.object({ data: z.array(ZCategorySchema) }),
});

export const ZCategoryFullSchema = ZCategorySchema.extend({ product_count: z.number().int() }).meta({
  id: 'CategoryFull',
});

export const allCategoriesFullRoute = defineRoute({
  method: 'POST',
  path: '/api/category/allCategoriesFull',
  access: 'boards:view',
  summary: 'Every category with the number of its products',
  tag: 'reference',
  response: z.object({ data: z.array(ZCategoryFullSchema) }),
});
