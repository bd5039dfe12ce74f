import { createProducts, nextUpc, receiveStock } from '../factories.js';
import type { DomainSampleBuilder } from './types.js';

let quantity = 1000;

/**
 * Admin adjustments (issue 12): a product with units in KY01. Every PUT sets a new quantity (one more than the last),
 * so each role's call changes on-hand and succeeds.
 */
export const buildAuditAdjustmentsSamples: DomainSampleBuilder = async (t) => {
  const [product] = await createProducts(t.db, [{ modelNumber: `ADJS${Date.now() % 100000}M`, upc: nextUpc() }]);
  await receiveStock(t.services, product!, 'KY01', { units: 2 });
  const model = product!.modelNumber;
  return {
    'GET /api/ims/audit-adjustments': { query: { model } },
    'GET /api/ims/audit-adjustments/buckets': {},
    'GET /api/ims/audit-adjustments/previous-audit-adjustments': { query: { legacyBucket: 'KY01', product: model } },
    'PUT /api/ims/audit-adjustments': {
      body: { model, legacyBucket: 'KY01', notes: 'Sample adjustment', quantity: 999 },
      fresh: async () => ({ body: { model, legacyBucket: 'KY01', notes: 'Sample adjustment', quantity: (quantity += 1) } }),
    },
    'GET /api/accounting-inventory-report': { query: { model } },
  };
};
