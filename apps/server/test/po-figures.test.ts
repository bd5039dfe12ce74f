import { PO_STATUS, PO_STATUSES } from '@keystone/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { PoFigures } from '../src/modules/ledger/po-figures.repository.js';
import { createTestApp, type TestApp } from './harness.js';
import { createLocation, createProducts, nextUpc, unique } from './factories.js';

/**
 * A PO's received figures (issue 33 item 3), written by the ledger module's one rule: a line's count moved by
 * `changeReceived` (a manifest, an un-receipt) and the PO's totals and status recomputed from its lines in the same
 * statement. The scan's statement uses the same rule (test/receiving.test.ts, scanned-items.test.ts).
 */
let t: TestApp;
let productId: number;
let vendorId: number;
let userId: number;
const status = (name: string) => PO_STATUSES.find((s) => s.status_name === name)!.id;
const nameOf = (id: number) => PO_STATUSES.find((s) => s.id === id)!.status_name;

beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  const [product] = await createProducts(t.db, [{ modelNumber: unique('POF'), upc: nextUpc() }]);
  productId = product!.id;
  vendorId = (await t.services.vendors.create({ company_name: unique('POF vendor'), vendor_type: 'sales' })).id;
  userId = (await queryRows<{ id: number }>(t.db, sql`select min(id)::int as id from users`))[0]!.id;
});

/** The status moves on the PO's history: [user, before, after]. */
async function statusHistory(poId: number) {
  const rows = await queryRows<{ user_id: number | null; before: string | null; after: string | null }>(
    t.db,
    sql`select user_id, before, after from record_changes where entity = 'purchase-order' and record_id = ${String(poId)} and field = 'purchase_order_status' order by id`,
  );
  return rows.map((r) => [r.user_id, r.before && JSON.parse(r.before), r.after && JSON.parse(r.after)]);
}
afterAll(async () => t?.close());

/** A PO in `statusName` with lines of [ordered, received], costs 100 and 250 cents. */
async function purchaseOrder(statusName: string, lines: [number, number][]) {
  const [po] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id) values (${unique('POF')}, 'KY01', ${vendorId}, ${status(statusName)}) returning id`,
  );
  const ids: number[] = [];
  for (const [i, [ordered, received]] of lines.entries()) {
    // Deliberately written around the ledger: received counts set as given, to test PoFigures.recomputeTotals itself.
    const [line] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered, qty_received) values (${po!.id}, ${productId}, ${i ? 250 : 100}, ${ordered}, ${received}) returning id`,
    );
    ids.push(line!.id);
  }
  await new PoFigures(t.db).recomputeTotals(po!.id);
  return { id: po!.id, lines: ids };
}

async function figures(poId: number) {
  const [row] = await queryRows<{ status_id: number; total_cents: number; total_received_cents: number }>(
    t.db,
    sql`select status_id, total_cents::int, total_received_cents::int from purchase_orders where id = ${poId}`,
  );
  return { status: nameOf(row!.status_id), total: row!.total_cents, received: row!.total_received_cents };
}

describe('the PO status rule and totals (ledger module)', () => {
  it.each([
    // [status before, lines [ordered, received], line changed, delta, status after]
    [
      PO_STATUS.orderConfirmed,
      [
        [2, 0],
        [1, 0],
      ],
      0,
      1,
      PO_STATUS.partiallyReceived,
    ],
    [
      PO_STATUS.new,
      [
        [2, 0],
        [1, 0],
      ],
      0,
      2,
      PO_STATUS.partiallyReceived,
    ],
    [
      PO_STATUS.partiallyReceived,
      [
        [2, 2],
        [1, 0],
      ],
      1,
      1,
      PO_STATUS.received,
    ],
    [
      PO_STATUS.received,
      [
        [2, 2],
        [1, 1],
      ],
      0,
      -1,
      PO_STATUS.partiallyReceived,
    ],
    [
      PO_STATUS.partiallyReceived,
      [
        [2, 1],
        [1, 0],
      ],
      0,
      -1,
      PO_STATUS.orderConfirmed,
    ],
    [PO_STATUS.received, [[1, 1]], 0, -1, PO_STATUS.orderConfirmed],
    [
      PO_STATUS.complete,
      [
        [2, 1],
        [1, 0],
      ],
      1,
      1,
      PO_STATUS.complete,
    ],
    [
      PO_STATUS.cancelled,
      [
        [2, 1],
        [1, 0],
      ],
      0,
      -1,
      PO_STATUS.cancelled,
    ],
  ] as [string, [number, number][], number, number, string][])(
    '%s, lines %j, line %i by %i: %s',
    async (before, lines, changed, delta, after) => {
      const po = await purchaseOrder(before, lines);
      const count = await new LedgerRepository(t.db).changeReceived({
        purchaseOrderId: po.id,
        purchaseOrderItemId: po.lines[changed]!,
        delta,
        userId,
      });
      expect(count).toBe(lines[changed]![1] + delta);
      // A move of the status is on the PO's history, by name, as the receiving user's; no move, no entry.
      expect(await statusHistory(po.id)).toEqual(before === after ? [] : [[userId, before, after]]);
      const received = lines.map(([, r], i) => r + (i === changed ? delta : 0));
      expect(await figures(po.id)).toEqual({
        status: after,
        total: lines.reduce((sum, [o], i) => sum + o * (i ? 250 : 100), 0),
        received: received.reduce((sum, r, i) => sum + r * (i ? 250 : 100), 0),
      });
    },
  );

  it('refuses a line that is not the PO’s, changing nothing', async () => {
    const a = await purchaseOrder(PO_STATUS.orderConfirmed, [[2, 0]]);
    const b = await purchaseOrder(PO_STATUS.orderConfirmed, [[2, 0]]);
    await expect(
      new LedgerRepository(t.db).changeReceived({
        purchaseOrderId: a.id,
        purchaseOrderItemId: b.lines[0]!,
        delta: 1,
        userId,
      }),
    ).rejects.toThrow(/is not on PO/);
    expect(await statusHistory(a.id)).toEqual([]);
    expect(await figures(a.id)).toEqual({ status: PO_STATUS.orderConfirmed, total: 200, received: 0 });
    expect(await figures(b.id)).toEqual({ status: PO_STATUS.orderConfirmed, total: 200, received: 0 });
  });
});
