import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createBucketMappingRoute,
  deleteBucketRoute,
  listBucketMappingsRoute,
  listBucketsWithActiveDistributorRoute,
  listBucketsWithDistributorRoute,
  listDistributorsRoute,
  updateBucketByLocationRoute,
  updateIsLocalBucketRoute,
  type TCreateBucketMapping,
  type TUpdateBucketByLocation,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const LOCATIONS_QUERY_KEY = ['locations-admin'] as const;

/** The bucket rows of the maps page (every bucket) or the buffers page (buckets of active locations). */
export function useBucketRows(kind: 'maps' | 'buffers') {
  return useQuery({
    queryKey: [...LOCATIONS_QUERY_KEY, 'buckets', kind],
    queryFn: async ({ signal }) =>
      (
        await callApi(kind === 'maps' ? listBucketsWithDistributorRoute : listBucketsWithActiveDistributorRoute, {
          signal,
          silent: true,
        })
      ).data,
  });
}

/** Every location record with its buckets (the update form and the Bucket Updater). */
export function useBucketMappings() {
  return useQuery({
    queryKey: [...LOCATIONS_QUERY_KEY, 'mappings'],
    queryFn: async ({ signal }) => (await callApi(listBucketMappingsRoute, { signal, silent: true })).data,
  });
}

export function useDistributors() {
  return useQuery({
    queryKey: [...LOCATIONS_QUERY_KEY, 'distributors'],
    queryFn: async ({ signal }) => (await callApi(listDistributorsRoute, { signal, silent: true })).data,
  });
}

/**
 * After a location or bucket changes, every cached read goes stale: the bucket map of receiving, transfers and
 * audits, the location switcher, the receiving locations (each feature keeps its own key, so all are marked).
 */
export function useInvalidateEverything() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

export const createBucketMapping = (body: TCreateBucketMapping) =>
  callApi(createBucketMappingRoute, { body, silent: true });
export const updateBucketByLocation = (body: TUpdateBucketByLocation) =>
  callApi(updateBucketByLocationRoute, { body, silent: true });
export const updateIsLocalBucket = (bucket: string, isLocal: boolean) =>
  callApi(updateIsLocalBucketRoute, { body: { bucket, isLocalInventoryBucket: isLocal ? 1 : 0 }, silent: true });
export const deleteBucket = (bucket: string) => callApi(deleteBucketRoute, { query: { bucket }, silent: true });
