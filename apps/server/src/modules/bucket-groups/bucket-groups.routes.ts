import {
  createBucketGroupMappingRoute,
  createBucketGroupRoute,
  deleteBucketGroupMappingRoute,
  deleteBucketGroupRoute,
  listBucketGroupMappingsRoute,
  listBucketGroupsRoute,
  updateBucketGroupRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerBucketGroupsRoutes({ route, services }: ModuleContext): void {
  const { bucketGroups } = services;
  route(listBucketGroupsRoute, async () => bucketGroups.list());
  route(createBucketGroupRoute, async ({ body }) => bucketGroups.create(body));
  route(updateBucketGroupRoute, async ({ params, body }) => bucketGroups.update(params.id, body));
  route(deleteBucketGroupRoute, async ({ params }) => bucketGroups.remove(params.id));
  route(listBucketGroupMappingsRoute, async () => bucketGroups.mappings());
  route(createBucketGroupMappingRoute, async ({ body }) => bucketGroups.createMapping(body));
  route(deleteBucketGroupMappingRoute, async ({ params }) => bucketGroups.removeMapping(params.id));
}
