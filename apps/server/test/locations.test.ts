import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateLegacyBuckets,
  LOCATION_MESSAGES,
  ROLE_PERMISSIONS,
  type TBucketRow,
  type TLocationWithBuckets,
} from '@keystone/contracts';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { sampleLocation } from './samples/locations.js';

/** Locations and buckets (issue 13 item 1): every call, the 422 rules, the permissions, and the delete refusals. */
let t: TestApp;
let admin: string; // bucket:create, bucket-buffer:edit, admin:override
let developer: string; // every permission (dev-route:view for /buckets/update)
let purchasing: string; // bucket-buffer:view only
let finance: string; // bucket-buffer:edit without bucket-buffer:view
let warehouse: string; // none of the bucket permissions
let product: CreatedProduct;

const get = (token: string, url: string) => injectAs(t.app, token, { method: 'GET', url });
const create = (token: string, payload: Record<string, unknown>) =>
  injectAs(t.app, token, { method: 'POST', url: '/api/ims/bucket-mappings', payload });
const setLocal = (token: string, payload: Record<string, unknown>) =>
  injectAs(t.app, token, { method: 'PUT', url: '/api/ims/buckets/updateIsLocalBucket', payload });
const update = (token: string, payload: Record<string, unknown>) =>
  injectAs(t.app, token, { method: 'PUT', url: '/api/ims/buckets/updateBucketByLocation', payload });
const remove = (token: string, bucket: string) =>
  injectAs(t.app, token, { method: 'DELETE', url: `/api/ims/buckets?bucket=${encodeURIComponent(bucket)}` });
const bucketNames = async (url = '/api/ims/buckets') =>
  ((await get(admin, url)).json().data as TBucketRow[]).map((b) => b.bucket);

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  const tokens = await Promise.all(
    (['admin', 'developer', 'purchasing-1', 'finance-1', 'warehouse-2'] as const).map(
      async (role) => (await createSignedInUser(t, { role })).token,
    ),
  );
  [admin, developer, purchasing, finance, warehouse] = tokens as [string, string, string, string, string];
  [product] = (await createProducts(t.db, [{ modelNumber: 'LOC-TEST-1', upc: nextUpc() }])) as [CreatedProduct];
});
afterAll(() => t?.close());

describe('the roles behind the tests', () => {
  it('hold the permissions the tests assume', () => {
    const has = (role: keyof typeof ROLE_PERMISSIONS, p: string) =>
      (ROLE_PERMISSIONS[role] as readonly string[]).includes(p);
    expect(has('admin', 'bucket:create') && has('admin', 'admin:override') && has('admin', 'bucket-buffer:edit')).toBe(
      true,
    );
    expect(has('admin', 'dev-route:view')).toBe(false);
    expect(has('purchasing-1', 'bucket-buffer:view') && !has('purchasing-1', 'bucket-buffer:edit')).toBe(true);
    expect(has('finance-1', 'bucket-buffer:edit')).toBe(true);
    expect(
      ['bucket-buffer:view', 'bucket-buffer:edit', 'bucket:create', 'admin:override', 'dev-route:view'].some((p) =>
        has('warehouse-2', p),
      ),
    ).toBe(false);
  });
});

describe('POST /api/ims/bucket-mappings', () => {
  it('creates the location with every generated legacy bucket in one call', async () => {
    const res = await create(admin, {
      location: { ...sampleLocation('st01'), county: 'Jefferson', notes: 'Store', managed_by_third_party: 1 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(LOCATION_MESSAGES.created('ST01', 9));
    expect(body.location).toMatchObject({
      location_code: 'ST01',
      legacy_bucket: 'ST01',
      country: 'US',
      county: 'Jefferson',
      location_type: 'RETAIL',
      managed_by_third_party: true,
      is_active: true,
      can_receive_purchase_orders: true,
    });
    expect((body.buckets as TBucketRow[]).map((b) => b.bucket).sort()).toEqual(
      generateLegacyBuckets('ST01')
        .map((b) => b.legacy_bucket)
        .sort(),
    );
    expect(body.buckets.find((b: TBucketRow) => b.bucket === 'ST01_FBA_INBOUND')).toMatchObject({
      location_code: 'ST01_FBA_INBOUND',
      parent_location_code: 'ST01',
      is_local_inventory_bucket: 0,
      is_first_legacy_bucket: false,
    });
    expect(body.buckets.find((b: TBucketRow) => b.bucket === 'ST01')).toMatchObject({
      condition_code: 'NEW',
      is_local_inventory_bucket: 1,
      is_first_legacy_bucket: true,
    });
  });

  it('shows the new buckets at once to the bucket map that receiving, transfers and audits read, and to the location lists', async () => {
    const map = (await get(admin, '/api/buckets')).json();
    expect(Object.keys(map)).toContain('ST01_B_STOCK');
    expect((await get(admin, '/api/ims/canReceivePos')).json().data).toContainEqual({ location_code: 'ST01' });
    expect(
      (await get(admin, '/api/locations')).json().data.map((l: { location_code: string }) => l.location_code),
    ).toContain('ST01');
    expect(
      ((await get(admin, '/api/ims/audit-adjustments/buckets')).json().data as { bucket: string }[]).map(
        (b) => b.bucket,
      ),
    ).toContain('ST01_DAMAGED');
  });

  it('creates the chosen generated buckets plus the four sub-location buckets', async () => {
    const res = await create(admin, {
      location: sampleLocation('ST02'),
      buckets: [
        { legacy_bucket: 'ST02', condition: 'NEW', is_local_inventory_bucket: 1 },
        { legacy_bucket: 'st02_b_stock' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect((res.json().buckets as TBucketRow[]).map((b) => b.bucket).sort()).toEqual([
      'ST02',
      'ST02_B_STOCK',
      'ST02_FBA_INBOUND',
      'ST02_ONSITE',
      'ST02_RELOCATING',
      'ST02_RETURN',
    ]);
  });

  it('answers 422 per field for missing and invalid fields, and writes nothing', async () => {
    const res = await create(admin, {
      location: {
        location_code: 'bad code',
        state_or_province: 'ZZ',
        postal_code: '123',
        country: 'CA',
        location_type: 'CASTLE',
      },
    });
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json();
    expect(message).toBe(LOCATION_MESSAGES.invalid);
    expect(errors.location_code).toEqual([LOCATION_MESSAGES.codeFormat]);
    expect(errors.address_1).toEqual([LOCATION_MESSAGES.required('address 1')]);
    expect(errors.city).toEqual([LOCATION_MESSAGES.required('city')]);
    expect(errors.state_or_province).toEqual([LOCATION_MESSAGES.stateInvalid]);
    expect(errors.postal_code).toEqual([LOCATION_MESSAGES.postalInvalid]);
    expect(errors.country).toEqual([LOCATION_MESSAGES.countryFixed]);
    expect(errors.location_type[0]).toMatch(/^must be one of WAREHOUSE/);
    expect(await bucketNames()).not.toContain('BAD CODE');
  });

  it('refuses a code that exists and a code whose buckets exist, and buckets that are not generated ones', async () => {
    const again = await create(admin, { location: sampleLocation('ST01') });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ location_code: [LOCATION_MESSAGES.codeTaken('ST01')] });
    const foreign = await create(admin, {
      location: sampleLocation('ST03'),
      buckets: [{ legacy_bucket: 'ST03' }, { legacy_bucket: 'KY01_B_STOCK' }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['buckets.1.legacy_bucket']).toEqual([
      LOCATION_MESSAGES.notLegacyBucket('KY01_B_STOCK', 'ST03'),
    ]);
    const noFirst = await create(admin, {
      location: sampleLocation('ST03'),
      buckets: [{ legacy_bucket: 'ST03_DAMAGED' }],
    });
    expect(noFirst.json().errors.buckets).toEqual([LOCATION_MESSAGES.firstBucketMissing('ST03')]);
    expect((await bucketNames()).filter((b) => b.startsWith('ST03'))).toEqual([]);
  });

  it('answers 400 naming the field for a wrong shape', async () => {
    const res = await create(admin, { location: { location_code: 12 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['location.location_code']);
  });

  it('needs bucket:create (403 otherwise, nothing written)', async () => {
    for (const token of [purchasing, finance, warehouse]) {
      expect((await create(token, { location: sampleLocation('ST09') })).statusCode).toBe(403);
    }
    expect(await bucketNames()).not.toContain('ST09');
    expect((await create(developer, { location: sampleLocation('ST09') })).statusCode).toBe(201);
  });
});

describe('bucket lists', () => {
  it('GET ims/buckets lists the active buckets, with the distributor only when asked', async () => {
    const plain = (await get(purchasing, '/api/ims/buckets')).json().data as TBucketRow[];
    const st01 = plain.find((b) => b.bucket === 'ST01_B_STOCK')!;
    expect(st01).toEqual({
      bucket: 'ST01_B_STOCK',
      location_code: 'ST01',
      parent_location_code: 'ST01',
      condition_code: 'B_STOCK',
      is_local_inventory_bucket: 1,
      is_first_legacy_bucket: false,
      location_is_active: true,
    });
    const withDistributor = (await get(purchasing, '/api/ims/buckets?includeDistributor=1')).json()
      .data as TBucketRow[];
    expect(withDistributor.find((b) => b.bucket === 'ST01_B_STOCK')).toMatchObject({
      distributor: 'Sample Distributing',
      distributor_location_id: null,
    });
    const maps = (await get(developer, '/api/ims/buckets/bucketsWithDistributor')).json().data as TBucketRow[];
    expect(maps.find((b) => b.bucket === 'KY01')).toMatchObject({ distributor: null, is_first_legacy_bucket: true });
  });

  it('withActiveDistributor leaves out the buckets of inactive locations', async () => {
    expect((await update(admin, { location_code: 'ST09', is_active: false })).statusCode).toBe(200);
    expect(await bucketNames('/api/ims/buckets/withActiveDistributor')).not.toContain('ST09');
    expect(await bucketNames('/api/ims/buckets/bucketsWithDistributor')).toContain('ST09');
  });

  it('bucket-mappings answers each location with its buckets, the conditions and the distributors', async () => {
    const mappings = (await get(admin, '/api/ims/bucket-mappings/')).json().data as TLocationWithBuckets[];
    const st02 = mappings.find((m) => m.location_code === 'ST02')!;
    expect(st02.buckets.map((b) => b.bucket)).toContain('ST02_B_STOCK');
    expect(st02).toMatchObject({
      city: 'Louisville',
      state_or_province: 'KY',
      postal_code: '40213',
      legacy_bucket: 'ST02',
    });
    expect((await get(admin, '/api/ims/bucket-mappings/conditions')).json().data).toEqual([
      { condition: 'NEW', suffix: '' },
      { condition: 'B_STOCK', suffix: 'B_STOCK' },
      { condition: 'C_STOCK', suffix: 'C_STOCK' },
      { condition: 'DAMAGED', suffix: 'DAMAGED' },
      { condition: 'RENEWED', suffix: 'RENEWED' },
    ]);
    expect((await get(admin, '/api/ims/bucket-mappings/distributors')).json().data).toEqual(['Sample Distributing']);
  });

  it('are refused (403) without a bucket page permission', async () => {
    for (const url of [
      '/api/ims/buckets',
      '/api/ims/buckets/bucketsWithDistributor',
      '/api/ims/buckets/withActiveDistributor',
      '/api/ims/bucket-mappings/',
      '/api/ims/bucket-mappings/conditions',
      '/api/ims/bucket-mappings/distributors',
    ]) {
      expect((await get(warehouse, url)).statusCode, url).toBe(403);
      expect((await get(finance, url)).statusCode, url).toBe(200);
    }
  });
});

describe('PUT /api/ims/buckets/updateIsLocalBucket', () => {
  it('sets the flag with bucket-buffer:edit and refuses without it', async () => {
    const off = await setLocal(finance, { bucket: 'st01_c_stock', isLocalInventoryBucket: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ bucket: 'ST01_C_STOCK', is_local_inventory_bucket: 0 });
    expect((await get(admin, '/api/buckets')).json().ST01_C_STOCK.is_local_inventory_bucket).toBe(0);
    expect((await setLocal(purchasing, { bucket: 'ST01_C_STOCK', isLocalInventoryBucket: true })).statusCode).toBe(403);
    expect((await get(admin, '/api/buckets')).json().ST01_C_STOCK.is_local_inventory_bucket).toBe(0);
    expect(
      (await setLocal(admin, { bucket: 'ST01_C_STOCK', isLocalInventoryBucket: true })).json().data
        .is_local_inventory_bucket,
    ).toBe(1);
  });

  it('answers 404 for an unknown bucket and 400 for a wrong flag', async () => {
    const res = await setLocal(admin, { bucket: 'NOPE_B_STOCK', isLocalInventoryBucket: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(LOCATION_MESSAGES.unknownBucket('NOPE_B_STOCK'));
    expect((await setLocal(admin, { bucket: 'ST01', isLocalInventoryBucket: 2 })).statusCode).toBe(400);
  });
});

describe('PUT /api/ims/buckets/updateBucketByLocation', () => {
  it('changes the given fields and answers the success message', async () => {
    const res = await update(admin, {
      location_code: 'ST01',
      address_2: 'Suite 4',
      notes: '',
      is_fulfillable_from_this_location: false,
      state_or_province: 'in',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Bucket Successfully Updated');
    expect(res.json().data).toMatchObject({
      location_code: 'ST01',
      address_2: 'Suite 4',
      notes: null,
      is_fulfillable_from_this_location: false,
      state_or_province: 'IN',
      city: 'Louisville',
      legacy_bucket: 'ST01',
    });
    expect((await update(developer, { location_code: 'ST01', county: 'Marion' })).json().data.county).toBe('Marion');
  });

  it('answers 422 per field, 404 for an unknown location, 403 without dev-route:view or admin:override', async () => {
    const bad = await update(admin, { location_code: 'ST01', city: '', postal_code: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      city: [LOCATION_MESSAGES.required('city')],
      postal_code: [LOCATION_MESSAGES.postalInvalid],
    });
    expect(
      ((await get(admin, '/api/ims/bucket-mappings/')).json().data as TLocationWithBuckets[]).find(
        (l) => l.location_code === 'ST01',
      )!.city,
    ).toBe('Louisville');
    const missing = await update(admin, { location_code: 'NOPE9', city: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(LOCATION_MESSAGES.unknownLocation('NOPE9'));
    for (const token of [purchasing, finance, warehouse])
      expect((await update(token, { location_code: 'ST01', notes: 'no' })).statusCode).toBe(403);
  });
});

describe('DELETE /api/ims/buckets?bucket=', () => {
  beforeAll(async () => {
    await receiveStock(t.services, product, 'ST01_B_STOCK', { units: 3 });
    const [tracked] = (await createProducts(t.db, [
      { modelNumber: 'LOC-TEST-SN', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ])) as [CreatedProduct];
    await receiveStock(t.services, tracked, 'ST01_DAMAGED', { serials: [['LOC-SN-1']] });
    const transfer = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/ims/committed-transfers',
      payload: {
        fromBucket: 'ST01_B_STOCK',
        toBucket: 'ST01_RENEWED',
        model: product.modelNumber,
        requestedQuantity: 1,
        scanningRequired: false,
      },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const sale = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/ims/committed-sales',
      payload: {
        legacyPosInvoiceId: 'INV-LOC-1',
        model: product.modelNumber,
        quantity: 1,
        sourceBucket: 'ST01_B_STOCK',
        serials: [],
        scannedUpc: '',
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
  });

  it('never deletes the first legacy bucket', async () => {
    const res = await remove(admin, 'ST01');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The first generated legacy bucket cannot be deleted');
    expect(await bucketNames()).toContain('ST01');
  });

  it('refuses while the bucket holds stock or open work, naming what it holds', async () => {
    const stock = await remove(admin, 'ST01_B_STOCK');
    expect(stock.statusCode).toBe(409);
    expect(stock.json().message).toBe(
      LOCATION_MESSAGES.bucketHoldsStock('ST01_B_STOCK', ['3 units on hand', '1 open transfer', '1 committed sale']),
    );
    const serial = await remove(admin, 'ST01_DAMAGED');
    expect(serial.json().message).toBe(
      LOCATION_MESSAGES.bucketHoldsStock('ST01_DAMAGED', ['1 unit on hand', '1 live serial']),
    );
    const incoming = await remove(admin, 'ST01_RENEWED');
    expect(incoming.json().message).toBe(LOCATION_MESSAGES.bucketHoldsStock('ST01_RENEWED', ['1 open transfer']));
    const names = await bucketNames();
    for (const b of ['ST01_B_STOCK', 'ST01_DAMAGED', 'ST01_RENEWED']) expect(names).toContain(b);
  });

  it('retires an empty bucket with admin:override; it leaves every list; 404 after', async () => {
    expect((await remove(purchasing, 'ST01_ONSITE')).statusCode).toBe(403);
    expect((await remove(finance, 'ST01_ONSITE')).statusCode).toBe(403);
    const res = await remove(admin, 'st01_onsite');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: LOCATION_MESSAGES.deleted('ST01_ONSITE'), bucket: 'ST01_ONSITE' });
    expect(await bucketNames()).not.toContain('ST01_ONSITE');
    expect(Object.keys((await get(admin, '/api/buckets')).json())).not.toContain('ST01_ONSITE');
    expect((await remove(admin, 'ST01_ONSITE')).statusCode).toBe(404);
    expect((await setLocal(admin, { bucket: 'ST01_ONSITE', isLocalInventoryBucket: 1 })).statusCode).toBe(404);
  });
});
