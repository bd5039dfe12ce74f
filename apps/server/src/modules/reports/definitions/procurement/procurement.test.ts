import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../db/database.js';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import {
  createLocation,
  createProducts,
  nextUpc,
  receiveOnLine,
  unique,
  unreceiveStock,
  type CreatedProduct,
} from '../../../../../test/factories.js';
import { expectLedgerClean, transferStock } from '../../../../../test/stock-kit.js';
import { runReport } from '../../../../../test/report-kit.js';
import { vendorFillRate } from './vendor-fill-rate.js';
import { openPurchaseOrders } from './open-purchase-orders.js';
import { receivingLeadTimeByVendor } from './receiving-lead-time-by-vendor.js';
import { dropShipAvailability } from './drop-ship-availability.js';
import { latePoLines } from './late-po-lines.js';
import { poSpendByVendor } from './po-spend-by-vendor.js';
import { receivedByVendor } from './received-by-vendor.js';
import { InventoryRepository } from '../../../inventory/inventory.repository.js';
import { PoFigures } from '../../../ledger/po-figures.repository.js';

/** PO_STATUSES' Order Confirmed: a PO that can receive. */
const ORDER_CONFIRMED = 4;

let t: TestApp;
let product: CreatedProduct;
let productModel: string;
beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
  [product] = (await createProducts(t.db, [{ modelNumber: unique('PRC'), upc: nextUpc() }])) as [CreatedProduct];
  productModel = product.modelNumber;
});
afterAll(async () => t?.close());

type Line = { ordered: number; received: number; cost: number; expected?: string | null };
/**
 * A PO with its lines, its stored totals recomputed from them as the purchase-orders module keeps them. Each line's
 * `received` units are received on it through the receiving service (so the ledger keeps the line's count and the
 * PO's received total), into the PO location's bucket, now. Then the PO takes `status`, as a buyer sets it on the PO
 * (its edit takes any status): the receipts alone would have made it Partially Received or Received.
 */
async function purchaseOrder(
  vendorId: number,
  status: number,
  createdAt: string,
  lines: Line[],
  location = 'KY01',
): Promise<{ id: number; ref: string; lineIds: number[] }> {
  const ref = unique('PO-T');
  const [po] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id, created_at) values (${ref}, ${location}, ${vendorId}, ${ORDER_CONFIRMED}, ${createdAt}) returning id`,
  );
  const lineIds: number[] = [];
  for (const l of lines) {
    const [line] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered, expected_arrival_date)
        values (${po!.id}, ${product.id}, ${l.cost}, ${l.ordered}, ${l.expected ?? null}) returning id`,
    );
    lineIds.push(line!.id);
  }
  await new PoFigures(t.db).recomputeTotals(po!.id);
  for (const [i, l] of lines.entries())
    await receiveOnLine(t.services, { poId: po!.id, lineId: lineIds[i]!, product }, location, { units: l.received });
  await t.db.execute(sql`update purchase_orders set status_id = ${status} where id = ${po!.id}`);
  return { id: po!.id, ref, lineIds };
}

/** The UTC day `days` from today, YYYY-MM-DD. */
function utcDayFromToday(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

describe('procurement reports', () => {
  it('vendor-fill-rate: units received of units ordered on POs created in the range', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Fill vendor'), vendor_type: 'sales' });
    const inRange = [
      [
        { ordered: 10, received: 10, cost: 100 },
        { ordered: 5, received: 1, cost: 100 },
      ],
      [{ ordered: 4, received: 0, cost: 100 }],
    ];
    for (const lines of inRange) await purchaseOrder(vendor.id, 5, '2024-02-10T12:00:00Z', lines);
    await purchaseOrder(vendor.id, 5, '2024-06-10T12:00:00Z', [{ ordered: 100, received: 0, cost: 100 }]);
    const result = await runReport(t, vendorFillRate, { from: '2024-02-01', to: '2024-02-29' });
    const ordered = inRange.flat().reduce((n, l) => n + l.ordered, 0);
    const received = inRange.flat().reduce((n, l) => n + l.received, 0);
    expect(result.rows.find((r) => r.vendor === vendor.company_name)).toEqual({
      vendor: vendor.company_name,
      ordered,
      received,
      fill_rate: Math.round((10000 * received) / ordered) / 100,
    });
  });

  it('open-purchase-orders: POs not Received, Complete or Cancelled with their open units and value', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Open vendor'), vendor_type: 'sales' });
    const lines = [
      { ordered: 10, received: 3, cost: 250 },
      { ordered: 6, received: 5, cost: 900 },
    ];
    const open = await purchaseOrder(vendor.id, 4, '2024-01-10T12:00:00Z', lines);
    await purchaseOrder(vendor.id, 6, '2024-01-11T12:00:00Z', lines); // Received
    await purchaseOrder(vendor.id, 8, '2024-01-12T12:00:00Z', lines); // Cancelled
    const result = await runReport(t, openPurchaseOrders, { vendor: vendor.company_name });
    const openUnits = lines.reduce((n, l) => n + Math.max(l.ordered - l.received, 0), 0);
    const openValue = lines.reduce((n, l) => n + Math.max(l.ordered - l.received, 0) * l.cost, 0);
    expect(result.rows.map((r) => [r.po, r.ordered, r.received, r.open_units, r.open_value])).toEqual([
      [
        open.ref,
        lines.reduce((n, l) => n + l.ordered, 0),
        lines.reduce((n, l) => n + l.received, 0),
        openUnits,
        openValue,
      ],
    ]);
  });

  it('receiving-lead-time-by-vendor: days from PO to its first receipt', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Lead vendor'), vendor_type: 'sales' });
    const pos = [
      { created: '2024-03-01T00:00:00Z', receipts: ['2024-03-05T00:00:00Z', '2024-03-20T00:00:00Z'] },
      { created: '2024-03-02T00:00:00Z', receipts: ['2024-03-12T00:00:00Z'] },
    ];
    for (const p of pos) {
      const po = await purchaseOrder(vendor.id, 5, p.created, [{ ordered: 5, received: 0, cost: 1 }]);
      for (const at of p.receipts)
        await receiveOnLine(t.services, { poId: po.id, lineId: po.lineIds[0]!, product }, 'KY01', { units: 1 }, { at });
    }
    const result = await runReport(t, receivingLeadTimeByVendor, { from: '2024-03-01', to: '2024-03-31' });
    const days = pos.map((p) => (Date.parse(p.receipts[0]!) - Date.parse(p.created)) / 86_400_000);
    expect(result.rows.find((r) => r.vendor === vendor.company_name)).toEqual({
      vendor: vendor.company_name,
      purchase_orders: pos.length,
      avg_days: Math.round(days.reduce((a, b) => a + b, 0) / days.length),
      max_days: Math.max(...days),
    });
  });

  it('drop-ship-availability: what each drop-ship vendor reports per location and product, models filtered by prefix', async () => {
    const prefix = unique('DSA');
    const [fridge, range, other] = await createProducts(t.db, [
      { modelNumber: `${prefix}-FRIDGE`, upc: nextUpc() },
      { modelNumber: `${prefix}-RANGE`, upc: nextUpc() },
      { modelNumber: unique('XDSA'), upc: nextUpc() },
    ]);
    const east = await t.services.vendors.create({ company_name: unique('A Drop vendor'), vendor_type: 'sales' });
    const west = await t.services.vendors.create({ company_name: unique('B Drop vendor'), vendor_type: 'sales' });
    const rows = [
      {
        vendor: west,
        vendorLocationCode: 'W-1',
        product: fridge!,
        qtyPurchasable: 3,
        costCents: 130_500,
        updatedAt: '2024-05-01T10:00:00.000Z',
      },
      {
        vendor: east,
        vendorLocationCode: 'E-2',
        product: fridge!,
        qtyPurchasable: 12,
        costCents: 129_999,
        updatedAt: '2024-05-02T10:00:00.000Z',
      },
      {
        vendor: east,
        vendorLocationCode: 'E-1',
        product: range!,
        qtyPurchasable: 0,
        costCents: null,
        updatedAt: '2024-05-03T10:00:00.000Z',
      },
      {
        vendor: east,
        vendorLocationCode: 'E-1',
        product: fridge!,
        qtyPurchasable: 40,
        costCents: 80_000,
        updatedAt: '2024-05-04T10:00:00.000Z',
      },
      {
        vendor: east,
        vendorLocationCode: 'E-1',
        product: other!,
        qtyPurchasable: 9,
        costCents: 1_000,
        updatedAt: '2024-05-05T10:00:00.000Z',
      }, // another model
    ];
    await new InventoryRepository(t.db).insertDropShipRows(
      rows.map((r) => ({
        vendorId: r.vendor.id,
        vendorLocationCode: r.vendorLocationCode,
        productId: r.product.id,
        qtyPurchasable: r.qtyPurchasable,
        costCents: r.costCents,
        updatedAt: new Date(r.updatedAt),
      })),
    );
    const result = await runReport(t, dropShipAvailability, { model: `${prefix.toLowerCase()}-` });
    const expected = rows
      .filter((r) => r.product.modelNumber.startsWith(`${prefix}-`))
      .map((r) => ({
        vendor: r.vendor.company_name,
        vendor_location_code: r.vendorLocationCode,
        model_number: r.product.modelNumber,
        qty_purchasable: r.qtyPurchasable,
        cost: r.costCents,
        updated_at: r.updatedAt,
      }))
      .sort(
        (a, b) =>
          a.vendor.localeCompare(b.vendor) ||
          a.vendor_location_code.localeCompare(b.vendor_location_code) ||
          a.model_number.localeCompare(b.model_number),
      );
    expect(result.rows).toEqual(expected);
  });

  it('late-po-lines: lines past their expected arrival (UTC today) and still short, on POs that can still receive, most overdue first', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Late vendor'), vendor_type: 'sales' });
    const cases = [
      { status: 4, line: { ordered: 5, received: 2, cost: 100, expected: utcDayFromToday(-3) } },
      { status: 5, line: { ordered: 2, received: 0, cost: 100, expected: utcDayFromToday(-10) } },
      { status: 3, line: { ordered: 1, received: 0, cost: 100, expected: utcDayFromToday(-1) } },
      { status: 4, line: { ordered: 5, received: 0, cost: 100, expected: utcDayFromToday(0) } }, // due today: not late yet
      { status: 4, line: { ordered: 5, received: 0, cost: 100, expected: utcDayFromToday(4) } }, // due later
      { status: 5, line: { ordered: 4, received: 4, cost: 100, expected: utcDayFromToday(-5) } }, // fully received
      { status: 4, line: { ordered: 4, received: 0, cost: 100, expected: null } }, // no date
      { status: 8, line: { ordered: 4, received: 0, cost: 100, expected: utcDayFromToday(-6) } }, // Cancelled
      { status: 7, line: { ordered: 4, received: 1, cost: 100, expected: utcDayFromToday(-7) } }, // Complete: receiving is locked
    ];
    const pos = [];
    for (const c of cases)
      pos.push({ ...c, po: await purchaseOrder(vendor.id, c.status, '2024-01-01T00:00:00Z', [c.line]) });
    const result = await runReport(t, latePoLines);
    const today = utcDayFromToday(0);
    const expected = pos
      .filter(
        (p) =>
          p.line.expected !== null &&
          p.line.expected < today &&
          p.line.received < p.line.ordered &&
          ![6, 7, 8].includes(p.status),
      )
      .sort((a, b) => a.line.expected!.localeCompare(b.line.expected!))
      .map((p) => ({
        po: p.po.ref,
        vendor: vendor.company_name,
        model_number: productModel,
        expected: p.line.expected,
        days_late: (Date.parse(today) - Date.parse(p.line.expected!)) / 86_400_000,
        ordered: p.line.ordered,
        received: p.line.received,
      }));
    expect(expected).toHaveLength(3);
    expect(result.rows.filter((r) => r.vendor === vendor.company_name)).toEqual(expected);
  });

  it('po-spend-by-vendor: POs created in the range per vendor (cancelled left out), ordered and received value', async () => {
    const first = await t.services.vendors.create({ company_name: unique('Spend vendor'), vendor_type: 'sales' });
    const second = await t.services.vendors.create({ company_name: unique('Spend vendor'), vendor_type: 'sales' });
    const pos = [
      {
        vendor: first,
        status: 4,
        at: '2024-04-01T00:00:00Z',
        lines: [
          { ordered: 10, received: 4, cost: 1_250 },
          { ordered: 2, received: 2, cost: 9_999 },
        ],
      },
      { vendor: first, status: 6, at: '2024-04-30T23:59:00Z', lines: [{ ordered: 3, received: 3, cost: 500 }] },
      { vendor: second, status: 5, at: '2024-04-15T00:00:00Z', lines: [{ ordered: 1, received: 0, cost: 100_000 }] },
      { vendor: first, status: 8, at: '2024-04-10T00:00:00Z', lines: [{ ordered: 50, received: 0, cost: 1_000 }] }, // Cancelled
      { vendor: second, status: 4, at: '2024-05-01T00:00:00Z', lines: [{ ordered: 70, received: 0, cost: 1_000 }] }, // after the range
      { vendor: first, status: 4, at: '2024-03-31T23:59:00Z', lines: [{ ordered: 80, received: 0, cost: 1_000 }] }, // before it
    ];
    for (const p of pos) await purchaseOrder(p.vendor.id, p.status, p.at, p.lines);
    const result = await runReport(t, poSpendByVendor, { from: '2024-04-01', to: '2024-04-30' });
    const counted = pos.filter((p) => p.status !== 8 && p.at >= '2024-04' && p.at < '2024-05');
    const expected = [first, second]
      .map((vendor) => {
        const mine = counted.filter((p) => p.vendor === vendor);
        const lines = mine.flatMap((p) => p.lines);
        return {
          vendor: vendor.company_name,
          purchase_orders: mine.length,
          ordered: lines.reduce((n, l) => n + l.ordered * l.cost, 0),
          received: lines.reduce((n, l) => n + l.received * l.cost, 0),
        };
      })
      .sort((a, b) => b.ordered - a.ordered);
    expect(result.rows.filter((r) => r.vendor === first.company_name || r.vendor === second.company_name)).toEqual(
      expected,
    );
  });

  it('received-by-vendor: receipts less un-receipts in the range per vendor and PO location, at the line cost', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Recv vendor'), vendor_type: 'sales' });
    const ky = await purchaseOrder(vendor.id, 5, '2024-07-01T00:00:00Z', [
      { ordered: 20, received: 0, cost: 1_500 },
      { ordered: 20, received: 0, cost: 2_000 },
    ]);
    const tx = await purchaseOrder(
      vendor.id,
      5,
      '2024-07-01T00:00:00Z',
      [{ ordered: 20, received: 0, cost: 700 }],
      'TX01',
    );
    const cost = new Map([
      [ky.lineIds[0]!, 1_500],
      [ky.lineIds[1]!, 2_000],
      [tx.lineIds[0]!, 700],
    ]);
    const moves = [
      { po: ky, line: ky.lineIds[0]!, type: 'INVENTORY_RECEIPT', delta: 3, at: '2024-07-02T00:00:00Z' },
      { po: ky, line: ky.lineIds[1]!, type: 'INVENTORY_RECEIPT', delta: 2, at: '2024-07-10T00:00:00Z' },
      { po: ky, line: ky.lineIds[0]!, type: 'INVENTORY_UNRECEIPT', delta: -1, at: '2024-07-11T00:00:00Z' },
      { po: tx, line: tx.lineIds[0]!, type: 'INVENTORY_RECEIPT', delta: 5, at: '2024-07-31T23:00:00Z', bucket: 'TX01' },
      { po: tx, line: tx.lineIds[0]!, type: 'INVENTORY_RECEIPT', delta: 9, at: '2024-08-01T00:00:00Z', bucket: 'TX01' }, // after the range
      { po: ky, line: ky.lineIds[0]!, type: 'INVENTORY_TRANSFER', delta: -2, at: '2024-07-12T00:00:00Z' }, // not a receipt (nor on a PO)
    ];
    // Posted in date order through the product: a receipt of n units is n scans on its line (a minute apart), the
    // un-receipt reverses one of its line's receipts, the transfer moves units from KY01 to KY01_B_STOCK.
    const receipts = new Map<number, string[]>();
    for (const m of [...moves].sort((a, b) => a.at.localeCompare(b.at))) {
      const bucket = m.bucket ?? 'KY01';
      if (m.type === 'INVENTORY_RECEIPT') {
        const references = await receiveOnLine(
          t.services,
          { poId: m.po.id, lineId: m.line, product },
          bucket,
          { units: m.delta },
          { at: m.at },
        );
        receipts.set(m.line, [...(receipts.get(m.line) ?? []), ...references]);
      } else if (m.type === 'INVENTORY_UNRECEIPT') {
        for (let k = 0; k < -m.delta; k++)
          await unreceiveStock(
            t.services,
            { referenceId: receipts.get(m.line)!.shift()!, lineId: m.line },
            { at: m.at },
          );
      } else {
        await transferStock(
          t.services,
          product,
          { from: bucket, to: 'KY01_B_STOCK', quantity: -m.delta },
          { at: m.at },
        );
      }
    }
    const result = await runReport(t, receivedByVendor, { from: '2024-07-01', to: '2024-07-31' });
    const counted = moves.filter(
      (m) => ['INVENTORY_RECEIPT', 'INVENTORY_UNRECEIPT'].includes(m.type) && m.at < '2024-08',
    );
    const expected = [
      { po: ky, location: 'KY01' },
      { po: tx, location: 'TX01' },
    ].map(({ po, location }) => {
      const mine = counted.filter((m) => m.po === po);
      return {
        vendor: vendor.company_name,
        location,
        units: mine.reduce((n, m) => n + m.delta, 0),
        value: mine.reduce((n, m) => n + m.delta * cost.get(m.line)!, 0),
      };
    });
    expect(result.rows.filter((r) => r.vendor === vendor.company_name)).toEqual(expected);
    await expectLedgerClean(t.db);
  });
});
