import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/** Inputs that a database would refuse with an error of its own must be refused first, as 400s. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createSignedInUser(t, { role: 'developer' })).token;
});
afterAll(() => t?.close());

describe('ids', () => {
  it.each(['2147483648', '1e3', '0x10', '0', '-1', '1.5'])('refuses the product id %s with 400 naming params.id', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['params.id']);
  });

  it('refuses a role id past the integer range in a body', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/role/1', headers: bearer(token), payload: { newRoleID: 2147483648 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['body.newRoleID']);
  });

  it('still takes the largest integer id (an unknown product: 404)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/2147483647', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('NUL characters', () => {
  it('refuses one in a query with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ims/products?model=a%00b', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'query.model': ['must not contain a NUL character'] });
  });

  it('refuses one in a body, before the sign-in is tried or counted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: 'a\u0000b', password: 'x', client_id: 'keystone-web', client_secret: 'keystone-web-public' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['body.username']);
  });

  it('refuses one in a path parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inventory-serials/search?serial=ab%00c', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['query.serial']);
  });
});

describe('e-mail addresses', () => {
  it('are unique regardless of case', async () => {
    await createUser(t.services, { role: 'user', email: 'Case.Test@keystone.example' });
    await expect(createUser(t.services, { role: 'user', email: 'case.test@KEYSTONE.example' })).rejects.toThrow();
  });
});
