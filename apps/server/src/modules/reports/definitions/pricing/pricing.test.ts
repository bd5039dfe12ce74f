import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import { createBrand, createLocation, createProducts, nextUpc, unique } from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { rebateSellThru } from './rebate-sell-thru.js';
import { belowMapPricing } from './below-map-pricing.js';
import { marginByBrand } from './margin-by-brand.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
});
afterAll(async () => t?.close());

describe('pricing reports', () => {
  it('rebate-sell-thru: units sold in the range of products with MAP above adjusted MAP, times the difference', async () => {
    const [withRebate, withoutRebate] = await createProducts(t.db, [
      { modelNumber: unique('REB'), upc: nextUpc(), mapCents: 50000, adjMapCents: 45000 },
      { modelNumber: unique('REB'), upc: nextUpc(), mapCents: 30000, adjMapCents: 30000 },
    ]);
    const sales = [
      { product: withRebate!, qty: 2, at: '2024-03-05T12:00:00Z' },
      { product: withRebate!, qty: 1, at: '2024-03-06T12:00:00Z' },
      { product: withRebate!, qty: 7, at: '2024-05-06T12:00:00Z' }, // outside
      { product: withoutRebate!, qty: 4, at: '2024-03-06T12:00:00Z' },
    ];
    for (const [i, s] of sales.entries()) {
      await t.db.execute(sql`insert into committed_sales (ims_transaction_reference_id, legacy_pos_invoice_id, product_id, source_bucket, committed_quantity, transacted_at)
        values (${`CS-R${i}`}, ${`R${i}`}, ${s.product.id}, 'KY01', ${s.qty}, ${s.at})`);
    }
    const result = await runReport(t, rebateSellThru, { from: '2024-03-01', to: '2024-03-31' });
    const units = sales.filter((s) => s.product === withRebate && s.at < '2024-04').reduce((n, s) => n + s.qty, 0);
    expect(result.rows).toEqual([{ model_number: withRebate!.modelNumber, brand: '', rebate_per_unit: 5000, units_sold: units, rebate: units * 5000 }]);
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
      .map((p) => ({ model_number: p.modelNumber, map: p.mapCents, cart_price: p.adjCartPriceCents, under_map: p.mapCents - p.adjCartPriceCents }))
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
    const average = items.reduce((sum, p) => sum + (100 * (p.mapCents - p.currentCostCents)) / p.mapCents, 0) / items.length;
    expect(result.rows.find((r) => r.brand === brandName)).toEqual({ brand: brandName, products: items.length, avg_margin: Math.round(average * 100) / 100 });
  });
});
