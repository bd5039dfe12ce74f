import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { Ledger, LedgerRefusal } from '../src/modules/ledger/ledger-writer.js';
import { LedgerWrites, type LedgerTx } from '../src/modules/ledger/ledger-transaction.js';
import {
  createLocation,
  createProducts,
  createUser,
  nextUpc,
  receiveStock,
  unreceiveStock,
  type CreatedProduct,
} from './factories.js';
import { correctSerials, onHand } from './stock-kit.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * The ledger's movements of live stock (issue 10 part 1), called directly as the transfers and sales services will:
 * inside the caller's transaction, which a refusal rolls back. Stock is received through the receiving service first.
 */
let t: TestApp;
let tv: CreatedProduct;
let kit: CreatedProduct;
let actor: { id: number; username: string; role: string };
const ledger = new Ledger();

async function receive(product: CreatedProduct, serials: string[][], plainUnits = 0) {
  const vendor = await t.services.vendors.create({
    company_name: `Moves ${randomUUID().slice(0, 6)}`,
    vendor_type: 'sales',
  });
  const po = await t.services.purchaseOrders.create(
    { vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' },
    actor.id,
  );
  const units = serials.length || plainUnits;
  const full = await t.services.purchaseOrders.addLine({
    productId: product.id,
    cost: 100,
    qty: units,
    purchaseOrderId: po.id,
  });
  const lineId = full.data.PO_LINES.at(-1)!.id;
  for (let i = 0; i < units; i++) {
    await t.services.receiving.receive(
      {
        scannedUpc: product.upc!,
        model: product.modelNumber,
        poApiPoId: po.id,
        poApiPoItemId: lineId,
        receivingBucket: 'KY01',
        scannedSerialNumbers: serials[i]?.join(','),
      } as never,
      actor,
    );
  }
}

// No rerun after a deadlock: these tests show that the lock order needs none.
const inTx = <T>(work: (tx: LedgerTx) => Promise<T>) =>
  new LedgerWrites(t.db, undefined, ledger, { retries: 0 }).run(work);
async function serial(number: string) {
  const rows = await queryRows<{
    id: number;
    bucket: string | null;
    location_code: string;
    condition_code: string;
    disposition_code: string;
  }>(
    t.db,
    sql`select id, bucket, location_code, condition_code, disposition_code from inventory_serials where serial_number = ${number} order by id desc limit 1`,
  );
  return rows[0]!;
}
const ledgerRows = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory_transactions`))[0]!.n;

/** A refusal of the ledger, its code, and that nothing was written. */
async function refused(work: (tx: LedgerTx) => Promise<unknown>, code: string, status: number) {
  const before = await ledgerRows();
  const error = await inTx(work).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerRefusal);
  expect((error as LedgerRefusal).code).toBe(code);
  expect((error as LedgerRefusal).statusCode).toBe(status);
  expect(await ledgerRows()).toBe(before);
  return error as LedgerRefusal;
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  const user = await createUser(t.services, { role: 'admin' });
  actor = { id: user.id, username: user.username, role: 'admin' };
  [tv, kit] = (await createProducts(t.db, [
    { modelNumber: 'MOVE-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'MOVE-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct];
  await receive(tv, [['MV-1'], ['MV-2'], ['MV-3'], ['MV-4']]);
  await receive(kit, [], 5);
});
afterAll(() => t?.close());

describe('Ledger.postTransfer', () => {
  it('moves units without serials: a row out of the source and one into the destination, paired, on-hand on both sides', async () => {
    const posted = await inTx((executor) =>
      ledger.postTransfer({
        executor,
        referenceId: 'CT-0000001',
        productId: kit.id,
        fromBucket: 'KY01',
        toBucket: 'tx01',
        quantity: 3,
        userId: actor.id,
        details: { batch: 'B1' },
      }),
    );
    expect(posted.replayed).toBe(false);
    expect(posted.transactions.map((r) => [r.bucket, r.quantityDelta])).toEqual([
      ['KY01', -3],
      ['TX01', 3],
    ]);
    expect(posted.transactions.every((r) => /^IT-\d{7,}$/.test(r.referenceId))).toBe(true);
    expect(posted.onHand).toEqual({ KY01: 2, TX01: 3 });
    expect([await onHand(t.db, kit, 'KY01'), await onHand(t.db, kit, 'TX01')]).toEqual([2, 3]);
    const rows = await queryRows<{ type: string; details: Record<string, unknown> }>(
      t.db,
      sql`select type, details from inventory_transactions where ims_transaction_reference_id in (${posted.transactions[0]!.referenceId}, ${posted.transactions[1]!.referenceId})`,
    );
    expect(rows.map((r) => r.type)).toEqual(['INVENTORY_TRANSFER', 'INVENTORY_TRANSFER']);
    expect(rows.map((r) => r.details)).toEqual([
      expect.objectContaining({
        reference_id: 'CT-0000001',
        batch: 'B1',
        movement: posted.transactions[0]!.referenceId,
        from_bucket: 'KY01',
        to_bucket: 'TX01',
      }),
      expect.objectContaining({ reference_id: 'CT-0000001', movement: posted.transactions[0]!.referenceId }),
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("moves serials to the destination's place (another condition of the same location), recording the old and new place", async () => {
    const posted = await inTx((executor) =>
      ledger.postTransfer({
        executor,
        referenceId: 'CT-0000002',
        productId: tv.id,
        fromBucket: 'KY01',
        toBucket: 'KY01_B_STOCK',
        quantity: 2,
        serials: ['mv-1', 'MV-2'],
        scannedUpc: tv.upc,
        userId: actor.id,
      }),
    );
    expect(posted.onHand).toEqual({ KY01: 2, KY01_B_STOCK: 2 });
    expect(await serial('MV-1')).toMatchObject({
      bucket: 'KY01_B_STOCK',
      location_code: 'KY01',
      condition_code: 'B_STOCK',
      disposition_code: 'LIVE',
    });
    const moves = await queryRows<Record<string, string | null>>(
      t.db,
      sql`select scanned_serial_number, scanned_upc, old_location_code, old_condition_code, old_disposition_code, new_location_code, new_condition_code, new_disposition_code
          from inventory_transaction_serials ts join inventory_transactions t on t.id = ts.transaction_id
          where t.ims_transaction_reference_id = ${posted.transactions[1]!.referenceId} order by ts.id`,
    );
    expect(moves).toEqual([
      {
        scanned_serial_number: 'MV-1',
        scanned_upc: tv.upc,
        old_location_code: 'KY01',
        old_condition_code: 'NEW',
        old_disposition_code: 'LIVE',
        new_location_code: 'KY01',
        new_condition_code: 'B_STOCK',
        new_disposition_code: 'LIVE',
      },
      expect.objectContaining({ scanned_serial_number: 'MV-2', new_condition_code: 'B_STOCK' }),
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
    // And back to another location.
    await inTx((executor) =>
      ledger.postTransfer({
        executor,
        referenceId: 'CT-0000003',
        productId: tv.id,
        fromBucket: 'KY01_B_STOCK',
        toBucket: 'TX01',
        quantity: 1,
        serials: ['MV-2'],
        userId: actor.id,
      }),
    );
    expect(await serial('MV-2')).toMatchObject({ bucket: 'TX01', location_code: 'TX01', condition_code: 'NEW' });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses, writing nothing: more than on hand, a serial not live or not in the source, the wrong count of serials, the same or an unknown bucket', async () => {
    const base = { referenceId: 'CT-0000009', userId: actor.id };
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: kit.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 3,
        }),
      'insufficient-on-hand',
      409,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: kit.id,
          fromBucket: 'KY01_DAMAGED',
          toBucket: 'TX01',
          quantity: 1,
        }),
      'insufficient-on-hand',
      409,
    );
    const notLive = await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: tv.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 1,
          serials: ['NOPE-1'],
        }),
      'serial-not-live',
      409,
    );
    expect(notLive.serials).toEqual(['NOPE-1']);
    // MV-2 is in TX01 now, not in KY01.
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: tv.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 1,
          serials: ['MV-2'],
        }),
      'serial-not-in-bucket',
      409,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: kit.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 1,
          serials: ['MV-3'],
        }),
      'serial-not-tracked',
      422,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: tv.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 2,
          serials: ['MV-3'],
        }),
      'serial-count',
      422,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: tv.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 2,
          serials: ['MV-3', 'mv-3'],
        }),
      'serial-duplicate',
      422,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: kit.id,
          fromBucket: 'KY01',
          toBucket: 'ky01',
          quantity: 1,
        }),
      'same-bucket',
      422,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: kit.id,
          fromBucket: 'KY01',
          toBucket: 'NOWHERE',
          quantity: 1,
        }),
      'unknown-bucket',
      422,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: kit.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 0,
        }),
      'bad-quantity',
      422,
    );
    await refused(
      (executor) =>
        ledger.postTransfer({
          executor,
          ...base,
          productId: 999_999,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 1,
        }),
      'unknown-product',
      422,
    );
    expect(await serial('MV-3')).toMatchObject({ bucket: 'KY01', disposition_code: 'LIVE' });
    expect(await onHand(t.db, kit, 'KY01')).toBe(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('applies a retried request once and answers the same rows', async () => {
    const request = randomUUID();
    const post = () =>
      inTx((executor) =>
        ledger.postTransfer({
          executor,
          referenceId: 'CT-0000004',
          productId: kit.id,
          fromBucket: 'TX01',
          toBucket: 'KY01',
          quantity: 1,
          userId: actor.id,
          clientRequestId: request,
        }),
      );
    const first = await post();
    const again = await post();
    expect(again.replayed).toBe(true);
    expect(again.transactions).toEqual(first.transactions);
    expect([await onHand(t.db, kit, 'TX01'), await onHand(t.db, kit, 'KY01')]).toEqual([2, 3]);
    await refused(
      (executor) =>
        ledger.postSale({
          executor,
          referenceId: 'INV-X',
          productId: kit.id,
          fromBucket: 'KY01',
          quantity: 1,
          userId: actor.id,
          clientRequestId: request,
        }),
      'request-reused',
      409,
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('Ledger.postSale', () => {
  it('takes units out of the source bucket; serials leave live stock as SOLD and cannot be sold or moved again', async () => {
    const plain = await inTx((executor) =>
      ledger.postSale({
        executor,
        referenceId: 'INV-1001',
        productId: kit.id,
        fromBucket: 'KY01',
        quantity: 2,
        userId: actor.id,
        details: { legacy_pos_invoice_id: 'INV-1001' },
      }),
    );
    expect(plain.transactions).toEqual([
      expect.objectContaining({ bucket: 'KY01', quantityDelta: -2, referenceId: expect.stringMatching(/^IS-\d{7,}$/) }),
    ]);
    expect(plain.onHand).toEqual({ KY01: 1 });

    const sold = await inTx((executor) =>
      ledger.postSale({
        executor,
        referenceId: 'INV-1002',
        productId: tv.id,
        fromBucket: 'KY01',
        quantity: 1,
        serials: ['MV-3'],
        userId: actor.id,
      }),
    );
    expect(sold.onHand).toEqual({ KY01: 1 });
    expect(await serial('MV-3')).toMatchObject({ bucket: null, disposition_code: 'SOLD' });
    const [move] = await queryRows<{ old_disposition_code: string; new_disposition_code: string; type: string }>(
      t.db,
      sql`select ts.old_disposition_code, ts.new_disposition_code, t.type from inventory_transaction_serials ts join inventory_transactions t on t.id = ts.transaction_id
          where t.ims_transaction_reference_id = ${sold.transactions[0]!.referenceId}`,
    );
    expect(move).toEqual({ old_disposition_code: 'LIVE', new_disposition_code: 'SOLD', type: 'INVENTORY_SALE' });
    await refused(
      (executor) =>
        ledger.postSale({
          executor,
          referenceId: 'INV-1003',
          productId: tv.id,
          fromBucket: 'KY01',
          quantity: 1,
          serials: ['MV-3'],
          userId: actor.id,
        }),
      'serial-not-live',
      409,
    );
    await refused(
      (executor) =>
        ledger.postSale({
          executor,
          referenceId: 'INV-1003',
          productId: kit.id,
          fromBucket: 'KY01',
          quantity: 2,
          userId: actor.id,
        }),
      'insufficient-on-hand',
      409,
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('movements racing each other (real concurrency on PostgreSQL, queued on PGlite)', () => {
  it('the same serial in two transfers at once moves once; the last unit sold and transferred at once goes once; opposite transfers do not deadlock', async () => {
    const [race] = (await createProducts(t.db, [
      { modelNumber: 'MOVE-RACE', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ])) as [CreatedProduct];
    const [last] = (await createProducts(t.db, [
      { modelNumber: 'MOVE-LAST', upc: nextUpc(), serialNumberTracked: false },
    ])) as [CreatedProduct];
    await receive(race, [['RACE-1'], ['RACE-2'], ['RACE-3']]);
    await receive(last, [], 1);
    const settle = (work: (tx: LedgerTx) => Promise<unknown>) =>
      inTx(work).then(
        () => 'done',
        (e: unknown) => (e instanceof LedgerRefusal ? e.code : Promise.reject(e)),
      );

    const twice = await Promise.all(
      ['TX01', 'KY01_B_STOCK'].map((to) =>
        settle((executor) =>
          ledger.postTransfer({
            executor,
            referenceId: 'CT-RACE',
            productId: race.id,
            fromBucket: 'KY01',
            toBucket: to,
            quantity: 1,
            serials: ['RACE-1'],
            userId: actor.id,
          }),
        ),
      ),
    );
    expect(twice.sort()).toEqual(['done', 'serial-not-in-bucket']);

    const lastUnit = await Promise.all([
      settle((executor) =>
        ledger.postSale({
          executor,
          referenceId: 'INV-RACE',
          productId: last.id,
          fromBucket: 'KY01',
          quantity: 1,
          userId: actor.id,
        }),
      ),
      settle((executor) =>
        ledger.postTransfer({
          executor,
          referenceId: 'CT-RACE-2',
          productId: last.id,
          fromBucket: 'KY01',
          toBucket: 'TX01',
          quantity: 1,
          userId: actor.id,
        }),
      ),
    ]);
    expect(lastUnit.sort()).toEqual(['done', 'insufficient-on-hand']);
    expect(await onHand(t.db, last, 'KY01')).toBe(0);

    // RACE-2 from KY01 to RACE-1's bucket while RACE-1 comes back: opposite directions over the same two on-hand rows, locked in one order.
    const first = await serial('RACE-1');
    const opposite = await Promise.all([
      settle((executor) =>
        ledger.postTransfer({
          executor,
          referenceId: 'CT-OPP-1',
          productId: race.id,
          fromBucket: 'KY01',
          toBucket: first.bucket!,
          quantity: 1,
          serials: ['RACE-2'],
          userId: actor.id,
        }),
      ),
      settle((executor) =>
        ledger.postTransfer({
          executor,
          referenceId: 'CT-OPP-2',
          productId: race.id,
          fromBucket: first.bucket!,
          toBucket: 'KY01',
          quantity: 1,
          serials: ['RACE-1'],
          userId: actor.id,
        }),
      ),
    ]);
    expect(opposite).toEqual(['done', 'done']);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('the ledger check on movements', () => {
  it('names a transfer row without its pair and a live serial whose bucket is not its place', async () => {
    // Deliberately written around the ledger: a lone transfer row and a misplaced serial, for the check.
    const [row] = await queryRows<{ reference: string }>(
      t.db,
      sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, details)
          values ('IT-LONE-1', 'INVENTORY_TRANSFER', ${kit.id}, 'TX01', 1, ${actor.id}, '{"movement": "IT-LONE-1"}'::jsonb) returning ims_transaction_reference_id as reference`,
    );
    // Deliberately written around the ledger (as above): on-hand to match the lone row, and the serial moved.
    await t.db.execute(
      sql`update inventory set quantity = quantity + 1 where product_id = ${kit.id} and bucket = 'TX01'`,
    );
    await t.db.execute(sql`update inventory_serials set bucket = 'KY01_DAMAGED' where serial_number = 'MV-4'`);
    const differences = await checkLedger(t.db);
    expect(differences).toContainEqual(expect.objectContaining({ kind: 'movement', key: row!.reference }));
    expect(differences).toContainEqual(
      expect.objectContaining({ kind: 'serial-bucket', key: expect.stringContaining('MV-4') }),
    );
    expect(differences.filter((d) => d.kind === 'on-hand')).toEqual([]);
  });
});

describe('dated un-receipts and force pushes (a loader of past documents gives `at`)', () => {
  it('carry that time on their ledger rows and serial movement rows', async () => {
    const number = `MV-AT-${randomUUID().slice(0, 8)}`;
    const { lineId, references } = await receiveStock(
      t.services,
      tv,
      'KY01',
      { serials: [[number]] },
      { at: '2020-02-01T00:00:00Z' },
    );
    const unreceivedAt = '2020-02-03T04:05:06.000Z';
    const reversal = await unreceiveStock(t.services, { referenceId: references[0]!, lineId }, { at: unreceivedAt });
    // The un-received number is live nowhere: the force push creates it in TX01 (one row, +1).
    const pushedAt = '2020-02-04T07:08:09.000Z';
    const pushed = await correctSerials(t.services, tv, 'TX01', [number], { at: pushedAt });
    expect(pushed!.correction).toBe('create');
    const times = async (reference: string) => {
      const rows = await queryRows<{ created_at: Date | string; scanned_at: Date | string }>(
        t.db,
        sql`select t.created_at, ts.scanned_at from inventory_transactions t
            join inventory_transaction_serials ts on ts.transaction_id = t.id where t.ims_transaction_reference_id = ${reference}`,
      );
      return rows.map((r) => [new Date(r.created_at).toISOString(), new Date(r.scanned_at).toISOString()]);
    };
    expect(await times(reversal)).toEqual([[unreceivedAt, unreceivedAt]]);
    expect(await times(pushed!.transactions[0]!.referenceId)).toEqual([[pushedAt, pushedAt]]);
    expect((await serial(number)).bucket).toBe('TX01');
  });
});
