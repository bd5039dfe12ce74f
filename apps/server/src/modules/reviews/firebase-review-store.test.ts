import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FirebaseReviewStore } from './firebase-review-store.js';
import { startFakeFirebase, type FakeFirebase } from './firebase-test-server.js';
import { ReviewStoreError } from './review-store.js';

/** The Firebase Realtime Database store against a loopback peer speaking its REST protocol (issue 16 part 3). */
let fb: FakeFirebase;
const stops: (() => Promise<void>)[] = [];
const storeFor = (fake: FakeFirebase, secret: string | null = fake.secret) =>
  new FirebaseReviewStore({ url: `${fake.url}/`, secret, timeoutMs: 2000, minRetryMs: 20, maxRetryMs: 100 });
const review = (message: string, extra: object = {}) => ({
  message,
  name: 'Pat',
  email: 'pat@example.com',
  stars: 4,
  reviewOn: '2026-11-20',
  visible: false,
  ...extra,
});

const waitFor = async (check: () => boolean, timeoutMs = 3000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

beforeEach(async () => {
  fb = await startFakeFirebase();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await fb.close();
});

describe('FirebaseReviewStore', () => {
  it('pushes with POST /reviews/{product}.json?auth= and reads the push id from {name}', async () => {
    const store = storeFor(fb);
    const id = await store.pushReview('42', review('Quiet and fast'));
    expect(id).toMatch(/^[-\w]{20}$/);
    expect(fb.root).toEqual({ reviews: { '42': { [id]: review('Quiet and fast') } } });
    const post = fb.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/reviews/42.json');
    expect(new URLSearchParams(post.query).get('auth')).toBe(fb.secret);
    expect(JSON.parse(post.body)).toEqual(review('Quiet and fast'));
  });

  it('reads every review (GET /reviews.json) and one product\u2019s (GET /reviews/{product}.json), coercing odd values', async () => {
    fb.write('PUT', 'reviews', {
      '42': { a1: review('one'), a2: { message: 7, stars: '5', visible: 'yes' } },
      '43': { b1: review('two', { visible: true }) },
    });
    const store = storeFor(fb);
    const all = await store.readReviews();
    expect(all.map((r) => `${r.product}/${r.id}`).sort()).toEqual(['42/a1', '42/a2', '43/b1']);
    expect(all.find((r) => r.id === 'a2')).toEqual({
      id: 'a2',
      product: '42',
      message: '7',
      name: '',
      email: '',
      stars: 5,
      reviewOn: '',
      visible: false,
    });
    expect((await store.readReviewsByProduct('43')).map((r) => [r.id, r.visible])).toEqual([['b1', true]]);
    expect(await store.readReviewsByProduct('99')).toEqual([]);
    expect(fb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /reviews.json',
      'GET /reviews/43.json',
      'GET /reviews/99.json',
    ]);
  });

  it('sets visible with PATCH /reviews/{product}/{id}.json, and answers null (creating nothing) for a missing review', async () => {
    fb.write('PUT', 'reviews/42/a1', review('one'));
    const store = storeFor(fb);
    expect(await store.setVisible('42', 'a1', true)).toMatchObject({
      id: 'a1',
      product: '42',
      visible: true,
      message: 'one',
    });
    expect(fb.root).toEqual({ reviews: { '42': { a1: review('one', { visible: true }) } } });
    const patch = fb.requests.find((r) => r.method === 'PATCH')!;
    expect([patch.path, JSON.parse(patch.body)]).toEqual(['/reviews/42/a1.json', { visible: true }]);
    expect(await store.setVisible('42', 'nope', true)).toBeNull();
    expect(fb.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(Object.keys((fb.root.reviews as Record<string, object>)['42']!)).toEqual(['a1']);
  });

  it('sets a user with PUT /users/{id}.json', async () => {
    await storeFor(fb).setUser('u-7', { username: 'pat', email: 'pat@example.com' });
    expect(fb.root).toEqual({ users: { 'u-7': { username: 'pat', email: 'pat@example.com' } } });
  });

  it('refuses with ReviewStoreError when the secret is wrong, the store fails or is not reachable', async () => {
    await expect(storeFor(fb, 'wrong').readReviews()).rejects.toMatchObject({ name: 'ReviewStoreError', status: 401 });
    fb.failures.set('POST /reviews', 503);
    await expect(storeFor(fb).pushReview('42', review('x'))).rejects.toBeInstanceOf(ReviewStoreError);
    const closed = new FirebaseReviewStore({ url: 'http://127.0.0.1:9', secret: null, timeoutMs: 500 });
    await expect(closed.readReviews()).rejects.toMatchObject({ name: 'ReviewStoreError', status: null });
  });

  it('hears changes made by another client through the event stream (put and patch), not the first snapshot', async () => {
    fb.write('PUT', 'reviews/42/a1', review('one'));
    const store = storeFor(fb);
    let changes = 0;
    let resyncs = 0;
    stops.push(await store.subscribe({ onChange: () => changes++, onResync: () => resyncs++ }));
    expect(fb.streamCount).toBe(1);
    expect(changes).toBe(0);
    fb.write('PATCH', 'reviews/42/a1', { visible: true });
    await waitFor(() => changes === 1);
    fb.write('PUT', 'reviews/43/b1', review('two'));
    await waitFor(() => changes === 2);
    // A write elsewhere in the database is not under reviews/.
    fb.write('PUT', 'users/u1', { username: 'x', email: 'x@example.com' });
    await new Promise((r) => setTimeout(r, 100));
    expect([changes, resyncs]).toEqual([2, 0]);
  });

  it('reopens a lost stream and asks for a resync; stops for good when unsubscribed', async () => {
    const store = storeFor(fb);
    let changes = 0;
    let resyncs = 0;
    const stop = await store.subscribe({ onChange: () => changes++, onResync: () => resyncs++ });
    fb.dropStreams();
    await waitFor(() => resyncs === 1 && fb.streamCount === 1);
    fb.write('PUT', 'reviews/42/a9', review('after'));
    await waitFor(() => changes === 1);
    await stop();
    await waitFor(() => fb.streamCount === 0);
    fb.write('PUT', 'reviews/42/b9', review('unheard'));
    await new Promise((r) => setTimeout(r, 100));
    expect(changes).toBe(1);
  });
});
