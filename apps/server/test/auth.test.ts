import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_ERRORS } from '@keystone/contracts';
import { AuthService } from '../src/modules/auth/auth.service.js';
import { createUser, TEST_PASSWORD, type TestUser } from './factories.js';
import { bearer, createTestApp, injectAs, loginAs, type TestApp } from './harness.js';

const MAX_FAILURES = 3;

let t: TestApp;
let alice: TestUser;

function tokenRequest(username: string, password: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'password',
      username,
      password,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
      ...extra,
    },
  });
}

const roleOf = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/role', headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: MAX_FAILURES });
  alice = await createUser(t.services, { role: 'warehouse-2', username: 'alice' });
});

afterAll(async () => {
  await t?.close();
});

describe('POST /oauth/token (password grant)', () => {
  it('issues a bearer token that works on GET /api/user/role', async () => {
    const res = await tokenRequest('alice', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: t.config.tokenTtlSeconds,
      username: 'alice',
      role: 'warehouse-2',
    });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.access_token.length).toBeGreaterThanOrEqual(32);

    const role = await roleOf(body.access_token);
    expect(role.statusCode).toBe(200);
    expect(role.headers['content-type']).toMatch(/application\/json/);
    // The role string, JSON-encoded.
    expect(role.body).toBe('"warehouse-2"');
    expect(role.json()).toBe('warehouse-2');
  });

  it('issues a different token on every sign-in', async () => {
    const a = await loginAs(t.app, 'alice', TEST_PASSWORD);
    const b = await loginAs(t.app, 'alice', TEST_PASSWORD);
    expect(a).not.toBe(b);
    expect((await roleOf(a)).statusCode).toBe(200);
    expect((await roleOf(b)).statusCode).toBe(200);
  });

  it('GET /api/user answers the signed-in user', async () => {
    const token = await loginAs(t.app, 'alice', TEST_PASSWORD);
    const res = await injectAs(t.app, token, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: alice.id,
      username: 'alice',
      email: null,
      role: 'warehouse-2',
      role_id: expect.any(Number),
    });
  });

  it('refuses a wrong password with 401 invalid_credentials', async () => {
    const user = await createUser(t.services);
    const res = await tokenRequest(user.username, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: OAUTH_ERRORS.invalidCredentials });
    expect(res.json()).not.toHaveProperty('access_token');
  });

  it('refuses an unknown user with the same 401 invalid_credentials', async () => {
    const user = await createUser(t.services);
    const wrongPassword = await tokenRequest(user.username, 'still not the password');
    const unknown = await tokenRequest('nobody-by-this-name', TEST_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'invalid_credentials', error_description: expect.any(String) });
    // Indistinguishable from a wrong password.
    expect(unknown.json()).toEqual(wrongPassword.json());
  });

  it('refuses a wrong client_secret with 401 invalid_client', async () => {
    const res = await tokenRequest('alice', TEST_PASSWORD, { client_secret: 'wrong-secret' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a wrong client_id with 401 invalid_client', async () => {
    const res = await tokenRequest('alice', TEST_PASSWORD, { client_id: 'someone-else' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a grant_type other than password with 400 unsupported_grant_type', async () => {
    for (const grantType of ['client_credentials', 'refresh_token', 'authorization_code']) {
      const res = await tokenRequest('alice', TEST_PASSWORD, { grant_type: grantType });
      expect(res.statusCode, grantType).toBe(400);
      expect(res.json()).toMatchObject({ error: 'unsupported_grant_type' });
    }
  });

  it('accepts an application/x-www-form-urlencoded body', async () => {
    const form = new URLSearchParams({
      grant_type: 'password',
      username: 'alice',
      password: TEST_PASSWORD,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    const role = await roleOf(res.json().access_token);
    expect(role.json()).toBe('warehouse-2');
  });

  it('answers a form-urlencoded wrong password with invalid_credentials too', async () => {
    const user = await createUser(t.services);
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=${user.username}&password=nope&client_id=keystone-web&client_secret=keystone-web-public`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_credentials' });
  });

  it('answers missing fields with 400 and errors naming each body field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', client_id: 'keystone-web' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(Object.keys(body.errors).sort()).toEqual(['client_secret', 'password', 'username']);
    expect(body.errors.username).toEqual(['Required']);
    expect(body.message).toContain('username');
  });

  it('answers an empty username with 400 naming username', async () => {
    const res = await tokenRequest('', TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['username']);
  });
});

describe('sign-in throttling', () => {
  it(`refuses with 429 too_many_attempts after ${MAX_FAILURES} failures, even with the right password`, async () => {
    const user = await createUser(t.services, { role: 'user' });
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await tokenRequest(user.username, `wrong-${i}`);
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
      expect(res.json().error).toBe('invalid_credentials');
    }
    const blocked = await tokenRequest(user.username, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(blocked.json()).not.toHaveProperty('access_token');

    // Other users are not affected.
    expect((await tokenRequest('alice', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures per username, also for names that do not exist', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) expect((await tokenRequest('ghost-user', 'x')).statusCode).toBe(401);
    const res = await tokenRequest('ghost-user', 'x');
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('too_many_attempts');
  });

  it('resets the count after a successful sign-in below the limit', async () => {
    const user = await createUser(t.services, { role: 'user' });
    for (let i = 0; i < MAX_FAILURES - 1; i++)
      expect((await tokenRequest(user.username, 'wrong')).statusCode).toBe(401);
    expect((await tokenRequest(user.username, user.password)).statusCode).toBe(200);
    // A fresh allowance of failures after the success.
    for (let i = 0; i < MAX_FAILURES - 1; i++)
      expect((await tokenRequest(user.username, 'wrong')).statusCode).toBe(401);
    expect((await tokenRequest(user.username, user.password)).statusCode).toBe(200);
    // And the limit still applies once reached.
    for (let i = 0; i < MAX_FAILURES; i++) expect((await tokenRequest(user.username, 'wrong')).statusCode).toBe(401);
    expect((await tokenRequest(user.username, user.password)).statusCode).toBe(429);
  });

  it('does not count refused clients or unsupported grants as failures', async () => {
    const user = await createUser(t.services, { role: 'user' });
    for (let i = 0; i < MAX_FAILURES + 1; i++) {
      expect((await tokenRequest(user.username, 'wrong', { client_secret: 'bad' })).statusCode).toBe(401);
      expect((await tokenRequest(user.username, 'wrong', { grant_type: 'implicit' })).statusCode).toBe(400);
    }
    expect((await tokenRequest(user.username, user.password)).statusCode).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('POST /api/auth/logout answers 204 and revokes the token', async () => {
    const token = await loginAs(t.app, 'alice', TEST_PASSWORD);
    const other = await loginAs(t.app, 'alice', TEST_PASSWORD);
    expect((await roleOf(token)).statusCode).toBe(200);

    const out = await injectAs(t.app, token, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const after = await roleOf(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    // Logging out again with the revoked token is refused too.
    expect((await injectAs(t.app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    // Only that token is revoked.
    expect((await roleOf(other)).statusCode).toBe(200);
  });

  it('refuses a call without a token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/role' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'authentication required' });
  });

  it('refuses a garbage token with 401', async () => {
    for (const header of ['Bearer garbage', 'Bearer ' + 'x'.repeat(43), 'Basic YWxpY2U6cHc=', 'Bearer', 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/role', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
    }
  });

  it('accepts the scheme name in any case', async () => {
    const token = await loginAs(t.app, 'alice', TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/role',
      headers: { authorization: `bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an expired token with 401 (token issued by a service whose clock is an hour behind)', async () => {
    const hourAgo = () => new Date(Date.now() - 3600_000);
    const past = new AuthService(t.db, { ...t.config, tokenTtlSeconds: 60 }, null, hourAgo);
    const expired = await past.passwordGrant({
      grant_type: 'password',
      username: 'alice',
      password: TEST_PASSWORD,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
    });
    const res = await roleOf(expired.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/invalid or has expired/);

    // Control: the same clock with a TTL that reaches past now gives a live token.
    const longer = new AuthService(t.db, { ...t.config, tokenTtlSeconds: 7200 }, null, hourAgo);
    const live = await longer.passwordGrant({
      grant_type: 'password',
      username: 'alice',
      password: TEST_PASSWORD,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
    });
    expect((await roleOf(live.access_token)).statusCode).toBe(200);
  });

  it('expires a token exactly at its TTL (moving clock)', async () => {
    let now = new Date('2030-01-01T00:00:00Z').getTime();
    const auth = new AuthService(t.db, { ...t.config, tokenTtlSeconds: 60 }, null, () => new Date(now));
    const issued = await auth.passwordGrant({
      grant_type: 'password',
      username: 'alice',
      password: TEST_PASSWORD,
      client_id: 'keystone-web',
      client_secret: 'keystone-web-public',
    });
    expect(issued.expires_in).toBe(60);
    now += 59_000;
    expect(await auth.authenticate(issued.access_token)).toMatchObject({
      user: { id: alice.id, username: 'alice', role: 'warehouse-2' },
    });
    now += 1_000;
    expect(await auth.authenticate(issued.access_token)).toBeNull();
  });
});

describe('POST /api/auth/google/ without Google configuration', () => {
  it('answers 400 with a clear message', async () => {
    expect(t.config.googleClientId).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/',
      payload: { email: 'alice@keystone.example', google_id: '1234567890', g_token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Google sign-in is not configured on this server',
    });
  });
});
