import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, defaultAuditName, type TAuditReview } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { Ledger } from '../src/modules/ledger/ledger-writer.js';
import { LedgerWrites } from '../src/modules/ledger/ledger-transaction.js';
import {
  createLocation,
  createProducts,
  insertLegacySerial,
  createSignedInUser,
  nextUpc,
  receiveStock,
  unique,
  type CreatedProduct,
} from './factories.js';
import { onHand } from './stock-kit.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/**
 * Physical audits (issue 12): batches, the tally by scans with every message, the snapshot rule while the store
 * trades, the serial judgement, transact and resolve through the ledger, and the role rules.
 */
let t: TestApp;
let lead: { token: string; username: string; id: number };
let admin: { token: string; username: string; id: number };
let kit: CreatedProduct;
let tv: CreatedProduct;
let pair: CreatedProduct;
let other: CreatedProduct;
let kitPlain: CreatedProduct;

const SER = 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED';
const NON = 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED';
const post = (url: string, payload: object, token = lead.token) =>
  injectAs(t.app, token, { method: 'POST', url, payload });
const get = (url: string, token = lead.token) => injectAs(t.app, token, { method: 'GET', url });

async function serialPlace(number: string) {
  const rows = await queryRows<{ bucket: string | null; disposition_code: string }>(
    t.db,
    sql`select bucket, disposition_code from inventory_serials where upper(serial_number) = ${number.toUpperCase()} order by (disposition_code = 'LIVE') desc, id desc limit 1`,
  );
  return rows[0] ? `${rows[0].disposition_code} ${rows[0].bucket ?? '-'}` : null;
}

async function newBatch(bucket = 'KY01') {
  const res = await post('/api/audit-scans', { audit_batch_name: unique('Audit'), default_audit_bucket: bucket });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().audit_batch_id as number;
}
const itemBody = (batchId: number, product: CreatedProduct, type: string, bucket = 'KY01') => ({
  model: product.modelNumber,
  auditBucket: bucket,
  auditBatchId: batchId,
  auditTypeCode: type,
});
async function start(batchId: number, product: CreatedProduct, type: string, bucket = 'KY01') {
  const res = await post('/api/audit-adjustments/request', itemBody(batchId, product, type, bucket));
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().ims_transaction_reference_id as string;
}
const scan = (batchId: number, product: CreatedProduct, type: string, body: object, token = lead.token) =>
  post(
    '/api/audit-adjustments/quick-add-scanned-item',
    { ...itemBody(batchId, product, type), scannedUpc: product.upc, ...body },
    token,
  );
const review = async (ref: string) => {
  const res = await get(`/api/audit-adjustments/${ref}/review`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAuditReview;
};

beforeAll(async () => {
  // The worker is not started: the background tests run the queued jobs with drain().
  t = await createTestApp({ jobsEnabled: false });
  await createLocation(t.services, 'KY01');
  lead = await createSignedInUser(t, { role: 'warehouse-lead' });
  admin = await createSignedInUser(t, { role: 'admin' });
  [kit, tv, pair, other, kitPlain] = (await createProducts(t.db, [
    { modelNumber: 'AUD-KIT', upc: nextUpc(), serialNumberTracked: false },
    {
      modelNumber: 'AUD-TV',
      upc: nextUpc(),
      alternateUpc: nextUpc(),
      serialNumberTracked: true,
      numOfSerialsPerItem: 1,
    },
    { modelNumber: 'AUD-PAIR', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 2 },
    { modelNumber: 'AUD-OTHER', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'AUD-PLAIN', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct, CreatedProduct, CreatedProduct];
  await receiveStock(t.services, kit, 'KY01', { units: 10 });
  await receiveStock(t.services, tv, 'KY01', { serials: [['TV-A'], ['TV-B'], ['TV-C'], ['TV-D']] });
  await receiveStock(t.services, tv, 'KY01_B_STOCK', { serials: [['TV-X']] });
  await receiveStock(t.services, other, 'KY01', { serials: [['OT-1']] });
  await receiveStock(t.services, pair, 'KY01', { serials: [['PR-1A', 'PR-1B']] });
  await receiveStock(t.services, kitPlain, 'KY01', { units: 3 });
});
afterAll(() => t?.close());

describe('audit batches', () => {
  it('requires a name and an existing default bucket, and refuses a name taken in any case', async () => {
    const noName = await post('/api/audit-scans', { audit_batch_name: ' ', default_audit_bucket: 'KY01' });
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json().errors)).toContain(AUDIT_MESSAGES.nameRequired);
    const noBucket = await post('/api/audit-scans', { audit_batch_name: 'x', default_audit_bucket: '' });
    expect(noBucket.statusCode).toBe(400);
    expect(JSON.stringify(noBucket.json().errors)).toContain(AUDIT_MESSAGES.bucketRequired);
    const unknown = await post('/api/audit-scans', { audit_batch_name: 'x', default_audit_bucket: 'NOPE' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ default_audit_bucket: [AUDIT_MESSAGES.unknownBucket('NOPE')] });
    const created = await post('/api/audit-scans', { audit_batch_name: 'Spring Count', default_audit_bucket: 'ky01' });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(created.json()).toMatchObject({
      audit_batch_name: 'Spring Count',
      default_audit_bucket: 'KY01',
      completed_at: null,
      item_count: 0,
    });
    const twice = await post('/api/audit-scans', { audit_batch_name: 'SPRING count', default_audit_bucket: 'KY01' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ audit_batch_name: [AUDIT_MESSAGES.duplicateName('SPRING count')] });
    const list = (await get('/api/audit-scans')).json() as { audit_batch_name: string }[];
    expect(list.map((b) => b.audit_batch_name)).toContain('Spring Count');
  });

  it('numbers the default name of a second audit of that date and bucket, even two created at once (issue 37)', async () => {
    const name = defaultAuditName('2031-03-04', 'KY01');
    const create = (audit_batch_name: string, default_audit_bucket = 'KY01') =>
      post('/api/audit-scans', { audit_batch_name, default_audit_bucket });
    const both = await Promise.all([create(name), create(name)]);
    for (const res of both) expect(res.statusCode, res.body).toBeLessThan(300);
    const names = both.map((res) => res.json().audit_batch_name as string).sort();
    expect(names).toEqual([name, `${name} 2`]);
    // Any case of the default name is the default name; the next number is the first free one.
    const third = await create(name.toLowerCase(), 'ky01');
    expect(third.json().audit_batch_name).toBe(`${name} 3`);
    // Another bucket's default name of that date is its own; the numbering reads the whole name, not a prefix.
    const other = await create(defaultAuditName('2031-03-04', 'KY01_B_STOCK'), 'KY01_B_STOCK');
    expect(other.json().audit_batch_name).toBe('2031-03-04 KY01_B_STOCK Audit');
    // A name the person chose is never renamed: taken, it is refused.
    const chosen = await create(`${name} 2`);
    expect(chosen.statusCode).toBe(422);
    expect(chosen.json().errors).toEqual({ audit_batch_name: [AUDIT_MESSAGES.duplicateName(`${name} 2`)] });
    const list = (await get('/api/audit-scans')).json() as { audit_batch_name: string }[];
    expect(
      list
        .filter((b) => b.audit_batch_name.startsWith(name))
        .map((b) => b.audit_batch_name)
        .sort(),
    ).toEqual([name, `${name} 2`, `${name} 3`]);
  });

  it('completes a batch (audit-scan:submit only), after which every change is refused', async () => {
    const batchId = await newBatch();
    const ref = await start(batchId, kitPlain, NON);
    const denied = await injectAs(t.app, lead.token, {
      method: 'PUT',
      url: '/api/audit-scans/finishBatch',
      payload: { audit_batch_id: batchId },
    });
    expect(denied.statusCode).toBe(403);
    expect((await get(`/api/audit-scans/details?auditBatchId=${batchId}`)).json().completed_at).toBeNull();
    const done = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: '/api/audit-scans/finishBatch',
      payload: { audit_batch_id: batchId },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().completed_at).not.toBeNull();
    const completed = (await get('/api/audit-scans/completed')).json() as { audit_batch_id: number }[];
    expect(completed.map((b) => b.audit_batch_id)).toContain(batchId);
    for (const res of [
      await injectAs(t.app, admin.token, {
        method: 'PUT',
        url: '/api/audit-scans/finishBatch',
        payload: { audit_batch_id: batchId },
      }),
      await scan(batchId, kitPlain, NON, {}),
      await post('/api/audit-adjustments/request', itemBody(batchId, kit, NON)),
      await injectAs(t.app, lead.token, { method: 'DELETE', url: `/api/audit-scans/${ref}` }),
      await post(`/api/audit-adjustments/${ref}/transact`, {}, admin.token),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(AUDIT_MESSAGES.batchCompleted);
    }
  });
});

describe('the tally', () => {
  it('takes the counter as a user id only within an integer id: digits past it are a name, a number past it a 400', async () => {
    const batchId = await newBatch();
    const digits = await post('/api/audit-adjustments/request', {
      ...itemBody(batchId, kit, NON),
      talliedById: '2147483648',
    });
    expect(digits.statusCode, digits.body).toBe(422);
    expect(digits.json().errors).toEqual({ talliedById: ['User 2147483648 does not exist.'] });
    const number = await post('/api/audit-adjustments/request', {
      ...itemBody(batchId, kit, NON),
      talliedById: 2_147_483_648,
    });
    expect(number.statusCode, number.body).toBe(400);
    expect(Object.keys(number.json().errors)).toEqual(['talliedById']);
    const own = await post('/api/audit-adjustments/request', { ...itemBody(batchId, kit, NON), talliedById: lead.id });
    expect(own.statusCode, own.body).toBeLessThan(300);
  });

  it('starts an item with its snapshot, continues it, finishes it once', async () => {
    const batchId = await newBatch();
    const unknown = await post('/api/audit-adjustments/request', { ...itemBody(batchId, kit, NON), model: 'NO-SUCH' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual({ model: [AUDIT_MESSAGES.unknownModel('NO-SUCH')] });
    const wrongType = await post('/api/audit-adjustments/request', itemBody(batchId, kit, SER));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toEqual({ auditTypeCode: [AUDIT_MESSAGES.wrongAuditType(NON)] });
    const started = await post('/api/audit-adjustments/request', itemBody(batchId, kit, NON));
    expect(started.statusCode, started.body).toBeLessThan(300);
    const ref = started.json().ims_transaction_reference_id as string;
    expect(ref).toMatch(/^AA-\d{7,}$/);
    expect(started.json().audit_item).toMatchObject({
      recorded_qty_at_start_of_tally: 10,
      tallied_quantity: 0,
      tally_finished_at: null,
      audit_bucket_map: { bucket: 'KY01' },
    });
    // Continue scanning: the same item.
    expect(
      (await post('/api/audit-adjustments/request', itemBody(batchId, kit, NON))).json().ims_transaction_reference_id,
    ).toBe(ref);
    const finished = await post('/api/audit-adjustments/request', {
      ...itemBody(batchId, kit, NON),
      transactionReferenceId: ref,
    });
    expect(finished.statusCode, finished.body).toBeLessThan(300);
    expect(finished.json().audit_item.tally_finished_at).not.toBeNull();
    for (const body of [{ ...itemBody(batchId, kit, NON), transactionReferenceId: ref }, itemBody(batchId, kit, NON)]) {
      const again = await post('/api/audit-adjustments/request', body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(AUDIT_MESSAGES.tallyAlreadySubmitted);
    }
    const refused = await scan(batchId, kit, NON, { transactionReferenceId: ref });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AUDIT_MESSAGES.tallyAlreadySubmitted);
    const del = await injectAs(t.app, lead.token, { method: 'DELETE', url: `/api/audit-scans/${ref}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(AUDIT_MESSAGES.tallyFinishedDelete);
  });

  it('answers every scanning message, naming the field, and records nothing for a refused scan', async () => {
    const batchId = await newBatch();
    const refused = async (
      product: CreatedProduct,
      type: string,
      body: object,
      status: number,
      field: string,
      message: string,
    ) => {
      const res = await scan(batchId, product, type, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual({ [field]: [message] });
    };
    await refused(
      tv,
      SER,
      { scannedUpc: kit.upc, serialNumbers: 'TV-A' },
      422,
      'scannedUpc',
      AUDIT_MESSAGES.upcMismatch,
    );
    await refused(
      tv,
      SER,
      { scannedUpc: 'TV-A', serialNumbers: 'TV-B' },
      422,
      'scannedUpc',
      AUDIT_MESSAGES.upcIsSerial,
    );
    await refused(
      tv,
      SER,
      { scannedUpc: 'NEW-SERIAL', serialNumbers: 'new-serial' },
      422,
      'scannedUpc',
      AUDIT_MESSAGES.upcIsSerial,
    );
    await refused(tv, SER, { serialNumbers: 'TV-A:=:TV-B' }, 422, 'serialNumbers', AUDIT_MESSAGES.tooManySerials);
    await refused(tv, SER, { serialNumbers: ' :=: ' }, 422, 'serialNumbers', AUDIT_MESSAGES.tooFewSerials(1));
    await refused(pair, SER, { serialNumbers: 'PR-1A' }, 422, 'serialNumbers', AUDIT_MESSAGES.tooFewSerials(2));
    await refused(
      pair,
      SER,
      { serialNumbers: 'PR-1A:=:pr-1a' },
      409,
      'serialNumbers',
      AUDIT_MESSAGES.serialAlreadyScanned,
    );
    await refused(tv, SER, { serialNumbers: 'aud-tv' }, 422, 'serialNumbers', AUDIT_MESSAGES.serialIsModel);
    await refused(
      tv,
      SER,
      { serialNumbers: 'OT-1' },
      409,
      'serialNumbers',
      AUDIT_MESSAGES.serialOtherProduct('OT-1', 'AUD-OTHER'),
    );
    await refused(kit, NON, { serialNumbers: 'K-1' }, 422, 'serialNumbers', AUDIT_MESSAGES.tooManySerials);

    const first = await scan(batchId, tv, SER, { serialNumbers: 'TV-A' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      tallied_quantity: 1,
      serials: [{ scanned_serial_number: 'TV-A', scanned_upc: tv.upc, scanned_by: lead.username }],
    });
    expect(first.json().serials[0].fk_inventory_serial_id).toEqual(expect.any(Number));
    // The alternate UPC is the product's too; a serial never recorded has no record.
    const second = await scan(batchId, tv, SER, { scannedUpc: tv.alternateUpc, serialNumbers: 'TV-NEW' });
    expect(second.json().tallied_quantity).toBe(2);
    expect(second.json().serials[1]).toMatchObject({ scanned_serial_number: 'TV-NEW', fk_inventory_serial_id: null });
    await refused(tv, SER, { serialNumbers: 'tv-a' }, 409, 'serialNumbers', AUDIT_MESSAGES.serialAlreadyScanned);
    // A UPC equal to a serial already scanned in the item.
    await refused(
      tv,
      SER,
      { scannedUpc: 'TV-NEW', serialNumbers: 'TV-C' },
      422,
      'scannedUpc',
      AUDIT_MESSAGES.upcIsSerial,
    );

    // A retry with the same clientScanId is applied once.
    const clientScanId = randomUUID();
    const once = await scan(batchId, kit, NON, { clientScanId });
    const retry = await scan(batchId, kit, NON, { clientScanId });
    expect(once.json().tallied_quantity).toBe(1);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().tallied_quantity).toBe(1);
    expect(retry.json().serials).toHaveLength(1);

    // A pair: two serials make one unit; deleting one scan removes the unit.
    const unit = await scan(batchId, pair, SER, { serialNumbers: 'PR-1A:=:PR-1B' });
    expect(unit.json().tallied_quantity).toBe(1);
    const [a, b] = unit.json().serials as { id: number; unit_id: number }[];
    expect(a!.unit_id).toBe(b!.unit_id);
    const removed = await injectAs(t.app, lead.token, {
      method: 'DELETE',
      url: `/api/audit-adjustments/serials/${b!.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ tallied_quantity: 0, serials: [] });
    expect(
      (await injectAs(t.app, lead.token, { method: 'DELETE', url: `/api/audit-adjustments/serials/${b!.id}` }))
        .statusCode,
    ).toBe(404);

    // Delete a tally being counted: the item and its scans go.
    const ref = unit.json().ims_transaction_reference_id as string;
    const del = await injectAs(t.app, lead.token, { method: 'DELETE', url: `/api/audit-scans/${ref}` });
    expect(del.statusCode, del.body).toBe(200);
    expect((await get(`/api/audit-adjustments/${ref}/review`)).statusCode).toBe(404);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("refuses a serial equal to the product's UPC or alternate UPC as the scan tool does, so resolving makes no live serial of it", async () => {
    const [cam] = (await createProducts(t.db, [
      {
        modelNumber: unique('AUD-UPCSER'),
        upc: nextUpc(),
        alternateUpc: nextUpc(),
        serialNumberTracked: true,
        numOfSerialsPerItem: 1,
      },
    ])) as [CreatedProduct];
    const [upc, alternateUpc] = [cam.upc!, cam.alternateUpc!];
    const batchId = await newBatch();
    const ref = await start(batchId, cam, SER);
    for (const [scannedUpc, serialNumbers] of [
      [upc, upc],
      [upc, ` ${alternateUpc} `],
      [alternateUpc, upc],
    ]) {
      const res = await scan(batchId, cam, SER, { transactionReferenceId: ref, scannedUpc, serialNumbers });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe("UPC can't be serial");
      expect(res.json().errors).toEqual({ serialNumbers: ["UPC can't be serial"] });
    }
    const counted = await scan(batchId, cam, SER, { transactionReferenceId: ref, serialNumbers: 'UPCSER-1' });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().serials.map((s: { scanned_serial_number: string }) => s.scanned_serial_number)).toEqual([
      'UPCSER-1',
    ]);
    const resolved = await post(`/api/audit-adjustments/${ref}/resolve`, {}, admin.token);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().review.discovered_serials.map((s: { serial_number: string }) => s.serial_number)).toEqual([
      'UPCSER-1',
    ]);
    expect(await serialPlace('UPCSER-1')).toBe('LIVE KY01');
    expect(await serialPlace(upc)).toBeNull();
    expect(await serialPlace(alternateUpc)).toBeNull();
  });
});

describe('counts stay right while the store trades', () => {
  it('accounts for a sale and a transfer made during the count: on-hand = the count + the moves since its start', async () => {
    const [widget] = await createProducts(t.db, [{ modelNumber: unique('AUD-WIDGET'), upc: nextUpc() }]);
    await receiveStock(t.services, widget!, 'KY01', { units: 10 });
    const batchId = await newBatch();
    const ref = await start(batchId, widget!, NON);
    // During the count: a sale of 2 and a transfer of 3 out of KY01, through the ledger.
    const ledger = new Ledger();
    await new LedgerWrites(t.db).run((tx) =>
      ledger.postSale({
        executor: tx,
        referenceId: 'INV-AUDIT-1',
        productId: widget!.id,
        quantity: 2,
        fromBucket: 'KY01',
        userId: admin.id,
      }),
    );
    await new LedgerWrites(t.db).run((tx) =>
      ledger.postTransfer({
        executor: tx,
        referenceId: 'CT-AUDIT-1',
        productId: widget!.id,
        quantity: 3,
        fromBucket: 'KY01',
        toBucket: 'KY01_B_STOCK',
        userId: admin.id,
      }),
    );
    expect(await onHand(t.db, widget!, 'KY01')).toBe(5);
    // The counter found 8 of the 10 that were there when the count started.
    for (let i = 0; i < 8; i++)
      expect((await scan(batchId, widget!, NON, { transactionReferenceId: ref })).statusCode).toBe(200);
    const before = await review(ref);
    expect(before).toMatchObject({
      expected_quantity: 10,
      actual_tallied_quantity: 8,
      current_on_hand: 5,
      moves_during_tally_net: -5,
      adjustment_quantity: -2,
      new_on_hand: 3,
    });
    expect(before.moves_during_tally.map((m) => [m.type, m.quantity_delta])).toEqual([
      ['INVENTORY_SALE', -2],
      ['INVENTORY_TRANSFER', -3],
    ]);
    const denied = await post(`/api/audit-adjustments/${ref}/resolve`, {});
    expect(denied.statusCode).toBe(403);
    const resolved = await post(`/api/audit-adjustments/${ref}/resolve`, { submitNotes: 'spring count' }, admin.token);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().transactions).toEqual([
      { ims_transaction_reference_id: expect.stringMatching(/^IA-/), bucket: 'KY01', quantity_delta: -2 },
    ]);
    // 8 counted, 5 moved away since the count began: 3 on hand (current on-hand alone would have said 8).
    expect(await onHand(t.db, widget!, 'KY01')).toBe(8 - 5);
    expect(await onHand(t.db, widget!, 'KY01_B_STOCK')).toBe(3);
    const rows = await queryRows<{ type: string; user_id: number; details: Record<string, unknown> }>(
      t.db,
      sql`select type, user_id, details from inventory_transactions where details ->> 'audit_item_reference' = ${ref}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'INVENTORY_AUDIT_ADJUSTMENT',
      user_id: admin.id,
      details: {
        reason: 'audit',
        audit_type_code: NON,
        audit_item_reference: ref,
        audit_batch_id: batchId,
        old_quantity: 5,
        new_quantity: 3,
        submit_notes: 'spring count',
        ims_initiating_transaction_id: ref,
      },
    });
    const after = await review(ref);
    expect(after).toMatchObject({ is_submitted: true, is_resolved: true, adjustment_quantity: 0, current_on_hand: 3 });
    expect(after.moves_during_tally).toHaveLength(2);
    const again = await post(`/api/audit-adjustments/${ref}/resolve`, {}, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUDIT_MESSAGES.alreadyResolved);
    const transactAgain = await post(`/api/audit-adjustments/${ref}/transact`, {}, admin.token);
    expect(transactAgain.statusCode).toBe(409);
    expect(transactAgain.json().message).toBe(AUDIT_MESSAGES.tallyAlreadySubmitted);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('bins follow the audit (issue 32)', () => {
  it('a shrink found by the count releases the excess from the bucket’s bins, the fewest units first; the check stays clean', async () => {
    const [widget] = await createProducts(t.db, [{ modelNumber: unique('AUD-BINNED'), upc: nextUpc() }]);
    await receiveStock(t.services, widget!, 'KY01', { units: 5 });
    const bins: number[] = [];
    for (const [shelf, units] of [
      [1, 3],
      [2, 2],
    ] as const) {
      const bin = await post(
        '/api/ims/bins',
        { row: 31, bay: 1, shelf, locationCode: 'KY01', conditionCode: 'NEW' },
        admin.token,
      );
      expect(bin.statusCode, bin.body).toBe(201);
      bins.push(bin.json().id);
      const put = await injectAs(t.app, admin.token, {
        method: 'PUT',
        url: `/api/ims/bins/${bin.json().id}/items`,
        payload: { isAdding: true, items: [{ upc: widget!.upc, updateQty: units }] },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const batchId = await newBatch();
    const ref = await start(batchId, widget!, NON);
    for (let i = 0; i < 3; i++)
      expect((await scan(batchId, widget!, NON, { transactionReferenceId: ref })).statusCode).toBe(200);
    const resolved = await post(`/api/audit-adjustments/${ref}/resolve`, { submitNotes: 'two short' }, admin.token);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await onHand(t.db, widget!, 'KY01')).toBe(3);
    const held = await queryRows<{ bin_id: number; quantity: number }>(
      t.db,
      sql`select bin_id, quantity from bin_items where product_id = ${widget!.id} order by bin_id`,
    );
    // R31-B01-S02 held the fewest (2): it is emptied; R31-B01-S01 keeps its 3.
    expect(held).toEqual([{ bin_id: bins[0], quantity: 3 }]);
    const released = await queryRows<{ bin_id: number; quantity_delta: number; reference: string }>(
      t.db,
      sql`select m.bin_id, m.quantity_delta, t.ims_transaction_reference_id as reference
          from bin_movements m join inventory_transactions t on t.id = m.inventory_transaction_id where m.reason = 'RELEASE' and m.product_id = ${widget!.id}`,
    );
    expect(released).toEqual([
      { bin_id: bins[1], quantity_delta: -2, reference: resolved.json().transactions[0].ims_transaction_reference_id },
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('serialized items are judged by serial places', () => {
  it('finds missing and discovered serials, resolves them through the ledger, and a transact first never counts twice', async () => {
    const [cam, cam2] = (await createProducts(t.db, [
      { modelNumber: unique('AUD-CAM'), upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
      { modelNumber: unique('AUD-CAM2'), upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ])) as [CreatedProduct, CreatedProduct];
    await receiveStock(t.services, cam, 'KY01', { serials: [['CAM-1'], ['CAM-2'], ['CAM-3'], ['CAM-4']] });
    await receiveStock(t.services, cam, 'KY01_B_STOCK', { serials: [['CAM-9']] });
    await receiveStock(t.services, cam, 'KY01', { serials: [['CAM-S']] });
    // A serial recorded for the product but sold long ago.
    await new LedgerWrites(t.db).run((tx) =>
      new Ledger().postSale({
        executor: tx,
        referenceId: 'INV-OLD',
        productId: cam.id,
        quantity: 1,
        serials: ['CAM-S'],
        fromBucket: 'KY01',
        userId: admin.id,
      }),
    );
    const batchId = await newBatch();
    const ref = await start(batchId, cam, SER);
    // During the count, CAM-4 is sold (so it is neither missing nor counted).
    await new LedgerWrites(t.db).run((tx) =>
      new Ledger().postSale({
        executor: tx,
        referenceId: 'INV-CAM4',
        productId: cam.id,
        quantity: 1,
        serials: ['CAM-4'],
        fromBucket: 'KY01',
        userId: admin.id,
      }),
    );
    // Counted: CAM-1, CAM-2 (CAM-3 is missing), CAM-9 (recorded in B_STOCK), CAM-S (recorded SOLD), CAM-NEW (never recorded).
    for (const s of ['CAM-1', 'cam-2', 'CAM-9', 'CAM-S', 'CAM-NEW'])
      expect((await scan(batchId, cam, SER, { serialNumbers: s })).statusCode).toBe(200);
    const r = await review(ref);
    expect(r.missing_serials.map((s) => s.serial_number)).toEqual(['CAM-3']);
    expect(r.missing_serials[0]).toMatchObject({
      expected_bucket: 'KY01',
      expected_disposition_code: 'LIVE',
      actual_disposition_code: null,
    });
    expect(
      r.discovered_serials.map((s) => [
        s.serial_number,
        s.expected_bucket,
        s.expected_disposition_code,
        s.actual_location_code,
      ]),
    ).toEqual([
      ['CAM-9', 'KY01_B_STOCK', 'LIVE', 'KY01'],
      ['CAM-NEW', null, null, 'KY01'],
      ['CAM-S', null, 'SOLD', 'KY01'],
    ]);
    expect(r.scanned_serials).toHaveLength(5);
    expect(r).toMatchObject({
      expected_quantity: 4,
      actual_tallied_quantity: 5,
      current_on_hand: 3,
      adjustment_quantity: 2,
      new_on_hand: 5,
    });
    expect(r.moves_during_tally).toMatchObject([{ type: 'INVENTORY_SALE', quantity_delta: -1, serials: ['CAM-4'] }]);

    // Submit Adjustment Only first: one row of +2, no serial moves.
    const transacted = await post(`/api/audit-adjustments/${ref}/transact`, { submitNotes: 'first' }, admin.token);
    expect(transacted.statusCode, transacted.body).toBe(200);
    expect(transacted.json().transactions).toMatchObject([{ bucket: 'KY01', quantity_delta: 2 }]);
    expect(await onHand(t.db, cam, 'KY01')).toBe(5);
    expect(await serialPlace('CAM-3')).toBe('LIVE KY01');
    expect((await review(ref)).adjustment_quantity).toBe(0);
    const twice = await post(`/api/audit-adjustments/${ref}/transact`, {}, admin.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(AUDIT_MESSAGES.tallyAlreadySubmitted);

    // Then resolve: the serials move, KY01's rows stay at +2 in all, B_STOCK loses CAM-9.
    const resolved = await post(`/api/audit-adjustments/${ref}/resolve`, {}, admin.token);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().transactions).toMatchObject([
      { bucket: 'KY01_B_STOCK', quantity_delta: -1 },
      { bucket: 'KY01', quantity_delta: 0 },
    ]);
    expect(await onHand(t.db, cam, 'KY01')).toBe(5);
    expect(await onHand(t.db, cam, 'KY01_B_STOCK')).toBe(0);
    expect(await serialPlace('CAM-3')).toBe('MISSING -');
    for (const s of ['CAM-9', 'CAM-S', 'CAM-NEW', 'CAM-1']) expect(await serialPlace(s)).toBe('LIVE KY01');
    const live = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from inventory_serials where product_id = ${cam.id} and bucket = 'KY01' and disposition_code = 'LIVE'`,
    );
    expect(live[0]!.n).toBe(5);
    const after = await review(ref);
    expect(after).toMatchObject({ is_resolved: true, adjustment_quantity: 0 });
    expect(after.missing_serials.map((s) => s.serial_number)).toEqual(['CAM-3']);
    expect(after.discovered_serials.map((s) => s.serial_number).sort()).toEqual(['CAM-9', 'CAM-NEW', 'CAM-S']);
    // The item's transactions (its AA- reference is none): the IA- rows of the transact and of the resolve, oldest first.
    const posted = [...transacted.json().transactions, ...resolved.json().transactions];
    expect(posted.map((p: { ims_transaction_reference_id: string }) => p.ims_transaction_reference_id)).toEqual(
      posted.map(() => expect.stringMatching(/^IA-\d{7,}$/)),
    );
    expect(after.adjustment_transactions).toEqual(posted);
    const listed = (await get(`/api/audit-scans/items?auditBatchId=${batchId}`)).json() as {
      transacted: { ims_transaction_reference_id: string; adjustment_transactions: unknown[] }[];
    };
    expect(listed.transacted.find((i) => i.ims_transaction_reference_id === ref)!.adjustment_transactions).toEqual(
      posted,
    );
    for (const p of posted) {
      const tx = await get(`/api/ims/inventory-transactions/${p.ims_transaction_reference_id}`);
      expect(tx.statusCode, tx.body).toBe(200);
      expect(tx.json()).toMatchObject({
        type: 'INVENTORY_AUDIT_ADJUSTMENT',
        audit_adjustment: { ims_initiating_transaction_id: ref },
      });
    }
    expect(await checkLedger(t.db)).toEqual([]);

    // Resolve alone (no transact first) posts the judgement once: a second product, one missing serial.
    await receiveStock(t.services, cam2, 'KY01', { serials: [['C2-1'], ['C2-2']] });
    const ref2 = await start(batchId, cam2, SER);
    await scan(batchId, cam2, SER, { serialNumbers: 'C2-1' });
    const r2 = await post(`/api/audit-adjustments/${ref2}/resolve`, {}, admin.token);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json().transactions).toMatchObject([{ bucket: 'KY01', quantity_delta: -1 }]);
    expect(await onHand(t.db, cam2, 'KY01')).toBe(1);
    expect(await serialPlace('C2-2')).toBe('MISSING -');
    expect(await checkLedger(t.db)).toEqual([]);
    // A found missing serial can be counted back in by a later audit.
    const batch2 = await newBatch();
    const ref3 = await start(batch2, cam2, SER);
    await scan(batch2, cam2, SER, { serialNumbers: 'C2-1' });
    await scan(batch2, cam2, SER, { serialNumbers: 'C2-2' });
    const r3 = await post(`/api/audit-adjustments/${ref3}/resolve`, {}, admin.token);
    expect(r3.json().transactions).toMatchObject([{ bucket: 'KY01', quantity_delta: 1 }]);
    expect(await serialPlace('C2-2')).toBe('LIVE KY01');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a zero adjustment marks the item submitted and writes no ledger row', async () => {
    const batchId = await newBatch();
    const ref = await start(batchId, other, SER);
    await scan(batchId, other, SER, { serialNumbers: 'OT-1' });
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory_transactions`))[0]!.n;
    const rows = await count();
    const res = await post(`/api/audit-adjustments/${ref}/transact`, {}, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      transactions: [],
      job: null,
      review: { is_submitted: true, adjustment_quantity: 0, adjustment_transactions: [] },
    });
    expect(await count()).toBe(rows);
  });
});

describe('role rules', () => {
  it('answers 403 to transact, resolve and complete without audit-scan:submit, and changes nothing', async () => {
    const batchId = await newBatch();
    const ref = await start(batchId, kitPlain, NON);
    await scan(batchId, kitPlain, NON, { transactionReferenceId: ref });
    for (const url of [`/api/audit-adjustments/${ref}/transact`, `/api/audit-adjustments/${ref}/resolve`]) {
      const res = await post(url, {}, lead.token);
      expect(res.statusCode).toBe(403);
    }
    const review1 = await review(ref);
    expect(review1).toMatchObject({
      is_submitted: false,
      is_resolved: false,
      tally_finished_at: null,
      current_on_hand: 3,
    });
    expect(await onHand(t.db, kitPlain, 'KY01')).toBe(3);
  });
});

describe('serial records', () => {
  it('records the newest serial row of the product for a scanned number, whatever its disposition', async () => {
    const [old] = await createProducts(t.db, [
      { modelNumber: unique('AUD-OLD'), upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ]);
    // Two rows of one number: legacy data holds them, the ledger revives a number's row instead.
    const first = await insertLegacySerial(t.db, {
      serialNumber: 'OLD-1',
      productId: old!.id,
      dispositionCode: 'UNRECEIVED',
    });
    const newest = await insertLegacySerial(t.db, {
      serialNumber: 'OLD-1',
      productId: old!.id,
      dispositionCode: 'SOLD',
    });
    expect(newest).toBeGreaterThan(first);
    const batchId = await newBatch();
    const res = await scan(batchId, old!, SER, { serialNumbers: 'old-1' });
    expect(res.json().serials[0].fk_inventory_serial_id).toBe(newest);
  });
});

describe('large audits in the background', () => {
  it('queues a resolve as a job (shouldPerformAsync), which applies it in one transaction', async () => {
    const [cam] = await createProducts(t.db, [
      { modelNumber: unique('AUD-JOB'), upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ]);
    await receiveStock(t.services, cam!, 'KY01', { serials: [['JB-1'], ['JB-2']] });
    const batchId = await newBatch();
    const ref = await start(batchId, cam!, SER);
    await scan(batchId, cam!, SER, { serialNumbers: 'JB-1' });
    await scan(batchId, cam!, SER, { serialNumbers: 'JB-NEW' });
    const queued = await post(`/api/audit-adjustments/${ref}/resolve`, { shouldPerformAsync: 1 }, admin.token);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({
      transactions: [],
      job: { kind: 'audit-resolve', status: 'queued' },
      review: { is_resolved: false },
    });
    expect(queued.json().review.resolution_started_at).not.toBeNull();
    const jobId = queued.json().job.id as number;
    const items = (await get(`/api/audit-scans/items?auditBatchId=${batchId}`)).json();
    expect(items.transacted).toMatchObject([{ ims_transaction_reference_id: ref, job_id: jobId }]);
    // Nothing applied until the job runs; a second resolve is refused meanwhile, and so is completing the audit.
    expect(await serialPlace('JB-2')).toBe('LIVE KY01');
    const again = await post(`/api/audit-adjustments/${ref}/resolve`, {}, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUDIT_MESSAGES.jobRunning);
    const finish = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: '/api/audit-scans/finishBatch',
      payload: { audit_batch_id: batchId },
    });
    expect(finish.statusCode).toBe(409);
    expect(finish.json().message).toBe(AUDIT_MESSAGES.jobRunning);
    await t.services.jobs.drain();
    const done = await review(ref);
    expect(done).toMatchObject({
      is_resolved: true,
      job: { id: jobId, status: 'succeeded', progress_done: 2, progress_total: 2 },
    });
    expect(await serialPlace('JB-2')).toBe('MISSING -');
    expect(await serialPlace('JB-NEW')).toBe('LIVE KY01');
    expect(await onHand(t.db, cam!, 'KY01')).toBe(2);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a failed job leaves nothing applied and the item can be resolved again', async () => {
    const [cam, rival] = (await createProducts(t.db, [
      { modelNumber: unique('AUD-FAIL'), upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
      { modelNumber: unique('AUD-RIVAL'), upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ])) as [CreatedProduct, CreatedProduct];
    await receiveStock(t.services, cam, 'KY01', { serials: [['FL-1'], ['FL-2']] });
    const batchId = await newBatch();
    const ref = await start(batchId, cam, SER);
    await scan(batchId, cam, SER, { serialNumbers: 'FL-1' });
    await scan(batchId, cam, SER, { serialNumbers: 'FL-NEW' });
    const queued = await post(`/api/audit-adjustments/${ref}/resolve`, { shouldPerformAsync: '1' }, admin.token);
    expect(queued.statusCode, queued.body).toBe(200);
    // Before the job runs, the discovered number is received as another product's: the ledger refuses the resolve.
    await receiveStock(t.services, rival, 'KY01', { serials: [['FL-NEW']] });
    const rows = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from inventory_transactions where details ->> 'audit_item_reference' = ${ref}`,
        )
      )[0]!.n;
    await t.services.jobs.drain();
    const failed = await review(ref);
    expect(failed).toMatchObject({ is_resolved: false, is_submitted: false, resolution_started_at: null, job: null });
    expect(await rows()).toBe(0);
    expect(await serialPlace('FL-2')).toBe('LIVE KY01');
    const job = await queryRows<{ status: string; error: string }>(
      t.db,
      sql`select status, error from jobs where id = ${queued.json().job.id}`,
    );
    expect(job[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('FL-NEW') });
    // The item is free again: a synchronous resolve says why it cannot be resolved as counted.
    const sync = await post(`/api/audit-adjustments/${ref}/resolve`, {}, admin.token);
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toContain('FL-NEW');
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
