import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../db/database.js';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import {
  createLocation,
  createProducts,
  createUser,
  nextUpc,
  unique,
  type CreatedProduct,
} from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { adjustStock, correctSerials, expectLedgerClean, stockUp } from '../../../../../test/stock-kit.js';
import { auditDiscrepancies } from './audit-discrepancies.js';
import { damagedInventory } from './damaged-inventory.js';
import { serialCorrections } from './serial-corrections.js';
import { shippingNotMatched } from './shipping-not-matched.js';
import { shippingUnpaid } from './shipping-unpaid.js';

let t: TestApp;
let products: CreatedProduct[];
beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  products = await createProducts(t.db, [
    { modelNumber: unique('CLM'), upc: nextUpc(), currentCostCents: 2_500 },
    { modelNumber: unique('CLM'), upc: nextUpc(), currentCostCents: 12_000 },
    { modelNumber: unique('CLM'), upc: nextUpc(), currentCostCents: 700 },
  ]);
});
afterAll(async () => t?.close());

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((n, item) => n + of(item), 0);

interface Shipment {
  tracking: string;
  carrier: string;
  shipped: string | null;
  warehouse?: string | null;
  quote?: number | null;
  billed: number;
  difference?: number | null;
  result: string;
  paid?: number | null;
}
async function insertShipments(shipments: Shipment[]) {
  for (const s of shipments) {
    await t.db
      .execute(sql`insert into shipping_transactions (tracking_number, ship_company, date_shipped, fulfillment_warehouse, shipping_quote_cents,
        reported_billed_cents, reconciled_difference_cents, reconciliation_result, shipping_cost_paid_cents)
      values (${s.tracking}, ${s.carrier}, ${s.shipped}, ${s.warehouse ?? null}, ${s.quote ?? null}, ${s.billed}, ${s.difference ?? null}, ${s.result}, ${s.paid ?? null})`);
  }
}

describe('claims reports', () => {
  it('audit-discrepancies: submitted audit items in the range whose count differed, newest first, valued at current cost', async () => {
    const [batch] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into audit_batches (name, default_bucket) values (${unique('Audit')}, 'KY01') returning id`,
    );
    const batchName = (
      await queryRows<{ name: string }>(t.db, sql`select name from audit_batches where id = ${batch!.id}`)
    )[0]!.name;
    const items = [
      { product: 0, bucket: 'KY01', recorded: 10, counted: 7, delta: -3, submittedAt: '2021-07-01T00:00:00Z' },
      { product: 1, bucket: 'KY01', recorded: 2, counted: 5, delta: 3, submittedAt: '2021-07-31T23:59:59Z' },
      { product: 2, bucket: 'KY01', recorded: 4, counted: 4, delta: 0, submittedAt: '2021-07-10T00:00:00Z' }, // no difference
      { product: 0, bucket: 'KY01_B_STOCK', recorded: 1, counted: 0, delta: -1, submittedAt: null }, // not submitted
      { product: 1, bucket: 'KY01_B_STOCK', recorded: 9, counted: 1, delta: -8, submittedAt: '2021-08-01T00:00:00Z' }, // after the range
      { product: 2, bucket: 'KY01_B_STOCK', recorded: 9, counted: 1, delta: -8, submittedAt: '2021-06-30T23:59:59Z' }, // before it
      { product: 2, bucket: 'TX01', recorded: 0, counted: 6, delta: 6, submittedAt: '2021-07-15T08:00:00Z' },
    ];
    for (const [i, a] of items.entries()) {
      await t.db
        .execute(sql`insert into audit_items (ims_transaction_reference_id, batch_id, product_id, bucket, audit_type_code, tallied_quantity,
          recorded_qty_at_start_of_tally, start_transaction_id, submitted_at, submitted_delta)
        values (${`AU-CLM-${i}`}, ${batch!.id}, ${products[a.product]!.id}, ${a.bucket}, 'FULL', ${a.counted}, ${a.recorded}, 0, ${a.submittedAt},
          ${a.submittedAt === null ? null : a.delta})`);
    }
    const result = await runReport(t, auditDiscrepancies, { from: '2021-07-01', to: '2021-07-31' });
    expect(result.rows).toEqual(
      items
        .filter(
          (a) =>
            a.submittedAt !== null && a.delta !== 0 && a.submittedAt >= '2021-07-01' && a.submittedAt < '2021-08-01',
        )
        .sort((a, b) => b.submittedAt!.localeCompare(a.submittedAt!))
        .map((a) => ({
          submitted_at: new Date(a.submittedAt!).toISOString(),
          batch: batchName,
          model_number: products[a.product]!.modelNumber,
          bucket: a.bucket,
          recorded: a.recorded,
          counted: a.counted,
          delta: a.delta,
          value: a.delta * products[a.product]!.currentCostCents,
        })),
    );
  });

  it('damaged-inventory: units held in DAMAGED buckets at current cost, largest value first', async () => {
    const stock = [
      { product: 0, bucket: 'KY01_DAMAGED', qty: 3 },
      { product: 1, bucket: 'KY01_DAMAGED', qty: 1 },
      { product: 2, bucket: 'TX01_DAMAGED', qty: 5 },
      { product: 1, bucket: 'TX01_DAMAGED', qty: 0 }, // nothing held
      { product: 0, bucket: 'KY01', qty: 40 }, // not damaged
      { product: 1, bucket: 'TX01_B_STOCK', qty: 2 }, // not damaged
    ];
    for (const s of stock) await stockUp(t.services, products[s.product]!, s.bucket, s.qty);
    const result = await runReport(t, damagedInventory);
    const expected = stock
      .filter((s) => s.bucket.endsWith('_DAMAGED') && s.qty !== 0)
      .map((s) => ({
        model_number: products[s.product]!.modelNumber,
        bucket: s.bucket,
        quantity: s.qty,
        value: s.qty * products[s.product]!.currentCostCents,
      }))
      .sort((a, b) => b.value - a.value);
    expect(new Set(expected.map((e) => e.value)).size).toBe(expected.length);
    expect(result.rows).toEqual(expected);
    await expectLedgerClean(t.db);
  });

  it('serial-corrections: force-push ledger rows in the range, newest first, with who scanned them', async () => {
    const scanner = await createUser(t.services, { role: 'user' });
    const other = await createUser(t.services, { role: 'user' });
    // Force pushes are serials' corrections: serial-tracked products of their own.
    const tracked = { serialNumberTracked: true, numOfSerialsPerItem: 1 };
    const items = await createProducts(t.db, [
      { modelNumber: unique('CLS'), upc: nextUpc(), ...tracked },
      { modelNumber: unique('CLS'), upc: nextUpc(), ...tracked },
      { modelNumber: unique('CLS'), upc: nextUpc(), ...tracked },
    ]);
    const [first, second, moved] = [unique('SC'), unique('SC'), unique('SC')];
    // Each correction, posted by the ledger (Ledger.postSerialCorrection) in date order, with the ledger rows it makes:
    // a serial live nowhere is created in the bucket (one row, +1); one live in another bucket moves (−1 there, +1
    // here). A force push always carries who scanned it (the ledger check asks for it), so every row has a user.
    const corrections = [
      { product: 2, serial: moved, bucket: 'KY01', user: scanner, at: '2021-08-31T23:59:59Z', rows: [['KY01', 1]] }, // before the range
      { product: 0, serial: first, bucket: 'KY01', user: scanner, at: '2021-09-01T00:00:00Z', rows: [['KY01', 1]] },
      { product: 1, serial: second, bucket: 'TX01', user: other, at: '2021-09-12T06:00:00Z', rows: [['TX01', 1]] },
      // The serial created before the range, found in TX01: out of KY01 and into TX01, both rows in the range.
      {
        product: 2,
        serial: moved,
        bucket: 'TX01',
        user: scanner,
        at: '2021-09-30T23:59:59Z',
        rows: [
          ['KY01', -1],
          ['TX01', 1],
        ],
      },
      // Found in KY01 again, after the range.
      {
        product: 2,
        serial: moved,
        bucket: 'KY01',
        user: scanner,
        at: '2021-10-01T00:00:00Z',
        rows: [
          ['TX01', -1],
          ['KY01', 1],
        ],
      },
    ];
    const posted = [];
    for (const c of corrections) {
      const done = await correctSerials(t.services, items[c.product]!, c.bucket, [c.serial], {
        at: c.at,
        userId: c.user.id,
      });
      expect(done!.transactions.map((r) => [r.bucket, r.quantityDelta])).toEqual(c.rows);
      posted.push(
        ...done!.transactions.map((r) => ({
          ...c,
          reference: r.referenceId,
          bucket: r.bucket,
          delta: r.quantityDelta,
        })),
      );
    }
    // Another adjustment in the range (a count's, reason admin_adjustment) is not a force push.
    await adjustStock(t.services, items[0]!, 'KY01', 5, { at: '2021-09-05T00:00:00Z', userId: scanner.id });
    const result = await runReport(t, serialCorrections, { from: '2021-09-01', to: '2021-09-30' });
    expect(result.rows).toEqual(
      posted
        .filter((r) => r.at >= '2021-09-01' && r.at < '2021-10-01')
        // Newest first; a move's two rows share their time, the later row (into the bucket) first.
        .reverse()
        .map((r) => ({
          created_at: new Date(r.at).toISOString(),
          reference: r.reference,
          model_number: items[r.product]!.modelNumber,
          bucket: r.bucket,
          quantity_delta: r.delta,
          username: r.user.username,
        })),
    );
    await expectLedgerClean(t.db);
  });

  it('shipping-not-matched: shipments in the range whose result is not Matched, largest difference first (none first)', async () => {
    const shipments: Shipment[] = [
      {
        tracking: 'NM-1',
        carrier: 'UPS',
        shipped: '2021-11-01',
        warehouse: 'KY01',
        quote: 1_000,
        billed: 1_600,
        difference: 600,
        result: 'Not Matched - Outside Acceptable Threshold',
      },
      {
        tracking: 'NM-2',
        carrier: 'FedEx',
        shipped: '2021-11-30',
        warehouse: null,
        quote: 2_000,
        billed: 1_800,
        difference: -200,
        result: 'Not Matched - In Our Favor',
      },
      {
        tracking: 'NM-3',
        carrier: 'UPS',
        shipped: '2021-11-15',
        warehouse: 'TX01',
        quote: null,
        billed: 900,
        difference: null,
        result: 'Unable to find matching gray box',
      },
      {
        tracking: 'NM-4',
        carrier: 'UPS',
        shipped: '2021-11-16',
        warehouse: 'KY01',
        quote: 500,
        billed: 510,
        difference: 10,
        result: 'Not Matched - Within Acceptable Threshold',
      },
      {
        tracking: 'NM-5',
        carrier: 'UPS',
        shipped: '2021-11-10',
        warehouse: 'KY01',
        quote: 700,
        billed: 700,
        difference: 0,
        result: 'Matched',
      }, // matched
      {
        tracking: 'NM-6',
        carrier: 'UPS',
        shipped: '2021-12-01',
        warehouse: 'KY01',
        quote: 100,
        billed: 900,
        difference: 800,
        result: 'Not Matched - Outside Acceptable Threshold',
      }, // after
      {
        tracking: 'NM-7',
        carrier: 'UPS',
        shipped: '2021-10-31',
        warehouse: 'KY01',
        quote: 100,
        billed: 900,
        difference: 800,
        result: 'Not Matched - Outside Acceptable Threshold',
      }, // before
      {
        tracking: 'NM-8',
        carrier: 'UPS',
        shipped: null,
        warehouse: 'KY01',
        quote: 100,
        billed: 900,
        difference: 800,
        result: 'Not Matched - Outside Acceptable Threshold',
      }, // undated
    ];
    await insertShipments(shipments);
    const result = await runReport(t, shippingNotMatched, { from: '2021-11-01', to: '2021-11-30' });
    const rank = (s: Shipment) =>
      s.difference === null || s.difference === undefined ? Number.POSITIVE_INFINITY : s.difference;
    expect(result.rows).toEqual(
      shipments
        .filter(
          (s) => s.result !== 'Matched' && s.shipped !== null && s.shipped >= '2021-11-01' && s.shipped <= '2021-11-30',
        )
        .sort((a, b) => rank(b) - rank(a) || a.tracking.localeCompare(b.tracking))
        .map((s) => ({
          tracking_number: s.tracking,
          ship_company: s.carrier,
          date_shipped: s.shipped,
          fulfillment_warehouse: s.warehouse ?? '',
          quote: s.quote ?? null,
          billed: s.billed,
          difference: s.difference ?? null,
          result: s.result,
        })),
    );
  });

  it('shipping-unpaid: per carrier, shipments in the range paid less than billed, billed, paid and outstanding', async () => {
    const shipments: Shipment[] = [
      { tracking: 'UP-1', carrier: 'UPS', shipped: '2020-02-01', billed: 1_000, paid: null, result: 'Matched' },
      { tracking: 'UP-2', carrier: 'UPS', shipped: '2020-02-29', billed: 2_000, paid: 500, result: 'Matched' },
      { tracking: 'UP-3', carrier: 'UPS', shipped: '2020-02-10', billed: 3_000, paid: 3_000, result: 'Matched' }, // paid in full
      { tracking: 'UP-4', carrier: 'UPS', shipped: '2020-02-11', billed: 3_000, paid: 3_100, result: 'Matched' }, // paid over
      {
        tracking: 'UP-5',
        carrier: 'FedEx',
        shipped: '2020-02-15',
        billed: 4_500,
        paid: 0,
        result: 'Not Matched - In Our Favor',
      },
      { tracking: 'UP-6', carrier: 'FedEx', shipped: '2020-03-01', billed: 9_000, paid: null, result: 'Matched' }, // after the range
      { tracking: 'UP-7', carrier: 'DHL', shipped: '2020-01-31', billed: 9_000, paid: null, result: 'Matched' }, // before it
    ];
    await insertShipments(shipments);
    const result = await runReport(t, shippingUnpaid, { from: '2020-02-01', to: '2020-02-29' });
    const unpaid = shipments.filter(
      (s) => s.shipped !== null && s.shipped >= '2020-02-01' && s.shipped <= '2020-02-29' && (s.paid ?? 0) < s.billed,
    );
    const carriers = [...new Set(unpaid.map((s) => s.carrier))].sort();
    expect(result.rows).toEqual(
      carriers.map((carrier) => {
        const mine = unpaid.filter((s) => s.carrier === carrier);
        const billed = sum(mine, (s) => s.billed);
        const paid = sum(mine, (s) => s.paid ?? 0);
        return { ship_company: carrier, shipments: mine.length, billed, paid, outstanding: billed - paid };
      }),
    );
  });
});
