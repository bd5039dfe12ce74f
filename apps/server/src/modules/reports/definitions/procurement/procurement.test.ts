import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../db/database.js';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import { createLocation, createProducts, nextUpc, unique } from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { vendorFillRate } from './vendor-fill-rate.js';
import { openPurchaseOrders } from './open-purchase-orders.js';
import { receivingLeadTimeByVendor } from './receiving-lead-time-by-vendor.js';

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  const [product] = await createProducts(t.db, [{ modelNumber: unique('PRC'), upc: nextUpc() }]);
  productId = product!.id;
});
afterAll(async () => t?.close());

type Line = { ordered: number; received: number; cost: number };
async function purchaseOrder(vendorId: number, status: number, createdAt: string, lines: Line[]): Promise<{ id: number; ref: string }> {
  const ref = unique('PO-T');
  const [po] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id, created_at) values (${ref}, 'KY01', ${vendorId}, ${status}, ${createdAt}) returning id`,
  );
  for (const l of lines) {
    await t.db.execute(sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered, qty_received)
      values (${po!.id}, ${productId}, ${l.cost}, ${l.ordered}, ${l.received})`);
  }
  return { id: po!.id, ref };
}

describe('procurement reports', () => {
  it('vendor-fill-rate: units received of units ordered on POs created in the range', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Fill vendor'), vendor_type: 'sales' });
    const inRange = [
      [{ ordered: 10, received: 10, cost: 100 }, { ordered: 5, received: 1, cost: 100 }],
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
    const lines = [{ ordered: 10, received: 3, cost: 250 }, { ordered: 6, received: 5, cost: 900 }];
    const open = await purchaseOrder(vendor.id, 4, '2024-01-10T12:00:00Z', lines);
    await purchaseOrder(vendor.id, 6, '2024-01-11T12:00:00Z', lines); // Received
    await purchaseOrder(vendor.id, 8, '2024-01-12T12:00:00Z', lines); // Cancelled
    const result = await runReport(t, openPurchaseOrders, { vendor: vendor.company_name });
    const openUnits = lines.reduce((n, l) => n + Math.max(l.ordered - l.received, 0), 0);
    const openValue = lines.reduce((n, l) => n + Math.max(l.ordered - l.received, 0) * l.cost, 0);
    expect(result.rows.map((r) => [r.po, r.ordered, r.received, r.open_units, r.open_value])).toEqual([
      [open.ref, lines.reduce((n, l) => n + l.ordered, 0), lines.reduce((n, l) => n + l.received, 0), openUnits, openValue],
    ]);
  });

  it('receiving-lead-time-by-vendor: days from PO to its first receipt', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Lead vendor'), vendor_type: 'sales' });
    const pos = [
      { created: '2024-03-01T00:00:00Z', receipts: ['2024-03-05T00:00:00Z', '2024-03-20T00:00:00Z'] },
      { created: '2024-03-02T00:00:00Z', receipts: ['2024-03-12T00:00:00Z'] },
    ];
    for (const [i, p] of pos.entries()) {
      const po = await purchaseOrder(vendor.id, 5, p.created, [{ ordered: 5, received: 0, cost: 1 }]);
      for (const [k, at] of p.receipts.entries()) {
        await t.db.execute(sql`insert into inventory_transactions (ims_transaction_reference_id, type, product_id, bucket, quantity_delta, purchase_order_id, created_at)
          values (${`IR-LT-${i}-${k}`}, 'INVENTORY_RECEIPT', ${productId}, 'KY01', 1, ${po.id}, ${at})`);
      }
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
});
