import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '@keystone/contracts';
import { buildApp } from '../src/app.js';
import { EmbeddedReviewStore } from '../src/modules/reviews/embedded-review-store.js';
import { startFakeFirebase, type FakeFirebase } from '../src/modules/reviews/firebase-test-server.js';
import { createProducts, createSignedInUser, nextUpc, type CreatedProduct } from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { openLiveStream, type LiveStream } from './live-stream.js';

/** Review moderation (issue 16 part 3): the embedded store through the API, the intake's rules, live updates, the Firebase store wired by configuration. */
const MAX = 3;
let t: TestApp;
let base: string;
let dev: { token: string };
let clerk: { token: string };
let fridge: CreatedProduct;
let range: CreatedProduct;
const streams: LiveStream[] = [];
let address = 0;
/** A client address of its own per test, so the rate limit of one test does not reach another. */
const nextAddress = () => `10.16.0.${++address}`;

const push = (body: Record<string, unknown>, remoteAddress = nextAddress(), app = t.app) =>
  app.inject({ method: 'POST', url: '/api/public/reviews', payload: body, remoteAddress });
const sample = (extra: Record<string, unknown> = {}) => ({
  product: fridge.id,
  message: 'Keeps everything cold',
  name: 'Pat Doe',
  email: 'pat@example.com',
  stars: 5,
  ...extra,
});
const list = (query = '') => injectAs(t.app, dev.token, { method: 'GET', url: `/api/reviews${query}` });
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ reviewIntakeMax: MAX, reviewIntakeWindowSeconds: 600 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dev = await createSignedInUser(t, { role: 'developer' });
  clerk = await createSignedInUser(t, { role: 'sales-1' });
  [fridge, range] = (await createProducts(t.db, [
    { modelNumber: 'RV-FRIDGE', upc: nextUpc(), description: 'French door fridge' },
    { modelNumber: 'RV-RANGE', upc: nextUpc(), description: 'Gas range' },
  ])) as [CreatedProduct, CreatedProduct];
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

describe('the public intake', () => {
  it('stores a review hidden with the server\u2019s date whatever is sent, without a token (201 with the id)', async () => {
    const res = await push(sample({ visible: true, reviewOn: '1999-01-01', id: 'mine' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[-\w]{20}$/),
      product: String(fridge.id),
      visible: false,
      reviewOn: today(),
    });
    const stored = await t.services.reviews.store.readReviewsByProduct(String(fridge.id));
    expect(stored.find((r) => r.id === body.id)).toEqual({
      id: body.id,
      product: String(fridge.id),
      message: 'Keeps everything cold',
      name: 'Pat Doe',
      email: 'pat@example.com',
      stars: 5,
      reviewOn: today(),
      visible: false,
    });
  });

  it('refuses bad fields with 400 naming each, over-long text, and an unknown product with 422; stores nothing', async () => {
    const before = (await t.services.reviews.store.readReviews()).length;
    const bad = await push({ product: fridge.id, message: '', name: 'x'.repeat(101), email: 'not-an-email', stars: 6 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'message', 'name', 'stars']);
    for (const [field, value] of [
      ['message', 'm'.repeat(2001)],
      ['email', `${'e'.repeat(250)}@example.com`],
      ['stars', 2.5],
      ['stars', 0],
      ['product', 'RV-FRIDGE'],
    ] as const) {
      const res = await push(sample({ [field]: value }));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    const missing = await push({});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['email', 'message', 'name', 'product', 'stars']);
    const unknown = await push(sample({ product: 987654 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ product: ['unknown product'] });
    // The longest allowed message is taken whole.
    expect((await push(sample({ message: 'm'.repeat(2000) }))).statusCode).toBe(201);
    expect((await t.services.reviews.store.readReviews()).length).toBe(before + 1);
  });

  it('takes at most MAX reviews per address and window (429 with Retry-After), counted in the database so two API processes agree', async () => {
    const second = await buildApp({ db: t.db, dbKind: t.dbKind, config: t.config, logger: false, serveWeb: false });
    await second.app.ready();
    try {
      const shared = nextAddress();
      const answers = [];
      for (let i = 0; i < MAX; i++)
        answers.push((await push(sample({ message: `flood ${i}` }), shared, i % 2 ? second.app : t.app)).statusCode);
      expect(answers).toEqual([201, 201, 201]);
      for (const app of [t.app, second.app]) {
        const refused = await push(sample({ message: 'one too many' }), shared, app);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe('Too many reviews from this address; try again later');
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(600);
      }
      // Another address is not held back; refused reviews were not stored.
      expect((await push(sample({ message: 'from elsewhere' }), nextAddress(), second.app)).statusCode).toBe(201);
      const messages = (await t.services.reviews.store.readReviews()).map((r) => r.message);
      expect(messages).not.toContain('one too many');
      // A refused (invalid) review does not use up the window.
      const careful = nextAddress();
      for (let i = 0; i < 5; i++) expect((await push(sample({ stars: 9 }), careful)).statusCode).toBe(400);
      expect((await push(sample(), careful)).statusCode).toBe(201);
    } finally {
      await second.app.close();
    }
  });
});

describe('moderation', () => {
  it('lists newest first with the product\u2019s model, filtered by product and visibility, a page at a time', async () => {
    const ids: string[] = [];
    for (const [product, message] of [
      [range.id, 'range first'],
      [range.id, 'range second'],
      [range.id, 'range third'],
    ] as const) {
      ids.push((await push(sample({ product, message }))).json().id);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(
      (
        await injectAs(t.app, dev.token, {
          method: 'PUT',
          url: `/api/reviews/${range.id}/${ids[1]}/visible`,
          payload: { visible: true },
        })
      ).statusCode,
    ).toBe(200);

    const ranges = await list(`?product=${range.id}`);
    expect(ranges.statusCode).toBe(200);
    expect(ranges.json().data.map((r: { message: string }) => r.message)).toEqual([
      'range third',
      'range second',
      'range first',
    ]);
    expect(ranges.json().data[0]).toMatchObject({
      product: String(range.id),
      product_model: 'RV-RANGE',
      product_description: 'Gas range',
      stars: 5,
      visible: false,
    });
    expect(
      (await list(`?product=${range.id}&visibility=visible`)).json().data.map((r: { id: string }) => r.id),
    ).toEqual([ids[1]]);
    expect((await list(`?product=${range.id}&visibility=hidden`)).json().data.map((r: { id: string }) => r.id)).toEqual(
      [ids[2], ids[0]],
    );
    const page2 = (await list(`?product=${range.id}&per_page=2&page=2`)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    const all = (await list('')).json();
    expect(all.total).toBeGreaterThan(3);
    expect(all.data[0].id).toBe(ids[2]);
    const byProduct = await injectAs(t.app, dev.token, { method: 'GET', url: `/api/reviews/${range.id}` });
    expect(byProduct.json().data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list('?visibility=maybe')).statusCode).toBe(400);
    expect((await list('?product=a/b')).statusCode).toBe(400);
  });

  it('toggles visible both ways; a missing review is a 404 and nothing is created', async () => {
    const id = (await push(sample({ message: 'toggle me' }))).json().id;
    const url = `/api/reviews/${fridge.id}/${id}/visible`;
    const on = await injectAs(t.app, dev.token, { method: 'PUT', url, payload: { visible: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id, visible: true, message: 'toggle me', product_model: 'RV-FRIDGE' });
    expect((await injectAs(t.app, dev.token, { method: 'PUT', url, payload: { visible: false } })).json().visible).toBe(
      false,
    );
    const before = (await t.services.reviews.store.readReviews()).length;
    const missing = await injectAs(t.app, dev.token, {
      method: 'PUT',
      url: `/api/reviews/${fridge.id}/no-such-review/visible`,
      payload: { visible: true },
    });
    expect(missing.statusCode).toBe(404);
    expect((await injectAs(t.app, dev.token, { method: 'PUT', url, payload: { visible: 'yes' } })).statusCode).toBe(
      400,
    );
    expect((await t.services.reviews.store.readReviews()).length).toBe(before);
  });

  it('sets users/{id} (username, email), replacing what was there', async () => {
    const url = '/api/review-users/web-user-7';
    const res = await injectAs(t.app, dev.token, {
      method: 'PUT',
      url,
      payload: { username: 'pat', email: 'pat@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'web-user-7', username: 'pat', email: 'pat@example.com' });
    await injectAs(t.app, dev.token, { method: 'PUT', url, payload: { username: 'pat d', email: 'pd@example.com' } });
    expect(await (t.services.reviews.store as EmbeddedReviewStore).getUser('web-user-7')).toEqual({
      username: 'pat d',
      email: 'pd@example.com',
    });
    const bad = await injectAs(t.app, dev.token, { method: 'PUT', url, payload: { username: '', email: 'nope' } });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'username']);
  });

  it('needs dev-route:view: 401 without a token, 403 for a role without it', async () => {
    expect(hasPermission('sales-1', 'dev-route:view')).toBe(false);
    for (const [method, url, payload] of [
      ['GET', '/api/reviews', undefined],
      ['GET', `/api/reviews/${fridge.id}`, undefined],
      ['PUT', `/api/reviews/${fridge.id}/x/visible`, { visible: true }],
      ['PUT', '/api/review-users/x', { username: 'a', email: 'a@example.com' }],
    ] as const) {
      expect((await t.app.inject({ method, url, payload })).statusCode, url).toBe(401);
      const refused = await injectAs(t.app, clerk.token, { method, url, payload });
      expect(refused.statusCode, url).toBe(403);
    }
    expect((await openLiveStream(base, clerk.token, 'reviews')).status).toBe(403);
  });
});

describe('live updates', () => {
  it('tells moderators of new reviews and visibility changes, from this process and from another', async () => {
    const second = await buildApp({
      db: t.db,
      dbKind: t.dbKind,
      config: t.config,
      logger: false,
      serveWeb: false,
      listen: t.listen,
    });
    const secondBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const here = await openLiveStream(base, dev.token, 'reviews');
      const there = await openLiveStream(secondBase, dev.token, 'reviews');
      streams.push(here, there);
      expect(await here.next()).toMatchObject({ event: 'ready', data: { topics: ['reviews'] } });
      expect((await there.next()).event).toBe('ready');
      const id = (await push(sample({ message: 'live one' }))).json().id;
      expect(await here.next()).toMatchObject({ event: 'change', data: { topic: 'reviews' } });
      expect(await there.next()).toMatchObject({ event: 'change', data: { topic: 'reviews' } });
      await injectAs(second.app, dev.token, {
        method: 'PUT',
        url: `/api/reviews/${fridge.id}/${id}/visible`,
        payload: { visible: true },
      });
      expect(await here.next()).toMatchObject({ event: 'change', data: { topic: 'reviews' } });
      // A refused review changes nothing and says nothing.
      await push(sample({ stars: 0 }));
      await new Promise((r) => setTimeout(r, 300));
      expect(here.events.map((e) => e.event)).toEqual(['ready', 'change', 'change']);
    } finally {
      await second.app.close();
    }
  });
});

describe('EmbeddedReviewStore', () => {
  it('keeps reviews under their product, sets visible (null for a missing review) and users, and hears committed changes only', async () => {
    const store = new EmbeddedReviewStore(t.db, t.listen);
    let changes = 0;
    let resyncs = 0;
    const stop = await store.subscribe({ onChange: () => changes++, onResync: () => resyncs++ });
    try {
      const review = {
        message: 'embedded',
        name: 'E',
        email: 'e@example.com',
        stars: 3,
        reviewOn: '2026-11-01',
        visible: false,
      };
      const a = await store.pushReview('store-a', review);
      const b = await store.pushReview('store-a', { ...review, message: 'second' });
      await store.pushReview('store-b', review);
      expect((await store.readReviewsByProduct('store-a')).map((r) => r.id)).toEqual([b, a]);
      expect((await store.readReviews()).filter((r) => r.product.startsWith('store-')).length).toBe(3);
      expect(await store.setVisible('store-a', a, true)).toEqual({
        id: a,
        product: 'store-a',
        ...review,
        visible: true,
      });
      expect(await store.setVisible('store-b', a, true)).toBeNull();
      const until = Date.now() + 3000;
      while (changes < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      expect(changes).toBe(4);
      // A rolled-back write says nothing; users are not reviews.
      await t.db
        .transaction(async (tx) => {
          await new EmbeddedReviewStore(tx as never, undefined).pushReview('store-a', review);
          tx.rollback();
        })
        .catch(() => {});
      await store.setUser('store-user', { username: 'u', email: 'u@example.com' });
      await new Promise((r) => setTimeout(r, 200));
      expect([changes, resyncs]).toEqual([4, 0]);
      expect((await store.readReviewsByProduct('store-a')).length).toBe(2);
      expect(await store.getUser('store-user')).toEqual({ username: 'u', email: 'u@example.com' });
    } finally {
      await stop();
    }
  });
});

describe('a Firebase Realtime Database configured (REVIEW_STORE_URL)', () => {
  let fb: FakeFirebase;
  let remote: TestApp;
  let remoteBase: string;
  let moderator: { token: string };
  let product: CreatedProduct;
  beforeAll(async () => {
    fb = await startFakeFirebase();
    remote = await createTestApp({ reviewStore: { url: fb.url, secret: fb.secret, timeoutMs: 2000 } });
    remoteBase = await remote.app.listen({ port: 0, host: '127.0.0.1' });
    moderator = await createSignedInUser(remote, { role: 'developer' });
    [product] = (await createProducts(remote.db, [{ modelNumber: 'RV-REMOTE', upc: nextUpc() }])) as [CreatedProduct];
  });
  afterAll(async () => {
    await remote?.close();
    await fb?.close();
  });

  it('pushes, reads and toggles in the remote store, and a change made there reaches our event stream', async () => {
    expect(remote.services.reviews.store.kind).toBe('firebase');
    const pushed = await remote.app.inject({
      method: 'POST',
      url: '/api/public/reviews',
      payload: sample({ product: product.id }),
      remoteAddress: '10.17.0.1',
    });
    expect(pushed.statusCode).toBe(201);
    const id = pushed.json().id as string;
    expect(
      (fb.root.reviews as Record<string, Record<string, { visible: boolean }>>)[String(product.id)]![id],
    ).toMatchObject({ message: 'Keeps everything cold', visible: false });

    const stream = await openLiveStream(remoteBase, moderator.token, 'reviews');
    streams.push(stream);
    expect((await stream.next()).event).toBe('ready');
    // Another client of the database (the website, the Firebase console) writes a review.
    fb.write('PUT', `reviews/${product.id}/-Zexternal00000000001`, {
      message: '<b>from the console</b>',
      name: 'Sam',
      email: 's@example.com',
      stars: 3,
      reviewOn: '2026-11-22',
      visible: false,
    });
    expect(await stream.next()).toMatchObject({ event: 'change', data: { topic: 'reviews' } });
    const listed = await injectAs(remote.app, moderator.token, {
      method: 'GET',
      url: `/api/reviews?product=${product.id}`,
    });
    expect(listed.json().data.map((r: { message: string }) => r.message)).toEqual([
      'Keeps everything cold',
      '<b>from the console</b>',
    ]);

    const toggled = await injectAs(remote.app, moderator.token, {
      method: 'PUT',
      url: `/api/reviews/${product.id}/${id}/visible`,
      payload: { visible: true },
    });
    expect(toggled.json()).toMatchObject({ id, visible: true, product_model: 'RV-REMOTE' });
    expect(await stream.next()).toMatchObject({ event: 'change', data: { topic: 'reviews' } });
    expect(fb.requests.some((r) => r.method === 'PATCH' && r.path === `/reviews/${product.id}/${id}.json`)).toBe(true);

    await injectAs(remote.app, moderator.token, {
      method: 'PUT',
      url: '/api/review-users/u1',
      payload: { username: 'sam', email: 's@example.com' },
    });
    expect(fb.root.users).toEqual({ u1: { username: 'sam', email: 's@example.com' } });
  });

  it('answers 503 when the remote store cannot answer, and gives the intake slot back', async () => {
    fb.failures.set('GET /reviews', 500);
    fb.failures.set('POST /reviews', 500);
    try {
      const res = await injectAs(remote.app, moderator.token, { method: 'GET', url: '/api/reviews' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('The review store is unavailable; try again in a moment');
      for (let i = 0; i < 6; i++) {
        expect(
          (
            await remote.app.inject({
              method: 'POST',
              url: '/api/public/reviews',
              payload: sample({ product: product.id }),
              remoteAddress: '10.17.0.2',
            })
          ).statusCode,
        ).toBe(503);
      }
    } finally {
      fb.failures.clear();
    }
    expect(
      (
        await remote.app.inject({
          method: 'POST',
          url: '/api/public/reviews',
          payload: sample({ product: product.id }),
          remoteAddress: '10.17.0.2',
        })
      ).statusCode,
    ).toBe(201);
  });
});
