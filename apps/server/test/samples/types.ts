import type { TestApp } from '../harness.js';

/** One request to a route: its path parameters, query and body. */
export interface RouteSample {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /**
   * For calls that change or use up their target (delete, finish, send): makes new rows and answers a request
   * on them, so every role that holds the permission can make the call and get its success status. Given the
   * caller's token, for calls whose target must be the caller's own.
   */
  fresh?: (callerToken: string) => Promise<RouteSample>;
}

/** What the foundation's fixture gives every domain builder. */
export interface BaseFixture {
  productId: number;
  productModel: string;
}

export type DomainSampleBuilder = (t: TestApp, base: BaseFixture) => Promise<Record<string, RouteSample>>;
