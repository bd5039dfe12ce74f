import type { InjectOptions } from 'fastify';
import { fillPath, toQueryString, type ApiRouteDef } from '@keystone/contracts';
import { createLocation, createProducts, createUser, roleIdOf } from './factories.js';
import type { TestApp } from './harness.js';
import { DOMAIN_SAMPLE_BUILDERS } from './samples/index.js';

/** A route's identity as `METHOD /path` (the contract's `{param}` form). */
export const routeKey = (route: Pick<ApiRouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

import type { RouteSample } from './samples/index.js';
export type { RouteSample };

/** Ids of fixture rows the samples point at. */
export interface SampleFixture {
  productId: number;
  productModel: string;
  productUpc: string;
  /** A user whose role may be set (to its current role) by the role editor call. */
  roleTargetUserId: number;
  roleTargetRoleId: number;
}

/**
 * One valid request for every route the API serves. Tests assert that this table covers every
 * registered route, so a new route fails the suite until it gets a sample (and with it the
 * permission, 401 and bad-input checks).
 */
export function validSamples(f: SampleFixture): Record<string, RouteSample> {
  return {
    'GET /api/health': {},
    'GET /api/search': { query: { q: f.productModel } },
    'GET /api/ledger/check': {},
    'POST /oauth/token': {
      body: {
        grant_type: 'password',
        username: 'sample-nobody',
        password: 'sample-password',
        client_id: 'keystone-web',
        client_secret: 'keystone-web-public',
      },
    },
    'POST /api/auth/google/': {
      body: { email: 'sample@keystone.example', google_id: '1234567890', g_token: 'sample.token.value' },
    },
    'POST /api/auth/logout': {},
    'GET /api/user/role': {},
    'GET /api/user': {},
    'GET /api/user/all': {},
    'GET /api/role': {},
    'PUT /api/role/{userId}': { params: { userId: f.roleTargetUserId }, body: { newRoleID: f.roleTargetRoleId } },
    'GET /api/locations': {},
    'GET /api/ims/canReceivePos': {},
    'GET /api/buckets': {},
    'GET /api/ims/brands': {},
    'GET /api/ims/categories': {},
    'GET /api/brand/all': {},
    'GET /api/category/all': {},
    'GET /api/ims/products': { query: { model: f.productModel } },
    'GET /api/ims/products/models': { query: { model: f.productModel.slice(0, 3), includeInactive: '1' } },
    'GET /api/inventory/product/search': { query: { upc: f.productUpc, exact: '1', includeInactive: '0' } },
    'POST /api/product/search': { body: { searchKey: 'model_number', searchValue: f.productModel.slice(0, 3) } },
    'GET /api/product/{id}': { params: { id: f.productId } },
    'GET /api/product': { query: { modelTerm: f.productModel.slice(0, 3), page: 1 } },
    'POST /api/brand/allBrands': {},
    'POST /api/category/allCategories': {},
    'POST /api/category/allCategoriesFull': {},
    'GET /api/inventory-serials/search': { query: { serial: 'SN-SAMPLE', includeInactive: 'true' } },
  };
}

/**
 * Builds the fixture rows and one valid request for every route: the foundation's table above plus each
 * domain's builder in `samples/` (one file per domain, so each module owns its samples).
 */
export async function buildAllSamples(t: TestApp): Promise<Record<string, RouteSample>> {
  await createLocation(t.services, 'KY01');
  const [product] = await createProducts(t.db, [{ modelNumber: `SMP${Date.now() % 100000}SS` }]);
  const target = await createUser(t.services, { role: 'user' });
  const samples: Record<string, RouteSample> = validSamples({
    productId: product!.id,
    productModel: product!.modelNumber,
    productUpc: product!.upc!,
    roleTargetUserId: target.id,
    roleTargetRoleId: await roleIdOf(t.db, 'user'),
  });
  for (const build of DOMAIN_SAMPLE_BUILDERS)
    Object.assign(samples, await build(t, { productId: product!.id, productModel: product!.modelNumber }));
  return samples;
}

/**
 * The inject options for a route and its sample. Path parameters are URL-encoded but otherwise sent
 * as given (so invalid ones such as `abc` reach validation).
 */
export function requestFor(route: ApiRouteDef, sample: RouteSample, token?: string | null): InjectOptions {
  const url = fillPath(route.path, sample.params) + toQueryString(sample.query);
  return {
    method: route.method,
    url,
    ...(sample.body !== undefined ? { payload: sample.body as InjectOptions['payload'] } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  };
}

/** A request that fails validation wherever the route takes input: `abc` for every path parameter, no query, an empty body. */
export function invalidSample(route: ApiRouteDef): RouteSample {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return {
    ...(names.length ? { params: Object.fromEntries(names.map((n) => [n, 'abc'])) } : {}),
    ...(route.body ? { body: {} } : {}),
  };
}
