import {
  allBrandsPostRoute,
  allBrandsRoute,
  allCategoriesFullRoute,
  allCategoriesPostRoute,
  allCategoriesRoute,
  bucketMapRoute,
  canReceivePosRoute,
  imsBrandsRoute,
  imsCategoriesRoute,
  listLocationsRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerReferenceRoutes({ route, services }: ModuleContext): void {
  const { reference } = services;
  route(listLocationsRoute, async () => ({ data: await reference.locations() }));
  route(canReceivePosRoute, async () => ({ data: await reference.receivingLocations() }));
  route(bucketMapRoute, async () => reference.bucketMap());
  route(imsBrandsRoute, async () => ({ data: await reference.brands() }));
  route(imsCategoriesRoute, async () => ({ data: await reference.categories() }));
  route(allBrandsRoute, async () => ({ data: await reference.brands() }));
  route(allCategoriesRoute, async () => ({ data: await reference.categories() }));
  route(allBrandsPostRoute, async () => ({ data: await reference.brands() }));
  route(allCategoriesPostRoute, async () => ({ data: await reference.categories() }));
  route(allCategoriesFullRoute, async () => ({ data: await reference.categoriesFull() }));
}
