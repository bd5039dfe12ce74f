import {
  createBucketMappingRoute,
  deleteBucketRoute,
  listBucketConditionsRoute,
  listBucketMappingsRoute,
  listBucketsRoute,
  listBucketsWithActiveDistributorRoute,
  listBucketsWithDistributorRoute,
  listDistributorsRoute,
  updateBucketByLocationRoute,
  updateIsLocalBucketRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerLocationsRoutes({ route, services }: ModuleContext): void {
  const { locations } = services;
  route(listBucketsWithDistributorRoute, async () => locations.buckets({ includeDistributor: true }));
  route(listBucketsRoute, async ({ query }) =>
    locations.buckets({ includeDistributor: query.includeDistributor ?? false }),
  );
  route(listBucketsWithActiveDistributorRoute, async () =>
    locations.buckets({ includeDistributor: true, activeLocationsOnly: true }),
  );
  route(listBucketMappingsRoute, async () => locations.mappings());
  route(listBucketConditionsRoute, async () => locations.conditions());
  route(listDistributorsRoute, async () => locations.distributors());
  route(createBucketMappingRoute, async ({ body }) => locations.create(body));
  route(updateIsLocalBucketRoute, async ({ body }) =>
    locations.setLocalInventory(body.bucket, body.isLocalInventoryBucket),
  );
  route(updateBucketByLocationRoute, async ({ body }) => locations.updateByLocation(body));
  route(deleteBucketRoute, async ({ query }) => locations.deleteBucket(query.bucket));
}
