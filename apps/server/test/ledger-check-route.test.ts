import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProducts, createSignedInUser, nextUpc } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { queryRows } from '../src/db/database.js';

/** GET /api/ledger/check: the ledger check as a call, for developers (and the browser tests' closing check). */
let t: TestApp;
let developer: string;
let receiver: string;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  developer = (await createSignedInUser(t, { role: 'developer' })).token;
  receiver = (await createSignedInUser(t, { role: 'warehouse-2' })).token;
});
afterAll(() => t?.close());

const check = (token: string) => t.app.inject({ method: 'GET', url: '/api/ledger/check', headers: bearer(token) });

describe('GET /api/ledger/check', () => {
  it('answers clean on a consistent database, and names an on-hand figure that the ledger does not explain', async () => {
    const clean = await check(developer);
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ clean: true, differences: [] });

    const [product] = await createProducts(t.db, [{ modelNumber: 'LEDGER-CHK', upc: nextUpc() }]);
    // A figure written behind the ledger's back: exactly what the check exists to catch.
    // Deliberately written around the ledger: an on-hand row the ledger does not explain.
    await t.db.execute(sql`insert into inventory (product_id, bucket, quantity) values (${product!.id}, 'KY01', 3)`);
    const dirty = await check(developer);
    expect(dirty.statusCode).toBe(200);
    const body = dirty.json();
    expect(body.clean).toBe(false);
    expect(body.differences).toContainEqual(expect.objectContaining({ kind: 'on-hand', expected: 0, actual: 3 }));
  });

  it('names a serial that is not where its last movement put it (the last of several movements counts)', async () => {
    const [product] = await createProducts(t.db, [
      { modelNumber: 'LEDGER-SER', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ]);
    const user = await createSignedInUser(t, { role: 'admin' });
    // Deliberately written around the ledger: a serial and its movements as a bug would leave them, for the check.
    const [serial] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into inventory_serials (serial_number, product_id, bucket, location_code, condition_code, disposition_code)
      values ('LEDGER-SER-1', ${product!.id}, 'KY01', 'KY01', 'NEW', 'LIVE') returning id`,
    );
    const move = async (ref: string, type: string, delta: number, disposition: string) => {
      // Deliberately written around the ledger: a movement and its serial row as a bug would leave them.
      const [tx] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id)
        values (${ref}, ${type}, ${product!.id}, 'KY01', ${delta}, ${user.id}) returning id`,
      );
      // Deliberately written around the ledger (the serial row of the movement above).
      await t.db
        .execute(sql`insert into inventory_transaction_serials (transaction_id, serial_id, scanned_serial_number, new_location_code, new_condition_code, new_disposition_code)
        values (${tx!.id}, ${serial!.id}, 'LEDGER-SER-1', 'KY01', 'NEW', ${disposition})`);
    };
    await move('IR-LSER-1', 'INVENTORY_RECEIPT', 1, 'LIVE');
    await move('IU-LSER-1', 'INVENTORY_UNRECEIPT', -1, 'UNRECEIVED');
    // The serial row still says LIVE though its last movement took it out of stock.
    const body = (await check(developer)).json();
    expect(body.differences).toContainEqual(
      expect.objectContaining({
        kind: 'serial-place',
        key: `serial LEDGER-SER-1 (${serial!.id})`,
        expected: 'UNRECEIVED KY01',
        actual: 'LIVE KY01',
      }),
    );
  });

  it('is refused without dev-route:view', async () => {
    expect((await check(receiver)).statusCode).toBe(403);
  });
});
