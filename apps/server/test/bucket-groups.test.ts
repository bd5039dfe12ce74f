import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_GROUP_MESSAGES, type TBucketGroup } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { createLocation, createSignedInUser } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/** Bucket groups (issue 13; 002 §5, §6, §7): every call, the 422 per key, and who may call what. */
let t: TestApp;
let editor: string; // finance-1: bucket-buffer:edit
let viewer: string; // purchasing-1: bucket-buffer:view only
let admin: string; // admin:override
let nobody: string; // user: base set

const groupCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bucket_groups`))[0]!.n;
const post = (body: unknown, token = editor) =>
  injectAs(t.app, token, { method: 'POST', url: '/api/ims/bucket-groups/', payload: body as object });

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'BG01');
  editor = (await createSignedInUser(t, { role: 'finance-1' })).token;
  viewer = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
  admin = (await createSignedInUser(t, { role: 'admin' })).token;
  nobody = (await createSignedInUser(t, { role: 'user' })).token;
});
afterAll(() => t?.close());

describe('POST /api/ims/bucket-groups/', () => {
  it('upper-cases and trims the name, stores empty center ids as null and the buffer default 0', async () => {
    const res = await post({
      bucketGroup: '  walmart east ',
      walmartFulfillmentCenterId: '',
      amazonSupplySourceId: ' AMZ-1 ',
      acendaWarehouseId: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      bucket_group: 'WALMART EAST',
      should_count_unsourced_committed_in_group: false,
      group_inventory_buffer: 0,
      walmart_fulfillment_center_id: null,
      amazon_supply_source_id: 'AMZ-1',
      acenda_warehouse_id: null,
      buckets: [],
    });
  });

  it('takes the buffer as groupInventoryBufferQty or groupInventoryBuffer', async () => {
    expect(
      (
        await post({ bucketGroup: 'buf-a', groupInventoryBufferQty: 7, shouldCountUnsourcedCommittedInGroup: true })
      ).json(),
    ).toMatchObject({ group_inventory_buffer: 7, should_count_unsourced_committed_in_group: true });
    expect((await post({ bucketGroup: 'buf-b', groupInventoryBuffer: '3' })).json()).toMatchObject({
      group_inventory_buffer: 3,
    });
  });

  it.each([
    [{ groupInventoryBufferQty: 1 }, 'bucketGroup', BUCKET_GROUP_MESSAGES.nameRequired],
    [{ bucketGroup: '   ' }, 'bucketGroup', BUCKET_GROUP_MESSAGES.nameRequired],
    [{ bucketGroup: 'x'.repeat(61) }, 'bucketGroup', BUCKET_GROUP_MESSAGES.nameTooLong],
    [
      { bucketGroup: 'neg', groupInventoryBufferQty: -1 },
      'groupInventoryBufferQty',
      BUCKET_GROUP_MESSAGES.bufferInvalid,
    ],
    [
      { bucketGroup: 'frac', groupInventoryBufferQty: 1.5 },
      'groupInventoryBufferQty',
      BUCKET_GROUP_MESSAGES.bufferInvalid,
    ],
    [{ bucketGroup: 'text', groupInventoryBuffer: 'abc' }, 'groupInventoryBuffer', BUCKET_GROUP_MESSAGES.bufferInvalid],
    [
      { bucketGroup: 'long', acendaWarehouseId: 'y'.repeat(61) },
      'acendaWarehouseId',
      BUCKET_GROUP_MESSAGES.centerTooLong,
    ],
  ])('answers 422 naming the key (%j) and creates nothing', async (body, key, message) => {
    const before = await groupCount();
    const res = await post(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'The given data was invalid.', errors: { [key]: [message] } });
    expect(Object.keys(res.json().errors)).toEqual([key]);
    expect(await groupCount()).toBe(before);
  });

  it('refuses a taken name (after upper-casing) with 422 bucketGroup', async () => {
    await post({ bucketGroup: 'DUP' });
    const res = await post({ bucketGroup: ' dup' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ bucketGroup: [BUCKET_GROUP_MESSAGES.nameTaken('DUP')] });
  });

  it('needs bucket-buffer:edit (403 to a viewer and to the base role, nothing created)', async () => {
    const before = await groupCount();
    for (const token of [viewer, nobody]) expect((await post({ bucketGroup: 'refused' }, token)).statusCode).toBe(403);
    expect(await groupCount()).toBe(before);
  });
});

describe('GET, PUT and DELETE /api/ims/bucket-groups', () => {
  it('lists the groups to viewers and refuses the base role', async () => {
    const res = await injectAs(t.app, viewer, { method: 'GET', url: '/api/ims/bucket-groups/' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TBucketGroup[]).map((g) => g.bucket_group)).toContain('WALMART EAST');
    expect((await injectAs(t.app, nobody, { method: 'GET', url: '/api/ims/bucket-groups/' })).statusCode).toBe(403);
  });

  it('updates the given keys (the update call names), 422 per key, 404 unknown, 403 without edit', async () => {
    const group = (
      await post({ bucketGroup: 'upd', groupInventoryBufferQty: 2, walmartFulfillmentCenterId: 'W1' })
    ).json() as TBucketGroup;
    const url = `/api/ims/bucket-groups/${group.id}`;
    const ok = await injectAs(t.app, editor, {
      method: 'PUT',
      url,
      payload: {
        shouldCountUnsourcedCommittedStatus: true,
        groupInventoryBufferQty: 9,
        amazonSupplySourceId: 'A9',
        acendaWarehouseId: '',
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      should_count_unsourced_committed_in_group: true,
      group_inventory_buffer: 9,
      walmart_fulfillment_center_id: 'W1',
      amazon_supply_source_id: 'A9',
      acenda_warehouse_id: null,
    });
    const bad = await injectAs(t.app, editor, {
      method: 'PUT',
      url,
      payload: { groupInventoryBufferQty: -2, walmartFulfillmentCenterId: 'W2' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ groupInventoryBufferQty: [BUCKET_GROUP_MESSAGES.bufferInvalid] });
    const after = (
      await injectAs(t.app, editor, { method: 'GET', url: '/api/ims/bucket-groups/' })
    ).json() as TBucketGroup[];
    expect(after.find((g) => g.id === group.id)).toMatchObject({
      group_inventory_buffer: 9,
      walmart_fulfillment_center_id: 'W1',
    });
    expect(
      (
        await injectAs(t.app, editor, {
          method: 'PUT',
          url: '/api/ims/bucket-groups/999999',
          payload: { groupInventoryBufferQty: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await injectAs(t.app, viewer, { method: 'PUT', url, payload: { groupInventoryBufferQty: 1 } })).statusCode,
    ).toBe(403);
  });

  it('deletes only with admin:override, with its mappings; refused while a template names it', async () => {
    const group = (await post({ bucketGroup: 'doomed' })).json() as TBucketGroup;
    await injectAs(t.app, editor, {
      method: 'POST',
      url: '/api/ims/bucket-groups/mapping',
      payload: { bucketGroup: 'doomed', bucket: 'BG01' },
    });
    const url = `/api/ims/bucket-groups/${group.id}`;
    expect((await injectAs(t.app, editor, { method: 'DELETE', url })).statusCode).toBe(403);
    const res = await injectAs(t.app, admin, { method: 'DELETE', url });
    expect(res.statusCode).toBe(200);
    expect((await injectAs(t.app, admin, { method: 'DELETE', url })).statusCode).toBe(404);
    const mappings = (
      await injectAs(t.app, editor, { method: 'GET', url: '/api/ims/bucket-groups/mapping' })
    ).json() as { bucket_group: string }[];
    expect(mappings.some((m) => m.bucket_group === 'DOOMED')).toBe(false);

    const used = (await post({ bucketGroup: 'used' })).json() as TBucketGroup;
    await t.services.shippingTemplates.createTemplate({
      shippingTemplate: 'USES-GROUP',
      platformCode: 'walmart',
      bucketGroup: 'USED',
    });
    const refused = await injectAs(t.app, admin, { method: 'DELETE', url: `/api/ims/bucket-groups/${used.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BUCKET_GROUP_MESSAGES.inUse(['USES-GROUP']));
  });
});

describe('bucket group mappings', () => {
  it('maps a bucket to a group by name or id, lists and removes it', async () => {
    const group = (await post({ bucketGroup: 'mapped' })).json() as TBucketGroup;
    const res = await injectAs(t.app, editor, {
      method: 'POST',
      url: '/api/ims/bucket-groups/mapping',
      payload: { bucketGroup: 'mapped', bucket: 'bg01_b_stock' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ bucket_group_id: group.id, bucket_group: 'MAPPED', bucket: 'BG01_B_STOCK' });
    const byId = await injectAs(t.app, editor, {
      method: 'POST',
      url: '/api/ims/bucket-groups/mapping',
      payload: { bucketGroup: group.id, bucket: 'BG01' },
    });
    expect(byId.statusCode).toBe(201);
    const list = (
      await injectAs(t.app, viewer, { method: 'GET', url: '/api/ims/bucket-groups/' })
    ).json() as TBucketGroup[];
    expect(list.find((g) => g.id === group.id)!.buckets).toEqual(['BG01', 'BG01_B_STOCK']);
    const del = await injectAs(t.app, editor, {
      method: 'DELETE',
      url: `/api/ims/bucket-groups/mapping/${byId.json().id}`,
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await injectAs(t.app, editor, { method: 'DELETE', url: `/api/ims/bucket-groups/mapping/${byId.json().id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await injectAs(t.app, viewer, { method: 'DELETE', url: `/api/ims/bucket-groups/mapping/${res.json().id}` }))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    [{ bucket: 'BG01' }, { bucketGroup: [BUCKET_GROUP_MESSAGES.groupRequired] }],
    [{ bucketGroup: 'MAPPED' }, { bucket: [BUCKET_GROUP_MESSAGES.bucketRequired] }],
    [
      { bucketGroup: 'NOPE', bucket: 'NOPE_BUCKET' },
      {
        bucketGroup: [BUCKET_GROUP_MESSAGES.groupUnknown('NOPE')],
        bucket: [BUCKET_GROUP_MESSAGES.bucketUnknown('NOPE_BUCKET')],
      },
    ],
    [
      { bucketGroup: 'MAPPED', bucket: 'BG01_B_STOCK' },
      { bucket: [BUCKET_GROUP_MESSAGES.bucketMapped('BG01_B_STOCK', 'MAPPED')] },
    ],
  ])('answers 422 per key (%j)', async (payload, errors) => {
    const res = await injectAs(t.app, editor, { method: 'POST', url: '/api/ims/bucket-groups/mapping', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  it('needs bucket-buffer:edit to map', async () => {
    expect(
      (
        await injectAs(t.app, viewer, {
          method: 'POST',
          url: '/api/ims/bucket-groups/mapping',
          payload: { bucketGroup: 'MAPPED', bucket: 'BG01_DAMAGED' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
