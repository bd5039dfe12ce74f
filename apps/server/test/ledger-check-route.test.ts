import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProducts, createSignedInUser, nextUpc } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/** GET /api/ledger/check: the ledger check as a call, for developers (and the browser tests' closing check). */
let t: TestApp;
let developer: string;
let receiver: string;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  developer = (await createSignedInUser(t, { role: 'developer' })).token;
  receiver = (await createSignedInUser(t, { role: 'warehouse-2' })).token;
});
afterAll(() => t?.close());

const check = (token: string) => t.app.inject({ method: 'GET', url: '/api/ledger/check', headers: bearer(token) });

describe('GET /api/ledger/check', () => {
  it('answers clean on a consistent database, and names an on-hand figure that the ledger does not explain', async () => {
    const clean = await check(developer);
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ clean: true, differences: [] });

    const [product] = await createProducts(t.db, [{ modelNumber: 'LEDGER-CHK', upc: nextUpc() }]);
    // A figure written behind the ledger's back: exactly what the check exists to catch.
    await t.db.execute(sql`insert into inventory (product_id, bucket, quantity) values (${product!.id}, 'KY01', 3)`);
    const dirty = await check(developer);
    expect(dirty.statusCode).toBe(200);
    const body = dirty.json();
    expect(body.clean).toBe(false);
    expect(body.differences).toContainEqual(expect.objectContaining({ kind: 'on-hand', expected: 0, actual: 3 }));
  });

  it('is refused without dev-route:view', async () => {
    expect((await check(receiver)).statusCode).toBe(403);
  });
});
