import { createProducts, createUser, nextUpc, receiveStock } from '../factories.js';
import type { TestApp } from '../harness.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;

/** Creates a bin in KY01 (condition NEW) with the next free R##-B##-S## of this run. */
export async function createSampleBin(t: TestApp, actor: { id: number; username: string; role: string }) {
  counter += 1;
  return t.services.bins.create({ row: 90 + (Math.floor(counter / 100) % 10), bay: counter % 100, shelf: Math.floor(Date.now() / 1000) % 100, locationCode: 'KY01', conditionCode: 'NEW' }, actor);
}

/**
 * Bins of KY01 and a product with units on hand in KY01 (received through the ledger): every PUT of the walks adds
 * one unit to the bin, so the product needs as many units as those calls.
 */
export const buildBinsSamples: DomainSampleBuilder = async (t) => {
  const admin = await createUser(t.services, { role: 'admin' });
  const actor = { id: admin.id, username: admin.username, role: 'admin' };
  const upc = nextUpc();
  const [product] = await createProducts(t.db, [{ modelNumber: `BINS${Date.now() % 100000}M`, upc }]);
  await receiveStock(t.services, product!, 'KY01', { units: 60 });
  const bin = await createSampleBin(t, actor);
  const doomed = await createSampleBin(t, actor);
  const fresh = async (): Promise<RouteSample> => ({ params: { id: (await createSampleBin(t, actor)).id } });
  return {
    'GET /api/ims/bins': { query: { searchTerm: bin.binName.slice(0, 3), locationCode: 'KY01', orderBy: 'created_at', sortDirection: 'desc', includeItems: '1' } },
    'GET /api/ims/bins/export': { query: { searchTerm: bin.binName.slice(0, 3), locationCode: 'KY01', orderBy: 'bin_name', sortDirection: 'asc', format: 'csv' } },
    'GET /api/bins': { query: { searchTerm: bin.binName, locationCode: 'KY01', includeItems: '1' } },
    'POST /api/ims/bins': { body: { row: 1, bay: 2, shelf: 3, locationCode: 'KY01', conditionCode: 'NEW', binName: 'R01-B02-S03' }, fresh: async () => {
      counter += 1;
      return { body: { row: 80 + (counter % 10), bay: Math.floor(counter / 10) % 100, shelf: Math.floor(Date.now() / 1000) % 100, locationCode: 'KY01', conditionCode: 'NEW' } };
    } },
    'DELETE /api/ims/bins/{id}': { params: { id: doomed.id }, fresh },
    'PUT /api/ims/bins/{binId}/items': { params: { binId: bin.id }, body: { isAdding: true, items: [{ upc, updateQty: 1 }], submittedBy: 'sample-user' } },
    'GET /api/ims/bins/labels': { query: { ids: String(bin.id), format: 'zpl' } },
  };
};
