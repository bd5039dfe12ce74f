import { randomUUID } from 'node:crypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, schema, type Database } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { ReceivingService } from '../src/modules/receiving/receiving.service.js';
import {
  createLocation,
  createPoLine,
  createProducts,
  createSignedInUser,
  nextUpc,
  type CreatedProduct,
} from './factories.js';
import { onHand } from './stock-kit.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Issue 9 part 5: a receiving scan is a few statements, not one per figure. The scan runs through a
 * ReceivingService over the test database's own client with a query logger, which sees every statement the
 * transaction sends between its BEGIN and COMMIT.
 */
let t: TestApp;
let tracked: CreatedProduct;
let plain: CreatedProduct;
let actor: { id: number; username: string; role: string };
const statements: string[] = [];
/**
 * PostgreSQL: round trips to the server (one ReadyForQuery ends each), counted on the connections the scan's service
 * checks out, while it holds them (the app's other work, such as the job queue's polls, shares the pool).
 */
let roundTrips = 0;

type CountedClient = { connection: { on(event: string, listener: () => void): void }; release(error?: unknown): void };
type PoolLike = { connect(): Promise<CountedClient> };

/** The test database's pool, its checkouts counted: drizzle still sees a Pool (its transactions check out a client). */
function countedPool(pool: PoolLike): PoolLike {
  const listening = new WeakSet<object>();
  const held = new Set<object>();
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown;
      return async () => {
        const client = await target.connect();
        if (!listening.has(client)) {
          listening.add(client);
          client.connection.on('readyForQuery', () => void (held.has(client) && roundTrips++));
        }
        held.add(client);
        const release = client.release.bind(client);
        client.release = (error?: unknown) => {
          held.delete(client);
          client.release = release;
          release(error);
        };
        return client;
      };
    },
  });
}

function loggedDatabase(): Database {
  // node-postgres's session logs its BEGIN and COMMIT too, PGlite's does not: they are left out on both.
  const logger = {
    logQuery: (query: string) => void (/^(begin|commit|rollback)\b/i.test(query.trim()) || statements.push(query)),
  };
  const client = (t.db as unknown as { $client: never }).$client;
  return (t.dbKind === 'pglite'
    ? drizzlePglite(client, { schema, logger })
    : drizzlePostgres(countedPool(client) as never, { schema, logger })) as unknown as Database;
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  const user = await createSignedInUser(t, { role: 'admin' });
  actor = { id: user.id, username: user.username, role: 'admin' };
  [tracked, plain] = (await createProducts(t.db, [
    { modelNumber: 'TRIP-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'TRIP-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct];
});
afterAll(() => t?.close());

async function scan(product: CreatedProduct, line: { poId: number; lineId: number }, serials: string[]) {
  const receiving = new ReceivingService(loggedDatabase());
  statements.length = 0;
  const tripsBefore = roundTrips;
  const result = await receiving.receive(
    {
      scannedUpc: product.upc!,
      model: product.modelNumber,
      poApiPoId: line.poId,
      poApiPoItemId: line.lineId,
      receivingBucket: 'KY01',
      scannedSerialNumbers: serials.join(','),
      clientScanId: randomUUID(),
    } as never,
    actor,
  );
  return { result, count: statements.length, statements: [...statements], roundTrips: roundTrips - tripsBefore };
}

describe('the statements of one receiving scan', () => {
  it('a serial-tracked unit: two statements inside its transaction (seventeen before)', async () => {
    const line = await createPoLine(t.services, tracked, { qty: 5, cost: 250, buyerId: actor.id });
    const first = await scan(tracked, line, ['TRIP-SN-1']);
    expect(first.result).toMatchObject({ message: 'Success', qty_received: 1, qty_ordered: 5 });
    expect(first.count, first.statements.join('\n---\n')).toBeLessThanOrEqual(2);
    // On PostgreSQL BEGIN goes with the first statement and COMMIT with the last (db/transaction-pipeline.ts).
    if (t.dbKind === 'postgres') expect(first.roundTrips).toBe(2);
    const second = await scan(tracked, line, ['TRIP-SN-2']);
    expect(second.result).toMatchObject({ qty_received: 2 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a serial received already is refused by the last statement, and the scan changes nothing', async () => {
    const line = await createPoLine(t.services, tracked, { qty: 5, cost: 250, buyerId: actor.id });
    await scan(tracked, line, ['TRIP-SN-9']);
    const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db, query);
    const before = await onHand(t.db, tracked, 'KY01');
    // The statement that would write the receipt finds the serial live, raises instead of answering (so the COMMIT
    // sent with it is skipped) and the service refuses the scan.
    await expect(scan(tracked, line, ['trip-sn-9'])).rejects.toMatchObject({ statusCode: 422 });
    expect(await onHand(t.db, tracked, 'KY01')).toBe(before);
    const [row] = await rows<{ qty_received: number }>(
      sql`select qty_received from purchase_order_items where id = ${line.lineId}`,
    );
    expect(row!.qty_received).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a unit without serials: two statements inside its transaction (twelve before)', async () => {
    const line = await createPoLine(t.services, plain, { qty: 5, cost: 250, buyerId: actor.id });
    const first = await scan(plain, line, []);
    expect(first.result).toMatchObject({ message: 'Success', qty_received: 1, qty_ordered: 5 });
    expect(first.count, first.statements.join('\n---\n')).toBeLessThanOrEqual(2);
    if (t.dbKind === 'postgres') expect(first.roundTrips).toBe(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
