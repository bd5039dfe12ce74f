import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSimulationEvent, TSimulationHistoryPage } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { checkLedger } from '../src/modules/ledger/ledger-check.js';
import { Ledger } from '../src/modules/ledger/ledger-writer.js';
import { LedgerWrites } from '../src/modules/ledger/ledger-transaction.js';
import {
  createLocation,
  createProducts,
  createSignedInUser,
  createUser,
  nextUpc,
  unique,
  type CreatedProduct,
} from './factories.js';
import { createTestApp, injectAs, type TestApp } from './harness.js';

/**
 * The inventory events simulation (issue 12 part 5): GET /api/ims/inventory/product/history/. Stock moves the way the
 * product moves it: receipts and an un-receipt through the receiving service, a transfer and sales through the ledger.
 * Ledger of KIT: 6 receipts into KY01 (+1 each), one un-receipt (−1), a transfer of 2 KY01 → TX01 (two rows), a
 * sale of 1 from TX01, then 2 more receipts into KY01 and a sale of 1 from KY01: 13 rows; KY01 ends at 4, TX01 at 1.
 */
let t: TestApp;
let token: string;
let kit: CreatedProduct;
let tv: CreatedProduct;
let empty: CreatedProduct;
let actor: { id: number; username: string; role: string };
const ledger = new Ledger();

const URL = '/api/ims/inventory/product/history/';
const get = (query: Record<string, string | number>, as: string | null = token, url = URL) =>
  injectAs(t.app, as, {
    method: 'GET',
    url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
  });
async function page(query: Record<string, string | number>): Promise<TSimulationHistoryPage> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSimulationHistoryPage;
}
/** Every page of a model, following next_after until done. */
async function allPages(model: string, pageSize?: number): Promise<TSimulationHistoryPage[]> {
  const pages: TSimulationHistoryPage[] = [];
  let after: number | null = null;
  for (let n = 1; n < 100; n++) {
    const p = await page({ model, page: n, ...(pageSize ? { pageSize } : {}), ...(after !== null ? { after } : {}) });
    pages.push(p);
    if (p.done) return pages;
    after = p.next_after;
  }
  throw new Error('never done');
}

/** Receives `units` units of a product into a bucket, one receipt each; answers the receipts' references and the PO line. */
async function receive(product: CreatedProduct, bucket: string, units: number, serials: string[] = []) {
  const vendor = await t.services.vendors.create({ company_name: unique('Sim vendor'), vendor_type: 'sales' });
  const po = await t.services.purchaseOrders.create(
    {
      vendorId: vendor.id,
      location_code: bucket.slice(0, 4),
      purchaseOrderType: 'Default',
      shippingRequirements: 'Default',
    },
    actor.id,
  );
  const full = await t.services.purchaseOrders.addLine({
    productId: product.id,
    cost: 25,
    qty: units,
    purchaseOrderId: po.id,
  });
  const lineId = full.data.PO_LINES.at(-1)!.id;
  const refs: string[] = [];
  for (let i = 0; i < units; i++) {
    const r = await t.services.receiving.receive(
      {
        scannedUpc: product.upc!,
        model: product.modelNumber,
        poApiPoId: po.id,
        poApiPoItemId: lineId,
        receivingBucket: bucket,
        ...(serials[i] ? { scannedSerialNumbers: [serials[i]!] } : {}),
      },
      actor,
    );
    refs.push(r.transactionReferenceId);
  }
  return { refs, lineId, poRef: po.purchase_ref_id };
}

const onHandTable = async (product: CreatedProduct) =>
  Object.fromEntries(
    (
      await queryRows<{ bucket: string; quantity: number }>(
        t.db,
        sql`select bucket, quantity from inventory where product_id = ${product.id}`,
      )
    ).map((r) => [r.bucket, Number(r.quantity)]),
  );

let poRef: string;
let transferRefs: string[];

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  const user = await createUser(t.services, { role: 'admin' });
  actor = { id: user.id, username: user.username, role: 'admin' };
  [kit, tv, empty] = (await createProducts(t.db, [
    { modelNumber: 'SIM-KIT', upc: nextUpc(), serialNumberTracked: false, description: 'Simulation kit' },
    { modelNumber: 'SIM-TV', upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    { modelNumber: 'SIM-EMPTY', upc: nextUpc() },
  ])) as [CreatedProduct, CreatedProduct, CreatedProduct];

  const first = await receive(kit, 'KY01', 6);
  poRef = first.poRef;
  await t.services.receiving.unreceive(
    first.refs[5]!,
    { lineItemId: first.lineId, notes: 'Counted one too many', scannedUpc: kit.upc! },
    actor,
  );
  const moved = await new LedgerWrites(t.db).run((executor) =>
    ledger.postTransfer({
      executor,
      referenceId: 'CT-0000901',
      productId: kit.id,
      fromBucket: 'KY01',
      toBucket: 'TX01',
      quantity: 2,
      userId: actor.id,
      notes: 'Restock Texas',
    }),
  );
  transferRefs = moved.transactions.map((r) => r.referenceId);
  await new LedgerWrites(t.db).run((executor) =>
    ledger.postSale({
      executor,
      referenceId: 'CS-0000901',
      productId: kit.id,
      fromBucket: 'TX01',
      quantity: 1,
      userId: actor.id,
    }),
  );
  await receive(kit, 'KY01', 2);
  await new LedgerWrites(t.db).run((executor) =>
    ledger.postSale({
      executor,
      referenceId: 'CS-0000902',
      productId: kit.id,
      fromBucket: 'KY01',
      quantity: 1,
      userId: actor.id,
    }),
  );

  // A serial-tracked product: two serials received, one moved to TX01.
  await receive(tv, 'KY01', 2, ['SIMTV-1', 'SIMTV-2']);
  await new LedgerWrites(t.db).run((executor) =>
    ledger.postTransfer({
      executor,
      referenceId: 'CT-0000902',
      productId: tv.id,
      fromBucket: 'KY01',
      toBucket: 'TX01',
      quantity: 1,
      serials: ['SIMTV-2'],
      userId: actor.id,
    }),
  );

  token = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
});
afterAll(() => t?.close());

describe('GET /api/ims/inventory/product/history/', () => {
  it('pages the whole ledger of the model oldest first, keyed on id, done on the last page only', async () => {
    const pages = await allPages('SIM-KIT', 4);
    expect(pages.map((p) => p.inventory_history.length)).toEqual([4, 4, 4, 1]);
    expect(pages.map((p) => p.done)).toEqual([false, false, false, true]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    // Counted on the first page (no key) and the last; a keyed page in between leaves it null.
    expect(pages.map((p) => p.total_events)).toEqual([13, null, null, 13]);
    expect(pages.every((p) => p.page_size === 4)).toBe(true);
    expect(pages.slice(0, 3).every((p) => p.events_summary === null && p.final_inventory_history === null)).toBe(true);
    expect(pages.at(-1)!.next_after).toBeNull();
    for (const p of pages.slice(0, 3)) expect(p.next_after).toBe(p.inventory_history.at(-1)!.id);

    const events = pages.flatMap((p) => p.inventory_history);
    const ledgerRows = await queryRows<{
      id: string;
      ims_transaction_reference_id: string;
      type: string;
      bucket: string;
      quantity_delta: number;
    }>(
      t.db,
      sql`select id, ims_transaction_reference_id, type, bucket, quantity_delta from inventory_transactions where product_id = ${kit.id} order by id`,
    );
    expect(events.map((e) => [e.id, e.ims_transaction_reference_id, e.type, e.bucket, e.quantity_delta])).toEqual(
      ledgerRows.map((r) => [Number(r.id), r.ims_transaction_reference_id, r.type, r.bucket, Number(r.quantity_delta)]),
    );
    expect(events.map((e) => e.type)).toEqual([
      ...Array(6).fill('INVENTORY_RECEIPT'),
      'INVENTORY_UNRECEIPT',
      'INVENTORY_TRANSFER',
      'INVENTORY_TRANSFER',
      'INVENTORY_SALE',
      'INVENTORY_RECEIPT',
      'INVENTORY_RECEIPT',
      'INVENTORY_SALE',
    ]);
    // Each event's fields: date, reference, the document it posts, user and notes.
    const unreceipt = events[6]!;
    expect(unreceipt).toMatchObject({
      quantity_delta: -1,
      bucket: 'KY01',
      notes: 'Counted one too many',
      transacted_by: actor.username,
      document_reference: poRef,
    });
    expect(Number.isNaN(Date.parse(unreceipt.events_date))).toBe(false);
    expect(
      events.slice(7, 9).map((e) => [e.ims_transaction_reference_id, e.bucket, e.quantity_delta, e.document_reference]),
    ).toEqual([
      [transferRefs[0], 'KY01', -2, 'CT-0000901'],
      [transferRefs[1], 'TX01', 2, 'CT-0000901'],
    ]);
    expect(events[9]).toMatchObject({
      type: 'INVENTORY_SALE',
      document_reference: 'CS-0000901',
      bucket: 'TX01',
      quantity_delta: -1,
    });
  });

  it('carries the running on-hand of each bucket across pages', async () => {
    const pages = await allPages('SIM-KIT', 3);
    expect(pages).toHaveLength(5);
    const replay = new Map<string, number>();
    let total = 0;
    for (const p of pages) {
      // The page opens where the page before closed.
      expect(Object.fromEntries(p.opening_on_hand.map((o) => [o.bucket, o.quantity]))).toEqual(
        Object.fromEntries(replay),
      );
      for (const e of p.inventory_history) {
        replay.set(e.bucket, (replay.get(e.bucket) ?? 0) + e.quantity_delta);
        total += e.quantity_delta;
        expect([e.id, e.on_hand_after, e.total_on_hand_after]).toEqual([e.id, replay.get(e.bucket), total]);
      }
    }
    const events = pages.flatMap((p) => p.inventory_history);
    const after = (i: number) => [events[i]!.bucket, events[i]!.on_hand_after];
    expect([after(5), after(6), after(7), after(8), after(9), after(12)]).toEqual([
      ['KY01', 6],
      ['KY01', 5],
      ['KY01', 3],
      ['TX01', 2],
      ['TX01', 1],
      ['KY01', 4],
    ]);
    expect(Object.fromEntries(replay)).toEqual({ KY01: 4, TX01: 1 });
  });

  it('answers a page asked by number alone (the spec form) as the page reached by its key', async () => {
    const keyed = await allPages('SIM-KIT', 5);
    for (const n of [1, 2, 3]) {
      const byNumber = await page({ model: 'sim-kit', page: n, pageSize: 5 });
      // Without a key the page counts the model's events; the keyed page 2 leaves that to the first.
      expect(byNumber.total_events).toBe(13);
      expect({ ...byNumber, total_events: keyed[n - 1]!.total_events }).toEqual(keyed[n - 1]);
    }
    // Past the end: an empty last page, with the summary.
    const past = await page({ model: 'SIM-KIT', page: 9, pageSize: 5 });
    expect(past).toMatchObject({ page: 9, inventory_history: [], done: true, next_after: null });
    expect(past.final_inventory_history!.map((f) => [f.bucket, f.replayed_quantity])).toEqual([
      ['KY01', 4],
      ['TX01', 1],
    ]);
    // Without pageSize, pages of 5,000: the whole ledger at once.
    const whole = await page({ model: 'SIM-KIT' });
    expect(whole).toMatchObject({ page: 1, page_size: 5000, done: true, next_after: null });
    expect(whole.inventory_history).toEqual(keyed.flatMap((p) => p.inventory_history));
  });

  it('summarises events and quantities per type and per bucket', async () => {
    const last = (await allPages('SIM-KIT', 4)).at(-1)!;
    expect(last.events_summary).toMatchObject({ events: 13, quantity_in: 10, quantity_out: 5, net_change: 5 });
    expect(last.events_summary!.by_type).toEqual([
      { type: 'INVENTORY_RECEIPT', events: 8, quantity_in: 8, quantity_out: 0, net_change: 8 },
      { type: 'INVENTORY_SALE', events: 2, quantity_in: 0, quantity_out: 2, net_change: -2 },
      { type: 'INVENTORY_TRANSFER', events: 2, quantity_in: 2, quantity_out: 2, net_change: 0 },
      { type: 'INVENTORY_UNRECEIPT', events: 1, quantity_in: 0, quantity_out: 1, net_change: -1 },
    ]);
    expect(last.events_summary!.by_bucket).toEqual([
      {
        bucket: 'KY01',
        location_code: 'KY01',
        condition_code: 'NEW',
        events: 11,
        quantity_in: 8,
        quantity_out: 4,
        net_change: 4,
      },
      {
        bucket: 'TX01',
        location_code: 'TX01',
        condition_code: 'NEW',
        events: 2,
        quantity_in: 2,
        quantity_out: 1,
        net_change: 1,
      },
    ]);
    const events = (await page({ model: 'SIM-KIT' })).inventory_history;
    expect(last.events_summary!.first_event_date).toBe(events[0]!.events_date);
    expect(last.events_summary!.last_event_date).toBe(
      events.reduce((max, e) => (e.events_date > max ? e.events_date : max), ''),
    );
  });

  it("ends with each bucket's replayed quantity equal to on-hand, for stock with and without serials", async () => {
    for (const product of [kit, tv]) {
      const pages = await allPages(product.modelNumber, 2);
      const final = pages.at(-1)!.final_inventory_history!;
      const table = await onHandTable(product);
      expect(final.map((f) => [f.bucket, f.on_hand_quantity])).toEqual(Object.entries(table).sort());
      for (const f of final)
        expect(f).toMatchObject({ replayed_quantity: f.on_hand_quantity, difference: 0, matches: true });
      // The final figure is the last running figure of that bucket.
      const events = pages.flatMap((p) => p.inventory_history);
      for (const f of final)
        expect(events.filter((e) => e.bucket === f.bucket).at(-1)!.on_hand_after).toBe(f.replayed_quantity);
    }
    expect(
      (await allPages('SIM-TV'))
        .at(-1)!
        .final_inventory_history!.map((f) => [f.bucket, f.replayed_quantity, f.location_code, f.condition_code]),
    ).toEqual([
      ['KY01', 1, 'KY01', 'NEW'],
      ['TX01', 1, 'TX01', 'NEW'],
    ]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('shows a tampered on-hand row as a difference, never hides it', async () => {
    // Deliberately written around the ledger: a tampered on-hand row, restored in the finally below.
    await t.db.execute(
      sql`update inventory set quantity = quantity + 5 where product_id = ${kit.id} and bucket = 'KY01'`,
    );
    await t.db.execute(sql`insert into inventory (product_id, bucket, quantity) values (${kit.id}, 'TX01_B_STOCK', 2)`);
    try {
      const final = (await allPages('SIM-KIT', 4)).at(-1)!.final_inventory_history!;
      expect(final).toEqual([
        {
          bucket: 'KY01',
          location_code: 'KY01',
          condition_code: 'NEW',
          replayed_quantity: 4,
          on_hand_quantity: 9,
          difference: 5,
          matches: false,
        },
        {
          bucket: 'TX01',
          location_code: 'TX01',
          condition_code: 'NEW',
          replayed_quantity: 1,
          on_hand_quantity: 1,
          difference: 0,
          matches: true,
        },
        {
          bucket: 'TX01_B_STOCK',
          location_code: 'TX01',
          condition_code: 'B_STOCK',
          replayed_quantity: 0,
          on_hand_quantity: 2,
          difference: 2,
          matches: false,
        },
      ]);
      // The ledger check agrees with the person's view.
      expect((await checkLedger(t.db)).length).toBeGreaterThan(0);
    } finally {
      // Deliberately written around the ledger: the tampering above undone.
      await t.db.execute(
        sql`update inventory set quantity = quantity - 5 where product_id = ${kit.id} and bucket = 'KY01'`,
      );
      await t.db.execute(sql`delete from inventory where product_id = ${kit.id} and bucket = 'TX01_B_STOCK'`);
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('answers a model without events with one empty, done page', async () => {
    const only = await page({ model: empty.modelNumber, page: 1 });
    expect(only).toMatchObject({
      total_events: 0,
      inventory_history: [],
      done: true,
      next_after: null,
      opening_on_hand: [],
      final_inventory_history: [],
    });
    expect(only.events_summary).toEqual({
      events: 0,
      quantity_in: 0,
      quantity_out: 0,
      net_change: 0,
      first_event_date: null,
      last_event_date: null,
      by_type: [],
      by_bucket: [],
    });
  });

  it('is served with and without the trailing slash', async () => {
    const withSlash = await get({ model: 'SIM-KIT', pageSize: 3 });
    const without = await get({ model: 'SIM-KIT', pageSize: 3 }, token, '/api/ims/inventory/product/history');
    expect([withSlash.statusCode, without.statusCode]).toEqual([200, 200]);
    expect(without.json()).toEqual(withSlash.json());
  });

  it('refuses bad input with 400 naming the field, an unknown model with 404, and callers without inventory:view', async () => {
    const missing = await get({ page: 1 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('model');
    for (const [query, field] of [
      [{ model: '' }, 'model'],
      [{ model: 'SIM-KIT', pageSize: 0 }, 'pageSize'],
      [{ model: 'SIM-KIT', pageSize: 5001 }, 'pageSize'],
      [{ model: 'SIM-KIT', page: 0 }, 'page'],
      [{ model: 'SIM-KIT', page: 'two' }, 'page'],
      [{ model: 'SIM-KIT', after: -1 }, 'after'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const unknown = await get({ model: 'NO-SUCH-SIM' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No product has the model NO-SUCH-SIM.');

    const outsider = await createSignedInUser(t, { role: 'user' });
    expect((await get({ model: 'SIM-KIT' }, outsider.token)).statusCode).toBe(403);
    expect((await get({ model: 'SIM-KIT' }, null)).statusCode).toBe(401);
  });

  it('keeps each event in the shape the contract names', async () => {
    const [e] = (await page({ model: 'SIM-KIT', pageSize: 1 })).inventory_history as [TSimulationEvent];
    expect(Object.keys(e).sort()).toEqual(
      [
        'bucket',
        'document_reference',
        'events_date',
        'id',
        'ims_transaction_reference_id',
        'notes',
        'on_hand_after',
        'quantity_delta',
        'total_on_hand_after',
        'transacted_by',
        'type',
      ].sort(),
    );
  });
});
