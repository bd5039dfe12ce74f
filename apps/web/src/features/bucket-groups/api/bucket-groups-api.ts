import { useQuery } from '@tanstack/react-query';
import {
  bucketMapRoute,
  createBucketGroupMappingRoute,
  createBucketGroupRoute,
  deleteBucketGroupRoute,
  listBucketGroupsRoute,
  updateBucketGroupRoute,
  type TCreateBucketGroup,
  type TCreateBucketGroupMapping,
  type TUpdateBucketGroup,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const BUCKET_GROUPS_QUERY_KEY = ['bucket-groups'] as const;

export function useBucketGroups() {
  return useQuery({
    queryKey: BUCKET_GROUPS_QUERY_KEY,
    queryFn: ({ signal }) => callApi(listBucketGroupsRoute, { signal }),
  });
}

/** Every bucket name, for the mapping dialog (GET buckets, 002 §7). */
export function useBucketNames() {
  return useQuery({
    queryKey: ['buckets', 'names'],
    queryFn: async ({ signal }) => Object.keys(await callApi(bucketMapRoute, { signal, silent: true })).sort(),
  });
}

export const createBucketGroup = (body: TCreateBucketGroup) => callApi(createBucketGroupRoute, { body, silent: true });
export const updateBucketGroup = (id: number, body: TUpdateBucketGroup) =>
  callApi(updateBucketGroupRoute, { params: { id }, body, silent: true });
export const deleteBucketGroup = (id: number) => callApi(deleteBucketGroupRoute, { params: { id }, silent: true });
export const createBucketGroupMapping = (body: TCreateBucketGroupMapping) =>
  callApi(createBucketGroupMappingRoute, { body, silent: true });
