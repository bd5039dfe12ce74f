import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_CHANNEL_NAMES, type TSalesChannel } from '@keystone/contracts';
import { queryRows } from '../../../../db/database.js';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import {
  createBrand,
  createLocation,
  createPoLine,
  createProducts,
  insertLegacySerial,
  createUser,
  nextUpc,
  receiveOnLine,
  receiveStock,
  unique,
  unreceiveStock,
  type CreatedProduct,
} from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { adjustStock, expectLedgerClean, sellStock, stockUp, transferStock } from '../../../../../test/stock-kit.js';
import { dailySales } from './daily-sales.js';
import { transferAging } from './transfer-aging.js';
import { onHandByBucket } from './on-hand-by-bucket.js';
import { auditAccuracyByBucket } from './audit-accuracy-by-bucket.js';
import { liveSerials } from './live-serials.js';
import { movementsByType } from './movements-by-type.js';
import { openSalesAging } from './open-sales-aging.js';
import { pickListStatus } from './pick-list-status.js';
import { pickingProductivity } from './picking-productivity.js';
import { salesByProduct } from './sales-by-product.js';
import { serialVelocity } from './serial-velocity.js';
import { transfersByRoute } from './transfers-by-route.js';
import { salesByState } from './sales-by-state.js';
import { salesByAccount } from './sales-by-account.js';

let t: TestApp;
let productId: number;
let productModel: string;
let costCents: number;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  costCents = 1999;
  const [product] = await createProducts(t.db, [
    { modelNumber: unique('OPS'), upc: nextUpc(), currentCostCents: costCents },
  ]);
  productId = product!.id;
  productModel = product!.modelNumber;
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

interface Sale {
  invoice: string;
  qty: number;
  /** transacted_at (null: open). */
  at: string | null;
  product?: number;
  createdAt?: string;
  price?: number | null;
  channel?: TSalesChannel | null;
  state?: string | null;
  onPickList?: boolean;
}

let saleSequence = 0;
/** One committed sale row as the committed-sales module stores it (created_at, transacted_at and price as given). */
async function insertSale(s: Sale): Promise<{ id: number; reference: string }> {
  saleSequence += 1;
  const reference = `CS-T${String(saleSequence).padStart(5, '0')}`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity, created_at, transacted_at,
        unit_price_cents, sales_channel, ship_to_state, on_pick_list)
      values (${reference}, ${s.invoice}, ${s.product ?? productId}, 'KY01', ${s.qty}, ${s.createdAt ?? '2024-01-01T00:00:00Z'}, ${s.at},
        ${s.price ?? null}, ${s.channel ?? null}, ${s.state ?? null}, ${s.onPickList ?? false}) returning id`,
  );
  return { id: row!.id, reference };
}

/** Σ units × price of the priced sales, and the units of the unpriced ones. */
function salesValue(sales: Sale[]): { sales: number; unpriced_units: number } {
  return {
    sales: sales.reduce((n, s) => n + (s.price == null ? 0 : s.qty * s.price), 0),
    unpriced_units: sales.reduce((n, s) => n + (s.price == null ? s.qty : 0), 0),
  };
}

async function insertPickList(printedAt: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into pick_lists (warehouse, printed_at) values ('KY01', ${printedAt}) returning id`,
  );
  return row!.id;
}

/** A printed pick-list item of a new open sale of `qty` units, picked (by whom, how many) or not. */
async function insertPickItem(
  listId: number,
  item: { qty: number; pickedAt: string | null; pickedBy?: number | null; picked?: number | null },
) {
  const sale = await insertSale({ invoice: unique('PICK'), qty: item.qty, at: null, onPickList: true });
  await t.db
    .execute(sql`insert into pick_list_items (pick_list_id, committed_sale_id, product_id, item_condition, item_warehouse, quantity_requested, printed_at,
      picked_at, picked_by_id, picked_quantity)
    values (${listId}, ${sale.id}, ${productId}, 'NEW', 'KY01', ${item.qty}, '2024-01-01T00:00:00Z', ${item.pickedAt}, ${item.pickedBy ?? null}, ${item.picked ?? null})`);
}

/** The percent column as the report answers it (2 decimals). */
const percent = (part: number, whole: number) => Math.round(((100 * part) / whole) * 100) / 100;

describe('daily-sales', () => {
  it('counts invoices, lines, units, their sales dollars (unpriced units apart) and their cost per UTC day of the transacted sales in the range', async () => {
    const sales: Sale[] = [
      { invoice: 'A1', qty: 2, price: 49_999, at: '2024-04-10T10:00:00Z' },
      { invoice: 'A1', qty: 1, price: null, at: '2024-04-10T11:00:00Z' },
      { invoice: 'A2', qty: 3, price: 1_250, at: '2024-04-10T23:59:00Z' },
      { invoice: 'A3', qty: 4, price: null, at: '2024-04-11T00:01:00Z' },
      { invoice: 'A4', qty: 9, price: 100, at: '2024-04-13T00:00:00Z' }, // after the range
      { invoice: 'A5', qty: 5, price: 100, at: null }, // open
    ];
    for (const s of sales) await insertSale({ ...s, createdAt: '2024-04-01T00:00:00Z' });
    const result = await runReport(t, dailySales, { from: '2024-04-10', to: '2024-04-12' });
    const counted = sales.filter((s) => s.at !== null && s.at.slice(0, 10) <= '2024-04-12');
    const days = [...new Set(counted.map((s) => s.at!.slice(0, 10)))].sort();
    expect(result.rows).toEqual(
      days.map((day) => {
        const mine = counted.filter((s) => s.at!.startsWith(day));
        const units = mine.reduce((n, s) => n + s.qty, 0);
        return {
          day,
          invoices: new Set(mine.map((s) => s.invoice)).size,
          lines: mine.length,
          units,
          ...salesValue(mine),
          cost: units * costCents,
        };
      }),
    );
  });
});

describe('transfer-aging', () => {
  it('lists the open transfers at least minDays old, oldest first, with their age', async () => {
    const now = Date.now();
    const transfers = [
      { ref: 'IT-AGE-1', daysAgo: 10, done: false },
      { ref: 'IT-AGE-2', daysAgo: 2, done: false },
      { ref: 'IT-AGE-3', daysAgo: 20, done: true },
      { ref: 'IT-AGE-4', daysAgo: 7, done: false },
    ];
    for (const tr of transfers) {
      const at = new Date(now - tr.daysAgo * 86_400_000 - 3_600_000).toISOString();
      await t.db
        .execute(sql`insert into committed_transfers (ims_transaction_reference_id, product_id, from_bucket, to_bucket, committed_quantity, committed_at, transferred_at)
        values (${tr.ref}, ${productId}, 'KY01', 'KY01_B_STOCK', 1, ${at}, ${tr.done ? new Date(now).toISOString() : null})`);
    }
    const result = await runReport(t, transferAging, { minDays: '5' });
    const expected = transfers.filter((tr) => !tr.done && tr.daysAgo >= 5).sort((a, b) => b.daysAgo - a.daysAgo);
    expect(result.rows.map((r) => [r.reference, r.age_days])).toEqual(expected.map((tr) => [tr.ref, tr.daysAgo]));
  });
});

describe('on-hand-by-bucket', () => {
  it('sums on-hand per bucket and counts the products holding stock', async () => {
    const [other] = await createProducts(t.db, [{ modelNumber: unique('OPS'), upc: nextUpc() }]);
    const rows = [
      { product: productId, bucket: 'KY01', quantity: 4 },
      { product: other!.id, bucket: 'KY01', quantity: 6 },
      { product: other!.id, bucket: 'KY01_B_STOCK', quantity: 0 },
    ];
    for (const r of rows) await stockUp(t.services, { id: r.product }, r.bucket, r.quantity);
    const result = await runReport(t, onHandByBucket, { bucket: 'KY01' });
    const buckets = [...new Set(rows.map((r) => r.bucket))].sort();
    expect(result.rows.map((r) => [r.bucket, r.products, r.units])).toEqual(
      buckets.map((b) => {
        const mine = rows.filter((r) => r.bucket === b);
        return [b, mine.filter((r) => r.quantity !== 0).length, mine.reduce((n, r) => n + r.quantity, 0)];
      }),
    );
    await expectLedgerClean(t.db);
  });
});

describe('sales-by-state and sales-by-account', () => {
  const sales: Sale[] = [
    { invoice: 'ST1', qty: 2, price: 49_999, channel: 'amazon', state: 'TX', at: '2024-06-02T10:00:00Z' },
    { invoice: 'ST1', qty: 1, price: 1_999, channel: 'amazon', state: 'TX', at: '2024-06-02T10:05:00Z' },
    { invoice: 'ST2', qty: 3, price: null, channel: 'walmart', state: 'TX', at: '2024-06-03T00:00:00Z' },
    { invoice: 'ST3', qty: 1, price: 120_000, channel: 'store', state: 'KY', at: '2024-06-30T23:59:00Z' },
    { invoice: 'ST4', qty: 2, price: 5_000, channel: null, state: null, at: '2024-06-15T00:00:00Z' },
    { invoice: 'ST5', qty: 4, price: 7_000, channel: 'amazon_home', state: 'AZ', at: '2024-06-20T00:00:00Z' },
    { invoice: 'ST6', qty: 6, price: 100, channel: 'amazon', state: 'KY', at: '2024-07-01T00:00:00Z' }, // after the range
    { invoice: 'ST7', qty: 5, price: 100, channel: 'walmart', state: 'AZ', at: null }, // open
  ];
  const range = { from: '2024-06-01', to: '2024-06-30' };
  const sold = () =>
    sales.filter((s) => s.at !== null && s.at.slice(0, 10) >= range.from && s.at.slice(0, 10) <= range.to);
  /** Orders, units and sales dollars of the sales grouped by `key`, most sales first. */
  function figures<K extends string>(rows: Sale[], key: (s: Sale) => K) {
    const keys = [...new Set(rows.map(key))];
    return keys
      .map((k) => {
        const mine = rows.filter((s) => key(s) === k);
        return {
          key: k,
          orders: new Set(mine.map((s) => s.invoice)).size,
          units: mine.reduce((n, s) => n + s.qty, 0),
          ...salesValue(mine),
        };
      })
      .sort((a, b) => b.sales - a.sales || (a.key < b.key ? -1 : 1));
  }
  beforeAll(async () => {
    for (const s of sales) await insertSale({ ...s, createdAt: '2024-06-01T00:00:00Z' });
  });

  it('sales-by-state: orders, units and sales dollars per ship-to state, unpriced units apart, sales without a state as (none)', async () => {
    const result = await runReport(t, salesByState, range);
    expect(result.rows).toEqual(
      figures(sold(), (s) => s.state ?? '(none)').map(({ key, ...f }) => ({ state: key, ...f })),
    );
  });

  it('sales-by-state of one channel counts only that channel’s sales', async () => {
    const result = await runReport(t, salesByState, { ...range, channel: 'amazon' });
    const amazon = sold().filter((s) => s.channel === 'amazon');
    expect(amazon.length).toBeGreaterThan(0);
    expect(result.rows).toEqual(
      figures(amazon, (s) => s.state ?? '(none)').map(({ key, ...f }) => ({ state: key, ...f })),
    );
  });

  it('sales-by-account: orders, units and sales dollars per selling account (the sale’s channel), named', async () => {
    const result = await runReport(t, salesByAccount, range);
    expect(result.rows).toEqual(
      figures(sold(), (s) => s.channel ?? '').map(({ key, ...f }) => ({
        account: key === '' ? '(none)' : SALES_CHANNEL_NAMES[key],
        channel: key,
        ...f,
      })),
    );
  });
});

describe('sales-by-product', () => {
  it('sums the units of each product (model prefix) transacted in the range, with its brand and on-hand, best sellers first', async () => {
    const prefix = unique('SBP');
    const brandName = unique('Brand');
    const brandId = await createBrand(t.db, brandName, unique('BC'));
    const [a, b, other] = await createProducts(t.db, [
      { modelNumber: `${prefix}-A`, upc: nextUpc(), brandId },
      { modelNumber: `${prefix}-B`, upc: nextUpc() },
      { modelNumber: unique('XSBP'), upc: nextUpc(), brandId },
    ]);
    const stock = [
      { product: a!.id, bucket: 'KY01', quantity: 5 },
      { product: a!.id, bucket: 'KY01_B_STOCK', quantity: 2 },
      { product: other!.id, bucket: 'KY01', quantity: 8 },
    ];
    for (const r of stock) await stockUp(t.services, { id: r.product }, r.bucket, r.quantity);
    const sales: Sale[] = [
      { invoice: 'SP1', product: a!.id, qty: 2, at: '2024-05-03T12:00:00Z' },
      { invoice: 'SP2', product: a!.id, qty: 3, at: '2024-05-31T23:00:00Z' },
      { invoice: 'SP3', product: b!.id, qty: 7, at: '2024-05-10T12:00:00Z' },
      { invoice: 'SP4', product: a!.id, qty: 4, at: '2024-06-01T00:00:00Z' }, // after the range
      { invoice: 'SP5', product: b!.id, qty: 1, at: null }, // open
      { invoice: 'SP6', product: other!.id, qty: 9, at: '2024-05-10T12:00:00Z' }, // another model
    ];
    for (const s of sales) await insertSale({ ...s, createdAt: '2024-05-01T00:00:00Z' });
    const result = await runReport(t, salesByProduct, { from: '2024-05-01', to: '2024-05-31', model: `${prefix}-` });
    const mine = [
      { product: a!, brand: brandName },
      { product: b!, brand: '' },
    ];
    const expected = mine
      .map(({ product, brand }) => ({
        model_number: product.modelNumber,
        brand,
        units: sales
          .filter((s) => s.product === product.id && s.at !== null && s.at < '2024-06')
          .reduce((n, s) => n + s.qty, 0),
        on_hand: stock.filter((r) => r.product === product.id).reduce((n, r) => n + r.quantity, 0),
      }))
      .sort((x, y) => y.units - x.units);
    expect(result.rows).toEqual(expected);
    await expectLedgerClean(t.db);
  });
});

describe('open-sales-aging', () => {
  it('lists the open sales at least minDays old, oldest first, with their age and whether they are on a pick list', async () => {
    const now = Date.now();
    const open = [
      { invoice: 'OA1', qty: 2, daysAgo: 12, onPickList: true, sold: false },
      { invoice: 'OA2', qty: 1, daysAgo: 6, onPickList: false, sold: false },
      { invoice: 'OA3', qty: 4, daysAgo: 3, onPickList: false, sold: false }, // younger than minDays
      { invoice: 'OA4', qty: 5, daysAgo: 30, onPickList: false, sold: true }, // transacted: not open
    ].map((s) => ({ ...s, createdAt: new Date(now - s.daysAgo * DAY - 3_600_000).toISOString() }));
    const references = new Map<string, string>();
    for (const s of open) {
      const sale = await insertSale({
        invoice: s.invoice,
        qty: s.qty,
        createdAt: s.createdAt,
        at: s.sold ? new Date(now).toISOString() : null,
        onPickList: s.onPickList,
      });
      references.set(sale.reference, s.invoice);
    }
    const result = await runReport(t, openSalesAging, { minDays: '5' });
    const expected = open
      .filter((s) => !s.sold && s.daysAgo >= 5)
      .sort((a, b) => b.daysAgo - a.daysAgo)
      .map((s) => ({
        reference: [...references].find(([, invoice]) => invoice === s.invoice)![0],
        invoice: s.invoice,
        model_number: productModel,
        source_bucket: 'KY01',
        quantity: s.qty,
        created_at: s.createdAt,
        age_days: s.daysAgo,
        on_pick_list: s.onPickList ? 'Yes' : 'No',
      }));
    expect(result.rows.filter((r) => references.has(String(r.reference)))).toEqual(expected);
  });
});

describe('audit-accuracy-by-bucket', () => {
  it('counts the audit items submitted in the range per bucket, those that matched, the accuracy and the units over and short', async () => {
    const items = [
      { bucket: 'KY01', delta: 0, at: '2024-07-02T10:00:00Z' },
      { bucket: 'KY01', delta: 2, at: '2024-07-03T10:00:00Z' },
      { bucket: 'KY01', delta: -3, at: '2024-07-31T23:59:00Z' },
      { bucket: 'KY01', delta: 1, at: '2024-07-04T10:00:00Z' },
      { bucket: 'KY01_B_STOCK', delta: 0, at: '2024-07-15T00:00:00Z' },
      { bucket: 'KY01_B_STOCK', delta: -1, at: '2024-07-16T00:00:00Z' },
      { bucket: 'KY01', delta: 5, at: '2024-08-01T00:00:00Z' }, // after the range
      { bucket: 'KY01_B_STOCK', delta: null, at: null }, // not submitted
    ];
    for (const item of items) {
      const [batch] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into audit_batches (name, default_bucket) values (${unique('Audit')}, ${item.bucket}) returning id`,
      );
      await t.db
        .execute(sql`insert into audit_items (ims_transaction_reference_id, batch_id, product_id, bucket, audit_type_code, recorded_qty_at_start_of_tally,
          start_transaction_id, submitted_at, submitted_delta)
        values (${unique('AI-OPS')}, ${batch!.id}, ${productId}, ${item.bucket}, 'FULL', 0, 0, ${item.at}, ${item.delta})`);
    }
    const result = await runReport(t, auditAccuracyByBucket, { from: '2024-07-01', to: '2024-07-31' });
    const counted = items.filter((i) => i.at !== null && i.at < '2024-08');
    const buckets = [...new Set(counted.map((i) => i.bucket))].sort();
    expect(result.rows).toEqual(
      buckets.map((bucket) => {
        const deltas = counted.filter((i) => i.bucket === bucket).map((i) => i.delta!);
        const matched = deltas.filter((d) => d === 0).length;
        return {
          bucket,
          counts: deltas.length,
          matched,
          accuracy: percent(matched, deltas.length),
          units_over: deltas.filter((d) => d > 0).reduce((n, d) => n + d, 0),
          units_short: deltas.filter((d) => d < 0).reduce((n, d) => n - d, 0),
        };
      }),
    );
  });
});

describe('movements-by-type', () => {
  it('counts the ledger rows per UTC day and type in the range, units in and units out', async () => {
    const [moving] = (await createProducts(t.db, [{ modelNumber: unique('OPM'), upc: nextUpc() }])) as [CreatedProduct];
    const moves = [
      { type: 'INVENTORY_RECEIPT', delta: 3, at: '2024-08-05T08:00:00Z' },
      { type: 'INVENTORY_RECEIPT', delta: 2, at: '2024-08-05T20:00:00Z' },
      { type: 'INVENTORY_UNRECEIPT', delta: -1, at: '2024-08-05T21:00:00Z' },
      { type: 'INVENTORY_TRANSFER', delta: -2, at: '2024-08-06T00:00:00Z' },
      { type: 'INVENTORY_TRANSFER', delta: 2, at: '2024-08-06T00:00:00Z', bucket: 'KY01_B_STOCK' },
      { type: 'INVENTORY_AUDIT_ADJUSTMENT', delta: -4, at: '2024-08-07T23:59:59Z' },
      { type: 'INVENTORY_AUDIT_ADJUSTMENT', delta: 6, at: '2024-08-07T01:00:00Z' },
      { type: 'INVENTORY_SALE', delta: -1, at: '2024-08-08T00:00:00Z' }, // after the range
      // Before it: its nine scans, a minute apart, all end before midnight.
      { type: 'INVENTORY_RECEIPT', delta: 9, at: '2024-08-04T23:00:00Z' },
    ];
    // Posted in date order through the product, on one PO line: a receipt of n units is n scans (n ledger rows of +1,
    // a minute apart), the un-receipt reverses one receipt, the transfer's two rows are one movement (KY01 to
    // KY01_B_STOCK), the adjustments are counts and the sale one sale.
    const { poId, lineId } = await createPoLine(t.services, moving, { qty: 20 });
    const receipts: string[] = [];
    for (const m of [...moves].sort((a, b) => a.at.localeCompare(b.at))) {
      if (m.type === 'INVENTORY_RECEIPT') {
        const line = { poId, lineId, product: moving };
        receipts.push(...(await receiveOnLine(t.services, line, 'KY01', { units: m.delta }, { at: m.at })));
      } else if (m.type === 'INVENTORY_UNRECEIPT') {
        await unreceiveStock(t.services, { referenceId: receipts.pop()!, lineId }, { at: m.at });
      } else if (m.type === 'INVENTORY_TRANSFER') {
        // The row out of KY01 posts the movement; the row into KY01_B_STOCK is its other half.
        if (m.delta < 0)
          await transferStock(
            t.services,
            moving,
            { from: 'KY01', to: 'KY01_B_STOCK', quantity: -m.delta },
            { at: m.at },
          );
      } else if (m.type === 'INVENTORY_AUDIT_ADJUSTMENT') {
        await adjustStock(t.services, moving, 'KY01', m.delta, { at: m.at });
      } else {
        await sellStock(t.services, moving, { from: 'KY01', quantity: -m.delta }, { at: m.at });
      }
    }
    // The ledger rows: each receipt's units one row apiece.
    const rows = moves.flatMap((m) =>
      m.type === 'INVENTORY_RECEIPT'
        ? Array.from({ length: m.delta }, (_, i) => ({
            ...m,
            delta: 1,
            at: new Date(Date.parse(m.at) + i * 60_000).toISOString(),
          }))
        : [m],
    );
    const result = await runReport(t, movementsByType, { from: '2024-08-05', to: '2024-08-07' });
    const counted = rows.filter((m) => m.at >= '2024-08-05' && m.at < '2024-08-08');
    const keys = [...new Set(counted.map((m) => `${m.at.slice(0, 10)} ${m.type}`))].sort();
    expect(result.rows).toEqual(
      keys.map((key) => {
        const [day, type] = key.split(' ') as [string, string];
        const mine = counted.filter((m) => m.at.startsWith(day) && m.type === type);
        return {
          day,
          type,
          transactions: mine.length,
          units_in: mine.filter((m) => m.delta > 0).reduce((n, m) => n + m.delta, 0),
          units_out: mine.filter((m) => m.delta < 0).reduce((n, m) => n - m.delta, 0),
        };
      }),
    );
  });
});

describe('pick-list-status', () => {
  it('lists the pick lists printed in the range, newest first, with their items, picked items and what is left', async () => {
    const lists = [
      { printed: '2024-09-02T09:00:00Z', picked: ['2024-09-02T10:00:00Z', '2024-09-02T11:00:00Z', null] },
      { printed: '2024-09-05T09:00:00Z', picked: [null] },
      { printed: '2024-09-06T09:00:00Z', picked: [] },
      { printed: '2024-10-01T00:00:00Z', picked: [null, '2024-10-01T01:00:00Z'] }, // after the range
    ];
    const ids: number[] = [];
    for (const list of lists) {
      const id = await insertPickList(list.printed);
      ids.push(id);
      for (const pickedAt of list.picked) await insertPickItem(id, { qty: 1, pickedAt, picked: pickedAt ? 1 : null });
    }
    const result = await runReport(t, pickListStatus, { from: '2024-09-01', to: '2024-09-30' });
    const expected = lists
      .map((list, i) => ({ list, id: ids[i]! }))
      .filter(({ list }) => list.printed < '2024-10')
      .sort((a, b) => b.list.printed.localeCompare(a.list.printed))
      .map(({ list, id }) => {
        const picked = list.picked.filter((p) => p !== null).length;
        return {
          pick_list: id,
          warehouse: 'KY01',
          printed_at: new Date(list.printed).toISOString(),
          items: list.picked.length,
          picked,
          left_to_pick: list.picked.length - picked,
        };
      });
    expect(result.rows).toEqual(expected);
  });
});

describe('picking-productivity', () => {
  it('counts the items and units each picker picked per UTC day in the range', async () => {
    const first = await createUser(t.services);
    const second = await createUser(t.services);
    const listId = await insertPickList('2024-11-01T08:00:00Z');
    const picks = [
      { by: first, qty: 2, at: '2024-11-03T10:00:00Z' },
      { by: first, qty: 1, at: '2024-11-03T23:00:00Z' },
      { by: second, qty: 4, at: '2024-11-03T12:00:00Z' },
      { by: first, qty: 3, at: '2024-11-04T01:00:00Z' },
      { by: null, qty: 1, at: '2024-11-04T02:00:00Z' }, // picked by nobody known
      { by: second, qty: 5, at: '2024-12-01T00:00:00Z' }, // after the range
      { by: null, qty: 2, at: null }, // not picked
    ];
    for (const p of picks)
      await insertPickItem(listId, {
        qty: p.qty,
        pickedAt: p.at,
        pickedBy: p.by?.id ?? null,
        picked: p.at ? p.qty : null,
      });
    const result = await runReport(t, pickingProductivity, { from: '2024-11-01', to: '2024-11-30' });
    const counted = picks.filter((p) => p.at !== null && p.at < '2024-12');
    const keys = [
      ...new Map(
        counted.map((p) => [
          `${p.at!.slice(0, 10)}|${p.by?.username ?? ''}`,
          [p.at!.slice(0, 10), p.by?.username ?? ''] as const,
        ]),
      ).values(),
    ].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
    expect(result.rows).toEqual(
      keys.map(([day, picker]) => {
        const mine = counted.filter((p) => p.at!.startsWith(day) && (p.by?.username ?? '') === picker);
        return { day, picker, items: mine.length, units: mine.reduce((n, p) => n + p.qty, 0) };
      }),
    );
  });
});

describe('serial-velocity', () => {
  it('counts the serials sold in the range per product with their average and longest days from receipt to sale, and live serials', async () => {
    const tracked = { serialNumberTracked: true, numOfSerialsPerItem: 1 };
    const [fast, slow] = await createProducts(t.db, [
      { modelNumber: unique('SVA'), upc: nextUpc(), ...tracked },
      { modelNumber: unique('SVB'), upc: nextUpc(), ...tracked },
    ]);
    /** A serial received into KY01 through the ledger at `receivedAt` (its row is dated then). */
    const receive = async (product: CreatedProduct, receivedAt: string) => {
      const serial = unique('SV');
      await receiveStock(t.services, product, 'KY01', { serials: [[serial]] }, { at: receivedAt });
      return serial;
    };
    const sales = [
      { product: fast!, at: '2024-12-01T06:00:00Z', received: ['2024-11-20T00:00:00Z', '2024-11-28T00:00:00Z'] },
      { product: fast!, at: '2024-12-31T23:00:00Z', received: ['2024-12-30T05:00:00Z'] },
      { product: slow!, at: '2024-12-10T18:00:00Z', received: ['2024-10-01T00:00:00Z'] },
      { product: slow!, at: '2025-01-02T00:00:00Z', received: ['2024-10-01T00:00:00Z'] }, // after the range
    ];
    for (const sale of sales) {
      const serials: string[] = [];
      for (const receivedAt of sale.received) serials.push(await receive(sale.product, receivedAt));
      await sellStock(t.services, sale.product, { from: 'KY01', quantity: serials.length, serials }, { at: sale.at });
    }
    // A transfer with a serial in the range is not a sale.
    const moved = await receive(slow!, '2024-11-01T00:00:00Z');
    await transferStock(
      t.services,
      slow!,
      { from: 'KY01', to: 'KY01_B_STOCK', quantity: 1, serials: [moved] },
      { at: '2024-12-05T00:00:00Z' },
    );
    const live = [await receive(fast!, '2024-12-02T00:00:00Z'), await receive(fast!, '2024-12-03T00:00:00Z')];

    const result = await runReport(t, serialVelocity, { from: '2024-12-01', to: '2024-12-31' });
    const expected = [
      { product: fast!, live: live.length },
      { product: slow!, live: 1 },
    ]
      .map(({ product, live: liveSerials }) => {
        const days = sales
          .filter((s) => s.product === product && s.at < '2025')
          .flatMap((s) => s.received.map((r) => (Date.parse(s.at) - Date.parse(r)) / DAY));
        return {
          model_number: product.modelNumber,
          serials_sold: days.length,
          avg_days: Math.round(days.reduce((a, b) => a + b, 0) / days.length),
          max_days: Math.floor(Math.max(...days)),
          live_serials: liveSerials,
        };
      })
      .sort((a, b) => b.serials_sold - a.serials_sold);
    expect(result.rows).toEqual(expected);
  });
});

describe('live-serials', () => {
  it('lists the live serials whose bucket starts with the parameter (any case), in receipt order', async () => {
    const [product] = await createProducts(t.db, [{ modelNumber: unique('LSR'), upc: nextUpc() }]);
    const serials = [
      { bucket: 'KY01_B_STOCK', condition: 'B', disposition: 'LIVE', at: '2024-01-05T10:00:00Z' },
      { bucket: 'KY01_B_STOCK', condition: null, disposition: 'LIVE', at: '2024-01-06T10:00:00Z' },
      { bucket: 'KY01', condition: 'NEW', disposition: 'LIVE', at: '2024-01-07T10:00:00Z' }, // another bucket
      { bucket: 'KY01_B_STOCK', condition: 'B', disposition: 'SOLD', at: '2024-01-08T10:00:00Z' }, // not live
      { bucket: null, condition: null, disposition: 'LIVE', at: '2024-01-09T10:00:00Z' }, // in no bucket
    ].map((s) => ({ ...s, serialNumber: unique('LS') }));
    // Legacy rows: a condition other than the bucket's, a live serial in no bucket, none with its receipt.
    for (const s of serials) {
      await insertLegacySerial(t.db, {
        serialNumber: s.serialNumber,
        productId: product!.id,
        bucket: s.bucket,
        conditionCode: s.condition,
        dispositionCode: s.disposition,
        createdAt: new Date(s.at),
      });
    }
    const result = await runReport(t, liveSerials, { bucket: 'ky01_b' });
    expect(result.rows.filter((r) => r.model_number === product!.modelNumber)).toEqual(
      serials
        .filter((s) => s.disposition === 'LIVE' && s.bucket?.startsWith('KY01_B'))
        .map((s) => ({
          serial_number: s.serialNumber,
          model_number: product!.modelNumber,
          bucket: s.bucket,
          condition_code: s.condition ?? '',
          received_at: new Date(s.at).toISOString(),
        })),
    );
  });
});

describe('transfers-by-route', () => {
  it('sums the transfers transacted in the range per from and to bucket, with the average days from commit to transact', async () => {
    const transfers = [
      {
        from: 'KY01',
        to: 'KY01_B_STOCK',
        committed: 3,
        transferred: 2,
        committedAt: '2025-01-01T00:00:00Z',
        at: '2025-01-04T00:00:00Z',
      },
      {
        from: 'KY01',
        to: 'KY01_B_STOCK',
        committed: 4,
        transferred: null,
        committedAt: '2025-01-02T00:00:00Z',
        at: '2025-01-03T00:00:00Z',
      },
      {
        from: 'KY01',
        to: 'KY01_B_STOCK',
        committed: 1,
        transferred: 1,
        committedAt: '2025-01-10T00:00:00Z',
        at: '2025-01-12T00:00:00Z',
      },
      {
        from: 'KY01_B_STOCK',
        to: 'KY01',
        committed: 1,
        transferred: 1,
        committedAt: '2024-12-20T00:00:00Z',
        at: '2025-01-10T00:00:00Z',
      },
      {
        from: 'KY01',
        to: 'KY01_DAMAGED',
        committed: 9,
        transferred: null,
        committedAt: '2025-01-05T00:00:00Z',
        at: null,
      }, // open
      {
        from: 'KY01_B_STOCK',
        to: 'KY01',
        committed: 8,
        transferred: 8,
        committedAt: '2025-01-20T00:00:00Z',
        at: '2025-02-01T00:00:00Z',
      }, // after the range
    ];
    for (const tr of transfers) {
      await t.db
        .execute(sql`insert into committed_transfers (ims_transaction_reference_id, product_id, from_bucket, to_bucket, committed_quantity, committed_at,
          transferred_quantity, transferred_at)
        values (${unique('CT-OPS')}, ${productId}, ${tr.from}, ${tr.to}, ${tr.committed}, ${tr.committedAt}, ${tr.transferred}, ${tr.at})`);
    }
    const result = await runReport(t, transfersByRoute, { from: '2025-01-01', to: '2025-01-31' });
    const done = transfers.filter((tr) => tr.at !== null && tr.at < '2025-02');
    const routes = [...new Set(done.map((tr) => `${tr.from}>${tr.to}`))];
    const expected = routes
      .map((route) => {
        const mine = done.filter((tr) => `${tr.from}>${tr.to}` === route);
        const days = mine.map((tr) => (Date.parse(tr.at!) - Date.parse(tr.committedAt)) / DAY);
        return {
          from_bucket: mine[0]!.from,
          to_bucket: mine[0]!.to,
          transfers: mine.length,
          units: mine.reduce((n, tr) => n + (tr.transferred ?? tr.committed), 0),
          avg_days: Math.round(days.reduce((a, b) => a + b, 0) / days.length),
        };
      })
      .sort((a, b) => b.units - a.units);
    expect(result.rows).toEqual(expected);
  });
});
