import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_WARNINGS, pickErrorText, PICK_MESSAGES, type TPickItem } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { Ledger } from '../src/modules/ledger/ledger-writer.js';
import { LedgerWrites } from '../src/modules/ledger/ledger-transaction.js';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  nextUpc,
  receiveStock,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';
import { openLiveStream } from './live-stream.js';

/**
 * Picking and pick lists (issue 11): the unprinted board derived from open committed sales, printing (all or none,
 * per-item errors), the printed board, the document (PDF and ZPL), unprint (bin:admin), and the pick (bin removal
 * through the ledger, once), with every role rule and refusal.
 */
type User = { token: string; username: string; id: number };
let t: TestApp;
let clerk: User; // sales-1: intake
let board: User; // user: boards:view only
let picker: User; // warehouse-1: inventory:view, no bin:admin
let supervisor: User; // warehouse-admin: bin:admin
let admin: User;
let kit: CreatedProduct;
let lamp: CreatedProduct;
let texan: CreatedProduct;
const ledger = new Ledger();

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, token, { method, url, ...(payload ? { payload } : {}) });
const intake = async (product: CreatedProduct, body: object = {}) => {
  const res = await call(clerk.token, 'POST', '/api/ims/committed-sales', {
    legacyPosInvoiceId: `INV-${Math.random().toString(36).slice(2, 8)}`,
    model: product.modelNumber,
    sourceBucket: 'KY01',
    quantity: 1,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { ims_transaction_reference_id: string; id: number };
};
const unprinted = async (warehouse = 'KY01', token = board.token) => {
  const res = await call(token, 'GET', `/api/picklist/unprinted?warehouse=${warehouse}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { unprinted_pick_list: TPickItem[]; total: number };
};
const printed = async (warehouse = 'KY01') =>
  (await call(board.token, 'GET', `/api/picklist/printed?warehouse=${warehouse}`)).json() as {
    printed_pick_list: TPickItem[];
  };
const printItems = (refs: string[], token = board.token, extra: object = {}) =>
  call(token, 'POST', '/api/picklist/items', {
    printedBy: 'someone',
    items: refs.map((r) => ({ imsTransactionReferenceId: r, ...extra })),
  });
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
const binQuantity = async (binId: number, productId: number) =>
  (
    await queryRows<{ quantity: number }>(
      t.db,
      sql`select quantity from bin_items where bin_id = ${binId} and product_id = ${productId}`,
    )
  )[0]?.quantity ?? 0;

async function makeBin(location: string, bucket: string, name: string): Promise<{ id: number; bucket: string }> {
  const [row, bay, shelf] = name.match(/\d+/g)!.map(Number) as [number, number, number];
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf) values (${name}, ${location}, 'NEW', ${bucket}, ${row}, ${bay}, ${shelf}) returning id`,
  );
  return { id: rows[0]!.id, bucket };
}
const fill = (bin: { id: number; bucket: string }, product: CreatedProduct, delta: number) =>
  new LedgerWrites(t.db).run((executor) =>
    ledger.moveBinContents({
      executor,
      bin,
      lines: [{ productId: product.id, delta }],
      reason: 'ASSIGN',
      userId: admin.id,
    }),
  );

/** Prints one sale and answers its pick list item id. */
async function printOne(ref: string): Promise<number> {
  const res = await printItems([ref]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0].id as number;
}

let binA: { id: number; bucket: string };
let binB: { id: number; bucket: string };
let binOther: { id: number; bucket: string };

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  clerk = await createSignedInUser(t, { role: 'sales-1' });
  board = await createSignedInUser(t, { role: 'user' });
  picker = await createSignedInUser(t, { role: 'warehouse-1' });
  supervisor = await createSignedInUser(t, { role: 'warehouse-admin' });
  admin = await createSignedInUser(t, { role: 'admin' });
  [kit, lamp, texan] = (await createProducts(t.db, [
    { modelNumber: 'PICK-KIT', upc: nextUpc(), alternateUpc: nextUpc(), serialNumberTracked: false },
    { modelNumber: 'PICK-LAMP', upc: nextUpc(), serialNumberTracked: false },
    { modelNumber: 'PICK-TEX', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];
  await receiveStock(t.services, kit, 'KY01', { units: 30 });
  await receiveStock(t.services, lamp, 'KY01_C_STOCK', { units: 5 });
  await receiveStock(t.services, kit, 'KY01_B_STOCK', { units: 2 });
  await receiveStock(t.services, texan, 'TX01', { units: 3 });
  binA = await makeBin('KY01', 'KY01', 'R01-B01-S01');
  binB = await makeBin('KY01', 'KY01', 'R01-B01-S02');
  binOther = await makeBin('KY01', 'KY01_B_STOCK', 'R09-B01-S01');
  await fill(binA, kit, 10);
  await fill(binB, kit, 4);
  await fill(binOther, kit, 2);
});
afterAll(() => t?.close());

describe('committed-sale intake: ship priorities', () => {
  it('stores isPrime, isPremium, isExpress, isFreight, shipByDate and the marketplace references', async () => {
    const res = await call(clerk.token, 'POST', '/api/ims/committed-sales', {
      legacyPosInvoiceId: 'INV-PRIO',
      model: kit.modelNumber,
      sourceBucket: 'KY01',
      quantity: 1,
      isPrime: true,
      isPremium: true,
      isExpress: false,
      isFreight: true,
      shipByDate: '2026-12-01',
      itemMemberRefId: 'M-1',
      itemGroupRefId: 'G-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      is_prime: true,
      is_premium: true,
      is_express: false,
      is_freight: true,
      ship_by_date: '2026-12-01',
      item_member_ref_id: 'M-1',
      item_group_ref_id: 'G-1',
    });
  });

  it('refuses a shipByDate that is not a date, naming it, and stores nothing', async () => {
    const before = await count('committed_sales');
    for (const shipByDate of ['2026-02-30', '12/01/2026', '07']) {
      const res = await call(clerk.token, 'POST', '/api/ims/committed-sales', {
        legacyPosInvoiceId: 'INV-BADDATE',
        model: kit.modelNumber,
        sourceBucket: 'KY01',
        quantity: 1,
        shipByDate,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['shipByDate']);
    }
    expect(await count('committed_sales')).toBe(before);
  });
});

describe('the unprinted board', () => {
  it('lists open sales of the warehouse with available bins (holding the quantity, most first), the suggested bin and no warning', async () => {
    const sale = await intake(kit, { quantity: 2, isExpress: true, shipByDate: '2026-11-30' });
    const { unprinted_pick_list: list, total } = await unprinted('KY01');
    expect(total).toBe(list.length);
    const item = list.find((i) => i.transactionReferenceId === sale.ims_transaction_reference_id)!;
    expect(item).toMatchObject({
      pickListItemId: null,
      tid: sale.id,
      model: 'PICK-KIT',
      productId: kit.id,
      quantity: 2,
      upc: kit.upc,
      alternateUpc: kit.alternateUpc,
      availableBins: [
        { binId: binA.id, binName: 'R01-B01-S01', quantity: 10 },
        { binId: binB.id, binName: 'R01-B01-S02', quantity: 4 },
      ],
      suggestedBin: { binId: binA.id, binName: 'R01-B01-S01' },
      condition: 'NEW',
      warehouse: 'KY01',
      sourceBucket: 'KY01',
      isExpress: true,
      shipByDate: '2026-11-30',
      printedAt: null,
      warning: null,
      pickListId: null,
    });
    // Ship-by date first (2026-11-30 before 2026-12-01), undated ones last.
    expect(list[0]!.transactionReferenceId).toBe(sale.ims_transaction_reference_id);
    const dates = list.map((i) => i.shipByDate ?? '9999-99-99');
    expect(dates).toEqual([...dates].sort());
  });

  it('filters by warehouse (all, or one), leaves out sub-locations, and needs boards:view only', async () => {
    const tx = await intake(texan, { sourceBucket: 'TX01' });
    const ky = await unprinted('KY01');
    expect(ky.unprinted_pick_list.some((i) => i.transactionReferenceId === tx.ims_transaction_reference_id)).toBe(
      false,
    );
    const txList = await unprinted('tx01');
    expect(txList.unprinted_pick_list.map((i) => i.transactionReferenceId)).toEqual([tx.ims_transaction_reference_id]);
    expect(txList.unprinted_pick_list[0]).toMatchObject({ availableBins: [], suggestedBin: null });
    const all = await unprinted('all');
    expect(all.total).toBe(ky.total + txList.total);
    const none = await call(board.token, 'GET', '/api/picklist/unprinted?warehouse=NOWHERE');
    expect(none.json()).toEqual({ unprinted_pick_list: [], total: 0 });
    const bad = await call(board.token, 'GET', '/api/picklist/unprinted?warehouse=KY01;drop');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['warehouse']);
  });

  it('pages the boards (limit, offset) with the total, refusing a bad limit or offset by name', async () => {
    const all = await unprinted('KY01');
    const page = (await call(board.token, 'GET', '/api/picklist/unprinted?warehouse=KY01&limit=2&offset=1')).json() as {
      unprinted_pick_list: TPickItem[];
      total: number;
    };
    expect(page.total).toBe(all.total);
    expect(page.unprinted_pick_list.map((i) => i.transactionReferenceId)).toEqual(
      all.unprinted_pick_list.slice(1, 3).map((i) => i.transactionReferenceId),
    );
    for (const [query, key] of [
      ['limit=0', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=1001', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=07x', 'offset'],
    ] as const) {
      const res = await call(board.token, 'GET', `/api/picklist/printed?warehouse=KY01&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([key]);
    }
  });

  it('warns when the product has no UPC, nothing is on hand, or less than requested', async () => {
    const noUpc = await intake(lamp, { sourceBucket: 'KY01_C_STOCK' });
    await t.db.execute(sql`update products set upc = null, alternate_upc = null where id = ${lamp.id}`);
    const items = (await unprinted()).unprinted_pick_list;
    expect(items.find((i) => i.transactionReferenceId === noUpc.ims_transaction_reference_id)!.warning).toBe(
      PICK_WARNINGS.noUpc,
    );
    await t.db.execute(sql`update products set upc = ${lamp.upc} where id = ${lamp.id}`);
    const short = await intake(lamp, { quantity: 4, sourceBucket: 'KY01_C_STOCK' });
    // Stock leaves the bucket after the commit (an admin's override transfer): the item now has a warning.
    const move = await call(admin.token, 'POST', '/api/ims/transacted-transfers/quickTransferWithoutSerials', {
      fromBucket: 'KY01_C_STOCK',
      toBucket: 'KY01_DAMAGED',
      model: lamp.modelNumber,
      requestedQuantity: 3,
      scanningRequired: false,
      strictMode: false,
    });
    expect(move.statusCode, move.body).toBe(201);
    const after = (await unprinted()).unprinted_pick_list;
    expect(after.find((i) => i.transactionReferenceId === short.ims_transaction_reference_id)!.warning).toBe(
      PICK_WARNINGS.shortOnHand('KY01_C_STOCK', 2, 4),
    );
  });
});

describe('printing', () => {
  it('prints items of one warehouse as one pick list, answering ids, and moves them to the printed board', async () => {
    const a = await intake(kit, { isPrime: true });
    const b = await intake(kit, { isPremium: true });
    const res = await printItems([a.ims_transaction_reference_id, b.ims_transaction_reference_id], board.token, {
      itemWarehouse: 'KY01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { ims_transaction_reference_id: string; ims_pick_list_id: number; id: number }[];
    expect(answer.map((r) => r.ims_transaction_reference_id)).toEqual([
      a.ims_transaction_reference_id,
      b.ims_transaction_reference_id,
    ]);
    expect(new Set(answer.map((r) => r.ims_pick_list_id)).size).toBe(1);
    const list = (await unprinted()).unprinted_pick_list.map((i) => i.transactionReferenceId);
    expect(list).not.toContain(a.ims_transaction_reference_id);
    const onBoard = (await printed()).printed_pick_list.find((i) => i.pickListItemId === answer[0]!.id)!;
    expect(onBoard).toMatchObject({
      pickListId: answer[0]!.ims_pick_list_id,
      isPrime: true,
      printedBy: board.username,
      warning: null,
    });
    expect(onBoard.printedAt).toMatch(/Z$/);
    const item = await call(picker.token, 'GET', `/api/ims/picklist/item/${answer[1]!.id}`);
    expect(item.json()).toHaveLength(1);
    expect(item.json()[0]).toMatchObject({
      pickListItemId: answer[1]!.id,
      isPremium: true,
      suggestedBin: { binName: 'R01-B01-S01' },
    });
  });

  it('refuses the whole print with per-item errors: reprint, warning, unknown, twice, another warehouse; nothing is printed', async () => {
    const done = await intake(kit);
    await printOne(done.ims_transaction_reference_id);
    const fresh = await intake(kit);
    const warned = (await unprinted()).unprinted_pick_list.find((i) => i.warning)!;
    const tx = await intake(texan, { sourceBucket: 'TX01' });
    const before = [await count('pick_lists'), await count('pick_list_items')];
    const res = await printItems([
      fresh.ims_transaction_reference_id,
      done.ims_transaction_reference_id,
      warned.transactionReferenceId,
      'CS-9999999',
      fresh.ims_transaction_reference_id,
      tx.ims_transaction_reference_id,
    ]);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['items.1', 'items.2', 'items.3', 'items.4', 'items.5']);
    expect(errors['items.1']![0]).toMatch(/printed items cannot be reprinted/);
    expect(errors['items.2']![0]).toBe(`${warned.warning}: an item with a warning cannot be printed`);
    expect(errors['items.3']![0]).toBe('Committed sale CS-9999999 not found');
    expect(errors['items.4']![0]).toMatch(/listed twice/);
    expect(errors['items.5']![0]).toMatch(/a pick list is for one warehouse \(KY01\)/);
    expect([await count('pick_lists'), await count('pick_list_items')]).toEqual(before);
    // A changed sale (quantity differs from what the board showed) is refused too.
    const changed = await printItems([fresh.ims_transaction_reference_id], board.token, { quantityRequested: 7 });
    expect(changed.json().errors['items.0'][0]).toMatch(/has changed/);
  });

  it('refuses bad input naming the field (400), and needs boards:view', async () => {
    const empty = await call(board.token, 'POST', '/api/picklist/items', { printedBy: 'x', items: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['items']);
    const bad = await call(board.token, 'POST', '/api/picklist/items', {
      items: [{ imsTransactionReferenceId: '07', quantityRequested: 1.5 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'items.0.imsTransactionReferenceId',
      'items.0.quantityRequested',
    ]);
    const anonymous = await injectAs(t.app, null, {
      method: 'POST',
      url: '/api/picklist/items',
      payload: { items: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves the pick list as a PDF and as ZPL with a PLI={id} barcode per item', async () => {
    const sale = await intake(kit, { isPrime: true, isPremium: true });
    const res = await printItems([sale.ims_transaction_reference_id]);
    const { id, ims_pick_list_id: listId } = (res.json() as { id: number; ims_pick_list_id: number }[])[0]!;
    const pdf = await call(board.token, 'GET', `/api/picklist/${listId}/document`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const zpl = await call(board.token, 'GET', `/api/picklist/${listId}/document?format=zpl`);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toMatch(/^application\/zpl/);
    expect(zpl.body).toMatch(/^\^XA/);
    expect(zpl.body).toContain('^BC');
    expect(zpl.body).toContain(`PLI=${id}`);
    expect(zpl.body).toContain('Prime/Premium');
    expect((await call(board.token, 'GET', '/api/picklist/99999/document')).statusCode).toBe(404);
    expect((await call(board.token, 'GET', `/api/picklist/${listId}/document?format=png`)).statusCode).toBe(400);
  });
});

describe('unprint', () => {
  it('needs bin:admin (403 otherwise), returns the sale to unprinted, and then the item reads empty', async () => {
    const sale = await intake(kit);
    const id = await printOne(sale.ims_transaction_reference_id);
    const denied = await call(picker.token, 'DELETE', `/api/picklist/items/${id}`);
    expect(denied.statusCode).toBe(403);
    expect(await count('pick_list_items')).toBeGreaterThan(0);
    expect((await call(picker.token, 'GET', `/api/ims/picklist/item/${id}`)).json()).toHaveLength(1);
    const res = await call(supervisor.token, 'DELETE', `/api/picklist/items/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `Success: pick list item ${id} unprinted`, id });
    expect((await call(picker.token, 'GET', `/api/ims/picklist/item/${id}`)).json()).toEqual([]);
    // The sale's on_pick_list flag follows its pick list item row.
    const outOfStep = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from committed_sales cs where cs.on_pick_list <> exists (select 1 from pick_list_items p where p.committed_sale_id = cs.id)`,
    );
    expect(outOfStep[0]!.n).toBe(0);
    expect(
      (await unprinted()).unprinted_pick_list.some(
        (i) => i.transactionReferenceId === sale.ims_transaction_reference_id,
      ),
    ).toBe(true);
    const again = await call(supervisor.token, 'DELETE', `/api/picklist/items/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().errors).toEqual({ id: [`Pick list item ${id} not found`] });
    expect((await call(supervisor.token, 'DELETE', '/api/picklist/items/abc')).json().errors).toHaveProperty(['id']);
  });
});

describe('the pick', () => {
  it('removes the quantity from the chosen bin through the ledger, records the signed-in picker, once', async () => {
    const sale = await intake(kit, { quantity: 3 });
    const id = await printOne(sale.ims_transaction_reference_id);
    const before = await binQuantity(binA.id, kit.id);
    const res = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, {
      pickedBy: 'typed-name',
      actualPickedBinId: binA.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Success: item picked',
      picked_item: {
        id,
        picked_quantity: 3,
        picked_by: picker.username,
        picked_bin_name: 'R01-B01-S01',
        product: { model: 'PICK-KIT' },
      },
    });
    expect(await binQuantity(binA.id, kit.id)).toBe(before - 3);
    const moves = await queryRows<{ reason: string; quantity_delta: number; pick_list_item_id: number }>(
      t.db,
      sql`select reason, quantity_delta, pick_list_item_id from bin_movements where pick_list_item_id = ${id}`,
    );
    expect(moves).toEqual([{ reason: 'PICK', quantity_delta: -3, pick_list_item_id: id }]);
    const already = await call(picker.token, 'GET', `/api/ims/picklist/already-picked-item/${id}`);
    expect(already.json().picked_item).toMatchObject({
      id,
      ims_pick_list_id: expect.any(Number),
      picked_quantity: 3,
      picked_by: picker.username,
    });
    // A second pick is refused with 'already been picked' (the page shows 'Item has already been picked.'); nothing moves.
    const second = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, {
      actualPickedBinId: binA.id,
    });
    expect(second.statusCode).toBe(409);
    expect(pickErrorText(second.json().message)).toBe(PICK_MESSAGES.alreadyPicked);
    expect(await binQuantity(binA.id, kit.id)).toBe(before - 3);
    // A picked item can be neither unprinted nor reprinted; it leaves the printed board.
    const unprint = await call(supervisor.token, 'DELETE', `/api/picklist/items/${id}`);
    expect(unprint.statusCode).toBe(409);
    expect(unprint.json().errors.id[0]).toMatch(/has been picked/);
    expect((await printed()).printed_pick_list.some((i) => i.pickListItemId === id)).toBe(false);
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('picks without removing from any bin when actualPickedBinId is omitted', async () => {
    const sale = await intake(kit);
    const id = await printOne(sale.ims_transaction_reference_id);
    const moves = await count('bin_movements');
    const res = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, { pickedBy: picker.username });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().picked_item).toMatchObject({ picked_bin_name: null, picked_quantity: 1 });
    expect(await count('bin_movements')).toBe(moves);
  });

  it('refuses a bin of another bucket, an unknown bin or one holding too few, naming actualPickedBinId; nothing changes', async () => {
    const sale = await intake(kit, { quantity: 5 });
    const id = await printOne(sale.ims_transaction_reference_id);
    const moves = await count('bin_movements');
    for (const binId of [binOther.id, 999999, binB.id]) {
      const res = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, { actualPickedBinId: binId });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['actualPickedBinId']);
    }
    const short = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, { actualPickedBinId: binB.id });
    expect(short.json().message).toBe('Bin R01-B01-S02: The bin holds 4 of this product. The pick needs 5.');
    expect(await count('bin_movements')).toBe(moves);
    expect((await call(picker.token, 'GET', `/api/ims/picklist/already-picked-item/${id}`)).json()).toEqual({
      picked_item: null,
    });
    for (const body of [{ actualPickedBinId: 1.5 }, { actualPickedBinId: '07' }, { actualPickedBinId: -1 }]) {
      const res = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['actualPickedBinId']);
    }
  });

  it("refuses a sale transacted at the point of sale with the 'Committed sale … already been picked' message", async () => {
    const sale = await intake(kit);
    const id = await printOne(sale.ims_transaction_reference_id);
    const transact = await call(
      admin.token,
      'POST',
      `/api/ims/committed-sales/${sale.ims_transaction_reference_id}/transact`,
      { invoicedByName: 'pos' },
    );
    expect(transact.statusCode, transact.body).toBe(200);
    const res = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Committed sale CS-\d+ has already been picked/);
    expect(pickErrorText(res.json().message)).toBe(PICK_MESSAGES.alreadyPickedCommittedSale);
  });

  it('a pick with a clientScanId is applied once: a replay answers the first answer and changes nothing; the id with another body or item is a 409 naming clientScanId', async () => {
    const sale = await intake(kit, { quantity: 2 });
    const id = await printOne(sale.ims_transaction_reference_id);
    const other = await printOne((await intake(kit)).ims_transaction_reference_id);
    const before = await binQuantity(binA.id, kit.id);
    const clientScanId = randomUUID();
    const body = { actualPickedBinId: binA.id, clientScanId };
    const first = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, body);
    expect(first.statusCode, first.body).toBe(200);
    const moves = await count('bin_movements');
    // The outbox's replay after a network cut (the first answer lost): the same answer, nothing moves again.
    const replay = await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await binQuantity(binA.id, kit.id)).toBe(before - 2);
    expect(await count('bin_movements')).toBe(moves);
    // The id with another body, or on another item: refused, naming clientScanId; the other item stays unpicked.
    for (const [item, payload] of [
      [id, { clientScanId }],
      [id, { actualPickedBinId: binB.id, clientScanId }],
      [other, body],
    ] as const) {
      const res = await call(picker.token, 'POST', `/api/ims/picklist/item/${item}/pick`, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(Object.keys(res.json().errors)).toEqual(['clientScanId']);
    }
    expect((await call(picker.token, 'GET', `/api/ims/picklist/already-picked-item/${other}`)).json()).toEqual({
      picked_item: null,
    });
    // A refused pick stores nothing under its id: once the refusal is gone, the same id applies (a bin holding too few first).
    const short = await printOne((await intake(kit, { quantity: 5 })).ims_transaction_reference_id);
    const retryId = randomUUID();
    const refused = await call(picker.token, 'POST', `/api/ims/picklist/item/${short}/pick`, {
      actualPickedBinId: binB.id,
      clientScanId: retryId,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    const applied = await call(picker.token, 'POST', `/api/ims/picklist/item/${short}/pick`, {
      actualPickedBinId: binA.id,
      clientScanId: retryId,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(
      (
        await call(picker.token, 'POST', `/api/ims/picklist/item/${id}/pick`, { ...body, clientScanId: 'not-a-uuid' })
      ).json().errors,
    ).toHaveProperty('clientScanId');
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('answers 404 for an unknown item, an empty list for its read, and 403 without inventory:view', async () => {
    expect((await call(picker.token, 'POST', '/api/ims/picklist/item/999999/pick', {})).statusCode).toBe(404);
    expect((await call(picker.token, 'GET', '/api/ims/picklist/item/999999')).json()).toEqual([]);
    expect((await call(picker.token, 'GET', '/api/ims/picklist/already-picked-item/999999')).json()).toEqual({
      picked_item: null,
    });
    for (const [method, url] of [
      ['GET', '/api/ims/picklist/item/1'],
      ['GET', '/api/ims/picklist/already-picked-item/1'],
      ['POST', '/api/ims/picklist/item/1/pick'],
    ] as const) {
      expect((await call(board.token, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
    }
    const bad = await call(picker.token, 'GET', '/api/ims/picklist/item/0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });
});

describe('live', () => {
  it("notifies 'pick-lists' when an item is printed, picked or unprinted", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openLiveStream(base, board.token, 'pick-lists');
    try {
      expect((await stream.next()).event).toBe('ready');
      const sale = await intake(kit);
      expect(await stream.next()).toMatchObject({ event: 'change', data: { topic: 'pick-lists' } });
      const id = await printOne(sale.ims_transaction_reference_id);
      expect(await stream.next()).toMatchObject({ event: 'change', data: { topic: 'pick-lists' } });
      expect((await call(supervisor.token, 'DELETE', `/api/picklist/items/${id}`)).statusCode).toBe(200);
      expect(await stream.next()).toMatchObject({ event: 'change', data: { topic: 'pick-lists' } });
    } finally {
      stream.close();
    }
  });
});
