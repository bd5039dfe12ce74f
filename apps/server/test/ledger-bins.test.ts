import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Executor } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { BinRefusal, Ledger } from '../src/modules/ledger/ledger-writer.js';
import { ZCommitSaleSchema } from '@keystone/contracts';
import { createLocation, createProducts, createUser, nextUpc, type CreatedProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Bin contents through the ledger module (issue 11): additions bounded by the bucket's unbinned on-hand, removals by
 * what the bin holds, a movement row per change, and the ledger check's two bin rules.
 */
let t: TestApp;
let kit: CreatedProduct;
let actor: { id: number; username: string; role: string };
const ledger = new Ledger();
const inTx = <T>(work: (tx: Executor) => Promise<T>) => t.db.transaction(work);

async function makeBin(name: string): Promise<{ id: number; bucket: string }> {
  const [row, bay, shelf] = name.match(/\d+/g)!.map(Number) as [number, number, number];
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf) values (${name}, 'KY01', 'NEW', 'KY01', ${row}, ${bay}, ${shelf}) returning id`,
  );
  return { id: rows[0]!.id, bucket: 'KY01' };
}
async function binQuantity(binId: number): Promise<number | null> {
  const rows = await queryRows<{ quantity: number }>(t.db, sql`select quantity from bin_items where bin_id = ${binId} and product_id = ${kit.id}`);
  return rows[0]?.quantity ?? null;
}
const movementCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from bin_movements`))[0]!.n;

async function refused(work: (tx: Executor) => Promise<unknown>, code: string) {
  const before = await movementCount();
  const error = await inTx(work).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BinRefusal);
  expect((error as BinRefusal).code).toBe(code);
  expect((error as BinRefusal).productId).toBe(kit.id);
  expect((error as BinRefusal).statusCode).toBe(422);
  expect(await movementCount()).toBe(before);
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  const user = await createUser(t.services, { role: 'admin' });
  actor = { id: user.id, username: user.username, role: 'admin' };
  [kit] = (await createProducts(t.db, [{ modelNumber: 'BIN-KIT', upc: nextUpc(), serialNumberTracked: false }])) as [CreatedProduct];
  const vendor = await t.services.vendors.create({ company_name: `Bins ${randomUUID().slice(0, 6)}`, vendor_type: 'sales' });
  const po = await t.services.purchaseOrders.create({ vendorId: vendor.id, location_code: 'KY01', purchaseOrderType: 'Default', shippingRequirements: 'Default' }, actor.id);
  const full = await t.services.purchaseOrders.addLine({ productId: kit.id, cost: 100, qty: 5, purchaseOrderId: po.id });
  const lineId = full.data.PO_LINES.at(-1)!.id;
  for (let i = 0; i < 5; i++) {
    await t.services.receiving.receive({ scannedUpc: kit.upc!, model: kit.modelNumber, poApiPoId: po.id, poApiPoItemId: lineId, receivingBucket: 'KY01' } as never, actor);
  }
});
afterAll(() => t?.close());

describe('Ledger.moveBinContents', () => {
  it('adds up to the unbinned on-hand, removes up to what the bin holds, and records every change', async () => {
    const a = await makeBin('R01-B01-S01');
    const b = await makeBin('R01-B01-S02');
    await inTx((executor) => ledger.moveBinContents({ executor, bin: a, lines: [{ productId: kit.id, delta: 3 }], reason: 'ASSIGN', userId: actor.id }));
    await inTx((executor) => ledger.moveBinContents({ executor, bin: b, lines: [{ productId: kit.id, delta: 2 }], reason: 'ASSIGN', userId: actor.id }));
    expect(await binQuantity(a.id)).toBe(3);
    expect(await binQuantity(b.id)).toBe(2);
    // Five on hand, five in bins: nothing more can be binned.
    await refused((executor) => ledger.moveBinContents({ executor, bin: b, lines: [{ productId: kit.id, delta: 1 }], reason: 'ASSIGN', userId: actor.id }), 'bin-over-on-hand');
    await refused((executor) => ledger.moveBinContents({ executor, bin: a, lines: [{ productId: kit.id, delta: -4 }], reason: 'REMOVE', userId: actor.id }), 'bin-item-short');
    await inTx((executor) => ledger.moveBinContents({ executor, bin: a, lines: [{ productId: kit.id, delta: -3 }], reason: 'PICK', userId: actor.id }));
    expect(await binQuantity(a.id)).toBeNull();
    await refused((executor) => ledger.moveBinContents({ executor, bin: a, lines: [{ productId: kit.id, delta: -1 }], reason: 'REMOVE', userId: actor.id }), 'bin-item-missing');
    const moves = await queryRows<{ reason: string; quantity_delta: number }>(t.db, sql`select reason, quantity_delta from bin_movements order by id`);
    expect(moves).toEqual([
      { reason: 'ASSIGN', quantity_delta: 3 },
      { reason: 'ASSIGN', quantity_delta: 2 },
      { reason: 'PICK', quantity_delta: -3 },
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('the ledger check reports a bucket whose bins hold more than its on-hand, and a bin quantity its movements do not explain', async () => {
    // Four of the five units leave KY01; bin B still says 2.
    await inTx((executor) => ledger.postTransfer({ executor, referenceId: 'CT-BINS', productId: kit.id, fromBucket: 'KY01', toBucket: 'TX01', quantity: 4, userId: actor.id }));
    const differences = await checkLedger(t.db);
    expect(differences).toEqual([{ kind: 'bins-over-on-hand', key: `product ${kit.id} in KY01`, expected: 1, actual: 2 }]);
    const b = (await queryRows<{ id: number }>(t.db, sql`select id from bins where bin_name = 'R01-B01-S02'`))[0]!;
    await t.db.execute(sql`update bin_items set quantity = 1 where bin_id = ${b.id}`);
    expect(await checkLedger(t.db)).toEqual([{ kind: 'bin-contents', key: `product ${kit.id} in bin ${b.id}`, expected: 2, actual: 1 }]);
  });

  it('the ledger check reports a committed sale whose pick-list flag disagrees with the pick list items', async () => {
    await t.db.execute(sql`delete from bin_items where product_id = ${kit.id}`);
    await t.db.execute(sql`delete from bin_movements where product_id = ${kit.id}`);
    const sale = await t.services.committedSales.commit(ZCommitSaleSchema.parse({ legacyPosInvoiceId: 'BINS-FLAG-1', model: kit.modelNumber, quantity: 1, sourceBucket: 'KY01' }), actor);
    expect(await checkLedger(t.db)).toEqual([]);
    await t.db.execute(sql`update committed_sales set on_pick_list = true where ims_transaction_reference_id = ${sale.ims_transaction_reference_id}`);
    expect(await checkLedger(t.db)).toEqual([{ kind: 'pick-list-flag', key: `committed sale ${sale.ims_transaction_reference_id}`, expected: 'not on a pick list', actual: 'flagged on a pick list' }]);
  });
});
