import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES, SUPPLY_SOURCE_MESSAGES, type TSupplySourceDetails } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import {
  amazonSupplySource,
  startFakeSpApi,
  type FakeSpApi,
} from '../src/modules/supply-sources/sp-api-test-server.js';
import { createLocation, createSignedInUser } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { SAMPLE_HOURS } from './samples/supply-sources.js';

/** Supply sources (issue 13 item 4): the three calls of 002 §7, the §5 rules as 422, supply-sources:manage, both gateways. */
let t: TestApp;
let manager: string;
let refused: string;
let sourceId: string;

const DETAILS = '/api/ims/sp-api/supply-source/details/';
const STATUS = '/api/ims/sp-api/supply-source/status/';
const getDetails = (location: string, token = manager) =>
  injectAs(t.app, token, { method: 'GET', url: `${DETAILS}${location}/` });
const postDetails = (body: Record<string, unknown>, token = manager) =>
  injectAs(t.app, token, {
    method: 'POST',
    url: DETAILS,
    payload: {
      alias: 'Louisville pickup',
      supplySourceId: sourceId,
      inventoryHoldPeriod: 3,
      handlingTime: 2,
      operatingHoursByDay: SAMPLE_HOURS,
      ...body,
    },
  });
const postStatus = (body: Record<string, unknown>, token = manager) =>
  injectAs(t.app, token, { method: 'POST', url: STATUS, payload: { supplySourceId: sourceId, ...body } });
const stored = async () =>
  (
    await queryRows<Record<string, unknown>>(
      t.db,
      sql`select alias, status, inventory_hold_period, handling_time, operating_hours_by_day from supply_sources where location_code = 'SSKY01'`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'SSKY01');
  await createLocation(t.services, 'SSNONE');
  const source = await t.services.supplySources.provisionEmbedded({
    locationCode: 'SSKY01',
    alias: 'Louisville pickup',
    inventoryHoldPeriod: 2,
    handlingTime: 3,
    operatingHoursByDay: SAMPLE_HOURS,
  });
  sourceId = source!.supplySourceId;
  manager = (await createSignedInUser(t, { role: 'developer' })).token;
  refused = (await createSignedInUser(t, { role: 'admin' })).token;
});
afterAll(() => t?.close());

describe('supply-sources:manage', () => {
  it('is held by the developer only (002 §6 names it for no other role), and every call needs it', async () => {
    const holders = ROLES.filter((r) => (ROLE_PERMISSIONS[r] as readonly string[]).includes('supply-sources:manage'));
    expect(holders).toEqual(['developer']);
    const before = await stored();
    for (const res of [
      await getDetails('SSKY01', refused),
      await postDetails({ alias: 'Changed' }, refused),
      await postStatus({ status: 'Inactive' }, refused),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'access denied' });
    }
    expect(await stored()).toEqual(before);
    for (const res of [await getDetails('SSKY01'), await postDetails({}), await postStatus({ status: 'Active' })])
      expect(res.statusCode).toBe(200);
  });
});

describe('GET details/{location}/', () => {
  it('answers alias, id, status and the outbound pickup capabilities (002 §7)', async () => {
    const res = await getDetails('SSKY01');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TSupplySourceDetails;
    expect(body).toEqual({
      supplySourceId: sourceId,
      supplySourceCode: 'SSKY01',
      alias: 'Louisville pickup',
      status: 'Active',
      capabilities: {
        outbound: {
          pickupChannel: {
            inventoryHoldPeriod: { value: expect.any(Number), timeUnit: 'Days' },
            operationalConfiguration: { handlingTime: { value: expect.any(Number), timeUnit: 'Hours' } },
          },
          operationalConfiguration: { operatingHoursByDay: SAMPLE_HOURS },
        },
      },
    });
  });

  it('answers 404 with the spec message for a location without a supply source', async () => {
    const res = await getDetails('SSNONE');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: SUPPLY_SOURCE_MESSAGES.fetchFailed('SSNONE'),
      errors: { location: ['No supply source has the code SSNONE.'] },
    });
    expect(SUPPLY_SOURCE_MESSAGES.fetchFailed('SSNONE')).toBe(
      'Unable to fetch supply source details for location SSNONE.',
    );
  });

  it('refuses a path that is not a location code with 400', async () => {
    const res = await getDetails('ky01');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['location']);
  });
});

describe('POST details/', () => {
  it('saves alias (trimmed), hold period, handling time and hours, and answers the details as saved', async () => {
    const hours = {
      ...SAMPLE_HOURS,
      saturday: [{ startTime: '00:00', endTime: '00:00' }],
      sunday: [{ startTime: '11:00', endTime: '23:59' }],
    };
    const res = await postDetails({
      alias: '  Louisville ISPU  ',
      inventoryHoldPeriod: 7,
      handlingTime: 24,
      operatingHoursByDay: hours,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TSupplySourceDetails;
    expect(body.alias).toBe('Louisville ISPU');
    expect(body.capabilities.outbound.pickupChannel.inventoryHoldPeriod.value).toBe(7);
    expect(body.capabilities.outbound.pickupChannel.operationalConfiguration.handlingTime.value).toBe(24);
    expect(body.capabilities.outbound.operationalConfiguration.operatingHoursByDay).toEqual(hours);
    expect(await stored()).toMatchObject({
      alias: 'Louisville ISPU',
      inventory_hold_period: 7,
      handling_time: 24,
      operating_hours_by_day: hours,
    });
    expect((await getDetails('SSKY01')).json()).toEqual(body);
    // The lower bounds.
    expect((await postDetails({ inventoryHoldPeriod: 1, handlingTime: 1, alias: 'x'.repeat(45) })).statusCode).toBe(
      200,
    );
  });

  it('sets the status sent when it differs from the current one', async () => {
    expect((await postDetails({ status: 'Inactive' })).json().status).toBe('Inactive');
    expect((await postDetails({})).json().status).toBe('Inactive');
    expect((await postDetails({ status: 'Active' })).json().status).toBe('Active');
  });

  it.each([
    ['an empty alias', { alias: '   ' }, { alias: ['The alias cannot be empty.'] }],
    ['an alias of 46 characters', { alias: 'x'.repeat(46) }, { alias: [SUPPLY_SOURCE_MESSAGES.aliasTooLong] }],
    [
      'a hold period of 0 days',
      { inventoryHoldPeriod: 0 },
      { inventoryHoldPeriod: [SUPPLY_SOURCE_MESSAGES.holdPeriod] },
    ],
    [
      'a hold period of 8 days',
      { inventoryHoldPeriod: 8 },
      { inventoryHoldPeriod: [SUPPLY_SOURCE_MESSAGES.holdPeriod] },
    ],
    [
      'a hold period of 1.5 days',
      { inventoryHoldPeriod: 1.5 },
      { inventoryHoldPeriod: [SUPPLY_SOURCE_MESSAGES.holdPeriod] },
    ],
    ['a handling time of 0 hours', { handlingTime: 0 }, { handlingTime: [SUPPLY_SOURCE_MESSAGES.handlingTime] }],
    ['a handling time of 25 hours', { handlingTime: 25 }, { handlingTime: [SUPPLY_SOURCE_MESSAGES.handlingTime] }],
    ['a handling time of 2.5 hours', { handlingTime: 2.5 }, { handlingTime: [SUPPLY_SOURCE_MESSAGES.handlingTime] }],
    [
      'a day closing before it opens, and one with a bad time',
      {
        operatingHoursByDay: {
          ...SAMPLE_HOURS,
          tuesday: [{ startTime: '17:00', endTime: '09:00' }],
          friday: [{ startTime: '9:00', endTime: '24:00' }],
        },
      },
      {
        'operatingHoursByDay.tuesday': [SUPPLY_SOURCE_MESSAGES.endAfterStart],
        'operatingHoursByDay.friday': [SUPPLY_SOURCE_MESSAGES.timeFormat],
      },
    ],
    [
      'a day opening and closing at the same time (not 00:00), and days with no or two entries',
      {
        operatingHoursByDay: {
          ...SAMPLE_HOURS,
          monday: [{ startTime: '10:00', endTime: '10:00' }],
          wednesday: [],
          thursday: [
            { startTime: '08:00', endTime: '12:00' },
            { startTime: '13:00', endTime: '17:00' },
          ],
        },
      },
      {
        'operatingHoursByDay.monday': [SUPPLY_SOURCE_MESSAGES.endAfterStart],
        'operatingHoursByDay.wednesday': [SUPPLY_SOURCE_MESSAGES.oneEntry],
        'operatingHoursByDay.thursday': [SUPPLY_SOURCE_MESSAGES.oneEntry],
      },
    ],
    [
      'several fields at once',
      { alias: '', inventoryHoldPeriod: 9, handlingTime: -1 },
      {
        alias: ['The alias cannot be empty.'],
        inventoryHoldPeriod: [SUPPLY_SOURCE_MESSAGES.holdPeriod],
        handlingTime: [SUPPLY_SOURCE_MESSAGES.handlingTime],
      },
    ],
  ])('refuses %s with 422 in the §8 shape, changing nothing', async (_what, body, errors) => {
    const before = await stored();
    const res = await postDetails(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'The given data was invalid.',
      errors,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a wrong shape with 400 naming the field', async () => {
    const res = await postDetails({ inventoryHoldPeriod: '3', operatingHoursByDay: { monday: [] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['inventoryHoldPeriod', 'operatingHoursByDay.tuesday']),
    );
  });

  it('answers 404 for an unknown supply source id', async () => {
    const res = await postDetails({ supplySourceId: 'not-a-supply-source' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SUPPLY_SOURCE_MESSAGES.unknownSupplySource);
  });
});

describe('POST status/', () => {
  it('toggles Active → Inactive → Active and answers a message with the details', async () => {
    const off = await postStatus({ status: 'Inactive' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'The supply source is now Inactive.',
      details: { supplySourceId: sourceId, status: 'Inactive' },
    });
    expect((await stored()).status).toBe('Inactive');
    expect((await getDetails('SSKY01')).json().status).toBe('Inactive');
    const on = await postStatus({ status: 'Active' });
    expect(on.json()).toMatchObject({ message: 'The supply source is now Active.', details: { status: 'Active' } });
    expect((await stored()).status).toBe('Active');
  });

  it('refuses another status with 400 and an unknown id with 404', async () => {
    const bad = await postStatus({ status: 'Archived' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['status']);
    const unknown = await postStatus({ status: 'Inactive', supplySourceId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect((await stored()).status).toBe('Active');
  });
});

describe('with the Selling Partner API configured (loopback peer)', () => {
  let api: FakeSpApi;
  let real: TestApp;
  let token: string;

  beforeAll(async () => {
    api = await startFakeSpApi([amazonSupplySource('amzn-ss-1', 'TX01', 'Dallas pickup')]);
    real = await createTestApp({
      spApi: {
        endpoint: api.url,
        lwaTokenUrl: api.tokenUrl,
        clientId: api.credentials.clientId,
        clientSecret: api.credentials.clientSecret,
        refreshToken: api.credentials.refreshToken,
        timeoutMs: 500,
      },
    });
    token = (await createSignedInUser(real, { role: 'developer' })).token;
  });
  afterAll(async () => {
    await real?.close();
    await api?.close();
  });

  it('uses the real gateway: details, an update and a status change reach Amazon', async () => {
    expect(real.services.supplySources.gatewayKind).toBe('sp-api');
    const got = await injectAs(real.app, token, { method: 'GET', url: `${DETAILS}TX01/` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      supplySourceId: 'amzn-ss-1',
      alias: 'Dallas pickup',
      capabilities: { outbound: { pickupChannel: { inventoryHoldPeriod: { value: 2 } } } },
    });
    const saved = await injectAs(real.app, token, {
      method: 'POST',
      url: DETAILS,
      payload: {
        alias: 'Dallas ISPU',
        supplySourceId: 'amzn-ss-1',
        inventoryHoldPeriod: 4,
        handlingTime: 6,
        operatingHoursByDay: SAMPLE_HOURS,
        status: 'Active',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      alias: 'Dallas ISPU',
      capabilities: { outbound: { operationalConfiguration: { operatingHoursByDay: SAMPLE_HOURS } } },
    });
    expect(api.sources.get('amzn-ss-1')!.alias).toBe('Dallas ISPU');
    const status = await injectAs(real.app, token, {
      method: 'POST',
      url: STATUS,
      payload: { status: 'Inactive', supplySourceId: 'amzn-ss-1' },
    });
    expect(status.json()).toMatchObject({ details: { status: 'Inactive' } });
    expect(api.sources.get('amzn-ss-1')!.status).toBe('Inactive');
    // The embedded store is not used.
    expect((await queryRows<{ n: number }>(real.db, sql`select count(*)::int as n from supply_sources`))[0]!.n).toBe(0);
  });

  it.each([
    // The cached token is revoked and a new one refused.
    [
      'the token is refused',
      () => {
        api.revokeTokens();
        api.refuseToken = true;
      },
    ],
    ['Amazon answers 500', () => api.failures.set('GET /supplySources', 500)],
    ['Amazon answers 404 to the list', () => api.failures.set('GET /supplySources', 404)],
    ['Amazon does not answer in time', () => (api.delayMs = 1500)],
  ])('answers 502 with the spec message when %s', async (_what, breakIt) => {
    breakIt();
    try {
      const res = await injectAs(real.app, token, { method: 'GET', url: `${DETAILS}TX01/` });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'Unable to fetch supply source details for location TX01.',
        errors: { location: [expect.any(String)] },
      });
    } finally {
      api.refuseToken = false;
      api.failures.clear();
      api.delayMs = 0;
    }
    // Working again once Amazon is.
    expect((await injectAs(real.app, token, { method: 'GET', url: `${DETAILS}TX01/` })).statusCode).toBe(200);
  });

  it('answers 502 with the spec message when the host is unreachable', async () => {
    const app = await createTestApp({
      spApi: {
        endpoint: 'http://127.0.0.1:9',
        lwaTokenUrl: 'http://127.0.0.1:9/auth/o2/token',
        clientId: 'a',
        clientSecret: 'b',
        refreshToken: 'c',
        timeoutMs: 500,
      },
    });
    try {
      const caller = (await createSignedInUser(app, { role: 'developer' })).token;
      const res = await injectAs(app.app, caller, { method: 'GET', url: `${DETAILS}KY01/` });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Unable to fetch supply source details for location KY01.');
    } finally {
      await app.close();
    }
  });
});
