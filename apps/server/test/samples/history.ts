import { hasPermission, readableHistoryEntity } from '@keystone/contracts';
import type { DomainSampleBuilder, RouteSample } from './types.js';

/** A record's history (issue 37): the sample reads or notes a PO (or what else the caller's role may read). */
export const buildHistorySamples: DomainSampleBuilder = async (t) => {
  const forCaller = (body?: { note: string }) => async (callerToken: string): Promise<RouteSample> => {
    const auth = await t.services.auth.authenticate(callerToken);
    const entity = readableHistoryEntity((p) => hasPermission(auth!.user.role, p)) ?? 'purchase-order';
    return { params: { entity, id: '1' }, ...(body ? { body } : {}) };
  };
  return {
    'GET /api/history/{entity}/{id}': { params: { entity: 'purchase-order', id: '1' }, fresh: forCaller() },
    'POST /api/history/{entity}/{id}': {
      params: { entity: 'purchase-order', id: '1' },
      body: { note: 'Called the vendor.' },
      fresh: forCaller({ note: 'Called the vendor.' }),
    },
  };
};
