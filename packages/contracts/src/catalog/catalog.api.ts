import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZQueryFlagSchema } from '../http/common.js';

/** The inventory view of a product (001 §3 "Product (inventory)"). Money in dollars. */
export const ZProductSchema = z
  .object({
    id: z.number().int(),
    model: z.string(),
    model_number: z.string(),
    mpn: z.string().nullable(),
    upc: z.string().nullable(),
    alternate_upc: z.string().nullable(),
    alternateUpc: z.string().nullable(),
    serial_number_tracked: z.union([z.literal(0), z.literal(1)]),
    master_carton_code: z.string().nullable(),
    master_box_qty: z.number().int().nullable(),
    num_of_serials_per_item: z.number().int().nullable(),
    product_title: z.string(),
    brand_name: z.string().nullable(),
    brand_code: z.string().nullable(),
    category_name: z.string().nullable(),
    manufacturer_name: z.string().nullable(),
    image_url: z.string().nullable(),
    cost: z.number(),
    master_listing_map_price: z.number().nullable(),
    master_listing_adj_map_price: z.number().nullable(),
    master_listing_adj_cart_price: z.number().nullable(),
    master_listing_commission_rate: z.number().nullable(),
    item_type: z.string(),
    status: z.string(),
  })
  .meta({ id: 'Product' });
export type TProduct = z.infer<typeof ZProductSchema>;

export const imsProductsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/products',
  access: 'inventory:view',
  summary: 'Products of a model, with their scan fields',
  tag: 'catalog',
  query: z.object({ model: z.string().min(1).max(100) }),
  response: z.object({ data: z.array(ZProductSchema) }),
});

export const productModelsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/products/models',
  access: 'inventory:view',
  summary: 'Model autocomplete: models starting with the text (more than 1 character)',
  tag: 'catalog',
  query: z.object({
    model: z.string().min(2, 'must have more than 1 character').max(100),
    includeInactive: ZQueryFlagSchema.optional(),
  }),
  response: z.object({
    data: z.array(z.object({ id: z.number().int(), model: z.string(), product_title: z.string(), status: z.string() })),
  }),
});

/** UPC lookup used by the global scan handler: exact match on upc or alternate_upc. */
export const productByUpcRoute = defineRoute({
  method: 'GET',
  path: '/api/inventory/product/search',
  access: 'inventory:view',
  summary: 'Find a product by UPC or alternate UPC (returns upc and model)',
  tag: 'catalog',
  query: z.object({
    upc: z.string().min(1).max(20),
    exact: ZQueryFlagSchema.optional(),
    includeInactive: ZQueryFlagSchema.optional(),
  }),
  response: z.object({
    data: z.array(
      z.object({ id: z.number().int(), upc: z.string().nullable(), model: z.string(), status: z.string() }),
    ),
  }),
});

export const ZProductSearchSchema = z
  .object({
    searchKey: z.enum(['model_number', 'upc', 'part_number']).default('model_number'),
    searchValue: z.string().min(1).max(100),
  })
  .meta({ id: 'ProductSearch' });

export const productSearchRoute = defineRoute({
  method: 'POST',
  path: '/api/product/search',
  access: 'inventory:view',
  summary: 'Product search for pickers (model_number prefix by default): model_number and invoice_cost',
  tag: 'catalog',
  body: ZProductSearchSchema,
  response: z.object({
    data: z.array(
      z.object({
        id: z.number().int(),
        model_number: z.string(),
        part_number: z.string().nullable(),
        invoice_cost: z.number(),
      }),
    ),
  }),
});

export const ZSerialSummarySchema = z
  .object({
    id: z.number().int(),
    serial_number: z.string(),
    model: z.string(),
    location_code: z.string().nullable(),
    condition_code: z.string().nullable(),
    disposition_code: z.string(),
  })
  .meta({ id: 'SerialSummary' });

export const serialSearchRoute = defineRoute({
  method: 'GET',
  path: '/api/inventory-serials/search',
  access: 'inventory:view',
  summary: 'Serials containing the text (3 or more characters); exact matches first',
  tag: 'catalog',
  query: z.object({
    serial: z.string().min(3, 'Please Extend Search Parameters.').max(100),
    includeInactive: ZQueryFlagSchema.optional(),
  }),
  response: z.object({ data: z.array(ZSerialSummarySchema) }),
});
