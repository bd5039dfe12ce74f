import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import {
  createBrand,
  createLocation,
  createProducts,
  nextUpc,
  receiveStock,
  unique,
  type NewProduct,
} from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { expectLedgerClean, sellStock, stockUp } from '../../../../../test/stock-kit.js';
import { freightItemsOnHand } from './freight-items-on-hand.js';
import { locationsWithoutBins } from './locations-without-bins.js';
import { productsMissingCost } from './products-missing-cost.js';
import { productsMissingUpc } from './products-missing-upc.js';
import { serialTrackingSetup } from './serial-tracking-setup.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  await createLocation(t.services, 'TX01');
});
afterAll(async () => t?.close());

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((n, item) => n + of(item), 0);

describe('installation reports', () => {
  it('freight-items-on-hand: units of freight products held per bucket location, by model', async () => {
    const prefix = unique('FRT');
    const [washer, dryer, toaster] = await createProducts(t.db, [
      { modelNumber: `${prefix}-A`, upc: nextUpc(), itemType: 'FREIGHT' },
      { modelNumber: `${prefix}-B`, upc: nextUpc(), itemType: 'FREIGHT' },
      { modelNumber: `${prefix}-C`, upc: nextUpc(), itemType: 'NON FREIGHT' }, // not freight
    ]);
    // Each bucket's location as generated (002 §9): a sub-location such as KY01_RETURN is a location of its own.
    const locationOf: Record<string, string> = {
      KY01: 'KY01',
      KY01_B_STOCK: 'KY01',
      KY01_RETURN: 'KY01_RETURN',
      TX01: 'TX01',
      TX01_DAMAGED: 'TX01',
    };
    const stock = [
      { product: washer!, bucket: 'KY01', qty: 2 },
      { product: washer!, bucket: 'KY01_B_STOCK', qty: 1 },
      { product: washer!, bucket: 'KY01_RETURN', qty: 1 },
      { product: washer!, bucket: 'TX01', qty: 4 },
      { product: dryer!, bucket: 'TX01_DAMAGED', qty: 0 }, // nothing held
      { product: dryer!, bucket: 'KY01', qty: 3 },
      { product: toaster!, bucket: 'KY01', qty: 50 },
    ];
    for (const s of stock) await stockUp(t.services, s.product, s.bucket, s.qty);
    const result = await runReport(t, freightItemsOnHand);
    const held = stock.filter((s) => s.qty !== 0 && s.product !== toaster);
    const keys = [...new Set(held.map((s) => `${s.product.modelNumber}|${locationOf[s.bucket]}`))].sort();
    expect(result.rows.filter((r) => String(r.model_number).startsWith(prefix))).toEqual(
      keys.map((key) => {
        const mine = held.filter((s) => `${s.product.modelNumber}|${locationOf[s.bucket]}` === key);
        return {
          model_number: mine[0]!.product.modelNumber,
          location_code: locationOf[mine[0]!.bucket],
          units: sum(mine, (s) => s.qty),
        };
      }),
    );
    await expectLedgerClean(t.db);
  });

  it('locations-without-bins: active locations that may hold stock and have no live bin, with the units of all their buckets', async () => {
    const locations = [
      { code: 'NB01', active: true, holds: true, bins: [] as boolean[] },
      { code: 'NB02', active: true, holds: true, bins: [true] }, // only a deleted bin
      { code: 'NB03', active: true, holds: true, bins: [false, true] }, // has a bin
      { code: 'NB04', active: false, holds: true, bins: [] }, // inactive
      { code: 'NB05', active: true, holds: false, bins: [] }, // holds no stock
    ];
    for (const l of locations) {
      await createLocation(t.services, l.code);
      await t.db.execute(
        sql`update locations set is_active = ${l.active}, can_hold_inventory = ${l.holds} where location_code = ${l.code}`,
      );
      for (const [i, deleted] of l.bins.entries()) {
        await t.db
          .execute(sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf, deleted_at)
          values (${`R01-B01-S0${i}`}, ${l.code}, 'NEW', ${l.code}, 1, 1, ${i}, ${deleted ? '2024-01-01T00:00:00Z' : null})`);
      }
    }
    const [product] = await createProducts(t.db, [{ modelNumber: unique('NOBIN'), upc: nextUpc() }]);
    const stock = [
      { location: 'NB01', bucket: 'NB01', qty: 5 },
      { location: 'NB01', bucket: 'NB01_B_STOCK', qty: 2 },
      { location: 'NB01', bucket: 'NB01_ONSITE', qty: 3 },
      { location: 'NB03', bucket: 'NB03', qty: 9 },
      { location: 'NB04', bucket: 'NB04', qty: 1 },
    ];
    for (const s of stock) await stockUp(t.services, product!, s.bucket, s.qty);
    const result = await runReport(t, locationsWithoutBins);
    expect(result.rows.filter((r) => String(r.location_code).startsWith('NB'))).toEqual(
      locations
        .filter((l) => l.active && l.holds && l.bins.every((deleted) => deleted))
        .map((l) => ({
          location_code: l.code,
          units: sum(
            stock.filter((s) => s.location === l.code),
            (s) => s.qty,
          ),
        })),
    );
    await expectLedgerClean(t.db);
  });

  it('products-missing-cost: active products with no cost or no MAP', async () => {
    const prefix = unique('NOCOST');
    const items: NewProduct[] = [
      { modelNumber: `${prefix}-A`, upc: nextUpc(), currentCostCents: 0, mapCents: 15_000 },
      { modelNumber: `${prefix}-B`, upc: nextUpc(), currentCostCents: 9_000, mapCents: null },
      { modelNumber: `${prefix}-C`, upc: nextUpc(), currentCostCents: 0, mapCents: null },
      { modelNumber: `${prefix}-D`, upc: nextUpc(), currentCostCents: 9_000, mapCents: 15_000 }, // both set
      { modelNumber: `${prefix}-E`, upc: nextUpc(), currentCostCents: 0, mapCents: null, status: 'INACTIVE' }, // inactive
    ];
    await createProducts(t.db, items);
    const result = await runReport(t, productsMissingCost);
    expect(result.rows.filter((r) => String(r.model_number).startsWith(prefix))).toEqual(
      items
        .filter((p) => (p.status ?? 'ACTIVE') === 'ACTIVE' && (p.currentCostCents === 0 || p.mapCents === null))
        .map((p) => ({
          model_number: p.modelNumber,
          description: `Test product ${p.modelNumber}`,
          current_cost: p.currentCostCents,
          map: p.mapCents,
        })),
    );
  });

  it('products-missing-upc: active products with neither a UPC nor an alternate UPC (blank counts as none)', async () => {
    const prefix = unique('NOUPC');
    const brandName = unique('UPC brand');
    const brandId = await createBrand(t.db, brandName, unique('UB'));
    const createdAt = new Date('2024-02-03T04:05:06Z');
    const items: NewProduct[] = [
      { modelNumber: `${prefix}-A`, upc: null, alternateUpc: null, brandId, createdAt },
      { modelNumber: `${prefix}-B`, upc: '   ', alternateUpc: '', createdAt },
      { modelNumber: `${prefix}-C`, upc: null, alternateUpc: nextUpc(), createdAt }, // alternate UPC
      { modelNumber: `${prefix}-D`, upc: nextUpc(), alternateUpc: null, createdAt }, // UPC
      { modelNumber: `${prefix}-E`, upc: null, alternateUpc: null, status: 'INACTIVE', createdAt }, // inactive
    ];
    await createProducts(t.db, items);
    const result = await runReport(t, productsMissingUpc);
    const blank = (v: string | null | undefined) => (v ?? '').trim() === '';
    expect(result.rows.filter((r) => String(r.model_number).startsWith(prefix))).toEqual(
      items
        .filter((p) => (p.status ?? 'ACTIVE') === 'ACTIVE' && blank(p.upc) && blank(p.alternateUpc))
        .map((p) => ({
          model_number: p.modelNumber,
          description: `Test product ${p.modelNumber}`,
          brand: p.brandId === brandId ? brandName : '',
          created_at: createdAt.toISOString(),
        })),
    );
  });

  it('serial-tracking-setup: serial-tracked products with serials per item, live serials and units on hand', async () => {
    const prefix = unique('SER');
    const [one, two, none] = await createProducts(t.db, [
      { modelNumber: `${prefix}-A`, upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
      { modelNumber: `${prefix}-B`, upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 2 },
      { modelNumber: `${prefix}-C`, upc: nextUpc(), serialNumberTracked: false }, // not tracked
    ]);
    // Serials received through the ledger (each a unit on hand with its serial); one of them sold since.
    const serials = [
      { product: one!, disposition: 'LIVE', bucket: 'KY01' },
      { product: one!, disposition: 'LIVE', bucket: 'TX01' },
      { product: one!, disposition: 'SOLD', bucket: 'KY01' },
    ].map((s) => ({ ...s, serial: unique('SN') }));
    for (const s of serials) await receiveStock(t.services, s.product, s.bucket, { serials: [[s.serial]] });
    for (const s of serials.filter((x) => x.disposition === 'SOLD'))
      await sellStock(t.services, s.product, { from: s.bucket, quantity: 1, serials: [s.serial] });
    // And units counted in without serials.
    const stock = [
      { product: one!, bucket: 'KY01', qty: 1 },
      { product: one!, bucket: 'TX01', qty: 2 },
      { product: none!, bucket: 'KY01', qty: 1 },
    ];
    for (const s of stock) await stockUp(t.services, s.product, s.bucket, s.qty);
    const live = (product: { id: number }) =>
      serials.filter((s) => s.product === product && s.disposition === 'LIVE').length;
    const result = await runReport(t, serialTrackingSetup);
    const tracked = [
      { product: one!, perItem: 1 },
      { product: two!, perItem: 2 },
    ];
    expect(result.rows.filter((r) => String(r.model_number).startsWith(prefix))).toEqual(
      tracked.map((p) => ({
        model_number: p.product.modelNumber,
        serials_per_item: p.perItem,
        live_serials: live(p.product),
        on_hand:
          sum(
            stock.filter((s) => s.product === p.product),
            (s) => s.qty,
          ) + live(p.product),
      })),
    );
  });
});
