import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import { createLocation, createProducts, nextUpc, unique } from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { dailySales } from './daily-sales.js';
import { transferAging } from './transfer-aging.js';
import { onHandByBucket } from './on-hand-by-bucket.js';

let t: TestApp;
let productId: number;
let costCents: number;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  costCents = 1999;
  const [product] = await createProducts(t.db, [{ modelNumber: unique('OPS'), upc: nextUpc(), currentCostCents: costCents }]);
  productId = product!.id;
});
afterAll(async () => t?.close());

describe('daily-sales', () => {
  it('counts invoices, lines, units and their cost per UTC day of the transacted sales in the range', async () => {
    const sales = [
      { invoice: 'A1', qty: 2, at: '2024-04-10T10:00:00Z' },
      { invoice: 'A1', qty: 1, at: '2024-04-10T11:00:00Z' },
      { invoice: 'A2', qty: 3, at: '2024-04-10T23:59:00Z' },
      { invoice: 'A3', qty: 4, at: '2024-04-11T00:01:00Z' },
      { invoice: 'A4', qty: 9, at: '2024-04-13T00:00:00Z' }, // after the range
      { invoice: 'A5', qty: 5, at: null }, // open
    ];
    for (const [i, s] of sales.entries()) {
      await t.db.execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity, created_at, transacted_at)
        values (${`CS-T${i}`}, ${s.invoice}, ${productId}, 'KY01', ${s.qty}, '2024-04-01T00:00:00Z', ${s.at})`);
    }
    const result = await runReport(t, dailySales, { from: '2024-04-10', to: '2024-04-12' });
    const counted = sales.filter((s) => s.at !== null && s.at.slice(0, 10) <= '2024-04-12');
    const days = [...new Set(counted.map((s) => s.at!.slice(0, 10)))].sort();
    expect(result.rows).toEqual(
      days.map((day) => {
        const mine = counted.filter((s) => s.at!.startsWith(day));
        const units = mine.reduce((n, s) => n + s.qty, 0);
        return { day, invoices: new Set(mine.map((s) => s.invoice)).size, lines: mine.length, units, cost: units * costCents };
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
      await t.db.execute(sql`insert into committed_transfers (ims_transaction_reference_id, product_id, from_bucket, to_bucket, committed_quantity, committed_at, transferred_at)
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
    for (const r of rows) await t.db.execute(sql`insert into inventory (product_id, bucket, quantity) values (${r.product}, ${r.bucket}, ${r.quantity})`);
    const result = await runReport(t, onHandByBucket, { bucket: 'KY01' });
    const buckets = [...new Set(rows.map((r) => r.bucket))].sort();
    expect(result.rows.map((r) => [r.bucket, r.products, r.units])).toEqual(
      buckets.map((b) => {
        const mine = rows.filter((r) => r.bucket === b);
        return [b, mine.filter((r) => r.quantity !== 0).length, mine.reduce((n, r) => n + r.quantity, 0)];
      }),
    );
  });
});
