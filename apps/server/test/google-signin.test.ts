import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/**
 * (The answer without any Google configuration is checked in auth.test.ts, whose app has none.)
 * Google sign-in against a real JWKS endpoint on loopback: the server fetches the keys over HTTP
 * (createRemoteJWKSet), exactly as it would from Google.
 */
const CLIENT_ID = 'keystone-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.test';
const KID = 'test-key-1';

let jwksServer: http.Server;
let jwksRequests = 0;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let t: TestApp;
let googler: TestUser;

const GOOGLE_ID = '109876543210987654321';
const EMAIL = 'Grace.Hopper@keystone.example';

function idToken(
  claims: JWTPayload = {},
  options: { key?: CryptoKey; audience?: string; issuer?: string; expiresIn?: string | number } = {},
) {
  return new SignJWT({ email: EMAIL, email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setSubject((claims.sub as string | undefined) ?? GOOGLE_ID)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuer(options.issuer ?? ISSUER)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.key ?? signingKey);
}

function signIn(app: TestApp, body: Record<string, unknown>) {
  return app.app.inject({ method: 'POST', url: '/api/auth/google/', payload: body });
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = http.createServer((req, res) => {
    if (req.url === '/jwks') {
      jwksRequests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;

  t = await createTestApp({
    googleClientId: CLIENT_ID,
    googleJwksUrl: `http://127.0.0.1:${port}/jwks`,
    googleIssuer: ISSUER,
  });
  googler = await createUser(t.services, {
    role: 'purchasing-2',
    username: 'grace',
    email: 'grace.hopper@keystone.example',
  });
});

afterAll(async () => {
  await t?.close();
  if (jwksServer) {
    jwksServer.closeAllConnections();
    await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
  }
});

describe('POST /api/auth/google/ with a JWKS', () => {
  it('signs in the user with that e-mail (case-insensitive) and the token works', async () => {
    const res = await signIn(t, {
      email: EMAIL,
      google_id: GOOGLE_ID,
      g_token: await idToken(),
      g_name: 'Grace Hopper',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'Bearer',
      username: 'grace',
      role: 'purchasing-2',
      expires_in: t.config.tokenTtlSeconds,
    });
    const role = await t.app.inject({ method: 'GET', url: '/api/user/role', headers: bearer(res.json().access_token) });
    expect(role.statusCode).toBe(200);
    expect(role.json()).toBe('purchasing-2');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(res.json().access_token) });
    expect(me.json()).toMatchObject({ id: googler.id, username: 'grace' });
    expect(jwksRequests).toBeGreaterThan(0);
  });

  const refusals: [string, () => Promise<Record<string, unknown>>][] = [
    [
      'a token for another audience',
      async () => ({
        email: EMAIL,
        google_id: GOOGLE_ID,
        g_token: await idToken({}, { audience: 'someone-else.apps.googleusercontent.com' }),
      }),
    ],
    [
      'a token from another issuer',
      async () => ({
        email: EMAIL,
        google_id: GOOGLE_ID,
        g_token: await idToken({}, { issuer: 'https://evil.example' }),
      }),
    ],
    [
      'a token signed by another key (same kid)',
      async () => ({ email: EMAIL, google_id: GOOGLE_ID, g_token: await idToken({}, { key: strangerKey }) }),
    ],
    [
      'an expired token',
      async () => ({
        email: EMAIL,
        google_id: GOOGLE_ID,
        g_token: await idToken({}, { expiresIn: Math.floor(Date.now() / 1000) - 120 }),
      }),
    ],
    [
      'a google_id that is not the token subject',
      async () => ({ email: EMAIL, google_id: '111111111111111111111', g_token: await idToken() }),
    ],
    [
      'an e-mail that is not the token e-mail',
      async () => ({ email: 'someone@keystone.example', google_id: GOOGLE_ID, g_token: await idToken() }),
    ],
    [
      'an unverified e-mail',
      async () => ({ email: EMAIL, google_id: GOOGLE_ID, g_token: await idToken({ email_verified: false }) }),
    ],
    [
      'a token without email_verified',
      async () => ({ email: EMAIL, google_id: GOOGLE_ID, g_token: await idToken({ email_verified: undefined }) }),
    ],
    [
      'a tampered token',
      async () => ({ email: EMAIL, google_id: GOOGLE_ID, g_token: (await idToken()).replace(/\.[^.]+$/, '.AAAA') }),
    ],
    ['a token that is not a JWT', async () => ({ email: EMAIL, google_id: GOOGLE_ID, g_token: 'not-a-jwt' })],
    [
      'an e-mail no user has',
      async () => ({
        email: 'unknown@keystone.example',
        google_id: GOOGLE_ID,
        g_token: await idToken({ email: 'unknown@keystone.example' }),
      }),
    ],
  ];

  it.each(refusals)('refuses %s with 401', async (_name, body) => {
    const res = await signIn(t, await body());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
    expect(res.json()).not.toHaveProperty('access_token');
  });

  it('answers an invalid body with 400 naming the fields', async () => {
    const res = await signIn(t, { email: 'not-an-email', google_id: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'g_token', 'google_id']);
  });
});
