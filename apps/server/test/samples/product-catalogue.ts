import { ZProductCreateSchema } from '@keystone/contracts';
import { nextUpc, unique } from '../factories.js';
import type { DomainSampleBuilder } from './types.js';

/**
 * Valid requests for the product catalogue's writes (issue 16). Creates need a new model number or name each time
 * (a repeat is a 409), and a delete uses up its product: each is `fresh`.
 */
export const buildProductCatalogueSamples: DomainSampleBuilder = async (t, base) => {
  const newProduct = () => t.services.productCatalogue.create(ZProductCreateSchema.parse({ model_number: unique('SAMPLE-DEL'), description: 'Sample product to delete' }));
  return {
    'POST /api/product': {
      body: { model_number: 'SAMPLE-NEW-1', description: 'Sample product', upc: nextUpc() },
      fresh: async () => ({ body: { model_number: unique('SAMPLE-NEW'), description: 'Sample product', upc: nextUpc(), item_type: 'FREIGHT', spiff: 1.5 } }),
    },
    'PUT /api/product/{id}': { params: { id: base.productId }, body: { marketing_class: 'STANDARD', status: 'ACTIVE' } },
    'DELETE /api/product/{id}': {
      params: { id: base.productId },
      fresh: async () => ({ params: { id: (await newProduct()).id } }),
    },
    'POST /api/brand': { body: { brand_name: 'Sample Brand 1' }, fresh: async () => ({ body: { brand_name: unique('Sample Brand') } }) },
    'POST /api/category': { body: { category_name: 'Sample Category 1' }, fresh: async () => ({ body: { category_name: unique('Sample Category') } }) },
    'POST /api/manufacturer': { body: { name: 'Sample Maker 1' }, fresh: async () => ({ body: { name: unique('Sample Maker') } }) },
    'GET /api/manufacturer/all': {},
    'GET /api/product/export': { query: { modelTerm: base.productModel.slice(0, 3), format: 'xlsx' } },
  };
};
