import { createSaleFixture } from './committed-sales.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

/**
 * Pick lists and picks: sales of a product on hand in KY01_B_STOCK (a KY01 warehouse bucket), printed through the
 * service; calls that use up their target (print, unprint, pick) print a new one per caller.
 */
export const buildPickingSamples: DomainSampleBuilder = async (t) => {
  const { commit, actor } = await createSaleFixture(t, 200);
  const printNew = async () => {
    const sale = await commit();
    const [item] = await t.services.picking.print({ printedBy: 'sample', items: [{ imsTransactionReferenceId: sale.ims_transaction_reference_id }] }, actor);
    return item!;
  };
  const printed = await printNew();
  const picked = await printNew();
  await t.services.picking.pick(picked.id, {}, actor);
  const unprinted = await commit();
  const printBody = (ref: string) => ({ printedBy: 'sample-user', items: [{ imsTransactionReferenceId: ref, itemWarehouse: 'KY01', quantityRequested: 1 }] });
  return {
    'GET /api/ims/picklist/item/{id}': { params: { id: printed.id } },
    'GET /api/ims/picklist/already-picked-item/{id}': { params: { id: picked.id } },
    'POST /api/ims/picklist/item/{id}/pick': {
      params: { id: printed.id },
      body: { pickedBy: 'sample-user' },
      fresh: async (): Promise<RouteSample> => ({ params: { id: (await printNew()).id }, body: { pickedBy: 'sample-user' } }),
    },
    'GET /api/picklist/unprinted': { query: { warehouse: 'KY01' } },
    'GET /api/picklist/printed': { query: { warehouse: 'KY01' } },
    'POST /api/picklist/items': {
      body: printBody(unprinted.ims_transaction_reference_id),
      fresh: async (): Promise<RouteSample> => ({ body: printBody((await commit()).ims_transaction_reference_id) }),
    },
    'DELETE /api/picklist/items/{id}': {
      params: { id: printed.id },
      fresh: async (): Promise<RouteSample> => ({ params: { id: (await printNew()).id } }),
    },
    'GET /api/picklist/{pickListId}/document': { params: { pickListId: printed.ims_pick_list_id }, query: { format: 'zpl' } },
  };
};
