import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;
/** A fresh location code of this run (letters and digits, at most 12). */
function freshCode(): string {
  counter += 1;
  return `SMP${(Date.now() % 100000).toString(36).toUpperCase()}${counter}`.slice(0, 12);
}

/** The location form's fields for a new location. */
export function sampleLocation(code: string) {
  return {
    location_code: code,
    location_type: 'RETAIL',
    distributor: 'Sample Distributing',
    address_1: '1 Sample Way',
    city: 'Louisville',
    state_or_province: 'KY',
    postal_code: '40213',
    country: 'US',
    is_fulfillable_from_this_location: true,
  };
}

/** Locations and buckets (issue 13): KY01 exists (the base fixture); each delete retires a bucket of a fresh location. */
export const buildLocationsSamples: DomainSampleBuilder = async (t) => {
  const fresh = async (): Promise<RouteSample> => {
    const code = freshCode();
    await t.services.locations.createLocationWithBuckets({ locationCode: code, city: 'Louisville', stateOrProvince: 'KY' });
    return { query: { bucket: `${code}_DAMAGED` } };
  };
  return {
    'GET /api/ims/buckets/bucketsWithDistributor': {},
    'GET /api/ims/buckets': { query: { includeDistributor: '1' } },
    'GET /api/ims/buckets/withActiveDistributor': {},
    'GET /api/ims/bucket-mappings/': {},
    'GET /api/ims/bucket-mappings/conditions': {},
    'GET /api/ims/bucket-mappings/distributors': {},
    'POST /api/ims/bucket-mappings': {
      body: { location: sampleLocation('SMPL1') },
      fresh: async () => ({ body: { location: sampleLocation(freshCode()) } }),
    },
    'PUT /api/ims/buckets/updateIsLocalBucket': { body: { bucket: 'KY01_B_STOCK', isLocalInventoryBucket: 1 } },
    'PUT /api/ims/buckets/updateBucketByLocation': { body: { location_code: 'KY01', notes: 'Sample notes' } },
    'DELETE /api/ims/buckets': { ...(await fresh()), fresh },
  };
};
