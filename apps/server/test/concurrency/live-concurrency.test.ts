import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createProducts, nextUpc, receiveStock, type CreatedProduct } from '../factories.js';
import { openLiveStream, type LiveStream } from '../live-stream.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
} from './server-processes.js';

/**
 * Live boards across API processes (issue 10 part 5): a change made through one server process reaches the event
 * streams of another, through PostgreSQL LISTEN/NOTIFY; a lost listening connection comes back by itself and tells
 * its streams to resync.
 */
const dbName = `kt_conc_live_${randomBytes(5).toString('hex')}`;
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let kit: CreatedProduct;
const streams: LiveStream[] = [];
const PASSWORD = 'concurrency-password';

const intake = (server: number, invoice: string) =>
  fetch(`${servers[server]!.url}/api/ims/committed-sales`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[server]}` },
    body: JSON.stringify({
      legacyPosInvoiceId: invoice,
      model: kit.modelNumber,
      sourceBucket: 'KY01_B_STOCK',
      quantity: 1,
    }),
  });

beforeAll(async () => {
  const url = await createScratchDatabase(dbName);
  database = await openPostgres(url);
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [kit] = (await createProducts(database.db, [
    { modelNumber: 'CONC-LIVE-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct];
  await receiveStock(services, kit, 'KY01_B_STOCK', { units: 20 });
  await services.users.create({ username: 'conc-live', password: PASSWORD, role: 'admin' });
  servers = await Promise.all([startServerProcess(url), startServerProcess(url)]);
  tokens = await signInOnEach(servers, 'conc-live', PASSWORD);
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('live boards across two server processes', () => {
  it('a sale committed through one process reaches a board following the other', async () => {
    const stream = await openLiveStream(servers[0]!.url, tokens[0]!, 'committed-sales');
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready');
    for (let i = 0; i < 3; i++) {
      const sent = performance.now();
      expect((await intake(1, `LIVE-X-${i}`)).status).toBe(201);
      const change = await stream.next((e) => e.event === 'change');
      expect(change.data.topic).toBe('committed-sales');
      expect(change.receivedAt).toBeGreaterThan(sent);
    }
  });

  it('a lost listening connection reconnects by itself, tells its streams to resync, and changes flow again', async () => {
    const stream = await openLiveStream(servers[0]!.url, tokens[0]!, 'committed-sales');
    streams.push(stream);
    await stream.next((e) => e.event === 'ready');
    const killed = await queryRows<{ n: number }>(
      database.db,
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = ${dbName} and backend_type = 'client backend' and query ilike 'listen %'`,
    );
    expect(killed[0]!.n).toBe(2); // the one listening connection of each process, which every channel shares
    expect(await stream.next((e) => e.event === 'resync', 10_000)).toMatchObject({
      data: { topics: ['committed-sales'] },
    });
    expect((await intake(1, 'LIVE-AFTER')).status).toBe(201);
    expect(await stream.next((e) => e.event === 'change')).toMatchObject({ data: { topic: 'committed-sales' } });
    expect(servers.every((s) => !s.exited())).toBe(true);
  });
});
