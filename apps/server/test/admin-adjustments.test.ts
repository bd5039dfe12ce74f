import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ADJUSTMENT_AUDIT_TYPE,
  ADMIN_ADJUSTMENT_MESSAGES,
  ROLE_PERMISSIONS,
  ROLES,
  type TAccountingInventoryReport,
  type TAdjustableInventory,
  type TInventoryTransactionDetail,
  type TPreviousAuditAdjustment,
} from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { Ledger, LedgerRefusal } from '../src/modules/ledger/ledger-writer.js';
import { LedgerWrites } from '../src/modules/ledger/ledger-transaction.js';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { onHand } from './stock-kit.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/**
 * Admin-level inventory adjustments (issue 12 item 4): the four ims/audit-adjustments calls, the accounting inventory
 * report, Ledger.postQuantityAdjustment and the ledger check's rule for it, and the INVENTORY_AUDIT_ADJUSTMENT detail.
 */
let t: TestApp;
let admin: { token: string; username: string; id: number };
let warehouseAdmin: string;
let tv: CreatedProduct;
let kit: CreatedProduct;
const ledger = new Ledger();

const ledgerRows = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory_transactions`))[0]!.n;
const put = (payload: Record<string, unknown>, token = admin.token) =>
  injectAs(t.app, token, { method: 'PUT', url: '/api/ims/audit-adjustments', payload });
const inventoryOf = (model: string, token = admin.token) =>
  injectAs(t.app, token, { method: 'GET', url: `/api/ims/audit-adjustments?model=${encodeURIComponent(model)}` });
const previous = (model: string, bucket: string, token = admin.token) =>
  injectAs(t.app, token, {
    method: 'GET',
    url: `/api/ims/audit-adjustments/previous-audit-adjustments?legacyBucket=${bucket}&product=${encodeURIComponent(model)}`,
  });

/** A refused PUT: its status, the fields its errors name, and nothing written. */
async function refusedPut(payload: Record<string, unknown>, status: number, field: string) {
  const before = await ledgerRows();
  const res = await put(payload);
  expect(res.statusCode).toBe(status);
  // A 400 (validation) and a 422 (the service) name the field alike (notes).
  expect(Object.keys(res.json().errors ?? {})).toContain(field);
  expect(await ledgerRows()).toBe(before);
  return res.json() as { message: string; errors: Record<string, string[]> };
}

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  admin = await createSignedInUser(t, { role: 'admin' });
  warehouseAdmin = (await createSignedInUser(t, { role: 'warehouse-admin' })).token;
  [tv, kit] = (await createProducts(t.db, [
    {
      modelNumber: 'ADJ-TV',
      upc: nextUpc(),
      serialNumberTracked: true,
      numOfSerialsPerItem: 1,
      currentCostCents: 12_345,
    },
    { modelNumber: 'ADJ-KIT', upc: nextUpc(), currentCostCents: 1_999 },
  ])) as [CreatedProduct, CreatedProduct];
  await receiveStock(t.services, kit, 'KY01', { units: 5 });
  await receiveStock(t.services, tv, 'KY01', { serials: [['ADJ-S1'], ['ADJ-S2']] });
});
afterAll(() => t?.close());

describe('inventory:admin-adjust', () => {
  it('is the admin’s and the developer’s only; every adjustment call answers 403 without it, and nothing is written', async () => {
    const holders = ROLES.filter((r) => (ROLE_PERMISSIONS[r] as readonly string[]).includes('inventory:admin-adjust'));
    expect(holders.sort()).toEqual(['admin', 'developer']);
    const before = await ledgerRows();
    expect(
      (await put({ model: kit.modelNumber, legacyBucket: 'KY01', notes: 'n', quantity: 1 }, warehouseAdmin)).statusCode,
    ).toBe(403);
    expect((await inventoryOf(kit.modelNumber, warehouseAdmin)).statusCode).toBe(403);
    expect((await previous(kit.modelNumber, 'KY01', warehouseAdmin)).statusCode).toBe(403);
    expect(
      (await injectAs(t.app, warehouseAdmin, { method: 'GET', url: '/api/ims/audit-adjustments/buckets' })).statusCode,
    ).toBe(403);
    expect(await ledgerRows()).toBe(before);
    expect(await onHand(t.db, kit, 'KY01')).toBe(5);
  });
});

describe('GET /api/ims/audit-adjustments', () => {
  it("lists the model's buckets and quantities, any case; 404 naming model when it does not exist", async () => {
    const res = await inventoryOf('adj-kit');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TAdjustableInventory;
    expect(body.product.model).toBe('ADJ-KIT');
    expect(body.data.map((r) => [r.bucket, r.quantity])).toEqual([['KY01', 5]]);
    const unknown = await inventoryOf('NO-SUCH-MODEL');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.model).toEqual([ADMIN_ADJUSTMENT_MESSAGES.unknownModel('NO-SUCH-MODEL')]);
  });

  it('answers an empty list for a model with no inventory (the page says the spec message)', async () => {
    const [bare] = await createProducts(t.db, [{ modelNumber: 'ADJ-BARE' }]);
    const body = (await inventoryOf(bare!.modelNumber)).json() as TAdjustableInventory;
    expect(body.data).toEqual([]);
  });

  it('lists the active buckets for the Change Bucket dialog', async () => {
    const res = await injectAs(t.app, admin.token, { method: 'GET', url: '/api/ims/audit-adjustments/buckets' });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data as { bucket: string }[]).map((b) => b.bucket);
    expect(names).toContain('KY01');
    expect(names).toContain('TX01_B_STOCK');
    expect([...names].sort()).toEqual(names);
  });
});

describe('PUT /api/ims/audit-adjustments', () => {
  it('adjusts up and down as one INVENTORY_AUDIT_ADJUSTMENT each, with old and new quantity, the user and the notes', async () => {
    const up = await put({
      username: admin.username,
      model: 'adj-kit',
      legacyBucket: 'ky01',
      notes: '  Found a case behind the rack  ',
      quantity: 8,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      model: 'ADJ-KIT',
      bucket: 'KY01',
      old_quantity: 5,
      new_quantity: 8,
      quantity_delta: 3,
    });
    expect(up.json().ims_transaction_reference_id).toMatch(/^IA-\d{7,}$/);
    expect(await onHand(t.db, kit, 'KY01')).toBe(8);

    const down = await put({ model: kit.modelNumber, legacyBucket: 'KY01', notes: 'Two were damaged', quantity: '6' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ old_quantity: 8, new_quantity: 6, quantity_delta: -2 });
    expect(await onHand(t.db, kit, 'KY01')).toBe(6);

    const [row] = await queryRows<{
      type: string;
      quantity_delta: number;
      user_id: number;
      notes: string;
      details: Record<string, unknown>;
    }>(
      t.db,
      sql`select type, quantity_delta, user_id, notes, details from inventory_transactions where ims_transaction_reference_id = ${up.json().ims_transaction_reference_id}`,
    );
    expect(row).toMatchObject({
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      quantity_delta: 3,
      user_id: admin.id,
      notes: 'Found a case behind the rack',
    });
    expect(row!.details).toMatchObject({
      reason: 'admin_adjustment',
      old_quantity: 5,
      new_quantity: 8,
      audit_bucket: 'KY01',
      submit_notes: 'Found a case behind the rack',
      audit_type_code: ADMIN_ADJUSTMENT_AUDIT_TYPE,
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('zeroes a bucket out (quantity 0), and the bucket stays listed at 0', async () => {
    await receiveStock(t.services, kit, 'TX01', { units: 3 });
    const res = await put({
      model: kit.modelNumber,
      legacyBucket: 'TX01',
      notes: 'Store closed: stock written off',
      quantity: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ old_quantity: 3, new_quantity: 0, quantity_delta: -3 });
    expect(await onHand(t.db, kit, 'TX01')).toBe(0);
    const body = (await inventoryOf(kit.modelNumber)).json() as TAdjustableInventory;
    expect(body.data.find((r) => r.bucket === 'TX01')?.quantity).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('adds stock to a bucket the model was never in (Change Bucket Not Listed Here)', async () => {
    const res = await put({
      model: kit.modelNumber,
      legacyBucket: 'KY01_B_STOCK',
      notes: 'Open-box units found',
      quantity: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ old_quantity: 0, new_quantity: 2 });
    expect(await onHand(t.db, kit, 'KY01_B_STOCK')).toBe(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('requires notes (400 naming notes), a whole quantity of at least 0 (400 naming quantity), a model and a bucket', async () => {
    const base = { model: kit.modelNumber, legacyBucket: 'KY01', quantity: 4 };
    const blank = await refusedPut({ ...base, notes: '   ' }, 400, 'notes');
    expect(JSON.stringify(blank.errors)).toContain(ADMIN_ADJUSTMENT_MESSAGES.notesRequired);
    await refusedPut({ ...base, notes: undefined }, 400, 'notes');
    await refusedPut({ ...base, notes: 'x', quantity: -1 }, 400, 'quantity');
    await refusedPut({ ...base, notes: 'x', quantity: 1.5 }, 400, 'quantity');
    await refusedPut({ ...base, notes: 'x', quantity: 'ten' }, 400, 'quantity');
    await refusedPut({ ...base, notes: 'x', model: '' }, 400, 'model');
    await refusedPut({ ...base, notes: 'x', legacyBucket: '' }, 400, 'legacyBucket');
  });

  it('refuses an unknown model or bucket (422 naming model / legacyBucket), an unchanged quantity, another user’s name', async () => {
    await refusedPut({ model: 'NO-SUCH-MODEL', legacyBucket: 'KY01', notes: 'x', quantity: 1 }, 422, 'model');
    await refusedPut({ model: kit.modelNumber, legacyBucket: 'NOWHERE', notes: 'x', quantity: 1 }, 422, 'legacyBucket');
    const same = await refusedPut(
      { model: kit.modelNumber, legacyBucket: 'KY01', notes: 'x', quantity: await onHand(t.db, kit, 'KY01') },
      422,
      'quantity',
    );
    expect(same.message).toContain('already holds');
    await refusedPut(
      { username: 'someone-else', model: kit.modelNumber, legacyBucket: 'KY01', notes: 'x', quantity: 1 },
      422,
      'username',
    );
  });

  it('sets a quantity below what the bucket’s bins hold: the excess leaves the bins, fewest units first (issue 32)', async () => {
    const bin = await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/ims/bins',
      payload: { row: 9, bay: 9, shelf: 9, locationCode: 'KY01', conditionCode: 'NEW' },
    });
    expect(bin.statusCode).toBe(201);
    const [product] = await createProducts(t.db, [{ modelNumber: 'ADJ-BINNED', upc: nextUpc() }]);
    await receiveStock(t.services, product!, 'KY01', { units: 4 });
    const binned = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/ims/bins/${bin.json().id}/items`,
      payload: { isAdding: true, items: [{ upc: product!.upc, updateQty: 3 }] },
    });
    expect(binned.statusCode).toBe(200);
    expect(
      (await put({ model: product!.modelNumber, legacyBucket: 'KY01', notes: 'Count', quantity: 1 })).statusCode,
    ).toBe(200);
    expect((await inventoryOf(product!.modelNumber)).json().data[0]).toMatchObject({ quantity: 1, binned_quantity: 1 });
    const contents = await injectAs(t.app, admin.token, {
      method: 'GET',
      url: `/api/ims/bins?locationCode=KY01&searchTerm=R09-B09-S09&includeItems=1`,
    });
    expect(contents.json().data[0].items).toEqual([expect.objectContaining({ upc: product!.upc, quantity: 1 })]);
    const preview = await injectAs(t.app, admin.token, {
      method: 'GET',
      url: `/api/ims/inventory/product/preview?model=${product!.modelNumber}`,
    });
    expect(preview.json().inventory).toEqual([
      expect.objectContaining({ bucket: 'KY01', quantity: 1, binned_quantity: 1 }),
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('does not move serials: a serialized product’s serials stay where they are', async () => {
    const res = await put({
      model: tv.modelNumber,
      legacyBucket: 'KY01',
      notes: 'One unit missing at count',
      quantity: 1,
    });
    expect(res.statusCode).toBe(200);
    const serials = await queryRows<{ serial_number: string; bucket: string; disposition_code: string }>(
      t.db,
      sql`select serial_number, bucket, disposition_code from inventory_serials where product_id = ${tv.id} order by serial_number`,
    );
    expect(serials).toEqual([
      { serial_number: 'ADJ-S1', bucket: 'KY01', disposition_code: 'LIVE' },
      { serial_number: 'ADJ-S2', bucket: 'KY01', disposition_code: 'LIVE' },
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('two adjustments of one bucket at once queue: the second records what the first left', async () => {
    const [racer] = await createProducts(t.db, [{ modelNumber: 'ADJ-RACE', upc: nextUpc() }]);
    await receiveStock(t.services, racer!, 'KY01', { units: 2 });
    const answers = await Promise.all(
      [10, 20].map((q) => put({ model: racer!.modelNumber, legacyBucket: 'KY01', notes: `race ${q}`, quantity: q })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const olds = answers.map((a) => a.json().old_quantity as number).sort((a, b) => a - b);
    expect(olds[0]).toBe(2);
    expect([10, 20]).toContain(olds[1]);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('GET /api/ims/audit-adjustments/previous-audit-adjustments', () => {
  it('lists every audit adjustment of the product in the bucket, newest first, force pushes too', async () => {
    // A force push into KY01 (a serial that did not exist): an INVENTORY_AUDIT_ADJUSTMENT of another reason.
    await new LedgerWrites(t.db).run((executor) =>
      ledger.postSerialCorrection({
        executor,
        referenceId: 'CT-0099999',
        productId: tv.id,
        bucket: 'KY01',
        serials: ['ADJ-S3'],
        userId: admin.id,
      }),
    );
    const res = await previous(tv.modelNumber, 'KY01');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as TPreviousAuditAdjustment[];
    expect(rows.map((r) => [r.reason, r.old_quantity, r.new_quantity, r.tally_notes?.slice(0, 10)])).toEqual([
      ['force_push', 1, 2, 'Force push'],
      ['admin_adjustment', 2, 1, 'One unit m'],
    ]);
    expect(rows[1]!.submitted_by_name).toBe(admin.username);
    expect(Date.parse(rows[0]!.submitted_at)).toBeGreaterThanOrEqual(Date.parse(rows[1]!.submitted_at));

    const kitRows = (await previous(kit.modelNumber, 'KY01')).json().data as TPreviousAuditAdjustment[];
    expect(kitRows.map((r) => [r.old_quantity, r.new_quantity])).toEqual([
      [8, 6],
      [5, 8],
    ]);
    expect(kitRows[1]!.tally_notes).toBe('Found a case behind the rack');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('answers an empty list when none were made, and 404 naming product or legacyBucket when unknown', async () => {
    expect((await previous(kit.modelNumber, 'TX01_DAMAGED')).json().data).toEqual([]);
    const noModel = await previous('NO-SUCH-MODEL', 'KY01');
    expect(noModel.statusCode).toBe(404);
    expect(Object.keys(noModel.json().errors)).toEqual(['product']);
    const noBucket = await previous(kit.modelNumber, 'NOWHERE');
    expect(noBucket.statusCode).toBe(404);
    expect(Object.keys(noBucket.json().errors)).toEqual(['legacyBucket']);
  });
});

describe('GET /api/ims/inventory-transactions/{IA-…}', () => {
  it('answers an admin adjustment with its audit fields', async () => {
    const made = await put({ model: kit.modelNumber, legacyBucket: 'KY01', notes: 'Detail check', quantity: 7 });
    const ref = made.json().ims_transaction_reference_id as string;
    const res = await injectAs(t.app, admin.token, { method: 'GET', url: `/api/ims/inventory-transactions/${ref}` });
    expect(res.statusCode).toBe(200);
    const tx = res.json() as TInventoryTransactionDetail;
    expect(tx).toMatchObject({
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      bucket: 'KY01',
      quantity_delta: 1,
      notes: 'Detail check',
      serials: [],
    });
    expect(tx.audit_adjustment).toEqual({
      reason: 'admin_adjustment',
      audit_type_code: ADMIN_ADJUSTMENT_AUDIT_TYPE,
      old_quantity: 6,
      new_quantity: 7,
      audit_bucket: 'KY01',
      submitted_by: admin.username,
      submit_notes: 'Detail check',
      ims_initiating_transaction_id: null,
    });
  });

  it('answers a force push with old and new quantity from the ledger, its initiating reference and its serials', async () => {
    const [row] = await queryRows<{ reference: string }>(
      t.db,
      sql`select ims_transaction_reference_id as reference from inventory_transactions where details ->> 'reason' = 'force_push' and product_id = ${tv.id}`,
    );
    const tx = (
      await injectAs(t.app, admin.token, { method: 'GET', url: `/api/ims/inventory-transactions/${row!.reference}` })
    ).json() as TInventoryTransactionDetail;
    expect(tx.audit_adjustment).toMatchObject({
      reason: 'force_push',
      audit_type_code: 'FORCE_PUSH',
      old_quantity: 1,
      new_quantity: 2,
      ims_initiating_transaction_id: 'CT-0099999',
    });
    expect(tx.serials).toEqual([
      expect.objectContaining({
        scanned_serial_number: 'ADJ-S3',
        old_location_code: null,
        new_location_code: 'KY01',
        new_disposition_code: 'LIVE',
      }),
    ]);
  });

  it('leaves audit_adjustment null on other types', async () => {
    const [row] = await queryRows<{ reference: string }>(
      t.db,
      sql`select ims_transaction_reference_id as reference from inventory_transactions where type = 'INVENTORY_RECEIPT' limit 1`,
    );
    const tx = (
      await injectAs(t.app, admin.token, { method: 'GET', url: `/api/ims/inventory-transactions/${row!.reference}` })
    ).json() as TInventoryTransactionDetail;
    expect(tx.audit_adjustment).toBeNull();
  });
});

describe('GET /api/accounting-inventory-report', () => {
  it("values a model's on-hand per bucket at its current cost, exactly, with totals; 404 naming model", async () => {
    const res = await injectAs(t.app, warehouseAdmin, {
      method: 'GET',
      url: `/api/accounting-inventory-report?model=${tv.modelNumber}`,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json() as TAccountingInventoryReport;
    expect(report).toMatchObject({ model: 'ADJ-TV', unit_cost: 123.45, total_quantity: 2, total_value: 246.9 });
    expect(report.data).toEqual([
      {
        bucket: 'KY01',
        location_code: 'KY01',
        condition_code: 'NEW',
        quantity: 2,
        unit_cost: 123.45,
        total_value: 246.9,
      },
    ]);
    const zeroed = (
      await injectAs(t.app, admin.token, {
        method: 'GET',
        url: `/api/accounting-inventory-report?model=${kit.modelNumber}`,
      })
    ).json() as TAccountingInventoryReport;
    expect(zeroed.data.map((r) => r.bucket)).not.toContain('TX01');
    const missing = await injectAs(t.app, admin.token, {
      method: 'GET',
      url: '/api/accounting-inventory-report?model=NO-SUCH-MODEL',
    });
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(missing.json().errors)).toEqual(['model']);
    const user = (await createSignedInUser(t, { role: 'user' })).token;
    expect(
      (await injectAs(t.app, user, { method: 'GET', url: `/api/accounting-inventory-report?model=${tv.modelNumber}` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('Ledger.postQuantityAdjustment and the ledger check', () => {
  it('refuses a negative, fractional or unchanged quantity and empty notes, writing nothing', async () => {
    for (const [newQuantity, notes, code] of [
      [-1, 'n', 'bad-quantity'],
      [1.5, 'n', 'bad-quantity'],
      [await onHand(t.db, kit, 'KY01'), 'n', 'unchanged-quantity'],
      [3, '  ', 'notes-required'],
    ] as const) {
      const before = await ledgerRows();
      const error = await new LedgerWrites(t.db)
        .run((executor) =>
          ledger.postQuantityAdjustment({
            executor,
            productId: kit.id,
            bucket: 'KY01',
            newQuantity,
            userId: admin.id,
            notes,
          }),
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(LedgerRefusal);
      expect((error as LedgerRefusal).code).toBe(code);
      expect(await ledgerRows()).toBe(before);
    }
  });

  it('takes a caller’s reason and reference (an audit’s), passing its details through', async () => {
    const posted = await new LedgerWrites(t.db).run((executor) =>
      ledger.postQuantityAdjustment({
        executor,
        productId: kit.id,
        bucket: 'KY01',
        newQuantity: 9,
        userId: admin.id,
        notes: 'audit tally',
        referenceId: 'AUD-1',
        details: { reason: 'audit_tally', audit_type_code: 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED' },
      }),
    );
    const [row] = await queryRows<{ details: Record<string, unknown> }>(
      t.db,
      sql`select details from inventory_transactions where id = ${posted.transaction.id}`,
    );
    expect(row!.details).toMatchObject({
      reason: 'audit_tally',
      reference_id: 'AUD-1',
      ims_initiating_transaction_id: 'AUD-1',
      old_quantity: 7,
      new_quantity: 9,
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('reports an adjustment row whose delta is not new − old, one without notes, and one without its user', async () => {
    // Deliberately written around the ledger: the ledger check must name these broken adjustment rows.
    const rows = await queryRows<{ reference: string }>(
      t.db,
      sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, user_id, notes, details) values
            ('IA-BAD-1', 'INVENTORY_AUDIT_ADJUSTMENT', ${kit.id}, 'TX01', 2, ${admin.id}, 'n', '{"reason": "admin_adjustment", "old_quantity": 0, "new_quantity": 1}'::jsonb),
            ('IA-BAD-2', 'INVENTORY_AUDIT_ADJUSTMENT', ${kit.id}, 'TX01', -1, ${admin.id}, ' ', '{"reason": "admin_adjustment", "old_quantity": 2, "new_quantity": 1}'::jsonb),
            ('IA-BAD-3', 'INVENTORY_AUDIT_ADJUSTMENT', ${kit.id}, 'TX01', 0, null, 'n', '{"old_quantity": 1, "new_quantity": 1}'::jsonb),
            ('IA-BAD-4', 'INVENTORY_AUDIT_ADJUSTMENT', ${kit.id}, 'TX01', -1, ${admin.id}, 'n', '{"reason": "admin_adjustment"}'::jsonb)
          returning ims_transaction_reference_id as reference`,
    );
    expect(rows).toHaveLength(4);
    const movements = (await checkLedger(t.db)).filter((d) => d.kind === 'movement');
    expect(movements).toEqual([
      {
        kind: 'movement',
        key: 'IA-BAD-1',
        expected: null,
        actual: 'a quantity adjustment changing on-hand by 2, not 1 - 0',
      },
      { kind: 'movement', key: 'IA-BAD-2', expected: null, actual: 'a quantity adjustment without notes' },
      { kind: 'movement', key: 'IA-BAD-3', expected: null, actual: 'a quantity adjustment without its user' },
      {
        kind: 'movement',
        key: 'IA-BAD-4',
        expected: null,
        actual: 'a quantity adjustment without its old and new quantity',
      },
    ]);
    // Deliberately written around the ledger: the broken rows above taken away again.
    await t.db.execute(sql`delete from inventory_transactions where ims_transaction_reference_id like 'IA-BAD-%'`);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
