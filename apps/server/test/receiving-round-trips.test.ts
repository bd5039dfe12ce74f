import { randomUUID } from 'node:crypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { ReceivingService } from '../src/modules/receiving/receiving.service.js';
import { createLocation, createProducts, createSignedInUser, nextUpc, type CreatedProduct } from './factories.js';
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

function loggedDatabase(): Database {
  // node-postgres's session logs its BEGIN and COMMIT too, PGlite's does not: they are left out on both.
  const logger = { logQuery: (query: string) => void (/^(begin|commit|rollback)\b/i.test(query.trim()) || statements.push(query)) };
  const client = (t.db as unknown as { $client: never }).$client;
  return (t.dbKind === 'pglite' ? drizzlePglite(client, { schema, logger }) : drizzlePostgres(client, { schema, logger })) as unknown as Database;
}

async function newLine(product: CreatedProduct, qty: number) {
  const vendor = await t.services.vendors.create({ company_name: `Trips ${randomUUID().slice(0, 6)}`, vendor_type: 'sales' });
  const po = await t.services.purchaseOrders.create({ vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' }, actor.id);
  const full = await t.services.purchaseOrders.addLine({ productId: product.id, cost: 250, qty, purchaseOrderId: po.id });
  return { poId: po.id, lineId: full.data.PO_LINES.at(-1)!.id };
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
  const result = await receiving.receive(
    { scannedUpc: product.upc!, model: product.modelNumber, poApiPoId: line.poId, poApiPoItemId: line.lineId, receivingBucket: 'KY01', scannedSerialNumbers: serials.join(','), clientScanId: randomUUID() } as never,
    actor,
  );
  return { result, count: statements.length, statements: [...statements] };
}

describe('the statements of one receiving scan', () => {
  it('a serial-tracked unit: three statements inside its transaction (seventeen before)', async () => {
    const line = await newLine(tracked, 5);
    const first = await scan(tracked, line, ['TRIP-SN-1']);
    expect(first.result).toMatchObject({ message: 'Success', qty_received: 1, qty_ordered: 5 });
    expect(first.count, first.statements.join('\n---\n')).toBeLessThanOrEqual(3);
    const second = await scan(tracked, line, ['TRIP-SN-2']);
    expect(second.result).toMatchObject({ qty_received: 2 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a unit without serials: two statements inside its transaction (twelve before)', async () => {
    const line = await newLine(plain, 5);
    const first = await scan(plain, line, []);
    expect(first.result).toMatchObject({ message: 'Success', qty_received: 1, qty_ordered: 5 });
    expect(first.count, first.statements.join('\n---\n')).toBeLessThanOrEqual(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
