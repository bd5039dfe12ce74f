import type { TestApp } from '../harness.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;
const nextName = (prefix: string) => `${prefix}${Date.now() % 1_000_000}-${++counter}`;

/** A bucket group with a unique name of this run, through the service the screen uses. */
export async function createSampleBucketGroup(t: TestApp, prefix = 'SAMPLE-GROUP-') {
  return t.services.bucketGroups.create({ bucketGroup: nextName(prefix), groupInventoryBufferQty: 2 });
}

/** Bucket groups (issue 13): KY01's buckets exist from the base fixture. */
export const buildBucketGroupsSamples: DomainSampleBuilder = async (t) => {
  const group = await createSampleBucketGroup(t);
  const doomed = await createSampleBucketGroup(t);
  const mapping = await t.services.bucketGroups.createMapping({ bucketGroup: group.bucket_group, bucket: 'KY01' });
  const freshGroup = async (): Promise<RouteSample> => ({ params: { id: (await createSampleBucketGroup(t)).id } });
  return {
    'GET /api/ims/bucket-groups/': {},
    'POST /api/ims/bucket-groups/': {
      body: { bucketGroup: ' sample new ', shouldCountUnsourcedCommittedInGroup: true, groupInventoryBufferQty: 3, walmartFulfillmentCenterId: 'WFC-1', amazonSupplySourceId: '', acendaWarehouseId: null },
      fresh: async () => ({ body: { bucketGroup: nextName('sample-new-'), shouldCountUnsourcedCommittedInGroup: false, groupInventoryBuffer: '4' } }),
    },
    'PUT /api/ims/bucket-groups/{id}': {
      params: { id: group.id },
      body: { shouldCountUnsourcedCommittedStatus: 1, groupInventoryBufferQty: 5, walmartFulfillmentCenterId: 'WFC-2', amazonSupplySourceId: 'ASS-2', acendaWarehouseId: '' },
    },
    'DELETE /api/ims/bucket-groups/{id}': { params: { id: doomed.id }, fresh: freshGroup },
    'GET /api/ims/bucket-groups/mapping': {},
    'POST /api/ims/bucket-groups/mapping': {
      body: { bucketGroup: group.bucket_group, bucket: 'KY01_B_STOCK' },
      fresh: async () => ({ body: { bucketGroup: (await createSampleBucketGroup(t)).bucket_group, bucket: 'KY01' } }),
    },
    'DELETE /api/ims/bucket-groups/mapping/{id}': {
      params: { id: mapping.id },
      fresh: async () => {
        const g = await createSampleBucketGroup(t);
        return { params: { id: (await t.services.bucketGroups.createMapping({ bucketGroup: g.id, bucket: 'KY01' })).id } };
      },
    },
  };
};
