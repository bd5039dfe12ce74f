import type { DomainSampleBuilder, RouteSample } from './types.js';

const STATE = { filters: { poNumber: 'PO-1' }, sort: { by: 'created_at', order: 'desc' }, columns: null } as const;

/** Saved views: each caller's requests name a view of their own, made for the call. */
export const buildSavedViewsSamples: DomainSampleBuilder = async (t) => {
  let n = 0;
  const ownView = async (callerToken: string): Promise<number> => {
    const auth = await t.services.auth.authenticate(callerToken);
    const view = await t.services.savedViews.create(auth!.user, {
      list: 'purchase-orders',
      name: `Sample view ${++n}`,
      state: { ...STATE, filters: { ...STATE.filters }, sort: { ...STATE.sort } },
    });
    return view.id;
  };
  const onOwn =
    (body?: unknown) =>
    async (callerToken: string): Promise<RouteSample> => ({
      params: { id: await ownView(callerToken) },
      ...(body !== undefined ? { body } : {}),
    });
  return {
    'GET /api/saved-views': { query: { list: 'purchase-orders' } },
    'POST /api/saved-views': {
      body: { list: 'purchase-orders', name: 'Open POs', state: STATE },
      fresh: async () => ({ body: { list: 'purchase-orders', name: `Open POs ${++n}`, state: STATE } }),
    },
    'PUT /api/saved-views/{id}': { params: { id: 1 }, body: { name: 'Renamed' }, fresh: onOwn({ name: `Renamed ${++n}` }) },
    'DELETE /api/saved-views/{id}': { params: { id: 1 }, fresh: onOwn() },
    'PUT /api/saved-views/{id}/default': { params: { id: 1 }, body: { is_default: true }, fresh: onOwn({ is_default: true }) },
  };
};
