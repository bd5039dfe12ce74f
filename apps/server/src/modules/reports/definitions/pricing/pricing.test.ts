import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../db/database.js';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import { createBrand, createLocation, createProducts, nextUpc, unique } from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { expectLedgerClean, stockUp } from '../../../../../test/stock-kit.js';
import { rebateSellThru } from './rebate-sell-thru.js';
import { belowMapPricing } from './below-map-pricing.js';
import { marginByBrand } from './margin-by-brand.js';
import { costVsLastPo } from './cost-vs-last-po.js';
import { inventoryAtMsrp } from './inventory-at-msrp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
});
afterAll(async () => t?.close());

describe('pricing reports', () => {
  it('rebate-sell-thru: units sold in the range of products with a current rebate, times that rebate', async () => {
    const items = [
      // MAP above adjusted MAP but no rebate: the old reading (MAP - adjusted MAP) would have listed it.
      { modelNumber: unique('REB'), upc: nextUpc(), mapCents: 50000, adjMapCents: 45000, currentRebateCents: null },
      { modelNumber: unique('REB'), upc: nextUpc(), mapCents: 30000, adjMapCents: 30000, currentRebateCents: 2500 },
      { modelNumber: unique('REB'), upc: nextUpc(), mapCents: 20000, adjMapCents: 20000, currentRebateCents: 7000 },
      { modelNumber: unique('REB'), upc: nextUpc(), mapCents: 20000, adjMapCents: 15000, currentRebateCents: 0 },
    ];
    const products = await createProducts(t.db, items);
    const sales = [
      { product: 0, qty: 5, at: '2024-03-05T12:00:00Z' },
      { product: 1, qty: 2, at: '2024-03-05T12:00:00Z' },
      { product: 1, qty: 1, at: '2024-03-31T23:59:00Z' },
      { product: 1, qty: 7, at: '2024-05-06T12:00:00Z' }, // outside
      { product: 1, qty: 3, at: null }, // open
      { product: 2, qty: 1, at: '2024-03-20T12:00:00Z' },
      { product: 3, qty: 4, at: '2024-03-06T12:00:00Z' },
    ];
    for (const [i, s] of sales.entries()) {
      await t.db
        .execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity, transacted_at)
        values (${`CS-R${i}`}, ${`R${i}`}, ${products[s.product]!.id}, 'KY01', ${s.qty}, ${s.at})`);
    }
    const result = await runReport(t, rebateSellThru, { from: '2024-03-01', to: '2024-03-31' });
    const expected = items
      .map((item, index) => {
        const units = sales
          .filter((s) => s.product === index && s.at !== null && s.at < '2024-04')
          .reduce((n, s) => n + s.qty, 0);
        return {
          model_number: item.modelNumber,
          brand: '',
          rebate_per_unit: item.currentRebateCents,
          units_sold: units,
          rebate: units * (item.currentRebateCents ?? 0),
        };
      })
      .filter((row) => row.rebate_per_unit !== null && row.rebate_per_unit > 0 && row.units_sold > 0)
      .sort((a, b) => b.rebate - a.rebate);
    expect(expected).toHaveLength(2);
    expect(result.rows).toEqual(expected);
  });

  it('below-map-pricing lists only cart prices under MAP, by how much, most first', async () => {
    const items = [
      { modelNumber: unique('MAP'), upc: nextUpc(), mapCents: 10000, adjCartPriceCents: 9000 },
      { modelNumber: unique('MAP'), upc: nextUpc(), mapCents: 10000, adjCartPriceCents: 10000 },
      { modelNumber: unique('MAP'), upc: nextUpc(), mapCents: 20000, adjCartPriceCents: 15000 },
    ];
    await createProducts(t.db, items);
    const result = await runReport(t, belowMapPricing);
    const expected = items
      .filter((p) => p.adjCartPriceCents < p.mapCents)
      .map((p) => ({
        model_number: p.modelNumber,
        map: p.mapCents,
        cart_price: p.adjCartPriceCents,
        under_map: p.mapCents - p.adjCartPriceCents,
      }))
      .sort((a, b) => b.under_map - a.under_map);
    expect(result.rows.filter((r) => String(r.model_number).startsWith('MAP'))).toEqual(expected);
  });

  it('margin-by-brand averages (MAP - cost) / MAP over a brand’s products', async () => {
    const brandName = unique('Brand');
    const brandId = await createBrand(t.db, brandName, unique('BC'));
    const items = [
      { modelNumber: unique('MGN'), upc: nextUpc(), brandId, mapCents: 10000, currentCostCents: 8000 },
      { modelNumber: unique('MGN'), upc: nextUpc(), brandId, mapCents: 20000, currentCostCents: 10000 },
    ];
    await createProducts(t.db, items);
    const result = await runReport(t, marginByBrand);
    const average =
      items.reduce((sum, p) => sum + (100 * (p.mapCents - p.currentCostCents)) / p.mapCents, 0) / items.length;
    expect(result.rows.find((r) => r.brand === brandName)).toEqual({
      brand: brandName,
      products: items.length,
      avg_margin: Math.round(average * 100) / 100,
    });
  });

  it('cost-vs-last-po: products whose current cost differs from their latest PO line’s cost (cancelled POs left out)', async () => {
    const vendor = await t.services.vendors.create({ company_name: unique('Cost vendor'), vendor_type: 'sales' });
    const prefix = unique('CLP');
    const items = [
      { modelNumber: `${prefix}-A`, upc: nextUpc(), currentCostCents: 1000 },
      { modelNumber: `${prefix}-B`, upc: nextUpc(), currentCostCents: 500 },
      { modelNumber: `${prefix}-C`, upc: nextUpc(), currentCostCents: 700 },
      { modelNumber: `${prefix}-D`, upc: nextUpc(), currentCostCents: 800 },
    ];
    const products = await createProducts(t.db, items);
    // status 4 Order Confirmed, 7 Complete, 8 Cancelled
    const lines = [
      { product: 0, cost: 1100, status: 4, at: '2024-01-01T00:00:00Z' },
      { product: 0, cost: 900, status: 7, at: '2024-02-01T00:00:00Z' }, // A's latest: 900 ≠ 1000
      { product: 1, cost: 400, status: 7, at: '2024-01-01T00:00:00Z' },
      { product: 1, cost: 500, status: 4, at: '2024-02-01T00:00:00Z' }, // B's latest equals its cost
      { product: 2, cost: 650, status: 4, at: '2024-01-01T00:00:00Z' },
      { product: 2, cost: 700, status: 8, at: '2024-03-01T00:00:00Z' }, // C's latest is cancelled: 650 counts
      // D has no PO line
    ].map((l) => ({ ...l, po: unique('PO-CLP') }));
    for (const l of lines) {
      const [po] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id, created_at) values (${l.po}, 'KY01', ${vendor.id}, ${l.status}, ${l.at}) returning id`,
      );
      await t.db
        .execute(sql`insert into purchase_order_items (purchase_order_id, product_id, invoice_cost_cents, qty_ordered, created_at)
        values (${po!.id}, ${products[l.product]!.id}, ${l.cost}, 1, ${l.at})`);
    }
    const result = await runReport(t, costVsLastPo);
    const expected = items
      .map((item, index) => {
        const last = lines
          .filter((l) => l.product === index && l.status !== 8)
          .sort((a, b) => b.at.localeCompare(a.at))[0];
        return (
          last && {
            model_number: item.modelNumber,
            current_cost: item.currentCostCents,
            last_po_cost: last.cost,
            difference: item.currentCostCents - last.cost,
            last_po: last.po,
          }
        );
      })
      .filter((row) => row !== undefined && row.difference !== 0);
    expect(expected).toHaveLength(2);
    expect(result.rows.filter((r) => String(r.model_number).startsWith(`${prefix}-`))).toEqual(expected);
  });

  it('inventory-at-msrp: units on hand per brand valued at current cost and at MSRP (none for products without a brand)', async () => {
    const brandName = unique('Msrp');
    const brandId = await createBrand(t.db, brandName, unique('MC'));
    const items = [
      { modelNumber: unique('MSR'), upc: nextUpc(), brandId, currentCostCents: 1000, msrpCents: 1500 },
      { modelNumber: unique('MSR'), upc: nextUpc(), brandId, currentCostCents: 2000, msrpCents: null }, // no MSRP: 0
      { modelNumber: unique('MSR'), upc: nextUpc(), brandId: null, currentCostCents: 300, msrpCents: 450 },
    ];
    const products = await createProducts(t.db, items);
    const stock = [
      { product: 0, bucket: 'KY01', quantity: 4 },
      { product: 0, bucket: 'KY01_B_STOCK', quantity: 1 },
      { product: 1, bucket: 'KY01', quantity: 2 },
      { product: 2, bucket: 'KY01', quantity: 10 },
    ];
    for (const r of stock) await stockUp(t.services, products[r.product]!, r.bucket, r.quantity);
    const result = await runReport(t, inventoryAtMsrp);
    const groups = [
      { brand: brandName, members: [0, 1] },
      { brand: '(none)', members: [2] },
    ].map(({ brand, members }) => {
      const mine = stock.filter((r) => members.includes(r.product));
      return {
        brand,
        units: mine.reduce((n, r) => n + r.quantity, 0),
        at_cost: mine.reduce((n, r) => n + r.quantity * items[r.product]!.currentCostCents, 0),
        at_msrp: mine.reduce((n, r) => n + r.quantity * (items[r.product]!.msrpCents ?? 0), 0),
      };
    });
    // Only this test puts stock on hand in this file: every row is one of these groups.
    expect(result.rows).toHaveLength(groups.length);
    expect(result.rows).toEqual(expect.arrayContaining(groups));
    await expectLedgerClean(t.db);
  });
});
