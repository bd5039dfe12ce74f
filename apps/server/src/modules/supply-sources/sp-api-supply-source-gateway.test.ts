import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpApiSupplySourceGateway, type SpApiOptions } from './sp-api-supply-source-gateway.js';
import { SupplySourceGatewayError, SupplySourceRejectedError } from './supply-source-gateway.js';
import { amazonSupplySource, startFakeSpApi, type FakeSpApi } from './sp-api-test-server.js';

const day = (startTime: string, endTime: string) => [{ startTime, endTime }];
const SAMPLE_WEEK = {
  monday: day('08:00', '18:00'),
  tuesday: day('08:00', '18:00'),
  wednesday: day('08:00', '18:00'),
  thursday: day('08:00', '20:00'),
  friday: day('08:00', '18:00'),
  saturday: day('10:00', '14:00'),
  sunday: day('00:00', '00:00'),
};

/** The Selling Partner API gateway against a loopback peer that answers as Amazon documents (issue 13 item 4). */
let api: FakeSpApi;
let clock: number;

const gatewayFor = (fake: FakeSpApi, overrides: Partial<SpApiOptions> = {}) =>
  new SpApiSupplySourceGateway({
    endpoint: `${fake.url}/`,
    tokenUrl: fake.tokenUrl,
    clientId: fake.credentials.clientId,
    clientSecret: fake.credentials.clientSecret,
    refreshToken: fake.credentials.refreshToken,
    timeoutMs: 2000,
    now: () => clock,
    ...overrides,
  });

beforeEach(async () => {
  clock = 1_000_000;
  // 23 others first, so the location's source is on the third page of 10 (the gateway asks for 50: one page).
  const others = Array.from({ length: 23 }, (_, i) => amazonSupplySource(`other-${i}`, `OTHER${i}`, `Other ${i}`));
  api = await startFakeSpApi([...others, amazonSupplySource('ss-ky01', 'KY01', 'Louisville pickup')]);
});
afterEach(() => api.close());

describe('SpApiSupplySourceGateway', () => {
  it("finds a location by supplySourceCode with a Login with Amazon token and maps Amazon's shape to ours", async () => {
    const gateway = gatewayFor(api);
    const source = await gateway.findByLocation('KY01');
    expect(source).toEqual({
      supplySourceId: 'ss-ky01',
      supplySourceCode: 'KY01',
      alias: 'Louisville pickup',
      status: 'Active',
      inventoryHoldPeriod: 2,
      // 120 minutes
      handlingTime: 2,
      operatingHoursByDay: {
        monday: [{ startTime: '09:00', endTime: '17:00' }],
        tuesday: [{ startTime: '09:00', endTime: '17:00' }],
        wednesday: [{ startTime: '09:00', endTime: '17:00' }],
        thursday: [{ startTime: '09:00', endTime: '17:00' }],
        friday: [{ startTime: '09:00', endTime: '17:00' }],
        saturday: [{ startTime: '00:00', endTime: '00:00' }],
        sunday: [{ startTime: '00:00', endTime: '00:00' }],
      },
    });
    const token = api.requests.find((r) => r.path === '/auth/o2/token')!;
    expect(token.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: api.credentials.refreshToken,
      client_id: api.credentials.clientId,
      client_secret: api.credentials.clientSecret,
    });
    const calls = api.requests.filter((r) => r.path.startsWith('/supplySources/'));
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /supplySources/2020-07-01/supplySources?pageSize=50',
      'GET /supplySources/2020-07-01/supplySources/ss-ky01',
    ]);
    expect(calls.every((r) => r.headers['x-amz-access-token'] === 'Atza|test-1')).toBe(true);
  });

  it('follows nextPageToken across pages, and answers null when no page has the code', async () => {
    // The fake pages by the size asked; make the gateway's 50 cover only part of the list.
    for (let i = 23; i < 120; i++)
      api.sources.set(`more-${i}`, amazonSupplySource(`more-${i}`, `MORE${i}`, `More ${i}`));
    api.sources.set('ss-last', amazonSupplySource('ss-last', 'LAST01', 'Last one'));
    const gateway = gatewayFor(api);
    expect((await gateway.findByLocation('LAST01'))?.supplySourceId).toBe('ss-last');
    const lists = api.requests.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/supplySources/2020-07-01/supplySources?'),
    );
    expect(lists.length).toBe(3);
    expect(lists[1]!.path).toContain('nextPageToken=');
    expect(await gateway.findByLocation('NOPE01')).toBeNull();
  });

  it('caches the token until a minute before it expires, then asks for a new one', async () => {
    const gateway = gatewayFor(api);
    await gateway.get('ss-ky01');
    await gateway.get('ss-ky01');
    expect(api.tokensIssued).toBe(1);
    clock += 3600_000 - 61_000;
    await gateway.get('ss-ky01');
    expect(api.tokensIssued).toBe(1);
    clock += 2_000;
    await gateway.get('ss-ky01');
    expect(api.tokensIssued).toBe(2);
    expect(api.requests.at(-1)!.headers['x-amz-access-token']).toBe('Atza|test-2');
  });

  it("updates alias, hold period, handling time and hours, keeping Amazon's other settings, and sets the status", async () => {
    const gateway = gatewayFor(api);
    await gateway.update('ss-ky01', {
      alias: 'Louisville ISPU',
      inventoryHoldPeriod: 5,
      handlingTime: 4,
      operatingHoursByDay: SAMPLE_WEEK,
    });
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/supplySources/2020-07-01/supplySources/ss-ky01');
    expect(put.headers['content-type']).toBe('application/json');
    const body = JSON.parse(put.body);
    expect(body.alias).toBe('Louisville ISPU');
    expect(body.capabilities.outbound.pickupChannel).toMatchObject({
      isSupported: true,
      inventoryHoldPeriod: { value: 5, timeUnit: 'Days' },
      operationalConfiguration: { handlingTime: { value: 4, timeUnit: 'Hours' } },
      inStorePickupConfiguration: { isSupported: true },
    });
    expect(body.capabilities.outbound.operationalConfiguration.operatingHoursByDay).toEqual(SAMPLE_WEEK);
    expect(body.configuration.operationalConfiguration).toMatchObject({
      contactDetails: { primary: { email: 'store@keystone.example' } },
      operatingHoursByDay: SAMPLE_WEEK,
    });
    expect(body.configuration.timezone).toBe('America/New_York');
    expect(await gateway.get('ss-ky01')).toMatchObject({
      alias: 'Louisville ISPU',
      inventoryHoldPeriod: 5,
      handlingTime: 4,
      operatingHoursByDay: SAMPLE_WEEK,
    });

    await gateway.setStatus('ss-ky01', 'Inactive');
    const status = api.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(status.path).toBe('/supplySources/2020-07-01/supplySources/ss-ky01/status');
    expect(JSON.parse(status.body)).toEqual({ status: 'Inactive' });
    expect((await gateway.get('ss-ky01'))?.status).toBe('Inactive');
  });

  it('answers null for a supply source Amazon does not know (404)', async () => {
    expect(await gatewayFor(api).get('missing')).toBeNull();
  });

  it('gets a new token once when the API refuses the cached one (403)', async () => {
    const gateway = gatewayFor(api);
    await gateway.get('ss-ky01');
    api.revokeTokens();
    expect((await gateway.get('ss-ky01'))?.alias).toBe('Louisville pickup');
    expect(api.tokensIssued).toBe(2);
    const gets = api.requests.filter((r) => r.path === '/supplySources/2020-07-01/supplySources/ss-ky01');
    expect(gets.map((r) => r.headers['x-amz-access-token'])).toEqual(['Atza|test-1', 'Atza|test-1', 'Atza|test-2']);
  });

  describe('failures are SupplySourceGatewayErrors', () => {
    it('token refused', async () => {
      api.refuseToken = true;
      const error = await gatewayFor(api)
        .findByLocation('KY01')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplySourceGatewayError);
      expect((error as Error).message).toBe('Login with Amazon refused the token request (400 invalid_grant)');
      expect(api.requests.some((r) => r.path.startsWith('/supplySources/'))).toBe(false);
    });

    it('wrong client secret', async () => {
      const error = await gatewayFor(api, { clientSecret: 'wrong' })
        .findByLocation('KY01')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplySourceGatewayError);
      expect((error as SupplySourceGatewayError).status).toBe(400);
    });

    it('500 on the list', async () => {
      api.failures.set('GET /supplySources/2020-07-01/supplySources', 500);
      const error = await gatewayFor(api)
        .findByLocation('KY01')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplySourceGatewayError);
      expect((error as Error).message).toBe('The supply source list answered 500: InternalFailure failure 500');
    });

    it('404 on the list', async () => {
      api.failures.set('GET /supplySources/2020-07-01/supplySources', 404);
      const error = await gatewayFor(api)
        .findByLocation('KY01')
        .catch((e: unknown) => e);
      expect((error as SupplySourceGatewayError).status).toBe(404);
    });

    it('an update Amazon refuses (400) is a SupplySourceRejectedError', async () => {
      const error = await gatewayFor(api)
        .update('ss-ky01', { alias: '', inventoryHoldPeriod: 1, handlingTime: 1, operatingHoursByDay: SAMPLE_WEEK })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplySourceRejectedError);
      expect((error as Error).message).toBe('alias is invalid');
    });

    it('unreachable host', async () => {
      const closed = await freePort();
      const error = await gatewayFor(api, {
        endpoint: `http://127.0.0.1:${closed}`,
        tokenUrl: `http://127.0.0.1:${closed}/auth/o2/token`,
      })
        .findByLocation('KY01')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplySourceGatewayError);
      expect((error as Error).message).toMatch(/^Login with Amazon: not reachable \(ECONNREFUSED\)$/);
    });

    it('timeout', async () => {
      api.delayMs = 1500;
      const started = Date.now();
      const error = await gatewayFor(api, { timeoutMs: 300 })
        .findByLocation('KY01')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplySourceGatewayError);
      expect((error as Error).message).toBe('Login with Amazon: no answer within 300 ms');
      expect(Date.now() - started).toBeLessThan(1400);
    });
  });
});

/** A port nothing listens on: bound, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
