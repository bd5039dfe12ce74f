import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { openLiveStream, type LiveStream } from './live-stream.js';

/**
 * Live screens (issue 10 part 5): the event stream over real HTTP, fed by LISTEN/NOTIFY from the board tables'
 * triggers (PGlite here, PostgreSQL in the PostgreSQL run; across processes in concurrency/live-concurrency).
 */
let t: TestApp;
let base: string;
let clerk: { token: string };
let mover: { token: string };
let kit: CreatedProduct;
const streams: LiveStream[] = [];

const open = async (topics: string, token = clerk.token) => {
  const stream = await openLiveStream(base, token, topics);
  streams.push(stream);
  return stream;
};
const intake = (body: object = {}) =>
  injectAs(t.app, clerk.token, {
    method: 'POST',
    url: '/api/ims/committed-sales',
    payload: {
      legacyPosInvoiceId: 'LIVE-1',
      model: kit.modelNumber,
      sourceBucket: 'KY01_B_STOCK',
      quantity: 1,
      ...body,
    },
  });
const commitTransfer = () =>
  injectAs(t.app, mover.token, {
    method: 'POST',
    url: '/api/ims/committed-transfers',
    payload: { fromBucket: 'KY01_B_STOCK', toBucket: 'KY01_DAMAGED', model: kit.modelNumber, requestedQuantity: 1 },
  });

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await createLocation(t.services, 'KY01');
  clerk = await createSignedInUser(t, { role: 'sales-1' });
  mover = await createSignedInUser(t, { role: 'admin' });
  [kit] = (await createProducts(t.db, [{ modelNumber: 'LIVE-KIT', upc: nextUpc(), serialNumberTracked: false }])) as [
    CreatedProduct,
  ];
  await receiveStock(t.services, kit, 'KY01_B_STOCK', { units: 10 });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

describe('the live event stream', () => {
  it('refuses a missing token (401) and bad topics (400 naming topics), before any stream opens', async () => {
    expect((await openLiveStream(base, 'not-a-token', 'committed-sales')).status).toBe(401);
    for (const topics of ['', 'nope', 'committed-sales,committed-sales', 'x'.repeat(300)]) {
      const res = await injectAs(t.app, clerk.token, { method: 'GET', url: `/api/live/events?topics=${topics}` });
      expect(res.statusCode, topics).toBe(400);
      expect(
        Object.keys(res.json().errors ?? {}).some((k) => k.startsWith('topics')),
        res.body,
      ).toBe(true);
    }
  });

  it('says ready, then tells each stream about its own topics only, once per committed change', async () => {
    const sales = await open('committed-sales');
    const both = await open('committed-transfers, committed-sales');
    expect(sales.status).toBe(200);
    expect((await sales.next()).event).toBe('ready');
    expect(await both.next()).toMatchObject({
      event: 'ready',
      data: { topics: ['committed-transfers', 'committed-sales'] },
    });

    expect((await intake()).statusCode).toBe(201);
    expect(await sales.next()).toMatchObject({ event: 'change', data: { topic: 'committed-sales' } });
    expect(await both.next()).toMatchObject({ event: 'change', data: { topic: 'committed-sales' } });

    expect((await commitTransfer()).statusCode).toBe(201);
    expect(await both.next()).toMatchObject({ event: 'change', data: { topic: 'committed-transfers' } });
    await new Promise((r) => setTimeout(r, 300));
    // One intake is one transaction: its notifications (the sale row, no serials) arrive once; no transfer news.
    expect(sales.events.map((e) => e.event)).toEqual(['ready', 'change']);
  });

  it('says nothing for a refused write (rolled back)', async () => {
    const sales = await open('committed-sales');
    await sales.next();
    expect((await intake({ quantity: 0 })).statusCode).toBe(400);
    expect((await intake({ model: 'NO-SUCH-MODEL' })).statusCode).toBe(422);
    await new Promise((r) => setTimeout(r, 300));
    expect(sales.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('ends open streams when the server closes, so closing does not hang', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createSignedInUser(other, { role: 'user' });
    const stream = await openLiveStream(url, user.token, 'committed-sales');
    await stream.next();
    // The HTTP server's close alone is timed (it waits for every connection: a stream left open would hold it until
    // the test's timeout); the test database's drop after it is not part of it (5.6 s once on a loaded CI machine).
    const started = performance.now();
    await other.app.close();
    const closing = performance.now() - started;
    await other.close();
    expect(closing).toBeLessThan(5_000);
  });
});
